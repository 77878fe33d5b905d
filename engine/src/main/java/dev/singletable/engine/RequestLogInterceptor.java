package dev.singletable.engine;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.singletable.engine.internal.ops.reads.KeyShapes;
import dev.singletable.engine.internal.protocol.Database;
import dev.singletable.engine.internal.protocol.ExpressionDisplay;
import dev.singletable.engine.internal.value.ValueJson;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.core.SdkResponse;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttribute;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.core.interceptor.SdkExecutionAttribute;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.CreateTableResponse;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableResponse;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;

/**
 * Records every request a DynamoDB client makes into a {@link RequestLog}, from the client's side, so that the
 * same log (and the assertions on it) works against any endpoint: real DynamoDB, a container, or this engine
 * over HTTP. An entry holds what the client can see: operation, table, index, the expressions with names and
 * values resolved, the key condition's shape, returned and scanned counts, whether a LastEvaluatedKey came
 * back, consumed capacity when the response carries it, and the error type.
 *
 * <pre>{@code
 * RequestLog log = new RequestLog(10_000);
 * DynamoDbClient client = DynamoDbClient.builder()
 *         .overrideConfiguration(c -> c.addExecutionInterceptor(new RequestLogInterceptor(log)))
 *         .build();
 * }</pre>
 */
public final class RequestLogInterceptor implements ExecutionInterceptor {
    private static final ExecutionAttribute<Long> STARTED = new ExecutionAttribute<>("singletable.requestLog.started");
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
    private static final List<String> EXPRESSION_MEMBERS = List.of("KeyConditionExpression", "FilterExpression",
            "ConditionExpression", "UpdateExpression", "ProjectionExpression", "Statement");

    private final RequestLog log;
    /** Partition keys by table, then by index ("" for the table), learnt from CreateTable and DescribeTable. */
    private final Map<String, Map<String, String>> partitionKeys = new ConcurrentHashMap<>();

    /** An interceptor that records into this log. */
    public RequestLogInterceptor(RequestLog log) {
        this.log = log;
    }

    /** The log entries are recorded into. */
    public RequestLog log() {
        return log;
    }

