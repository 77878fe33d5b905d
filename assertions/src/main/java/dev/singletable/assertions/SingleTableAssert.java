package dev.singletable.assertions;

import static dev.singletable.assertions.error.ShouldSatisfyEveryAccessPattern.shouldSatisfyEveryAccessPattern;

import dev.singletable.assertions.internal.Describe;
import dev.singletable.assertions.internal.KeyDiff;
import dev.singletable.engine.RequestLog;
import dev.singletable.engine.model.Operation;
import dev.singletable.engine.model.RequestLogEntry;
import dev.singletable.fixtures.AccessPattern;
import dev.singletable.fixtures.Expectation;
import dev.singletable.junit.AccessPatternCall;
import dev.singletable.junit.AccessPatternRun;
import dev.singletable.junit.SingleTable;
import java.util.ArrayList;
import java.util.List;
import org.assertj.core.annotation.CheckReturnValue;
import org.assertj.core.api.AbstractAssert;
import org.assertj.core.api.AssertionErrorCollector;
import software.amazon.awssdk.core.exception.SdkException;

/**
 * Assertions on a table of a single-table design: that every access pattern its design declares runs as a Query
 * and returns what its fixtures expect, and what the requests on it did.
 *
 * <pre>{@code
 * assertThat(table).everyAccessPattern();
 * assertThat(table).requestLog().hasNoScans();
 * }</pre>
 */
public class SingleTableAssert extends AbstractAssert<SingleTableAssert, SingleTable> {

    /** Set when this assert comes from {@link SingleTableSoftAssertions}: navigation then stays soft. */
    AssertionErrorCollector softly;

    /**
     * @param table the table to check
     */
    public SingleTableAssert(SingleTable table) {
        super(table, SingleTableAssert.class);
    }

    /**
     * Runs every access pattern of the design and verifies that each runs as a Query and returns the keys the
     * fixtures' {@code expect} section gives, in order. A pattern runs once per expectation, with its parameters;
     * a pattern without expectation runs once if it takes no parameters, and otherwise is reported as not
     * exercised. The failure lists every pattern that falls short, not just the first.
     *
     * <pre>{@code
     * assertThat(table).everyAccessPattern();
     * }</pre>
     *
     * @return this assertion object
     * @throws AssertionError listing each pattern that does not run as a Query, fails, returns other keys than
     *                        expected, or is not exercised
     */
    public SingleTableAssert everyAccessPattern() {
        isNotNull();
        List<String> shortfalls = new ArrayList<>();
        for (AccessPattern pattern : actual.design().accessPatterns()) {
            List<Expectation> expectations = actual.fixtures().expectations().stream()
                    .filter(e -> e.accessPattern().equals(pattern.name())).toList();
            if (!expectations.isEmpty()) {
                for (Expectation expectation : expectations) {
                    check(actual.accessPattern(pattern.name()).with(expectation.parameters()),
                            ", expected at " + expectation.location(), expectation, shortfalls);
                }
            } else if (pattern.parameters().isEmpty()) {
                check(actual.accessPattern(pattern.name()), "", null, shortfalls);
            } else {
                shortfalls.add(pattern.name() + ": not exercised: it takes " + String.join(", ", pattern.parameters())
                        + " and the fixtures expect nothing of it");
            }
        }
        if (!shortfalls.isEmpty()) {
            throw assertionError(shouldSatisfyEveryAccessPattern(actual.design(), shortfalls));
        }
        return myself;
    }

    private void check(AccessPatternCall call, String where, Expectation expectation, List<String> shortfalls) {
        String heading = Describe.call(call.pattern().name(), call.parameters()) + where;
        AccessPatternRun run;
        try {
            run = call.run();
        } catch (SdkException e) {
            shortfalls.add(heading + Describe.NEXT_LINE + "  failed:   " + Describe.error(e));
            return;
        }
        List<String> problems = new ArrayList<>();
        List<RequestLogEntry> requests = run.requests();
        if (requests.isEmpty()) {
            problems.add("no request recorded: the table's request log does not see this client's requests");
        } else if (!requests.stream().allMatch(r -> r.operation() == Operation.QUERY && r.succeeded())) {
            problems.add("is not a Query");
        }
        if (expectation != null) {
            List<String> names = actual.design().primaryKey().stream().map(k -> k.name()).toList();
            List<TableKey> expected = expectation.keys().stream().map(k -> TableKey.ofItem(k, names)).toList();
            List<TableKey> returned = AccessPatternAssert.keysOf(run.items(), actual);
            List<String> diff = KeyDiff.of(expected, returned, true);
            if (!diff.isEmpty()) {
                problems.add("returned: " + KeyDiff.join(returned));
                problems.add("expected: " + KeyDiff.join(expected));
                problems.addAll(diff);
            }
        }
        if (!problems.isEmpty()) {
            List<String> lines = new ArrayList<>();
            lines.add(heading);
            requests.forEach(r -> lines.add("  ran:      " + Describe.request(r).replace(Describe.NEXT_LINE,
                    Describe.NEXT_LINE + "  ")));
            problems.forEach(p -> lines.add("  " + p));
            shortfalls.add(Describe.block(lines));
        }
    }

    /**
     * Navigates to the requests on this table (in a test: the requests of the current test).
     *
     * <pre>{@code
     * new OrderRepository(table.client(), table.name()).openOrders(LocalDate.parse("2026-01-01"));
     * assertThat(table).requestLog().hasNoScans().singleQuery().onIndex("GSI1");
     * }</pre>
     *
     * @return assertions on the table's request log, with this assertion's description
     */
    @CheckReturnValue
    public RequestLogAssert requestLog() {
        isNotNull();
        RequestLogAssert next = Soft.navigate(softly, RequestLogAssert.class, RequestLog.class, actual.requestLog(),
                RequestLogAssert::new, info.description());
        next.softly = softly;
        return next;
    }
}
