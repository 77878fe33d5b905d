package dev.singletable.benchmarks;

import dev.singletable.engine.DynamoDbEngine;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * A fork per test against the undo-log reset: on a table of 10,000 items with two GSIs (projection ALL),
 * <ul>
 *   <li>{@code forkAndDrop}: what a test pays for its own fork, made and dropped (target: under 0.1 ms);</li>
 *   <li>{@code resetByFork}: a test that changes 10 items on its own fork, dropped after it (beside
 *       {@link ResetBenchmark}, the same test on the table rolled back to its checkpoint).</li>
 * </ul>
 * Reads and writes in a fork against a table: {@link ForkCost}.
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
    private static final String SOURCE = ResetBenchmark.TABLE;

    private DynamoDbEngine engine;
    private DynamoDbClient client;
    private final Random random = new Random(5);
    private int forks;

    @Setup(Level.Trial)
    public void load() {
        engine = DynamoDbEngine.builder().requestLogCapacity(1_000).build();
        client = engine.client();
        ResetBenchmark.load(engine, SOURCE);
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
}
