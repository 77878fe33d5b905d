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
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The per-test reset the JUnit extension uses today, on a table of 10,000 items with two GSIs (projection ALL):
 * a test that changes 10 items through the SDK client, then {@code engine.rollback} to the checkpoint
 * ({@code tenChangesAndRollback}), beside the same 10 changes alone ({@code tenChanges}). Uses only the engine's
 * public API, so that it runs on earlier commits too ({@code BEFORE_REF} in run-all.sh).
 *
 * <pre>java -jar benchmarks/target/benchmarks.jar ResetBenchmark -f 1 -wi 3 -i 5</pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class ResetBenchmark {
    static final int ITEMS = EngineApiBenchmark.CUSTOMERS * EngineApiBenchmark.ORDERS;
    static final String TABLE = "app";

    private DynamoDbEngine engine;
    private DynamoDbClient client;
    private final Random random = new Random(5);

    @Setup
    public void load() {
        engine = DynamoDbEngine.builder().requestLogCapacity(1_000).build();
        client = engine.client();
        load(engine, TABLE);
        engine.checkpoint(TABLE);
    }

    @TearDown
    public void close() {
        engine.close();
    }

    /** Makes a table of {@link #ITEMS} orders: PK/SK, GSI1 and GSI2, both projecting ALL. */
    static void load(DynamoDbEngine engine, String name) {
        EngineApiBenchmark.createOrders(engine.client(), name, "GSI1", "GSI2");
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        for (int i = 0; i < ITEMS; i++) {
            items.add(order(i / EngineApiBenchmark.ORDERS, i % EngineApiBenchmark.ORDERS));
        }
        engine.load(name, items);
    }

    /** An order of {@link EngineApiBenchmark} that is also on GSI2. */
    static Map<String, AttributeValue> order(int customer, int order) {
        Map<String, AttributeValue> item = new HashMap<>(EngineApiBenchmark.order(customer, order));
        item.put("GSI2PK", AttributeValue.fromS("SKU#" + (customer * 7 + order) % 250));
        item.put("GSI2SK", AttributeValue.fromS(String.format("CUSTOMER#%05d#%02d", customer, order)));
        return item;
    }

    /** What a test that changes 10 items writes: replacements of random items. */
    static void changeTenItems(DynamoDbClient client, String table, Random random) {
        for (int i = 0; i < 10; i++) {
            Map<String, AttributeValue> item = order(random.nextInt(EngineApiBenchmark.CUSTOMERS),
                    random.nextInt(EngineApiBenchmark.ORDERS));
            client.putItem(b -> b.tableName(table).item(item));
        }
    }

    @Benchmark
    public void tenChanges() {
        changeTenItems(client, TABLE, random);
    }

    @Benchmark
    public void tenChangesAndRollback() {
        changeTenItems(client, TABLE, random);
        engine.rollback(TABLE);
    }
}
