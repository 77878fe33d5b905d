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
 * global secondary indexes (projection ALL), so the difference is what keeping the indexes in step costs; with
 * {@code 2-multi} the second index is keyed on two partition and two sort attributes, the price of a composite key.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class IndexMaintenanceBenchmark {
    private static final int ITEMS = 10_000;

    @Param({"0", "2", "2-multi"})
    public String indexes;

    private Table table;
    private final List<Map<String, Value>> items = new ArrayList<>();
    private final Random random = new Random(7);

    @Setup
    public void setup() {
        List<IndexDef> definitions = new ArrayList<>();
        if (!indexes.equals("0")) {
            definitions.add(index("GSI1", List.of("GSI1PK"), List.of("GSI1SK")));
            definitions.add(indexes.equals("2-multi") ? index("GSI2", List.of("GSI2PK", "status"),
                    List.of("total", "GSI2SK")) : index("GSI2", List.of("GSI2PK"), List.of("GSI2SK")));
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
        if (table.itemCount() != ITEMS || table.indexes().size() != definitions.size()
                || table.indexes().stream().anyMatch(index -> index.itemCount() != ITEMS)) {
            throw new IllegalStateException("setup wrote " + table.itemCount() + " items, not all of them indexed");
        }
    }

    private static IndexDef index(String name, List<String> partition, List<String> sort) {
        return new IndexDef(name, true, partition.stream().map(IndexMaintenanceBenchmark::key).toList(),
                sort.stream().map(IndexMaintenanceBenchmark::key).toList(), "ALL", List.of());
    }

    private static KeyDef key(String name) {
        return new KeyDef(name, name.equals("total") ? "N" : "S");
    }

    /** Replaces a random item with itself: the old entries leave every index and the new ones enter. */
    @Benchmark
    public Item put() {
        return table.put(items.get(random.nextInt(ITEMS)));
    }
}
