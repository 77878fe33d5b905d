package dev.singletable.benchmarks;

import dev.singletable.engine.DynamoDbEngine;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/**
 * PutItem, GetItem and Query through the engine's public API: the SDK v2 client over the in-memory transport,
 * on a table with GSI1 holding 10,000 items (500 partitions of 20). This is what a test pays per call.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class EngineApiBenchmark {
    static final int CUSTOMERS = 500;
    static final int ORDERS = 20;

    private DynamoDbEngine engine;
    private DynamoDbClient client;
    private final Random random = new Random(3);

    @Setup
    public void setup() {
        engine = DynamoDbEngine.builder().requestLogCapacity(1_000).build();
        client = engine.client();
        createTable(engine, CUSTOMERS, ORDERS);
    }

    /** Creates table "app" with GSI1 and loads {@code customers × orders} {@link #order}s into it. */
    static void createTable(DynamoDbEngine engine, int customers, int orders) {
        createOrders(engine.client(), "app", "GSI1");
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        for (int i = 0; i < customers * orders; i++) {
            items.add(order(i / orders, i % orders));
        }
        engine.load("app", items);
    }

    /**
     * Creates an on-demand table of orders keyed by PK and SK, with a GSI of each given name keyed by
     * {@code <name>PK} and {@code <name>SK}, projecting ALL.
     */
    static void createOrders(DynamoDbClient client, String table, String... indexes) {
        List<AttributeDefinition> attributes = new ArrayList<>();
        List<GlobalSecondaryIndex> gsis = new ArrayList<>();
        for (String key : List.of("PK", "SK")) {
            attributes.add(AttributeDefinition.builder().attributeName(key).attributeType("S").build());
        }
        for (String index : indexes) {
            attributes.add(AttributeDefinition.builder().attributeName(index + "PK").attributeType("S").build());
            attributes.add(AttributeDefinition.builder().attributeName(index + "SK").attributeType("S").build());
            gsis.add(GlobalSecondaryIndex.builder().indexName(index)
                    .keySchema(k -> k.attributeName(index + "PK").keyType(KeyType.HASH),
                            k -> k.attributeName(index + "SK").keyType(KeyType.RANGE))
                    .projection(p -> p.projectionType(ProjectionType.ALL)).build());
        }
        client.createTable(b -> b.tableName(table).billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(attributes).globalSecondaryIndexes(gsis)
                .keySchema(k -> k.attributeName("PK").keyType(KeyType.HASH),
                        k -> k.attributeName("SK").keyType(KeyType.RANGE)));
    }

    static Map<String, AttributeValue> order(int customer, int order) {
        Map<String, AttributeValue> item = new HashMap<>();
        item.put("PK", AttributeValue.fromS("CUSTOMER#" + customer));
        item.put("SK", AttributeValue.fromS(String.format("ORDER#%05d", order)));
        item.put("GSI1PK", AttributeValue.fromS("STATUS#" + (order % 4)));
        item.put("GSI1SK", AttributeValue.fromS(String.format("2026-%02d-01#%d#%d", 1 + order % 12, customer, order)));
        item.put("total", AttributeValue.fromN(Integer.toString(10 + order)));
        item.put("note", AttributeValue.fromS("x".repeat(120)));
        return item;
    }

    @TearDown
    public void close() {
        engine.close();
    }

    @Benchmark
    public PutItemResponse putItem() {
        return client.putItem(b -> b.tableName("app").item(order(random.nextInt(CUSTOMERS), random.nextInt(ORDERS))));
    }

    @Benchmark
    public GetItemResponse getItem() {
        Map<String, AttributeValue> key = Map.of("PK", AttributeValue.fromS("CUSTOMER#" + random.nextInt(CUSTOMERS)),
                "SK", AttributeValue.fromS(String.format("ORDER#%05d", random.nextInt(ORDERS))));
        return client.getItem(b -> b.tableName("app").key(key));
    }

    @Benchmark
    public QueryResponse queryPartition() {
        return client.query(b -> b.tableName("app").keyConditionExpression("PK = :pk AND begins_with(SK, :prefix)")
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS("CUSTOMER#" + random.nextInt(CUSTOMERS)),
                        ":prefix", AttributeValue.fromS("ORDER#"))));
    }
}
