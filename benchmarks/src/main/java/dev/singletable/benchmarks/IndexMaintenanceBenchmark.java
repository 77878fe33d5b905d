package dev.singletable.benchmarks;

import dev.singletable.engine.internal.storage.IndexDef;
import dev.singletable.engine.internal.storage.Item;
import dev.singletable.engine.internal.storage.KeyDef;
import dev.singletable.engine.internal.storage.Table;
import dev.singletable.engine.internal.storage.TableMetadata;
import dev.singletable.engine.internal.storage.TableSettings;
import dev.singletable.engine.internal.value.Value;
import java.util.ArrayList;
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
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Index maintenance: {@code storage.Table.put} of an item that replaces one of 10,000, on a table with 0 or 2
 * global secondary indexes (projection ALL), so the difference is what keeping the indexes in step costs.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class IndexMaintenanceBenchmark {
    private static final int ITEMS = 10_000;

    @Param({"0", "2"})
    public int indexes;

    private Table table;
    private final List<Map<String, Value>> items = new ArrayList<>();
    private final Random random = new Random(7);

    @Setup
    public void setup() {
        List<IndexDef> definitions = new ArrayList<>();
        if (indexes >= 1) {
            definitions.add(new IndexDef("GSI1", true, new KeyDef("GSI1PK", "S"), new KeyDef("GSI1SK", "S"), "ALL",
                    List.of()));
        }
        if (indexes >= 2) {
            definitions.add(new IndexDef("GSI2", true, new KeyDef("GSI2PK", "S"), new KeyDef("GSI2SK", "S"), "ALL",
                    List.of()));
        }
        table = new Table(new TableMetadata("app", "arn:aws:dynamodb:us-east-1:000000000000:table/app", "id", 0,
                new KeyDef("PK", "S"), new KeyDef("SK", "S"), Map.of("PK", "S", "SK", "S"), definitions, Map.of(),
                TableSettings.of(TableSettings.Throughput.of(0, 0), null, null, false, Map.of()),
                null));
        for (int i = 0; i < ITEMS; i++) {
            Map<String, Value> item = Items.order(i);
            items.add(item);
            table.put(item);
        }
        if (table.itemCount() != ITEMS || table.indexes().size() != indexes) {
            throw new IllegalStateException("setup wrote " + table.itemCount() + " items");
        }
    }

    /** Replaces a random item with itself: the old entries leave every index and the new ones enter. */
    @Benchmark
    public Item put() {
        return table.put(items.get(random.nextInt(ITEMS)));
    }
}
