package dev.singletable.benchmarks;

import dev.singletable.engine.DynamoDbEngine;
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
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/**
 * A fork per test against the undo-log reset: on a table of 10,000 items with two GSIs (projection ALL),
 * <ul>
 *   <li>{@code forkAndDrop}: what a test pays for its own fork (target: under 0.1 ms);</li>
 *   <li>{@code resetByFork}: a test that changes 10 items on its own fork, dropped after it (beside
 *       {@link ResetBenchmark}, the same test on the table rolled back to its checkpoint);</li>
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
    private static final String SOURCE = ResetBenchmark.TABLE;
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
        ResetBenchmark.load(engine, SOURCE);
        ResetBenchmark.load(engine, PLAIN);
    }

    @TearDown(Level.Trial)
    public void close() {
        engine.close();
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
        ResetBenchmark.changeTenItems(client, name, random);
        engine.drop(name);
    }

    @Benchmark
    public GetItemResponse getItem(Target target) {
        Map<String, AttributeValue> key = Map.of("PK", AttributeValue.fromS("CUSTOMER#" + random.nextInt(CUSTOMERS)),
                "SK", AttributeValue.fromS(String.format("ORDER#%05d", random.nextInt(ORDERS))));
        return client.getItem(b -> b.tableName(target.table).key(key));
    }

    @Benchmark
    public PutItemResponse putItem(Target target) {
        Map<String, AttributeValue> item = ResetBenchmark.order(random.nextInt(CUSTOMERS), random.nextInt(ORDERS));
        return client.putItem(b -> b.tableName(target.table).item(item));
    }

    @Benchmark
    public QueryResponse queryPartition(Target target) {
        return client.query(b -> b.tableName(target.table).indexName("GSI2").keyConditionExpression("GSI2PK = :sku")
                .expressionAttributeValues(Map.of(":sku", AttributeValue.fromS("SKU#" + random.nextInt(250)))));
    }
}
