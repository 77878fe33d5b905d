package dev.singletable.engine;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.singletable.engine.model.Operation;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The raw wire of the HTTP endpoint, without an SDK to smooth it over: what any client (AWS CLI,
 * boto3, SDK v1) relies on byte for byte.
 */
class WireFormatTest {
    private static final String JSON_1_0 = "application/x-amz-json-1.0";
    private static final ObjectMapper JSON = new ObjectMapper();

    DynamoDbEngine engine;
    URI endpoint;
    HttpClient http;

    @BeforeEach
    void start() {
        engine = DynamoDbEngine.create();
        endpoint = engine.httpEndpoint();
        http = HttpClient.newHttpClient();
    }

    @AfterEach
    void stop() {
        engine.close();
    }

    private HttpResponse<byte[]> post(String target, String contentType, byte[] body) throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(endpoint.resolve("/"))
                .POST(HttpRequest.BodyPublishers.ofByteArray(body));
        if (contentType != null) {
            request.header("Content-Type", contentType);
        }
        if (target != null) {
            request.header("X-Amz-Target", target);
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    private HttpResponse<byte[]> call(String operation, String body) throws IOException, InterruptedException {
        return post("DynamoDB_20120810." + operation, JSON_1_0, body.getBytes(StandardCharsets.UTF_8));
    }

    private static JsonNode json(HttpResponse<byte[]> response) throws IOException {
        return JSON.readTree(response.body());
    }

    private static String text(HttpResponse<byte[]> response) {
        return new String(response.body(), StandardCharsets.UTF_8);
    }

    private static long crc32(byte[] bytes) {
        CRC32 crc = new CRC32();
        crc.update(bytes);
        return crc.getValue();
    }

    private static final String CREATE_TABLE = "{\"TableName\":\"app\",\"KeySchema\":[{\"AttributeName\":\"PK\",\"KeyType\":\"HASH\"}],"
            + "\"AttributeDefinitions\":[{\"AttributeName\":\"PK\",\"AttributeType\":\"S\"}],\"BillingMode\":\"PAY_PER_REQUEST\"}";

    // --- success

    @Test
    void should_answer_success_with_status_200_and_a_json_object() throws Exception {
        HttpResponse<byte[]> response = call("ListTables", "{}");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type")).hasValue(JSON_1_0);
        assertThat(text(response)).isEqualTo("{\"TableNames\":[]}");
    }

    @Test
    void should_send_a_request_id_of_52_upper_case_letters_and_digits() throws Exception {
        HttpResponse<byte[]> response = call("ListTables", "{}");

        assertThat(response.headers().firstValue("x-amzn-RequestId")).hasValueSatisfying(id -> assertThat(id).matches("[0-9A-Z]{52}"));
    }

    @Test
    void should_send_the_crc32_of_the_body_bytes() throws Exception {
        HttpResponse<byte[]> response = call("CreateTable", CREATE_TABLE);

        assertThat(response.headers().firstValue("x-amz-crc32")).hasValue(Long.toString(crc32(response.body())));
    }

    @Test
    void should_send_timestamps_and_counts_as_json_numbers() throws Exception {
        JsonNode table = json(call("CreateTable", CREATE_TABLE)).get("TableDescription");

        assertThat(table.get("CreationDateTime").isNumber()).isTrue();
        assertThat(table.get("ItemCount").isIntegralNumber()).isTrue();
        assertThat(table.get("TableSizeBytes").isIntegralNumber()).isTrue();
        assertThat(table.get("ProvisionedThroughput").get("ReadCapacityUnits").isIntegralNumber()).isTrue();
    }

    @Test
    void should_never_write_a_timestamp_with_an_exponent() throws Exception {
        String body = text(call("CreateTable", CREATE_TABLE));

        assertThat(body).containsPattern("\"CreationDateTime\":\\d+\\.\\d{3},");
    }

    @Test
    void should_answer_tag_resource_with_an_empty_body() throws Exception {
        call("CreateTable", CREATE_TABLE);

        HttpResponse<byte[]> response = call("TagResource", "{\"ResourceArn\":\"arn:aws:dynamodb:us-east-1:000000000000:table/app\","
                + "\"Tags\":[{\"Key\":\"k\",\"Value\":\"v\"}]}");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).isEmpty();
        assertThat(response.headers().firstValue("x-amz-crc32")).hasValue(Long.toString(crc32(new byte[0])));
    }

