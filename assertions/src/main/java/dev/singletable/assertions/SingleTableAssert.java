package dev.singletable.assertions;

import static dev.singletable.assertions.error.ShouldSatisfyEveryAccessPattern.shouldDeclareAccessPatterns;
import static dev.singletable.assertions.error.ShouldSatisfyEveryAccessPattern.shouldSatisfyEveryAccessPattern;

import dev.singletable.assertions.internal.Describe;
import dev.singletable.assertions.internal.KeyDiff;
import dev.singletable.core.PatternCheck;
import dev.singletable.core.Shortfall;
import dev.singletable.core.SingleTable;
import dev.singletable.core.Verification;
import dev.singletable.engine.RequestLog;
import java.util.ArrayList;
import java.util.List;
import org.assertj.core.annotation.CheckReturnValue;
import org.assertj.core.api.AbstractAssert;
import org.assertj.core.api.AssertionErrorCollector;

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

    /** The collector of soft assertions, {@code null} for a hard assert: navigation then stays soft. */
    private AssertionErrorCollector softly;

    /**
     * @param table the table to check
     */
    public SingleTableAssert(SingleTable table) {
        super(table, SingleTableAssert.class);
    }

    /**
     * Verifies that every access pattern of the design runs as a Query (or a key lookup) on the index it declares
     * and returns the keys the fixtures' {@code expect} section gives, in order: the verdict of
     * {@link Verification}, the same as {@code singletable verify}'s. A pattern runs once per expectation, with
     * its parameters; a pattern without expectation runs once if it takes no parameters, and otherwise is reported
     * as not exercised. The failure lists every pattern call that falls short, not just the first.
     *
     * <pre>{@code
     * assertThat(table).everyAccessPattern();
     * }</pre>
     *
     * @return this assertion object
     * @throws AssertionError listing each pattern call that does not run as a Query, reads another index, fails,
     *                        returns other keys than expected, or is not exercised; or saying that the design
     *                        declares no access pattern, so that nothing was checked
     */
    public SingleTableAssert everyAccessPattern() {
        isNotNull();
        Verification verification = Verification.of(actual);
        if (verification.checkedNothing()) {
            throw assertionError(shouldDeclareAccessPatterns(actual.design()));
        }
        List<String> shortfalls = verification.failed().stream().map(SingleTableAssert::shortfall).toList();
        if (!shortfalls.isEmpty()) {
            throw assertionError(shouldSatisfyEveryAccessPattern(actual.design(), shortfalls));
        }
        return myself;
    }

    private static String shortfall(PatternCheck check) {
        if (!check.ran() && check.shortfalls().get(0) instanceof Shortfall.NotExercised) {
            return check.pattern().name() + ": not exercised: it takes " + String.join(", ",
                    check.pattern().parameters()) + " and the fixtures expect nothing of it";
        }
        List<String> lines = new ArrayList<>();
        lines.add(check.label() + check.expectation().map(e -> ", expected at " + e.location()).orElse(""));
        check.requests().forEach(r -> lines.add("  ran:      " + Describe.request(r).replace(Describe.NEXT_LINE,
                Describe.NEXT_LINE + "  ")));
        for (Shortfall shortfall : check.shortfalls()) {
            if (shortfall instanceof Shortfall.EndpointError error) {
                lines.add("  failed:   " + error.errorCode() + ": " + error.message());
            } else if (shortfall instanceof Shortfall.UnexpectedKeys keys) {
                lines.add("  returned: " + KeyDiff.join(keys.returned()));
                lines.add("  expected: " + KeyDiff.join(keys.expected()));
                KeyDiff.of(keys.difference(), true).forEach(line -> lines.add("  " + line));
            } else {
                lines.add("  " + shortfall);
            }
        }
        return Describe.block(lines);
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
        return Soft.navigate(softly, RequestLogAssert.class, RequestLog.class, actual.requestLog(),
                RequestLogAssert::new, info.description()).collectingInto(softly);
    }

    /** For {@link SingleTableSoftAssertionsProvider}: collect the failures of navigation into its collector. */
    SingleTableAssert collectingInto(AssertionErrorCollector collector) {
        softly = collector;
        return myself;
    }
}
