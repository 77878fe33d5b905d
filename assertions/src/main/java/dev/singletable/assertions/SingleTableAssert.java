package dev.singletable.assertions;

import static dev.singletable.assertions.error.ShouldHaveNoDesignWarnings.shouldHaveNoDesignWarnings;
import static dev.singletable.assertions.error.ShouldSatisfyEveryAccessPattern.shouldDeclareAccessPatterns;
import static dev.singletable.assertions.error.ShouldSatisfyEveryAccessPattern.shouldSatisfyEveryAccessPattern;
import static dev.singletable.assertions.error.ShouldStayWithinBudget.money;
import static dev.singletable.assertions.error.ShouldStayWithinBudget.shouldConsumeAtMostPerSecond;
import static dev.singletable.assertions.error.ShouldStayWithinBudget.shouldCostAtMost;

import dev.singletable.assertions.internal.Describe;
import dev.singletable.assertions.internal.KeyDiff;
import dev.singletable.core.Cost;
import dev.singletable.core.DesignLint;
import dev.singletable.core.DesignWarning;
import dev.singletable.core.PatternCheck;
import dev.singletable.core.Shortfall;
import dev.singletable.core.SingleTable;
import dev.singletable.core.Verification;
import dev.singletable.engine.RequestLog;
import dev.singletable.fixtures.Rate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
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
 * assertThat(table).hasNoDesignWarnings();
 * assertThat(table).consumesAtMost(100, 25);
 * }</pre>
 */
public class SingleTableAssert extends AbstractAssert<SingleTableAssert, SingleTable> {