    @Test
    void should_accept_application_json_and_echo_it() throws Exception {
        HttpResponse<byte[]> response = post("DynamoDB_20120810.ListTables", "application/json", "{}".getBytes(StandardCharsets.UTF_8));

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type")).hasValue("application/json");
    }

    // --- errors

    @Test
    void should_answer_a_dynamodb_error_with_status_400_and_its_namespace() throws Exception {
        HttpResponse<byte[]> response = call("DescribeTable", "{\"TableName\":\"missing\"}");

        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(response.headers().firstValue("Content-Type")).hasValue(JSON_1_0);
        assertThat(text(response)).isEqualTo("{\"__type\":\"com.amazonaws.dynamodb.v20120810#ResourceNotFoundException\","
                + "\"message\":\"Requested resource not found: Table: missing not found\"}");
    }

    @Test
    void should_send_request_id_and_crc32_with_errors_too() throws Exception {
        HttpResponse<byte[]> response = call("DescribeTable", "{\"TableName\":\"missing\"}");

        assertThat(response.headers().firstValue("x-amzn-RequestId")).hasValueSatisfying(id -> assertThat(id).hasSize(52));
        assertThat(response.headers().firstValue("x-amz-crc32")).hasValue(Long.toString(crc32(response.body())));
    }

    @Test
    void should_answer_a_validation_error_in_the_coral_validate_namespace() throws Exception {
        JsonNode error = json(call("ListTables", "{\"Limit\":0}"));

        assertThat(error.get("__type").asText()).isEqualTo("com.amazon.coral.validate#ValidationException");
        assertThat(error.get("message").asText()).isEqualTo("1 validation error detected: Value '0' at 'limit' failed to "
                + "satisfy constraint: Member must have value greater than or equal to 1");
    }

    @Test
    void should_answer_malformed_json_with_a_serialization_exception() throws Exception {
        HttpResponse<byte[]> response = call("ListTables", "{\"Limit\":");

        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(json(response).get("__type").asText()).isEqualTo("com.amazon.coral.service#SerializationException");
    }

    @Test
    void should_answer_a_body_that_is_not_an_object_with_a_serialization_exception() throws Exception {
        for (String body : new String[] {"null", "[]", "7"}) {
            HttpResponse<byte[]> response = call("ListTables", body);

            assertThat(response.statusCode()).as(body).isEqualTo(400);
            assertThat(json(response).get("__type").asText()).as(body).isEqualTo("com.amazon.coral.service#SerializationException");
        }
    }

    @Test
    void should_answer_a_member_of_the_wrong_json_type_with_a_serialization_exception() throws Exception {
        HttpResponse<byte[]> response = call("ListTables", "{\"Limit\":\"ten\"}");

        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(json(response).get("__type").asText()).isEqualTo("com.amazon.coral.service#SerializationException");
    }

    // --- request bodies as clients other than the SDK may write them

    private static final String PUT_ITEM = "{\"TableName\":\"app\",\"Item\":{\"PK\":{\"S\":\"a\"},\"n\":{\"N\":\"1\"}}}";

    private String getItem(String members) throws Exception {
        return text(call("GetItem", "{" + members + "}"));
    }

    @Test
    void should_ignore_unknown_members_at_every_level() throws Exception {
        call("CreateTable", CREATE_TABLE);
        call("PutItem", PUT_ITEM);

        assertThat(getItem("\"Unknown\":{\"deep\":[1,2.5,{\"x\":[]}]},\"TableName\":\"app\","
                + "\"Key\":{\"PK\":{\"S\":\"a\",\"Extra\":[true]}}"))
                .isEqualTo("{\"Item\":{\"PK\":{\"S\":\"a\"},\"n\":{\"N\":\"1\"}}}");
    }

    @Test
    void should_read_the_last_of_a_member_given_twice() throws Exception {
        call("CreateTable", CREATE_TABLE);
        call("PutItem", PUT_ITEM);

        assertThat(getItem("\"TableName\":\"missing\",\"TableName\":\"app\",\"Key\":{\"PK\":{\"S\":\"b\"},"
                + "\"PK\":{\"S\":\"a\"}}")).isEqualTo("{\"Item\":{\"PK\":{\"S\":\"a\"},\"n\":{\"N\":\"1\"}}}");
    }

