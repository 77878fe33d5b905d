package dev.singletable.engine.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ContainerNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.singletable.engine.DynamoDbEngine;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;

/**
 * Mutated requests over HTTP: every answer is a 200, a 400 or a 413 whose JSON body names one of
 * DynamoDB's error types, never a 500; and the tables written to still keep their invariants afterwards.
 * {@code reliability.fuzz.requests} requests (engine/pom.xml), stopping early after
 * {@code reliability.fuzz.seconds}; {@code -Dreliability.seed} fixes the mutations.
 */
class WireFuzzerTest {
    private static final int REQUESTS = Integer.getInteger("reliability.fuzz.requests", 3000);
    private static final int SECONDS = Integer.getInteger("reliability.fuzz.seconds", 60);
    private static final int WORKERS = 4;
    private static final String TABLE = "fuzz";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    /** The error types DynamoDB answers with; InternalServerError is deliberately not one. */
    private static final Set<String> ERROR_TYPES = Set.of("ValidationException", "SerializationException",
            "UnknownOperationException", "ResourceNotFoundException", "ResourceInUseException",
            "ConditionalCheckFailedException", "TransactionCanceledException", "TransactionConflictException",
            "LimitExceededException", "IdempotentParameterMismatchException",
            "ItemCollectionSizeLimitExceededException", "ProvisionedThroughputExceededException",
            "RequestLimitExceeded", "ThrottlingException", "DuplicateItemException", "AccessDeniedException",
            "MissingAuthenticationTokenException", "UnrecognizedClientException", "RequestEntityTooLarge");

    /** Operations a mutated target may name: never one that deletes or reshapes the fuzzed table. */
    private static final List<String> OPERATIONS = List.of("PutItem", "GetItem", "UpdateItem", "DeleteItem", "Query",
            "Scan", "BatchWriteItem", "BatchGetItem", "TransactWriteItems", "TransactGetItems", "CreateTable",
            "DescribeTable", "ListTables");

    private static final String HUGE = "x".repeat(450_000);
    private static final String DEEP = "@@DEEP@@";

    private final Map<String, LongAdder> outcomes = new ConcurrentHashMap<>();
    private final List<String> violations = Collections.synchronizedList(new ArrayList<>());
    private final AtomicLong sent = new AtomicLong();

    @Test
    void should_answer_every_mutated_request_with_a_dynamodb_error_and_keep_the_tables_consistent() throws Exception {
        long seed = Long.getLong("reliability.seed", System.nanoTime());
        long started = System.nanoTime();
        try (DynamoDbEngine engine = DynamoDbEngine.create()) {
            DynamoDbClient client = engine.client();
            IndexedTable.create(client, TABLE);
            URI endpoint = engine.httpEndpoint();
            long deadline = started + Duration.ofSeconds(SECONDS).toNanos();
            FuzzWorkers.run(WORKERS, seed, random -> fuzz(endpoint, random, deadline));
            double seconds = (System.nanoTime() - started) / 1e9;
            System.out.printf("wire fuzzer: %d requests in %.1f s, %d HTTP 500s, %d violations, seed %d,"
                    + " outcomes %s%n", sent.get(), seconds, count("500"), violations.size(), seed, sorted());
            violations.forEach(System.out::println);
            assertThat(violations).as("answers that are not 200/400/413 with a DynamoDB error type (seed %d)", seed)
                    .isEmpty();
            IndexedTable.assertHolds(client, TABLE, IndexedTable.byKey(IndexedTable.scan(client, TABLE, null)));
            assertCountsAgree(client);
        }
    }

