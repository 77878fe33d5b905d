package dev.singletable.benchmarks;

import dev.singletable.engine.DynamoDbEngine;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.function.BiConsumer;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * What a fork per test costs beside the reset by rollback, on tables of 10,000 items with two GSIs (projection
 * ALL), through the SDK client over the in-memory transport. Both sides run in one process, interleaved and in
 * alternating order, so that a machine shared with other work slows both alike; the first round warms up and is
 * not counted.
 * <ul>
 *   <li>Reset: a test that changes 10 items, either on its own fork (timed: making the fork, dropping it) or on
 *       the table, rolled back to its checkpoint after (timed: the rollback). Target: a fork in under 0.1 ms.</li>
 *   <li>GetItem, PutItem and Query (a GSI2 partition) on a table never forked and on a fork of an identical
 *       table made afresh each round. Target: the fork within 10% of the table.</li>
 * </ul>
 * Prints Markdown tables.
 *
 * <pre>java -cp benchmarks/target/benchmarks.jar dev.singletable.benchmarks.ForkCost [rounds] [calls]</pre>
 */
public final class ForkCost {
    private static final String SOURCE = ResetBenchmark.TABLE;
    private static final String PLAIN = "plain";
    private static final int TESTS_PER_ROUND = 50;

    private ForkCost() {
    }

    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 10;
        int calls = args.length > 1 ? Integer.parseInt(args[1]) : 2_000;
        Random random = new Random(5);
        Map<String, BiConsumer<DynamoDbClient, String>> operations = new LinkedHashMap<>();
        operations.put("GetItem", (client, table) -> client.getItem(b -> b.tableName(table).key(Map.of(
                "PK", AttributeValue.fromS("CUSTOMER#" + random.nextInt(EngineApiBenchmark.CUSTOMERS)),
                "SK", AttributeValue.fromS(String.format("ORDER#%05d", random.nextInt(EngineApiBenchmark.ORDERS)))))));
        operations.put("PutItem", (client, table) -> client.putItem(b -> b.tableName(table).item(ResetBenchmark.order(
                random.nextInt(EngineApiBenchmark.CUSTOMERS), random.nextInt(EngineApiBenchmark.ORDERS)))));
        operations.put("Query GSI2", (client, table) -> client.query(b -> b.tableName(table).indexName("GSI2")
                .keyConditionExpression("GSI2PK = :sku")
                .expressionAttributeValues(Map.of(":sku", AttributeValue.fromS("SKU#" + random.nextInt(250))))));

        Stats fork = new Stats();
        Stats drop = new Stats();
        Stats rollback = new Stats();
        Map<String, Stats[]> reads = new LinkedHashMap<>();
        operations.keySet().forEach(name -> reads.put(name, new Stats[] {new Stats(), new Stats()}));
        try (DynamoDbEngine engine = DynamoDbEngine.builder().requestLogCapacity(1_000).build()) {
            DynamoDbClient client = engine.client();
            ResetBenchmark.load(engine, SOURCE);
            ResetBenchmark.load(engine, PLAIN);
            engine.checkpoint(PLAIN);
            for (int round = 0; round <= rounds; round++) {
                boolean counted = round > 0;
                for (int test = 0; test < TESTS_PER_ROUND; test++) {
                    String name = "test-" + round + "-" + test;
                    long start = System.nanoTime();
                    engine.fork(SOURCE, name);
                    long forked = System.nanoTime();
                    ResetBenchmark.changeTenItems(client, name, random);
                    long changed = System.nanoTime();
                    engine.drop(name);
                    long dropped = System.nanoTime();

                    ResetBenchmark.changeTenItems(client, PLAIN, random);
                    long before = System.nanoTime();
                    engine.rollback(PLAIN);
                    long rolledBack = System.nanoTime();
                    if (counted) {
                        fork.add(forked - start);
                        drop.add(dropped - changed);
                        rollback.add(rolledBack - before);
                    }
                }

                String forkOfRound = "round-" + round;
                engine.fork(SOURCE, forkOfRound);
                List<String> targets = round % 2 == 0 ? List.of(PLAIN, forkOfRound) : List.of(forkOfRound, PLAIN);
                for (Map.Entry<String, BiConsumer<DynamoDbClient, String>> operation : operations.entrySet()) {
                    for (String target : targets) {
                        int side = target.equals(PLAIN) ? 0 : 1;
                        Stats stats = counted ? reads.get(operation.getKey())[side] : new Stats();
                        for (int i = 0; i < calls; i++) {
                            long start = System.nanoTime();
                            operation.getValue().accept(client, target);
                            stats.add(System.nanoTime() - start);
                        }
                    }
                }
                engine.drop(forkOfRound);
                engine.rollback(PLAIN);
            }
        }

        System.out.printf(Locale.ROOT, "%d rounds, interleaved: %d tests a round; %d calls a target and operation%n%n",
                rounds, TESTS_PER_ROUND, calls);
        System.out.println("| reset of a test that changed 10 items | p50 µs | p90 µs | mean µs |");
        System.out.println("|---|---:|---:|---:|");
        row("fork (before the test)", fork);
        row("drop (after the test)", drop);
        row("rollback to the checkpoint (after the test)", rollback);
        System.out.println();
        System.out.println("| operation | table p50 µs | fork p50 µs | fork / table p50 | table ops/s | fork ops/s"
                + " | fork / table time |");
        System.out.println("|---|---:|---:|---:|---:|---:|---:|");
        reads.forEach((name, pair) -> System.out.printf(Locale.ROOT,
                "| %s | %.1f | %.1f | %.3f | %.0f | %.0f | %.3f |%n", name,
                pair[0].percentileMicros(50), pair[1].percentileMicros(50),
                pair[1].percentileMicros(50) / pair[0].percentileMicros(50), pair[0].opsPerSecond(),
                pair[1].opsPerSecond(), pair[0].opsPerSecond() / pair[1].opsPerSecond()));
    }

    private static void row(String what, Stats stats) {
        System.out.printf(Locale.ROOT, "| %s | %.1f | %.1f | %.1f |%n", what, stats.percentileMicros(50),
                stats.percentileMicros(90), 1e6 / stats.opsPerSecond());
    }
}
