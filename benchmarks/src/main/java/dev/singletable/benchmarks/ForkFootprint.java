package dev.singletable.benchmarks;

import dev.singletable.engine.DynamoDbEngine;
import java.util.Locale;
import java.util.Random;

/**
 * Heap held by N forks of a table of 10,000 items with two GSIs (projection ALL), each fork written 10 times (as
 * a test on its own fork would): the table alone, then the table with the forks, after several
 * {@code System.gc()}; the forks' share is what their writes copied. Then the forks are dropped, and the heap
 * should be the table's again: a dropped fork frees what only it held. Prints one line of key=value pairs.
 *
 * <pre>java -Xmx2g -cp benchmarks/target/benchmarks.jar dev.singletable.benchmarks.ForkFootprint 100</pre>
 */
public final class ForkFootprint {
    private static final int WRITES_PER_FORK = 10; // as ResetBenchmark.changeTenItems writes

    private ForkFootprint() {
    }

    public static void main(String[] args) {
        int forks = args.length > 0 ? Integer.parseInt(args[0]) : 100;
        Random random = new Random(11);
        try (DynamoDbEngine engine = DynamoDbEngine.builder().requestLogCapacity(1).build()) {
            long empty = MemoryFootprint.heapAfterGc();
            ResetBenchmark.load(engine, "app");
            long table = MemoryFootprint.heapAfterGc() - empty;
            for (int f = 0; f < forks; f++) {
                String fork = "fork-" + f;
                engine.fork("app", fork);
                ResetBenchmark.changeTenItems(engine.client(), fork, random);
            }
            long withForks = MemoryFootprint.heapAfterGc() - empty;
            long perFork = (withForks - table) / forks;
            for (int f = 0; f < forks; f++) {
                engine.drop("fork-" + f);
            }
            long afterDrop = MemoryFootprint.heapAfterGc() - empty;
            System.out.printf(Locale.ROOT, "items=%d indexes=2 tableKB=%.0f forks=%d writesPerFork=%d withForksKB=%.0f"
                            + " perForkKB=%.1f perForkShareOfTable=%.4f afterDroppingForksKB=%.0f%n",
                    ResetBenchmark.ITEMS, table / 1024.0, forks, WRITES_PER_FORK, withForks / 1024.0, perFork / 1024.0,
                    (double) perFork / table, afterDrop / 1024.0);
        }
    }
}
