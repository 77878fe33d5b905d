package dev.singletable.core;

import dev.singletable.engine.model.AttributeCondition;
import dev.singletable.engine.model.ExpressionKind;
import dev.singletable.engine.model.KeyCondition;
import dev.singletable.engine.model.RequestLogEntry;
import dev.singletable.fixtures.AccessPattern;
import dev.singletable.fixtures.DynamoValues;
import dev.singletable.fixtures.TableDesign;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Collects the coverage of one design over a test run: after each test, {@link #record} looks at the application's
 * reads on the table — Queries, Scans, key lookups and PartiQL SELECTs that succeeded, and not the toolkit's own
 * access pattern runs ({@link AccessPatternCall#run()}) — and counts each against every declared pattern whose
 * shape it has ({@link PatternShape#matches}), or as undeclared when it has none. Writes are not access patterns
 * and are not counted. Thread-safe: classes of one design may run in parallel.
 *
 * <pre>{@code
 * CoverageRecorder recorder = CoverageRecorder.of(design, "orders.table.yaml");
 * // after each test:
 * recorder.record(table, "OrdersTest.findsOpenOrders()");
 * // at the end of the run:
 * Coverage coverage = recorder.coverage();
 * }</pre>
 */
public final class CoverageRecorder {
    /** Everything of a key value after its last separator varies from call to call. */
    private static final String SEPARATORS = "#:|/";

    private final TableDesign design;
    private final String source;
    private final Map<String, Use> uses = new LinkedHashMap<>();
    private final Map<String, Undeclared> undeclared = new LinkedHashMap<>();

    private CoverageRecorder(TableDesign design, String source) {
        this.design = design;
        this.source = source;
        design.accessPatterns().forEach(p -> uses.put(p.name(), new Use()));
    }

    /**
     * @param design the design whose patterns are counted
     * @param source where the design was read from, for the report
     * @return a recorder with nothing counted
     */
    public static CoverageRecorder of(TableDesign design, String source) {
        return new CoverageRecorder(design, source);
    }

    /** @return the design whose coverage is recorded */
    public TableDesign design() {
        return design;
    }

    /**
     * Counts the application's reads in a table's request log.
     *
     * @param table a table of the design, whose request log holds what a test did
     * @param test  the test, as {@code Class.method()}
     */
    public synchronized void record(SingleTable table, String test) {
        // loops, not streams: this runs after every test of a run, mostly before the JIT has compiled any of it
        for (RequestLogEntry request : table.requestLog().entries()) {
            if (!PatternShape.isRead(request) || !request.succeeded()
                    || !table.name().equals(request.table().orElse(null))
                    || table instanceof Handle handle && handle.sentByToolkit(request)) {
                continue;
            }
            boolean served = false;
            for (AccessPattern pattern : design.accessPatterns()) {
                if (PatternShape.matches(pattern, request)) {
                    uses.get(pattern.name()).add(test);
                    served = true;
                }
            }
            if (!served) {
                undeclared.computeIfAbsent(shape(request), shape -> new Undeclared(request, shape, new Use()))
                        .use().add(test);
            }
        }
    }

    /** @return what has been counted so far */
    public synchronized Coverage coverage() {
        return new Coverage(design.tableName(), source, design.accessPatterns().stream().map(p -> {
            Use use = uses.get(p.name());
            return new Coverage.PatternUse(p.name(), p.indexName().orElse("table"), use.requests,
                    List.copyOf(use.tests));
        }).toList(), undeclared.values().stream().map(this::undeclaredRead).toList());
    }

    private Coverage.UndeclaredRead undeclaredRead(Undeclared reads) {
        RequestLogEntry first = reads.first();
        Optional<AccessPattern> nearest = first.keyCondition().isEmpty() ? Optional.empty()
                : design.accessPatterns().stream().filter(p -> !p.scan())
                        .min(Comparator.comparingInt(p -> PatternShape.differences(p, first).size()));
        return new Coverage.UndeclaredRead(first.operationName(), first.index().orElse("table"), reads.shape(),
                reads.use().requests, first.expression(ExpressionKind.KEY_CONDITION)
                        .or(() -> first.expression(ExpressionKind.FILTER)).orElse(""),
                List.copyOf(reads.use().tests), nearest.map(AccessPattern::name),
                nearest.map(p -> PatternShape.differences(p, first)).orElse(List.of()));
    }

    /**
     * What a read asks, without what varies between calls: {@code Query on index GSI1 where GSI1PK = "STATUS#…"}.
     * Key values keep their text up to the last separator ({@code #}, {@code :}, {@code |}, {@code /}); a value
     * without digits is taken as a constant and kept whole.
     */
    static String shape(RequestLogEntry request) {
        String on = request.index().map(i -> "index " + i).orElse("the table");
        Optional<KeyCondition> key = request.keyCondition();
        if (key.isEmpty()) {
            return request.operationName() + (request.isScan() || request.access().isPresent() ? " of " : " on ") + on
                    + request.expression(ExpressionKind.FILTER).map(f -> " with a filter").orElse("");
        }
        StringBuilder shape = new StringBuilder(request.operationName()).append(" on ").append(on)
                .append(" where ").append(key.get().partitionAttribute()).append(" = ")
                .append(general(key.get().partitionValue()));
        key.get().sortCondition().ifPresent(sort -> shape.append(" AND ").append(sortShape(sort)));
        return shape.toString();
    }

    private static String sortShape(AttributeCondition sort) {
        List<String> operands = sort.operands().stream().map(CoverageRecorder::general).toList();
        return switch (sort.operator()) {
            case BEGINS_WITH -> "begins_with(" + sort.attribute() + ", " + DynamoValues.display(sort.operands().get(0))
                    + ")";
            case BETWEEN -> sort.attribute() + " BETWEEN " + operands.get(0) + " AND " + operands.get(1);
            case EQ -> sort.attribute() + " = " + operands.get(0);
            case LT -> sort.attribute() + " < " + operands.get(0);
            case LE -> sort.attribute() + " <= " + operands.get(0);
            case GT -> sort.attribute() + " > " + operands.get(0);
            case GE -> sort.attribute() + " >= " + operands.get(0);
        };
    }

    private static String general(AttributeValue value) {
        String text = value.s();
        if (text == null) {
            return "…";
        }
        if (!hasDigit(text)) {
            return DynamoValues.display(value);
        }
        // what follows the last separator varies: it goes, the separator stays
        int last = -1;
        for (int i = 0; i < text.length(); i++) {
            if (SEPARATORS.indexOf(text.charAt(i)) >= 0) {
                last = i;
            }
        }
        return "\"" + text.substring(0, last + 1) + "…\"";
    }

    private static boolean hasDigit(String text) {
        for (int i = 0; i < text.length(); i++) {
            if (Character.isDigit(text.charAt(i))) {
                return true;
            }
        }
        return false;
    }

    /** The requests that served one declared pattern, or of one undeclared shape. */
    private static final class Use {
        private int requests;
        private final Set<String> tests = new LinkedHashSet<>();

        void add(String test) {
            requests++;
            tests.add(test);
        }
    }

    /** Undeclared reads of one shape, and the first of them. */
    private record Undeclared(RequestLogEntry first, String shape, Use use) {
    }
}
