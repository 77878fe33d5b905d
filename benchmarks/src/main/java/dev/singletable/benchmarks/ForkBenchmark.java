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
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/**
 * A fork per test against the undo-log reset: on a table of 10,000 items with two GSIs (projection ALL),
 * <ul>
 *   <li>{@code forkAndDrop}: what a test pays for its own fork (target: under 0.1 ms);</li>
 *   <li>{@code resetByFork} and {@code resetByRollback}: a test that changes 10 items, on a fork dropped after it
 *       or on the table rolled back to its checkpoint (the per-test reset the JUnit extension uses);</li>
 *   <li>{@code getItem}, {@code putItem}, {@code queryPartition} (a GSI2 partition) on a table never forked
 *       ({@code target=table}) and on a fork of an identical table made at the start of each iteration
 *       ({@code target=fork}), through the SDK client over the in-memory transport (target: the fork within
 *       10% of the table).</li>
 * </ul>
 *
 * <pre>java -jar benchmarks/target/benchmarks.jar Fork -f 1 -wi 3 -i 5</pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class ForkBenchmark {
    private static final int CUSTOMERS = EngineApiBenchmark.CUSTOMERS;
    private static final int ORDERS = EngineApiBenchmark.ORDERS;
    private static final String SOURCE = "app";

    private static final String PLAIN = "plain";

    private DynamoDbEngine engine;
    private DynamoDbClient client;
    private final Random random = new Random(5);
    private int forks;

    /** The table read and written: one never forked, or a fork made for the iteration. */
    @State(Scope.Benchmark)
    public static class Target {
        @Param({"table", "fork"})
        public String target;

        private String table;

        @Setup(Level.Iteration)
        public void forkForTheIteration(ForkBenchmark benchmark) {
            table = target.equals("fork") ? "iteration-" + benchmark.forks++ : PLAIN;
            if (target.equals("fork")) {
                benchmark.engine.fork(SOURCE, table);
            }
        }

        @TearDown(Level.Iteration)
        public void dropTheFork(ForkBenchmark benchmark) {
            if (target.equals("fork")) {
                benchmark.engine.drop(table);
            }
        }
    }

    @Setup(Level.Trial)
    public void load() {
        engine = DynamoDbEngine.builder().requestLogCapacity(1_000).build();
        client = engine.client();
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        for (int i = 0; i < CUSTOMERS * ORDERS; i++) {
            items.add(order(i / ORDERS, i % ORDERS));
        }
        for (String table : List.of(SOURCE, PLAIN)) {
            createTable(client, table);
            engine.load(table, items);
        }
        engine.checkpoint(SOURCE);
    }

    /** PK/SK, GSI1 and GSI2, both projecting ALL. */
    static void createTable(DynamoDbClient client, String name) {
        client.createTable(b -> b.tableName(name).billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(a -> a.attributeName("PK").attributeType("S"),
                        a -> a.attributeName("SK").attributeType("S"),
                        a -> a.attributeName("GSI1PK").attributeType("S"),
                        a -> a.attributeName("GSI1SK").attributeType("S"),
                        a -> a.attributeName("GSI2PK").attributeType("S"),
                        a -> a.attributeName("GSI2SK").attributeType("S"))
                .keySchema(k -> k.attributeName("PK").keyType(KeyType.HASH),
                        k -> k.attributeName("SK").keyType(KeyType.RANGE))
                .globalSecondaryIndexes(
                        g -> g.indexName("GSI1").keySchema(k -> k.attributeName("GSI1PK").keyType(KeyType.HASH),
                                k -> k.attributeName("GSI1SK").keyType(KeyType.RANGE))
                                .projection(p -> p.projectionType(ProjectionType.ALL)),
                        g -> g.indexName("GSI2").keySchema(k -> k.attributeName("GSI2PK").keyType(KeyType.HASH),
                                k -> k.attributeName("GSI2SK").keyType(KeyType.RANGE))
                                .projection(p -> p.projectionType(ProjectionType.ALL))));
    }

    @TearDown(Level.Trial)
    public void close() {
        engine.close();
    }

    static Map<String, AttributeValue> order(int customer, int order) {
        Map<String, AttributeValue> item = new HashMap<>(EngineApiBenchmark.order(customer, order));
        item.put("GSI2PK", AttributeValue.fromS("SKU#" + (customer * 7 + order) % 250));
        item.put("GSI2SK", AttributeValue.fromS(String.format("CUSTOMER#%05d#%02d", customer, order)));
        return item;
    }

    @Benchmark
    public void forkAndDrop() {
        String name = "test-" + forks++;
        engine.fork(SOURCE, name);
        engine.drop(name);
    }

    @Benchmark
    public void resetByFork() {
        String name = "test-" + forks++;
        engine.fork(SOURCE, name);
        changeTenItems(name);
        engine.drop(name);
    }

    @Benchmark
    public void resetByRollback() {
        changeTenItems(SOURCE);
        engine.rollback(SOURCE);
    }

    private void changeTenItems(String tableName) {
        for (int i = 0; i < 10; i++) {
            Map<String, AttributeValue> item = order(random.nextInt(CUSTOMERS), random.nextInt(ORDERS));
            client.putItem(b -> b.tableName(tableName).item(item));
        }
    }

    @Benchmark
    public GetItemResponse getItem(Target target) {
        Map<String, AttributeValue> key = Map.of("PK", AttributeValue.fromS("CUSTOMER#" + random.nextInt(CUSTOMERS)),
                "SK", AttributeValue.fromS(String.format("ORDER#%05d", random.nextInt(ORDERS))));
        return client.getItem(b -> b.tableName(target.table).key(key));
    }

    @Benchmark
    public PutItemResponse putItem(Target target) {
        Map<String, AttributeValue> item = order(random.nextInt(CUSTOMERS), random.nextInt(ORDERS));
        return client.putItem(b -> b.tableName(target.table).item(item));
    }

    @Benchmark
    public QueryResponse queryPartition(Target target) {
        return client.query(b -> b.tableName(target.table).indexName("GSI2").keyConditionExpression("GSI2PK = :sku")
                .expressionAttributeValues(Map.of(":sku", AttributeValue.fromS("SKU#" + random.nextInt(250)))));
    }
}
