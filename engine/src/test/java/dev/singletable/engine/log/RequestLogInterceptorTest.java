package dev.singletable.engine.log;

import static dev.singletable.engine.LoggedKeys.key;
import static dev.singletable.engine.log.RequestLogTest.s;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.example.inventory.StockReport;
import dev.singletable.engine.DynamoDbEngine;
import dev.singletable.engine.RequestLog;
import dev.singletable.engine.RequestLogInterceptor;
import dev.singletable.engine.model.ExpressionKind;
import dev.singletable.engine.model.KeyOperator;
import dev.singletable.engine.model.RequestLogEntry;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * The client-side interceptor, against the engine's HTTP endpoint as if it were any DynamoDB: its log tells the
 * same story as the engine's own, as far as a client can see it.
 */
class RequestLogInterceptorTest {
    DynamoDbEngine engine;
    RequestLog clientLog;
    DynamoDbClient client;

    @BeforeEach
    void start() {
        engine = DynamoDbEngine.create();
        clientLog = new RequestLog(100);
        client = httpClient(new RequestLogInterceptor(clientLog));
        RequestLogTest.createTable(client);
        for (String sk : List.of("PROFILE", "ORDER#1", "ORDER#2", "ORDER#3")) {
            client.putItem(b -> b.tableName("app").item(Map.of("PK", s("CUSTOMER#42"), "SK", s(sk),
                    "GSI1PK", s("STATUS#OPEN"), "total", n(sk.length()))));
        }
    }