    @Test
    void should_read_a_null_member_as_an_absent_one() throws Exception {
        call("CreateTable", CREATE_TABLE);
        call("PutItem", PUT_ITEM);

        assertThat(getItem("\"TableName\":\"app\",\"ProjectionExpression\":null,\"ConsistentRead\":null,"
                + "\"Key\":{\"PK\":{\"S\":\"a\",\"N\":null}}"))
                .isEqualTo("{\"Item\":{\"PK\":{\"S\":\"a\"},\"n\":{\"N\":\"1\"}}}");
        assertThat(getItem("\"TableName\":null,\"Key\":{\"PK\":{\"S\":\"a\"}}")).isEqualTo(
                "{\"__type\":\"com.amazon.coral.validate#ValidationException\",\"message\":\"1 validation error "
                        + "detected: Value null at 'tableName' failed to satisfy constraint: Member must not be null\"}");
    }

    @Test
    void should_refuse_members_of_the_wrong_json_type_by_name() throws Exception {
        call("CreateTable", CREATE_TABLE);

        assertThat(getItem("\"TableName\":\"app\",\"ConsistentRead\":\"yes\",\"Key\":{\"PK\":{\"S\":\"a\"}}"))
                .isEqualTo("{\"__type\":\"com.amazon.coral.service#SerializationException\","
                        + "\"message\":\"Unexpected value type in payload for member ConsistentRead\"}");
        assertThat(getItem("\"TableName\":\"app\",\"Key\":{\"PK\":{\"S\":7}}")).isEqualTo(
                "{\"__type\":\"com.amazon.coral.service#SerializationException\","
                        + "\"message\":\"NUMBER_VALUE cannot be converted to String\"}");
    }

    @Test
    void should_refuse_a_limit_too_large_for_an_int_whatever_its_size() throws Exception {
        call("CreateTable", CREATE_TABLE);

        for (String limit : new String[] {"2147483648", "123456789012345678901234567890", "20.5", "1e400"}) {
            assertThat(text(call("Query", "{\"TableName\":\"app\",\"Limit\":" + limit + ",\"KeyConditionExpression\":"
                    + "\"PK = :pk\",\"ExpressionAttributeValues\":{\":pk\":{\"S\":\"a\"}}}"))).as(limit).isEqualTo(
                    "{\"__type\":\"com.amazon.coral.service#SerializationException\","
                            + "\"message\":\"Unexpected value type in payload for member Limit\"}");
        }
    }

    @Test
    void should_refuse_an_item_nested_deeper_than_32_levels() throws Exception {
        call("CreateTable", CREATE_TABLE);
        String nested = "{\"L\":[".repeat(32) + "{\"S\":\"x\"}" + "]}".repeat(32);

        assertThat(text(call("PutItem", "{\"TableName\":\"app\",\"Item\":{\"PK\":{\"S\":\"a\"},\"deep\":" + nested + "}}")))
                .isEqualTo("{\"__type\":\"com.amazon.coral.validate#ValidationException\",\"message\":\"Nesting Levels "
                        + "have exceeded supported limits: Attributes in the item have nested levels beyond supported limit\"}");
        assertThat(getItem("\"TableName\":\"app\",\"Key\":{\"PK\":{\"S\":\"a\"}}")).isEqualTo("{}");
    }

    @Test
    void should_answer_json_nested_beyond_the_parser_limit_with_a_serialization_exception() throws Exception {
        HttpResponse<byte[]> response = call("GetItem", "{\"Key\":" + "[".repeat(3000) + "]".repeat(3000) + "}");

        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(json(response).get("__type").asText()).isEqualTo("com.amazon.coral.service#SerializationException");
    }

    @Test
    void should_answer_an_unknown_operation_with_400() throws Exception {
        HttpResponse<byte[]> response = call("DropEverything", "{}");

        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(json(response).get("__type").asText()).isEqualTo("com.amazon.coral.service#UnknownOperationException");
        assertThat(engine.requestLog().entries()).singleElement().satisfies(entry -> {
            assertThat(entry.operation()).isEqualTo(Operation.UNKNOWN);
            assertThat(entry.operationName()).isEqualTo("DropEverything");
            assertThat(entry.errorType()).contains("UnknownOperationException");
        });
    }

