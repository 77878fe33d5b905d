package dev.singletable.benchmarks;

import dev.singletable.engine.internal.value.Sizes;
import dev.singletable.engine.internal.value.Value;
import java.util.Map;
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
import org.openjdk.jmh.annotations.Warmup;

/** Item size computation (DynamoDB's size rules), which every write runs for the 400 KB limit and capacity. */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class ItemSizeBenchmark {
    private Map<String, Value> item;

    @Setup
    public void setup() {
        item = Items.order(42);
    }

    @Benchmark
    public long itemSize() {
        return Sizes.itemSize(item);
    }
}
