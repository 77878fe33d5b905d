package dev.singletable.engine;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.singletable.engine.internal.DynamoException;
import dev.singletable.engine.internal.expr.ExpressionContext;
import dev.singletable.engine.internal.expr.KeySchema;
import dev.singletable.engine.internal.kernel.Database;
import dev.singletable.engine.internal.log.CallerFrame;
import dev.singletable.engine.internal.log.ExpressionDisplay;
import dev.singletable.engine.internal.log.RequestRecord;
import dev.singletable.engine.internal.value.SdkValues;
import dev.singletable.engine.internal.value.Value;
import dev.singletable.engine.model.ExpressionKind;
import dev.singletable.engine.model.KeyCondition;
import dev.singletable.engine.model.Operation;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
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
 * back, consumed capacity when the response carries it, the error type, and for a Scan or a PartiQL statement
 * the line of application code that issued it (the frame is read on the issuing thread, before the request leaves).
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
    private static final ExecutionAttribute<StackTraceElement> CALLER =
            new ExecutionAttribute<>("singletable.requestLog.caller");
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private final RequestLog log;
    /** Key schemas by table, then by index ("" for the table), learnt from CreateTable and DescribeTable. */
    private final Map<String, Map<String, KeySchema>> keySchemas = new ConcurrentHashMap<>();

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
        // Still on the thread of the code that issued the request: a Scan's entry names that line, as the engine's do.
        if (CallerFrame.wanted(Operation.ofWireName(attributes.getAttribute(SdkExecutionAttribute.OPERATION_NAME)))) {
            CallerFrame.find().ifPresent(frame -> attributes.putAttribute(CALLER, frame));
        }
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

    /**
     * Remembers a table's key schemas, so that a key condition {@code SK = :s AND PK = :p}, or one on an index
     * keyed on several attributes, reads right.
     */
    private void learn(TableDescription table) {
        Map<String, String> types = new LinkedHashMap<>();
        table.attributeDefinitions().forEach(d -> types.put(d.attributeName(), d.attributeTypeAsString()));
        Map<String, KeySchema> schemas = new ConcurrentHashMap<>();
        schemas.put("", keySchema(table.keySchema(), types));
        table.globalSecondaryIndexes().forEach(i -> schemas.put(i.indexName(), keySchema(i.keySchema(), types)));
        table.localSecondaryIndexes().forEach(i -> schemas.put(i.indexName(), keySchema(i.keySchema(), types)));
        keySchemas.put(table.tableName(), schemas);
    }

    private static KeySchema keySchema(List<KeySchemaElement> schema, Map<String, String> types) {
        return new KeySchema(attributes(schema, KeyType.HASH, types), attributes(schema, KeyType.RANGE, types));
    }

    private static List<KeySchema.Attribute> attributes(List<KeySchemaElement> schema, KeyType type,
                                                        Map<String, String> types) {
        return schema.stream().filter(k -> k.keyType() == type)
                .map(k -> new KeySchema.Attribute(k.attributeName(), types.get(k.attributeName()))).toList();
    }

    @Override
    public void onExecutionFailure(Context.FailedExecution context, ExecutionAttributes attributes) {
        record(context.request(), context.response().orElse(null), context.exception(), attributes);
    }

    private void record(SdkRequest request, SdkResponse response, Throwable failure, ExecutionAttributes attributes) {
        Long started = attributes.getAttribute(STARTED);
        long nanos = started == null ? 0 : System.nanoTime() - started;
        String table = request.getValueForField("TableName", String.class).map(Database::nameOf).orElse(null);
        String operation = attributes.getAttribute(SdkExecutionAttribute.OPERATION_NAME);
        RequestRecord entry = new RequestRecord(Operation.ofWireName(operation), operation)
                .time(Instant.now().minusNanos(nanos))
                .duration(Duration.ofNanos(nanos))
                .table(table)
                .index(request.getValueForField("IndexName", String.class).orElse(null))
                .statement(request.getValueForField("Statement", String.class).orElse(null))
                .caller(attributes.getAttribute(CALLER));
        KeyCondition keyCondition = keyCondition(request, table);
        entry.keyCondition(() -> keyCondition);
        entry.expressions(expressionsLater(request));
        if (response != null) {
            describe(response, entry);
        }
        if (failure instanceof AwsServiceException e && e.awsErrorDetails() != null) {
            entry.error(e.awsErrorDetails().errorCode(), e.awsErrorDetails().errorMessage());
        } else if (failure != null) {
            entry.error(failure.getClass().getSimpleName(), failure.getMessage());
        }
        log.recorder().record(entry);
    }

    private static void describe(SdkResponse response, RequestRecord entry) {
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

    /**
     * The key condition read with the engine's own parser; null when there is none, or when the text is no key
     * condition (the service refuses it anyway).
     */
    private KeyCondition keyCondition(SdkRequest request, String table) {
        Optional<String> text = request.getValueForField("KeyConditionExpression", String.class);
        if (text.isEmpty()) {
            return null;
        }
        String index = request.getValueForField("IndexName", String.class).orElse("");
        KeySchema schema = table == null ? null : keySchemas.getOrDefault(table, Map.of()).get(index);
        Map<String, String> names = names(request);
        Map<String, Value> values = new LinkedHashMap<>();
        try {
            attributeValues(request).forEach((placeholder, value) ->
                    values.put(placeholder, SdkValues.read(value)));
            var condition = ExpressionContext.of(names.isEmpty() ? null : names, values.isEmpty() ? null : values)
                    .readKeyCondition(text.get(), schema);
            return condition == null ? null : condition.toModel();
        } catch (DynamoException | IllegalArgumentException refused) {
            return null;
        }
    }

    /**
     * The request's expressions for the log's display, worked out when a reader asks, holding only the members the
     * display reads: a log keeps thousands of entries, and each holding its whole request (a PutItem's item) would
     * be memory, and work for the garbage collector, that nobody reads.
     */
    private static Supplier<Map<ExpressionKind, String>> expressionsLater(SdkRequest request) {
        Map<ExpressionKind, String> texts = new EnumMap<>(ExpressionKind.class);
        for (ExpressionKind kind : ExpressionKind.values()) {
            request.getValueForField(kind.parameter(), String.class).ifPresent(text -> texts.put(kind, text));
        }
        if (texts.isEmpty()) {
            return Map::of;
        }
        Map<String, String> names = names(request);
        Map<String, AttributeValue> values = attributeValues(request);
        return () -> ExpressionDisplay.resolve(expressionMembers(texts, names, values));
    }

    /** The members the engine's display reads, as they went on the wire. */
    private static JsonNode expressionMembers(Map<ExpressionKind, String> texts, Map<String, String> names,
                                              Map<String, AttributeValue> values) {
        ObjectNode node = JSON.objectNode();
        texts.forEach((kind, text) -> node.put(kind.parameter(), text));
        ObjectNode namesNode = node.putObject("ExpressionAttributeNames");
        names.forEach(namesNode::put);
        ObjectNode valuesNode = node.putObject("ExpressionAttributeValues");
        values.forEach((placeholder, value) -> {
            try {
                valuesNode.set(placeholder, SdkValues.json(value));
            } catch (IllegalArgumentException untyped) {
                // a value without a type (the service refuses it) displays as its placeholder
            }
        });
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
}