    private void fuzz(URI endpoint, Random random, long deadline) throws IOException, InterruptedException {
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5)).build();
        while (sent.getAndIncrement() < REQUESTS && System.nanoTime() < deadline) {
            Fuzzed request = new Mutator(random).next();
            // now and then chunked, without a Content-Length, as streaming clients send it
            HttpRequest.BodyPublisher body = random.nextInt(20) == 0
                    ? HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(request.body()))
                    : HttpRequest.BodyPublishers.ofByteArray(request.body());
            HttpRequest.Builder builder = HttpRequest.newBuilder(endpoint).timeout(Duration.ofSeconds(30))
                    .header("Content-Type", random.nextInt(10) == 0 ? "application/json" : "application/x-amz-json-1.0")
                    .POST(body);
            if (request.target() != null) {
                builder.header("X-Amz-Target", request.target());
            }
            HttpResponse<byte[]> response;
            try {
                response = http.send(builder.build(), HttpResponse.BodyHandlers.ofByteArray());
            } catch (IOException e) {
                // the server closed the connection without an answer: as bad as a 500, and the request shows why
                outcomes.computeIfAbsent("no answer", o -> new LongAdder()).increment();
                violation("no answer (" + e.getMessage() + ") for " + request);
                continue;
            }
            check(request, response.statusCode(), response.body());
        }
        sent.decrementAndGet(); // the increment that ended the loop sent nothing
    }

    private void check(Fuzzed request, int status, byte[] body) {
        String outcome = String.valueOf(status);
        String problem = null;
        try {
            JsonNode answer = JSON.readTree(body);
            if (status == 200) {
                problem = answer != null && answer.isObject() ? null : "a 200 whose body is not a JSON object";
            } else if (status == 400 || status == 413) {
                String type = answer == null ? "" : answer.path("__type").asText("");
                String name = type.substring(type.lastIndexOf('#') + 1);
                outcome += " " + name;
                problem = ERROR_TYPES.contains(name) ? null : "an unknown __type " + type;
            } else {
                problem = "HTTP " + status;
            }
        } catch (IOException e) {
            problem = "a body that is not JSON";
        }
        outcomes.computeIfAbsent(outcome, o -> new LongAdder()).increment();
        if (problem != null) {
            violation(problem + " for " + request + ": " + abbreviate(new String(body, StandardCharsets.UTF_8)));
        }
    }

    private void violation(String description) {
        if (violations.size() < 20) {
            violations.add(description);
        }
    }

    /** Every table's ItemCount is the number of items a Scan returns, its size zero exactly when empty. */
    private static void assertCountsAgree(DynamoDbClient client) {
        for (String table : client.listTablesPaginator().tableNames()) {
            int scanned = IndexedTable.scan(client, table, null).size();
            TableDescription description = client.describeTable(b -> b.tableName(table)).table();
            assertThat(description.itemCount()).as("ItemCount of %s", table).isEqualTo(scanned);
            assertThat(description.tableSizeBytes() > 0).as("TableSizeBytes > 0 of %s", table).isEqualTo(scanned > 0);
        }
    }

    private long count(String status) {
        return outcomes.entrySet().stream().filter(e -> e.getKey().startsWith(status))
                .mapToLong(e -> e.getValue().sum()).sum();
    }

    private Map<String, Long> sorted() {
        Map<String, Long> sorted = new TreeMap<>();
        outcomes.forEach((outcome, n) -> sorted.put(outcome, n.sum()));
        return sorted;
    }

    private static String abbreviate(String text) {
        return text.length() <= 300 ? text : text.substring(0, 300) + "…(" + text.length() + " chars)";
    }

    /** One request as sent: the X-Amz-Target header (null: none) and the body bytes. */
    record Fuzzed(String target, byte[] body, String mutation) {
        @Override
        public String toString() {
            String text = new String(body, StandardCharsets.ISO_8859_1);
            return mutation + " " + target + " " + abbreviate(text);
        }
    }

    /** Builds a valid request of a random operation, then breaks it in one to three ways. */
    private static final class Mutator {
        private final Random random;
        private final List<String> applied = new ArrayList<>();

        Mutator(Random random) {
            this.random = random;
        }

        Fuzzed next() {
            String operation = OPERATIONS.get(random.nextInt(OPERATIONS.size()));
            ObjectNode request = valid(operation);
            String target = "DynamoDB_20120810." + operation;
            if (random.nextInt(20) == 0) {
                applied.add("valid");
                return new Fuzzed(target, bytes(request), "valid");
            }
            for (int i = 1 + random.nextInt(3); i > 0; i--) {
                mutateTree(request);
            }
            String text = request.toString().replace('"' + DEEP + '"', deep());
            byte[] body = text.getBytes(StandardCharsets.UTF_8);
            switch (random.nextInt(12)) {
                case 0 -> body = invalidUtf8(body);
                case 1 -> body = truncated(body);
                case 2 -> body = randomBytes();
                case 3 -> target = wrongTarget();
                case 4 -> body = flipped(body);
                case 5 -> {
                    if (random.nextInt(2000) == 0) {
                        applied.add("over 16 MB");
                        body = ("{\"TableName\":\"" + "y".repeat(17 * 1024 * 1024) + "\"}").getBytes(StandardCharsets.UTF_8);
                    }
                }
                default -> { }
            }
            return new Fuzzed(target, body, String.join("+", applied));
        }

        // ---- valid requests ----------------------------------------------------------------------------------

        private ObjectNode valid(String operation) {
            String json = switch (operation) {
                case "PutItem" -> "{\"TableName\":\"fuzz\",\"Item\":" + item()
                        + ",\"ConditionExpression\":\"attribute_not_exists(pk) OR n < :max\""
                        + ",\"ExpressionAttributeValues\":{\":max\":{\"N\":\"15\"}},\"ReturnValues\":\"ALL_OLD\"}";
                case "GetItem" -> "{\"TableName\":\"fuzz\",\"Key\":" + key() + ",\"ConsistentRead\":true"
                        + ",\"ProjectionExpression\":\"#n, tag, m.a[0]\",\"ExpressionAttributeNames\":{\"#n\":\"n\"}}";
                case "UpdateItem" -> "{\"TableName\":\"fuzz\",\"Key\":" + key() + "," + update()
                        + ",\"ReturnValues\":\"UPDATED_NEW\"}";
                case "DeleteItem" -> "{\"TableName\":\"fuzz\",\"Key\":" + key()
                        + ",\"ConditionExpression\":\"attribute_exists(tag)\",\"ReturnValues\":\"ALL_OLD\"}";
                case "Query" -> "{\"TableName\":\"fuzz\",\"IndexName\":\"ByGroup\""
                        + ",\"KeyConditionExpression\":\"gpk = :g AND gsk BETWEEN :lo AND :hi\""
                        + ",\"FilterExpression\":\"n > :z\",\"Limit\":5,\"ScanIndexForward\":false"
                        + ",\"ExpressionAttributeValues\":{\":g\":{\"S\":\"g1\"},\":lo\":{\"N\":\"1\"}"
                        + ",\":hi\":{\"N\":\"9\"},\":z\":{\"N\":\"0\"}},\"ReturnConsumedCapacity\":\"INDEXES\"}";
                case "Scan" -> "{\"TableName\":\"fuzz\",\"Segment\":0,\"TotalSegments\":2,\"Limit\":10"
                        + ",\"FilterExpression\":\"size(tag) > :z\",\"ExpressionAttributeValues\":{\":z\":{\"N\":\"1\"}}"
                        + ",\"ExclusiveStartKey\":" + key() + "}";
                case "BatchWriteItem" -> "{\"RequestItems\":{\"fuzz\":[{\"PutRequest\":{\"Item\":" + item()
                        + "}},{\"DeleteRequest\":{\"Key\":" + key() + "}}]}}";
                case "BatchGetItem" -> "{\"RequestItems\":{\"fuzz\":{\"Keys\":[" + key() + "]"
                        + ",\"ProjectionExpression\":\"pk, sk, n\"}}}";
                case "TransactWriteItems" -> "{\"TransactItems\":[{\"Put\":{\"TableName\":\"fuzz\",\"Item\":" + item()
                        + "}},{\"Update\":{\"TableName\":\"fuzz\",\"Key\":" + key() + "," + update() + "}}"
                        + ",{\"ConditionCheck\":{\"TableName\":\"fuzz\",\"Key\":" + key()
                        + ",\"ConditionExpression\":\"attribute_exists(pk)\"}}],\"ClientRequestToken\":\"t"
                        + random.nextInt(50) + "\"}";
                case "TransactGetItems" -> "{\"TransactItems\":[{\"Get\":{\"TableName\":\"fuzz\",\"Key\":" + key()
                        + "}}]}";
                case "CreateTable" -> "{\"TableName\":\"fz" + random.nextInt(4) + "\",\"BillingMode\":\"PAY_PER_REQUEST\""
                        + ",\"KeySchema\":[{\"AttributeName\":\"h\",\"KeyType\":\"HASH\"},{\"AttributeName\":\"r\""
                        + ",\"KeyType\":\"RANGE\"}],\"AttributeDefinitions\":[{\"AttributeName\":\"h\""
                        + ",\"AttributeType\":\"S\"},{\"AttributeName\":\"r\",\"AttributeType\":\"N\"}"
                        + ",{\"AttributeName\":\"g\",\"AttributeType\":\"B\"}],\"GlobalSecondaryIndexes\":[{"
                        + "\"IndexName\":\"G\",\"KeySchema\":[{\"AttributeName\":\"g\",\"KeyType\":\"HASH\"}]"
                        + ",\"Projection\":{\"ProjectionType\":\"INCLUDE\",\"NonKeyAttributes\":[\"a\"]}}]}";
                case "DescribeTable" -> "{\"TableName\":\"fuzz\"}";
                default -> "{\"Limit\":3}";
            };
            try {
                return (ObjectNode) JSON.readTree(json);
            } catch (IOException e) {
                throw new IllegalStateException(json, e);
            }
        }

        private String key() {
            return "{\"pk\":{\"S\":\"p" + random.nextInt(5) + "\"},\"sk\":{\"S\":\"s" + random.nextInt(10) + "\"}}";
        }

        private String item() {
            String key = key();
            return key.substring(0, key.length() - 1) + ",\"gpk\":{\"S\":\"g" + random.nextInt(3) + "\"}"
                    + ",\"gsk\":{\"N\":\"" + random.nextInt(12) + "\"},\"owner\":{\"S\":\"o" + random.nextInt(3) + "\"}"
                    + ",\"created\":{\"N\":\"" + random.nextInt(100) + "\"},\"rank\":{\"N\":\"" + random.nextInt(5)
                    + "\"},\"n\":{\"N\":\"" + random.nextInt(20) + "\"},\"tag\":{\"S\":\"t\"}"
                    + ",\"m\":{\"M\":{\"a\":{\"L\":[{\"NS\":[\"1\",\"2\"]},{\"BOOL\":true},{\"NULL\":true}"
                    + ",{\"B\":\"AQI=\"},{\"SS\":[\"x\"]},{\"BS\":[\"AA==\"]}]}}}}";
        }

        private String update() {
            return "\"UpdateExpression\":\"SET tag = :t, m = if_not_exists(m, :m) ADD n :one REMOVE #o\""
                    + ",\"ConditionExpression\":\"attribute_not_exists(n) OR n < :max\""
                    + ",\"ExpressionAttributeNames\":{\"#o\":\"owner\"}"
                    + ",\"ExpressionAttributeValues\":{\":t\":{\"S\":\"u\"},\":m\":{\"M\":{}},\":one\":{\"N\":\"1\"}"
                    + ",\":max\":{\"N\":\"15\"}}";
        }

        // ---- mutations of the JSON tree ----------------------------------------------------------------------

        private void mutateTree(ObjectNode request) {
            List<ContainerNode<?>> containers = new ArrayList<>();
            collect(request, containers);
            if (containers.isEmpty()) {
                applied.add("add");
                request.set(memberName(), oddValue()); // everything was removed already
                return;
            }
            ContainerNode<?> parent = containers.get(random.nextInt(containers.size()));
            switch (random.nextInt(10)) {
                case 0, 1, 2 -> {
                    applied.add("replace");
                    replaceChild(parent, oddValue());
                }
                case 3, 4, 5 -> {
                    applied.add("remove");
                    removeChild(parent);
                }
                case 6, 7, 8 -> {
                    applied.add("add");
                    if (parent instanceof ObjectNode object) {
                        object.set(memberName(), oddValue());
                    } else {
                        ((ArrayNode) parent).add(oddValue());
                    }
                }
                default -> {
                    applied.add("deep");
                    replaceChild(parent, new TextNode(DEEP));
                }
            }
        }

        private static void collect(JsonNode node, List<ContainerNode<?>> containers) {
            if (node instanceof ContainerNode<?> container && !node.isEmpty()) {
                containers.add(container);
                node.forEach(child -> collect(child, containers));
            }
        }

        private void replaceChild(ContainerNode<?> parent, JsonNode value) {
            if (parent instanceof ObjectNode object) {
                List<String> names = new ArrayList<>();
                object.fieldNames().forEachRemaining(names::add);
                object.set(names.get(random.nextInt(names.size())), value);
            } else {
                ((ArrayNode) parent).set(random.nextInt(parent.size()), value);
            }
        }

        private void removeChild(ContainerNode<?> parent) {
            if (parent instanceof ObjectNode object) {
                List<String> names = new ArrayList<>();
                object.fieldNames().forEachRemaining(names::add);
                object.remove(names.get(random.nextInt(names.size())));
            } else {
                ((ArrayNode) parent).remove(random.nextInt(parent.size()));
            }
        }

        private String memberName() {
            List<String> names = List.of("Limit", "Select", "IndexName", "ExclusiveStartKey", "ReturnValues",
                    "ConsistentRead", "AttributesToGet", "Expected", "KeyConditions", "ScanFilter", "Segment",
                    "TotalSegments", "ReturnItemCollectionMetrics", "ConditionalOperator", "S", "N", "M", "L",
                    "NULL", "SS", "Unknown", "", "__type");
            return names.get(random.nextInt(names.size()));
        }

        /** A value of a type the member does not expect, or an AttributeValue DynamoDB refuses. */
        private JsonNode oddValue() {
            String[] odd = {"123", "-1", "1.5e308", "\"str\"", "true", "null", "[]", "{}", "[1,\"a\",null]",
                "{\"S\":\"x\"}", "{\"N\":\"1e400\"}", "{\"N\":\"NaN\"}", "{\"N\":12}", "{\"SS\":[]}", "{\"NS\":[\"1\",\"1.0\"]}",
                "{\"NULL\":false}", "{\"B\":\"!!\"}", "{\"B\":\"AQ\"}", "{\"S\":\"a\",\"N\":\"1\"}", "{\"dog\":\"cat\"}",
                "{\"L\":[{\"L\":[]}]}", "{\"M\":{\"\":{\"S\":\"\"}}}", "\"\"", "2147483648", "-0", "{\"S\":\"\"}",
                "[{\"AttributeName\":\"pk\",\"KeyType\":\"HASH\"}]", "{\"pk\":{\"S\":\"\"}}", "\"\\u0000\""};
            int choice = random.nextInt(odd.length + 3);
            if (choice == odd.length && random.nextInt(8) == 0) {
                return new TextNode(HUGE.substring(0, 1 + random.nextInt(HUGE.length())));
            } else if (choice <= odd.length + 1) {
                return new TextNode(randomText());
            } else if (choice == odd.length + 2) {
                ObjectNode value = NODES.objectNode();
                value.put("S", randomText());
                return value;
            }
            try {
                return JSON.readTree(odd[choice]);
            } catch (IOException e) {
                throw new IllegalStateException(odd[choice], e);
            }
        }

        private String randomText() {
            StringBuilder text = new StringBuilder();
            for (int i = random.nextInt(12); i > 0; i--) {
                text.appendCodePoint(random.nextInt(4) == 0 ? random.nextInt(0x10FFFF) : 0x20 + random.nextInt(95));
            }
            return text.toString();
        }

        /** About 1000 levels of AttributeValues or of bare arrays and objects, where a value was. */
        private String deep() {
            int[] depths = {31, 32, 33, 100, 999, 1000, 1001, 5000};
            int depth = depths[random.nextInt(depths.length)];
            String[][] shapes = {{"{\"L\":[", "]}"}, {"{\"M\":{\"a\":", "}}"}, {"[", "]"}, {"{\"a\":", "}"}};
            String[] shape = shapes[random.nextInt(shapes.length)];
            return shape[0].repeat(depth) + "{\"S\":\"leaf\"}" + shape[1].repeat(depth);
        }

        // ---- mutations of the bytes and the header -------------------------------------------------------------

        private byte[] invalidUtf8(byte[] body) {
            applied.add("invalid UTF-8");
            byte[][] bad = {{(byte) 0xC3, 0x28}, {(byte) 0xFF}, {(byte) 0xED, (byte) 0xA0, (byte) 0x80},
                {(byte) 0xC0, (byte) 0xAF}, {(byte) 0xF8, (byte) 0x88, (byte) 0x80, (byte) 0x80, (byte) 0x80},
                {(byte) 0xE2, (byte) 0x82}, {(byte) 0x80}};
            byte[] insert = bad[random.nextInt(bad.length)];
            // inside a string value most of the time, so the JSON around it stays well formed
            int at = random.nextInt(body.length + 1);
            for (int i = at; i < body.length; i++) {
                if (body[i] == '"') {
                    at = i + 1;
                    break;
                }
            }
            byte[] out = new byte[body.length + insert.length];
            System.arraycopy(body, 0, out, 0, at);
            System.arraycopy(insert, 0, out, at, insert.length);
            System.arraycopy(body, at, out, at + insert.length, body.length - at);
            return out;
        }

        private byte[] truncated(byte[] body) {
            applied.add("truncated");
            return java.util.Arrays.copyOf(body, random.nextInt(body.length + 1));
        }

        private byte[] flipped(byte[] body) {
            applied.add("flipped");
            byte[] out = body.clone();
            for (int i = 1 + random.nextInt(3); i > 0 && out.length > 0; i--) {
                out[random.nextInt(out.length)] = (byte) random.nextInt(256);
            }
            return out;
        }

        private byte[] randomBytes() {
            applied.add("random bytes");
            byte[] bytes = new byte[random.nextInt(200)];
            random.nextBytes(bytes);
            return bytes;
        }

        private String wrongTarget() {
            applied.add("wrong target");
            String[] targets = {null, "", "DynamoDB_20120810.", "DynamoDB_20120810.Nope", "DynamoDB_20111205.GetItem",
                "dynamodb_20120810.GetItem", "DynamoDB_20120810.getitem", "DynamoDB_20120810.PutItem.x",
                "DynamoDBStreams_20120810.GetRecords", "DynamoDBStreams_20120810.DescribeStream", "x".repeat(5000),
                "DynamoDB_20120810." + OPERATIONS.get(random.nextInt(OPERATIONS.size()))};
            return targets[random.nextInt(targets.length)];
        }

        private static byte[] bytes(JsonNode node) {
            return node.toString().getBytes(StandardCharsets.UTF_8);
        }
    }
}