    @Override
    public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
        attributes.putAttribute(STARTED, System.nanoTime());
    }

    @Override
    public void afterExecution(Context.AfterExecution context, ExecutionAttributes attributes) {
        if (context.response() instanceof CreateTableResponse created) {
            learn(created.tableDescription());
        } else if (context.response() instanceof DescribeTableResponse described) {
            learn(described.table());
        }
        record(context.request(), context.response(), null, attributes);
    }

    /** Remembers a table's key schemas, so that a key condition {@code SK = :s AND PK = :p} reads right. */
    private void learn(TableDescription table) {
        Map<String, String> keys = new ConcurrentHashMap<>();
        keys.put("", hashKey(table.keySchema()));
        table.globalSecondaryIndexes().forEach(i -> keys.put(i.indexName(), hashKey(i.keySchema())));
        table.localSecondaryIndexes().forEach(i -> keys.put(i.indexName(), hashKey(i.keySchema())));
        partitionKeys.put(table.tableName(), keys);
    }

    private static String hashKey(List<KeySchemaElement> schema) {
        return schema.stream().filter(k -> k.keyType() == KeyType.HASH).map(KeySchemaElement::attributeName)
                .findFirst().orElse("");
    }

    @Override
    public void onExecutionFailure(Context.FailedExecution context, ExecutionAttributes attributes) {
        record(context.request(), context.response().orElse(null), context.exception(), attributes);
    }

    private void record(SdkRequest request, SdkResponse response, Throwable failure, ExecutionAttributes attributes) {
        Long started = attributes.getAttribute(STARTED);
        long nanos = started == null ? 0 : System.nanoTime() - started;
        String table = request.getValueForField("TableName", String.class).map(Database::nameOf).orElse(null);
        RequestLogEntry.Builder entry = RequestLogEntry.builder(attributes.getAttribute(SdkExecutionAttribute.OPERATION_NAME))
                .time(Instant.now().minusNanos(nanos))
                .duration(Duration.ofNanos(nanos))
                .table(table)
                .index(request.getValueForField("IndexName", String.class).orElse(null))
                .keyCondition(keyCondition(request, table));
        entry.expressions(() -> ExpressionDisplay.resolve(expressionMembers(request)));
        if (response != null) {
            describe(response, entry);
        }
        if (failure instanceof AwsServiceException e && e.awsErrorDetails() != null) {
            entry.error(e.awsErrorDetails().errorCode(), e.awsErrorDetails().errorMessage());
        } else if (failure != null) {
            entry.error(failure.getClass().getSimpleName(), failure.getMessage());
        }
        log.record(entry);
    }

    private static void describe(SdkResponse response, RequestLogEntry.Builder entry) {
        Optional<Integer> count = response.getValueForField("Count", Integer.class);
        Optional<Map<?, ?>> item = map(response, "Item");
        if (count.isPresent()) {
            entry.counts(response.getValueForField("ScannedCount", Integer.class).orElse(-1), count.get());
        } else if (item.isPresent()) {
            int found = item.get().isEmpty() ? 0 : 1;
            entry.counts(found, found);
        }
        entry.morePages(!map(response, "LastEvaluatedKey").map(Map::isEmpty).orElse(true)
                || response.getValueForField("LastEvaluatedTableName", String.class).isPresent()
                || response.getValueForField("NextToken", String.class).isPresent());
        Object consumed = response.getValueForField("ConsumedCapacity", Object.class).orElse(null);
        if (consumed instanceof ConsumedCapacity single && single.capacityUnits() != null) {
            entry.consumedCapacity(single.capacityUnits());
        } else if (consumed instanceof List<?> several && !several.isEmpty()) {
            entry.consumedCapacity(several.stream().mapToDouble(RequestLogInterceptor::unitsOf).sum());
        }
    }

    /** A map member of a response; batch and single-item responses share member names with different types. */
    private static Optional<Map<?, ?>> map(SdkResponse response, String member) {
        return response.getValueForField(member, Object.class).filter(Map.class::isInstance).map(m -> (Map<?, ?>) m);
    }

    private static double unitsOf(Object capacity) {
        Double units = capacity instanceof ConsumedCapacity c ? c.capacityUnits() : null;
        return units == null ? 0 : units;
    }

    private KeyConditionShape keyCondition(SdkRequest request, String table) {
        Optional<String> text = request.getValueForField("KeyConditionExpression", String.class);
        if (text.isEmpty()) {
            return null;
        }
        Map<String, String> names = names(request);
        Map<String, String> values = new LinkedHashMap<>();
        attributeValues(request).forEach((placeholder, value) ->
                values.put(placeholder, KeyShapes.display(ValueJson.read(json(value)))));
        String index = request.getValueForField("IndexName", String.class).orElse("");
        String partitionKey = table == null ? null : partitionKeys.getOrDefault(table, Map.of()).get(index);
        return KeyShapes.parse(text.get(), names, values, partitionKey);
    }

    /** The members the engine's display reads, as they went on the wire. */
    private static JsonNode expressionMembers(SdkRequest request) {
        ObjectNode node = JSON.objectNode();
        for (String member : EXPRESSION_MEMBERS) {
            request.getValueForField(member, String.class).ifPresent(text -> node.put(member, text));
        }
        ObjectNode names = node.putObject("ExpressionAttributeNames");
        names(request).forEach(names::put);
        ObjectNode values = node.putObject("ExpressionAttributeValues");
        attributeValues(request).forEach((placeholder, value) -> values.set(placeholder, json(value)));
        return node;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, String> names(SdkRequest request) {
        return request.getValueForField("ExpressionAttributeNames", Map.class).orElse(Map.of());
    }

    @SuppressWarnings("unchecked")
    private static Map<String, AttributeValue> attributeValues(SdkRequest request) {
        return request.getValueForField("ExpressionAttributeValues", Map.class).orElse(Map.of());
    }

    /** An attribute value in DynamoDB JSON, as the SDK sends it. */
    private static JsonNode json(AttributeValue value) {
        ObjectNode node = JSON.objectNode();
        switch (value.type()) {
            case S -> node.put("S", value.s());
            case N -> node.put("N", value.n());
            case B -> node.put("B", base64(value.b()));
            case BOOL -> node.put("BOOL", value.bool());
            case NUL -> node.put("NULL", true);
            case SS -> value.ss().forEach(node.putArray("SS")::add);
            case NS -> value.ns().forEach(node.putArray("NS")::add);
            case BS -> value.bs().forEach(b -> node.withArray("BS").add(base64(b)));
            case L -> {
                ArrayNode list = node.putArray("L");
                value.l().forEach(v -> list.add(json(v)));
            }
            case M -> {
                ObjectNode map = node.putObject("M");
                value.m().forEach((k, v) -> map.set(k, json(v)));
            }
            default -> node.put("UNKNOWN", value.toString());
        }
        return node;
    }

    private static String base64(SdkBytes bytes) {
        return Base64.getEncoder().encodeToString(bytes.asByteArray());
    }
}