    /** A client of the engine's HTTP endpoint, as of any DynamoDB endpoint, with the interceptor. */
    private DynamoDbClient httpClient(RequestLogInterceptor interceptor) {
        return DynamoDbClient.builder()
                .endpointOverride(engine.httpEndpoint())
                .httpClient(UrlConnectionHttpClient.create())
                .region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("AKID", "secret")))
                .overrideConfiguration(c -> c.addExecutionInterceptor(interceptor))
                .build();
    }

    @AfterEach
    void stop() {
        client.close();
        engine.close();
    }

    private static AttributeValue n(int value) {
        return AttributeValue.fromN(Integer.toString(value));
    }

    private RequestLogEntry lastOf(RequestLog log) {
        List<RequestLogEntry> entries = log.entries();
        return entries.get(entries.size() - 1);
    }

    @Test
    void should_record_what_the_engine_records_as_far_as_the_client_sees() {
        client.query(b -> b.tableName("app").keyConditionExpression("#pk = :c AND :from <= #sk")
                .filterExpression("#total > :small").limit(3)
                .expressionAttributeNames(Map.of("#pk", "PK", "#sk", "SK", "#total", "total"))
                .expressionAttributeValues(Map.of(":c", s("CUSTOMER#42"), ":from", s("ORDER#2"),
                        ":small", n(3))));
        client.query(b -> b.tableName("app").indexName("GSI1").keyConditionExpression("GSI1PK = :s").limit(2)
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                .expressionAttributeValues(Map.of(":s", s("STATUS#OPEN"))));
        client.scan(b -> b.tableName("app").projectionExpression("SK"));
        client.getItem(b -> b.tableName("app").key(Map.of("PK", s("CUSTOMER#42"), "SK", s("PROFILE"))));
        assertThatThrownBy(() -> client.query(b -> b.tableName("app").indexName("Nope")
                .keyConditionExpression("PK = :c").expressionAttributeValues(Map.of(":c", s("CUSTOMER#42")))))
                .isInstanceOf(DynamoDbException.class);

        List<RequestLogEntry> seen = clientLog.entries();
        List<RequestLogEntry> served = engine.requestLog().entries();
        assertThat(seen).hasSameSizeAs(served);
        for (int i = 0; i < seen.size(); i++) {
            RequestLogEntry client = seen.get(i);
            RequestLogEntry engine = served.get(i);
            assertThat(client.operation()).isEqualTo(engine.operation());
            assertThat(client.operationName()).isEqualTo(engine.operationName());
            assertThat(client.table()).isEqualTo(engine.table());
            assertThat(client.index()).isEqualTo(engine.index());
            assertThat(client.expressions()).isEqualTo(engine.expressions());
            assertThat(client.hasMorePages()).isEqualTo(engine.hasMorePages());
            assertThat(client.errorType()).isEqualTo(engine.errorType());
            assertThat(client.errorMessage()).isEqualTo(engine.errorMessage());
            assertThat(client.access()).isEqualTo(engine.access());
            if (engine.succeeded() && client.access().isPresent()) {
                // a refused Query has no shape in the engine's log; the client reads one from the text regardless
                assertThat(client.keyCondition()).isEqualTo(engine.keyCondition());
                assertThat(client.scannedCount()).isEqualTo(engine.scannedCount());
                assertThat(client.returnedCount()).isEqualTo(engine.returnedCount());
            }
        }
    }

    @Test
    void should_read_the_key_condition_shape_from_the_expression_text() {
        client.query(b -> b.tableName("app").keyConditionExpression("(#pk = :c) AND (#sk BETWEEN :a AND :b)")
                .expressionAttributeNames(Map.of("#pk", "PK", "#sk", "SK"))
                .expressionAttributeValues(Map.of(":c", s("CUSTOMER#42"), ":a", s("A"), ":b", s("Z"))));

        assertThat(lastOf(clientLog).keyCondition())
                .contains(key("PK", s("CUSTOMER#42"), "SK", KeyOperator.BETWEEN, s("A"), s("Z")));
        assertThat(lastOf(clientLog).expression(ExpressionKind.KEY_CONDITION))
                .contains("(PK = \"CUSTOMER#42\") AND (SK BETWEEN \"A\" AND \"Z\")");
    }

    @Test
    void should_read_a_key_condition_on_an_index_keyed_on_several_attributes_as_the_engine_does() {
        client.createTable(b -> b.tableName("tasks").billingMode(BillingMode.PAY_PER_REQUEST)
                .keySchema(k -> k.attributeName("PK").keyType(KeyType.HASH))
                .attributeDefinitions(d -> d.attributeName("PK").attributeType(ScalarAttributeType.S),
                        d -> d.attributeName("tenantId").attributeType(ScalarAttributeType.S),
                        d -> d.attributeName("region").attributeType(ScalarAttributeType.S),
                        d -> d.attributeName("priority").attributeType(ScalarAttributeType.N))
                .globalSecondaryIndexes(g -> g.indexName("ByTenantRegion").projection(p -> p.projectionType("ALL"))
                        .keySchema(k -> k.attributeName("tenantId").keyType(KeyType.HASH),
                                k -> k.attributeName("region").keyType(KeyType.HASH),
                                k -> k.attributeName("priority").keyType(KeyType.RANGE))));
        client.query(b -> b.tableName("tasks").indexName("ByTenantRegion")
                .keyConditionExpression("priority > :p AND #region = :r AND tenantId = :t")
                .expressionAttributeNames(Map.of("#region", "region"))
                .expressionAttributeValues(Map.of(":t", s("acme"), ":r", s("eu"), ":p", n(3))));

        RequestLogEntry seen = lastOf(clientLog);
        assertThat(seen.keyCondition()).isEqualTo(lastOf(engine.requestLog()).keyCondition());
        assertThat(seen.keyCondition().orElseThrow().partitionKey()).extracting(c -> c.attribute())
                .containsExactly("tenantId", "region");
    }

    @Test
    void should_take_the_equality_as_partition_key_whichever_comes_first() {
        client.query(b -> b.tableName("app").keyConditionExpression("begins_with(SK, :o) AND PK = :c")
                .expressionAttributeValues(Map.of(":c", s("CUSTOMER#42"), ":o", s("ORDER#"))));

        assertThat(lastOf(clientLog).keyCondition())
                .contains(key("PK", s("CUSTOMER#42"), "SK", KeyOperator.BEGINS_WITH, s("ORDER#")));
        assertThat(lastOf(clientLog).returnedCount()).isEqualTo(3);
    }

    @Test
    void should_know_the_partition_key_of_a_table_it_saw_created_when_both_keys_are_equalities() {
        client.query(b -> b.tableName("app").keyConditionExpression("SK = :s AND PK = :c")
                .expressionAttributeValues(Map.of(":c", s("CUSTOMER#42"), ":s", s("PROFILE"))));

        assertThat(lastOf(clientLog).keyCondition()).contains(key("PK", s("CUSTOMER#42"), "SK", KeyOperator.EQ, s("PROFILE")));
        assertThat(lastOf(clientLog).keyCondition()).isEqualTo(lastOf(engine.requestLog()).keyCondition());
    }

    @Test
    void should_take_the_first_equality_as_partition_key_on_a_table_it_never_saw_described() {
        DynamoDbClient other = httpClient(new RequestLogInterceptor(clientLog));

        other.query(b -> b.tableName("app").keyConditionExpression("PK = :c AND SK = :s")
                .expressionAttributeValues(Map.of(":c", s("CUSTOMER#42"), ":s", s("PROFILE"))));

        assertThat(lastOf(clientLog).keyCondition()).contains(key("PK", s("CUSTOMER#42"), "SK", KeyOperator.EQ, s("PROFILE")));
        other.close();
    }

    @Test
    void should_record_key_values_as_the_engine_does_numbers_in_canonical_form() {
        client.createTable(b -> b.tableName("scores").billingMode(BillingMode.PAY_PER_REQUEST)
                .keySchema(k -> k.attributeName("player").keyType(KeyType.HASH),
                        k -> k.attributeName("score").keyType(KeyType.RANGE))
                .attributeDefinitions(a -> a.attributeName("player").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("score").attributeType(ScalarAttributeType.N)));

        client.query(b -> b.tableName("scores").keyConditionExpression("player = :p AND score BETWEEN :low AND :high")
                .expressionAttributeValues(Map.of(":p", s("ada"), ":low", AttributeValue.fromN("1.50"),
                        ":high", AttributeValue.fromN("2E1"))));

        assertThat(lastOf(clientLog).keyCondition()).contains(key("player", s("ada"), "score", KeyOperator.BETWEEN,
                AttributeValue.fromN("1.5"), AttributeValue.fromN("20")));
        assertThat(lastOf(clientLog).keyCondition()).isEqualTo(lastOf(engine.requestLog()).keyCondition());
        assertThat(lastOf(clientLog).expression(ExpressionKind.KEY_CONDITION))
                .contains("player = \"ada\" AND score BETWEEN 1.50 AND 2E1");
    }

    @Test
    void should_record_the_consumed_capacity_the_response_carries() {
        client.query(b -> b.tableName("app").keyConditionExpression("PK = :c").consistentRead(true)
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                .expressionAttributeValues(Map.of(":c", s("CUSTOMER#42"))));

        assertThat(lastOf(clientLog).consumedCapacity()).hasValue(1.0);
        assertThat(lastOf(clientLog).consumedCapacity()).isEqualTo(lastOf(engine.requestLog()).consumedCapacity());
    }

    @Test
    void should_record_a_refusal_with_its_error_type_and_message() {
        assertThatThrownBy(() -> client.scan(b -> b.tableName("app").segment(2).totalSegments(2)))
                .isInstanceOf(DynamoDbException.class);

        RequestLogEntry entry = lastOf(clientLog);
        assertThat(entry.succeeded()).isFalse();
        assertThat(entry.errorType()).contains("ValidationException");
        assertThat(entry.errorMessage()).contains("The Segment parameter is zero-based and must be less than parameter "
                + "TotalSegments: Segment: 2 is not less than TotalSegments: 2");
        assertThat(entry.duration()).isPositive();
    }

    @Test
    void should_record_the_line_of_application_code_that_issued_a_scan_or_a_statement_as_the_engine_does() {
        StockReport.countItems(client, "app");
        StackTraceElement scanCaller = lastOf(clientLog).caller().orElseThrow();
        StockReport.selectAll(client, "app");
        StackTraceElement statementCaller = lastOf(clientLog).caller().orElseThrow();

        assertThat(scanCaller.getClassName()).isEqualTo(StockReport.class.getName());
        assertThat(scanCaller.getMethodName()).isEqualTo("countItems");
        assertThat(statementCaller.getMethodName()).isEqualTo("selectAll");
        StockReport.countItems(engine.client(), "app");
        assertThat(lastOf(engine.requestLog()).caller()).contains(scanCaller);
    }

    @Test
    void should_not_walk_the_stack_for_requests_that_cannot_scan() {
        client.query(b -> b.tableName("app").keyConditionExpression("PK = :c")
                .expressionAttributeValues(Map.of(":c", s("CUSTOMER#42"))));

        assertThat(lastOf(clientLog).caller()).isEmpty();
    }
}
