package dev.singletable.benchmarks;

import dev.singletable.engine.DynamoDbEngine;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Heap held by N forks of a table of 10,000 items with two GSIs (projection ALL), each fork written 10 times (as
 * a test on its own fork would): the table alone, then the table with the forks, after several
 * {@code System.gc()}; the forks' share is what their writes copied. Prints one line of key=value pairs.
 *
 * <pre>java -Xmx2g -cp benchmarks/target/benchmarks.jar dev.singletable.benchmarks.ForkFootprint 100</pre>
 */
public final class ForkFootprint {
    private static final int ITEMS = 10_000;
    private static final int WRITES_PER_FORK = 10;

    private ForkFootprint() {
    }

    public static void main(String[] args) {
        int forks = args.length > 0 ? Integer.parseInt(args[0]) : 100;
        Random random = new Random(11);
        try (DynamoDbEngine engine = DynamoDbEngine.builder().requestLogCapacity(1).build()) {
            ForkBenchmark.createTable(engine.client(), "app");
            List<Map<String, AttributeValue>> items = new ArrayList<>();
            for (int i = 0; i < ITEMS; i++) {
                items.add(ForkBenchmark.order(i / 20, i % 20));
            }
            long empty = MemoryFootprint.heapAfterGc();
            engine.load("app", items);
            long table = MemoryFootprint.heapAfterGc() - empty;
            for (int f = 0; f < forks; f++) {
                String fork = "fork-" + f;
                engine.fork("app", fork);
                for (int w = 0; w < WRITES_PER_FORK; w++) {
                    Map<String, AttributeValue> item = ForkBenchmark.order(random.nextInt(ITEMS / 20), random.nextInt(20));
                    engine.client().putItem(b -> b.tableName(fork).item(item));
                }
            }
            long withForks = MemoryFootprint.heapAfterGc() - empty;
            long perFork = (withForks - table) / forks;
            System.out.printf(Locale.ROOT, "items=%d indexes=2 tableKB=%.0f forks=%d writesPerFork=%d withForksKB=%.0f"
                            + " perForkKB=%.1f perForkShareOfTable=%.4f%n", ITEMS, table / 1024.0, forks,
                    WRITES_PER_FORK, withForks / 1024.0, perFork / 1024.0, (double) perFork / table);
        }
    }
}