    @Test
    void should_answer_a_missing_target_as_an_unknown_operation() throws Exception {
        HttpResponse<byte[]> response = post(null, JSON_1_0, "{}".getBytes(StandardCharsets.UTF_8));

        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(json(response).get("__type").asText()).isEqualTo("com.amazon.coral.service#UnknownOperationException");
    }

    @Test
    void should_answer_a_target_of_another_service_as_an_unknown_operation() throws Exception {
        HttpResponse<byte[]> response = post("DynamoDBStreams_20120810.ListTables", JSON_1_0, "{}".getBytes(StandardCharsets.UTF_8));

        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(json(response).get("__type").asText()).isEqualTo("com.amazon.coral.service#UnknownOperationException");
        assertThat(engine.requestLog().entries()).singleElement()
                .satisfies(entry -> assertThat(entry.operation()).isEqualTo(Operation.UNKNOWN));
    }

    // --- outside the protocol

    @Test
    void should_answer_a_health_check() throws Exception {
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(endpoint.resolve("/")).GET().build(),
                HttpResponse.BodyHandlers.ofString());

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("healthy: dynamodb.us-east-1.amazonaws.com ");
    }

    @Test
    void should_answer_another_content_type_with_404() throws Exception {
        HttpResponse<byte[]> response = post("DynamoDB_20120810.ListTables", "text/plain", "{}".getBytes(StandardCharsets.UTF_8));

        assertThat(response.statusCode()).isEqualTo(404);
        assertThat(text(response)).isEqualTo("<UnknownOperationException/>\n");
    }

    @Test
    void should_answer_another_method_with_404() throws Exception {
        HttpResponse<byte[]> response = http.send(HttpRequest.newBuilder(endpoint.resolve("/"))
                .PUT(HttpRequest.BodyPublishers.ofString("{}")).header("Content-Type", JSON_1_0)
                .header("X-Amz-Target", "DynamoDB_20120810.ListTables").build(), HttpResponse.BodyHandlers.ofByteArray());

        assertThat(response.statusCode()).isEqualTo(404);
        assertThat(text(response)).isEqualTo("<UnknownOperationException/>\n");
    }

    @Test
    void should_refuse_a_body_over_16_mb_with_413() throws Exception {
        byte[] body = new byte[16 * 1024 * 1024 + 1];
        java.util.Arrays.fill(body, (byte) ' ');

        HttpResponse<byte[]> response = post("DynamoDB_20120810.ListTables", JSON_1_0, body);

        assertThat(response.statusCode()).isEqualTo(413);
    }

    @Test
    void should_refuse_a_chunked_body_over_16_mb_with_413() throws Exception {
        byte[] body = new byte[16 * 1024 * 1024 + 1];
        java.util.Arrays.fill(body, (byte) ' ');

        // a body of unknown length arrives chunked, without Content-Length to judge it by
        HttpResponse<byte[]> response = http.send(HttpRequest.newBuilder(endpoint.resolve("/"))
                .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new java.io.ByteArrayInputStream(body)))
                .header("Content-Type", JSON_1_0).header("X-Amz-Target", "DynamoDB_20120810.ListTables").build(),
                HttpResponse.BodyHandlers.ofByteArray());

        assertThat(response.statusCode()).isEqualTo(413);
    }

    @Test
    void should_accept_a_body_of_exactly_16_mb() throws Exception {
        byte[] body = new byte[16 * 1024 * 1024];
        java.util.Arrays.fill(body, (byte) ' ');
        body[0] = '{';
        body[body.length - 1] = '}';

        assertThat(post("DynamoDB_20120810.ListTables", JSON_1_0, body).statusCode()).isEqualTo(200);
    }

    @Test
    void should_ignore_signature_headers() throws Exception {
        HttpResponse<byte[]> response = http.send(HttpRequest.newBuilder(endpoint.resolve("/"))
                .POST(HttpRequest.BodyPublishers.ofString("{}")).header("Content-Type", JSON_1_0)
                .header("X-Amz-Target", "DynamoDB_20120810.ListTables")
                .header("Authorization", "AWS4-HMAC-SHA256 Credential=AKID/20260101/us-east-1/dynamodb/aws4_request, "
                        + "SignedHeaders=host;x-amz-date;x-amz-target, Signature=0123")
                .header("X-Amz-Date", "20260101T000000Z").header("X-Amz-Security-Token", "token").build(),
                HttpResponse.BodyHandlers.ofByteArray());

        assertThat(response.statusCode()).isEqualTo(200);
    }
}
