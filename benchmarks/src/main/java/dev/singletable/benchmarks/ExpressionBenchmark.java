package dev.singletable.benchmarks;

import dev.singletable.engine.internal.expr.Condition;
import dev.singletable.engine.internal.expr.ExpressionContext;
import dev.singletable.engine.internal.value.Value;
import dev.singletable.engine.model.ExpressionKind;
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

/**
 * Expression parse and evaluate: a ConditionExpression of the kind a single-table design writes (a guard on the
 * key, a status list, a number comparison, a function on a nested path), parsed with its names and values, then
 * evaluated against an item that satisfies it.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class ExpressionBenchmark {
    static final String CONDITION = "attribute_exists(PK) AND #status IN (:open, :shipped) AND #total >= :min"
            + " AND (begins_with(#address.#city, :prefix) OR size(#lines) > :one) AND NOT contains(#tags, :blocked)";
    static final Map<String, String> NAMES = Map.of("#status", "status", "#total", "total", "#address", "address",
            "#city", "city", "#lines", "lines", "#tags", "tags");
    static final Map<String, Value> VALUES = Map.of(":open", new Value.S("OPEN"), ":shipped", new Value.S("SHIPPED"),
            ":min", Value.N.of(10), ":prefix", new Value.S("Ber"), ":one", Value.N.of(1), ":blocked",
            new Value.S("fraud"));

    private Condition condition;
    private Map<String, Value> item;

    @Setup
    public void setup() {
        condition = parse();
        item = Items.order(42);
        if (!condition.test(item)) {
            throw new IllegalStateException("the benchmark item must satisfy " + condition.canonical());
        }
    }

    @Benchmark
    public Condition parse() {
        return ExpressionContext.of(NAMES, VALUES).parseCondition(CONDITION, ExpressionKind.CONDITION);
    }

    @Benchmark
    public boolean evaluate() {
        return condition.test(item);
    }
}