    /** The collector of soft assertions, {@code null} for a hard assert: navigation then stays soft. */
    private AssertionErrorCollector softly;
    /** How many times the fixtures grow in production, for the lint. */
    private long scale = 1;
    /** Rates replacing the design's, for the budget. */
    private Map<String, Rate> rates = Map.of();

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
     * States how many times larger than in the fixtures each item collection grows in production, for
     * {@link #hasNoDesignWarnings()}: on a table with local indexes the lint judges item collections at this scale.
     *
     * <pre>{@code
     * assertThat(table).atScale(1_000_000).hasNoDesignWarningsOf(Kind.COLLECTION_GROWTH);
     * }</pre>
     *
     * @param scale the scale, at least 1 (the fixtures as they are, the default)
     * @return this assertion object
     * @throws IllegalArgumentException when the scale is below 1
     */
    public SingleTableAssert atScale(long scale) {
        if (scale < 1) {
            throw new IllegalArgumentException("a scale is how many times the fixtures grow, at least 1; got "
                    + scale);
        }
        this.scale = scale;
        return myself;
    }

    /**
     * Replaces the rates the design states ({@code rate: 50/s}) for the budget assertions.
     *
     * <pre>{@code
     * assertThat(table).usingRates(Map.of("ordersOfCustomer", "200/s", "Order", "20/s")).consumesAtMost(120, 40);
     * }</pre>
     *
     * @param rates by access pattern or entity name, e.g. {@code 50/s}, {@code 3000/min}
     * @return this assertion object
     * @throws IllegalArgumentException when a rate does not parse
     */
    public SingleTableAssert usingRates(Map<String, String> rates) {
        Map<String, Rate> parsed = new LinkedHashMap<>();
        rates.forEach((name, rate) -> parsed.put(name, Rate.parse(rate)));
        this.rates = parsed;
        return myself;
    }

    /**
     * Verifies that the design lint ({@link DesignLint}, the same as {@code singletable verify} prints) finds nothing:
     * no unpadded number in a sort key, hot or large partition, item near 400 KB, unread index, overloaded
     * attribute, projection wider or narrower than its patterns read, wasteful filter, or item collection growing
     * toward 10 GB at the {@link #atScale scale} stated.
     *
     * <pre>{@code
     * assertThat(table).hasNoDesignWarnings();
     * }</pre>
     *
     * @return this assertion object
     * @throws AssertionError listing every warning with the entity, attribute, pattern and fixture it comes from
     */
    public SingleTableAssert hasNoDesignWarnings() {
        return hasNoDesignWarnings(List.of());
    }

    /**
     * Verifies that the design lint finds nothing of the kinds given (and lets the others be).
     *
     * <pre>{@code
     * assertThat(table).hasNoDesignWarningsOf(Kind.HOT_PARTITION, Kind.UNPADDED_NUMBER);
     * }</pre>
     *
     * @param kind the kind of warning that fails the assertion
     * @param more more such kinds
     * @return this assertion object
     * @throws AssertionError listing every warning of those kinds
     */
    public SingleTableAssert hasNoDesignWarningsOf(DesignWarning.Kind kind, DesignWarning.Kind... more) {
        List<DesignWarning.Kind> kinds = new ArrayList<>(List.of(kind));
        kinds.addAll(List.of(more));
        return hasNoDesignWarnings(kinds);
    }

    private SingleTableAssert hasNoDesignWarnings(List<DesignWarning.Kind> kinds) {
        isNotNull();
        List<DesignWarning> warnings = DesignLint.of(Verification.of(actual), scale).stream()
                .filter(w -> kinds.isEmpty() || kinds.contains(w.kind())).toList();
        if (!warnings.isEmpty()) {
            throw assertionError(shouldHaveNoDesignWarnings(actual.design().tableName(), kinds, warnings));
        }
        return myself;
    }

    /**
     * Verifies the design's capacity budget: at the rates the design states (or {@link #usingRates those given}),
     * its access patterns and entity writes consume at most so many read and write capacity units a second, the
     * table and every index together — the per-design counterpart of a pattern call's
     * {@code consumesAtMost(rcu)}. Units come from {@link Cost}: each call's read units measured on the fixtures,
     * each write's units in every index that holds the item.
     *
     * <pre>{@code
     * assertThat(table).consumesAtMost(100, 25);
     * }</pre>
     *
     * @param readUnitsPerSecond  the most read capacity units a second
     * @param writeUnitsPerSecond the most write capacity units a second
     * @return this assertion object
     * @throws AssertionError giving what it consumes, per index
     * @throws IllegalArgumentException when a rate names neither a pattern nor an entity of the design
     */
    public SingleTableAssert consumesAtMost(double readUnitsPerSecond, double writeUnitsPerSecond) {
        isNotNull();
        Cost cost = Cost.of(Verification.of(actual), rates);
        Cost.IndexCost total = cost.total();
        if (total.readUnitsPerSecond() > readUnitsPerSecond || total.writeUnitsPerSecond() > writeUnitsPerSecond) {
            throw assertionError(shouldConsumeAtMostPerSecond(atRates(cost), readUnitsPerSecond, writeUnitsPerSecond,
                    total.readUnitsPerSecond(), total.writeUnitsPerSecond(), cost.indexes().stream()
                            .map(i -> String.format(Locale.ROOT, "%s: %.1f read, %.1f write", i.index(),
                                    i.readUnitsPerSecond(), i.writeUnitsPerSecond())).toList()));
        }
        return myself;
    }

    /**
     * Verifies the design's money budget: at the rates the design states (or {@link #usingRates those given}) and
     * the on-demand prices given, a month (730 hours) of its requests costs at most this much, to the cent.
     *
     * <pre>{@code
     * assertThat(table).costsAtMost(Cost.Prices.onDemand(0.25, 1.25), 100.00);
     * }</pre>
     *
     * @param prices  the prices of a million read and of a million write request units
     * @param monthly the most a month may cost, in the prices' currency
     * @return this assertion object
     * @throws AssertionError giving what it costs, per index
     * @throws IllegalArgumentException when the prices lack a request unit price, or a rate names neither a
     *                                  pattern nor an entity of the design
     */
    public SingleTableAssert costsAtMost(Cost.Prices prices, double monthly) {
        isNotNull();
        Cost cost = Cost.of(Verification.of(actual), rates);
        double costs = cost.total().onDemandMonthly(prices).orElseThrow(() -> new IllegalArgumentException(
                "costsAtMost needs the prices of read and write request units: Cost.Prices.onDemand(read, write)"));
        if (Math.round(costs * 100) > Math.round(monthly * 100)) {
            throw assertionError(shouldCostAtMost(atRates(cost), monthly, costs, cost.indexes().stream()
                    .map(i -> String.format(Locale.ROOT, "%s: %s (%,.0f read and %,.0f write request units)",
                            i.index(), money(i.onDemandMonthly(prices).orElse(0)), i.monthlyReadRequestUnits(),
                            i.monthlyWriteRequestUnits())).toList()));
        }
        return myself;
    }

    /** The design and the rates it is judged at, e.g. {@code orders at ordersOfCustomer 50/s, Order 5/s}. */
    private String atRates(Cost cost) {
        List<String> stated = new ArrayList<>();
        cost.patterns().forEach(p -> p.rate().ifPresent(r -> stated.add(p.pattern().name() + " " + r)));
        cost.writes().forEach(w -> w.rate().ifPresent(r -> stated.add(w.entity() + " " + r)));
        return actual.design().tableName() + " at " + (stated.isEmpty() ? "no rate" : String.join(", ", stated));
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
