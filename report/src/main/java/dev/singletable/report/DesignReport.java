package dev.singletable.report;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.singletable.core.Backend;
import dev.singletable.core.Cost;
import dev.singletable.core.Coverage;
import dev.singletable.core.DesignLint;
import dev.singletable.core.DesignWarning;
import dev.singletable.core.ItemCollections;
import dev.singletable.core.SingleTable;
import dev.singletable.core.Verification;
import dev.singletable.fixtures.Fixtures;
import dev.singletable.fixtures.Rate;
import dev.singletable.fixtures.TableDesign;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Core's verdict on a design and its fixtures, with its lint, its cost and (when given) the coverage of a test
 * run, rendered the one way every front end shows them: the text table {@code singletable verify} prints, its JSON,
 * the JUnit XML that CI servers read (one test case per pattern call) and the self-contained HTML page of
 * {@code singletable report}. It renders; {@link Verification}, {@link DesignLint}, {@link Cost} and
 * {@link Coverage} decide. Immutable: {@code atScale}, {@code atRates}, {@code withPrices} and {@code withCoverage}
 * return a new report.
 *
 * <pre>{@code
 * DesignReport report = DesignReport.verify(Path.of("orders.table.yaml"), List.of(Path.of("orders.fixtures.yaml")),
 *         Map.of()).withPrices(Cost.Prices.onDemand(0.125, 0.625));
 * report.writeJunitXml(new PrintWriter(System.out, true));
 * }</pre>
 */
public final class DesignReport {
    private final String source;
    private final Fixtures fixtures;
    private final Verification verification;
    private final Options options;
    private final List<ItemCollections.View> views;
    private final List<DesignWarning> designWarnings;
    private final List<String> warnings;
    private final Cost cost;

    /** What the report is asked beyond the verdict: the lint's scale, rates, prices, a test run's coverage. */
    private record Options(long scale, Map<String, Rate> rates, Cost.Prices prices, Optional<Coverage> coverage) {
    }

    private DesignReport(String source, Fixtures fixtures, Verification verification, Options options) {
        this.source = source;
        this.fixtures = fixtures;
        this.verification = verification;
        this.options = options;
        this.views = ItemCollections.of(fixtures);
        this.designWarnings = DesignLint.of(verification, options.scale());
        this.cost = Cost.of(verification, options.rates());
        List<String> all = new ArrayList<>();
        verification.failed().forEach(r -> r.shortfalls().forEach(p -> all.add("access pattern " + r.label() + ": "
                + p)));
        designWarnings.forEach(w -> all.add(w.toString()));
        this.warnings = List.copyOf(all);
    }

    /**
     * @param source       how the design file is named in the output (its file name)
     * @param fixtures     the fixtures the verification ran on, with their design
     * @param verification the verdict
     * @return the report, its lint at the fixtures' scale and its cost at the design's rates
     */
    public static DesignReport of(String source, Fixtures fixtures, Verification verification) {
        return new DesignReport(source, fixtures, verification, new Options(1, Map.of(), Cost.Prices.NONE,
                Optional.empty()));
    }

    /**
     * Reads the design and the fixtures, seeds them into a fresh in-process engine, verifies every access pattern
     * there and closes the engine.
     *
     * @param design    the design descriptor
     * @param fixtures  the fixture files, in order
     * @param variables values of the fixtures' {@code ${NAME}} variables
     * @return the report on that verification
     * @throws dev.singletable.fixtures.DesignException  when the design is not valid (with file:line:column)
     * @throws dev.singletable.fixtures.FixtureException when the fixtures do not match it
     */
    public static DesignReport verify(Path design, List<Path> fixtures, Map<String, String> variables) {
        TableDesign table = TableDesign.load(design);
        Fixtures loaded = Fixtures.load(table, fixtures, variables);
        return of(design.getFileName().toString(), loaded, verifyOnEngine(loaded));
    }

    private static Verification verifyOnEngine(Fixtures fixtures) {
        TableDesign design = fixtures.design();
        try (Backend backend = Backend.embedded()) {
            String name = design.tableName();
            backend.provision(design, name, fixtures.itemMaps());
            // The handle's log starts now, so it shows only what the access patterns do.
            return Verification.of(SingleTable.of(backend.client(), backend.requestLog(), design, name, fixtures));
        }
    }

    /**
     * @param scale how many times the fixtures grow in production, at least 1
     * @return the report with the lint judged at that scale
     * @throws IllegalArgumentException when the scale is below 1
     */
    public DesignReport atScale(long scale) {
        return new DesignReport(source, fixtures, verification, new Options(scale, options.rates(),
                options.prices(), options.coverage()));
    }

    /**
     * @param rates rates by access pattern or entity name, replacing the design's
     * @return the report with the cost at those rates
     * @throws IllegalArgumentException when a rate names neither a pattern nor an entity of the design
     */
    public DesignReport atRates(Map<String, Rate> rates) {
        return new DesignReport(source, fixtures, verification, new Options(options.scale(), Map.copyOf(rates),
                options.prices(), options.coverage()));
    }

    /**
     * @param prices the prices to put money on the monthly cost with
     * @return the report with money
     */
    public DesignReport withPrices(Cost.Prices prices) {
        return new DesignReport(source, fixtures, verification, new Options(options.scale(), options.rates(),
                prices, options.coverage()));
    }

    /**
     * @param coverage the coverage of a test run of this design's table, as the JUnit extension writes it
     * @return the report with that coverage (the HTML page shows it)
     * @throws IllegalArgumentException when the coverage is of another table
     */
    public DesignReport withCoverage(Coverage coverage) {
        if (!coverage.table().equals(table())) {
            throw new IllegalArgumentException("the coverage is of table " + coverage.table() + ", not of "
                    + table());
        }
        return new DesignReport(source, fixtures, verification, new Options(options.scale(), options.rates(),
                options.prices(), Optional.of(coverage)));
    }

    /** @return the verdict */
    public Verification verification() {
        return verification;
    }

    /** @return the design's table name */
    public String table() {
        return fixtures.design().tableName();
    }

    /** @return the fixtures, with their design */
    public Fixtures fixtures() {
        return fixtures;
    }

    /**
     * @return what a reviewer of the design should look at, one line each: each shortfall of a pattern, then the
     *         design lint's warnings
     */
    public List<String> warnings() {
        return warnings;
    }

    /** @return the design lint's warnings, typed */
    public List<DesignWarning> designWarnings() {
        return designWarnings;
    }

    /** @return the cost estimate */
    public Cost cost() {
        return cost;
    }

    /** @return the coverage of a test run, when one was given */
    public Optional<Coverage> coverage() {
        return options.coverage();
    }

    /**
     * @param out where the table of pattern calls, the reasons of the failed ones, a summary line, the design
     *            warnings and (with rates or prices) the cost per index go
     */
    public void writeText(PrintWriter out) {
        ResultsText.write(out, table(), source, fixtures.items().size(), verification);
        InsightText.write(out, designWarnings, cost, options.prices());
    }

    /** @return the summary line of {@link #writeText}: how many checks of how many patterns, and how many failed */
    public String summary() {
        return ResultsText.summary(verification);
    }

    /** @param out where the results, the warnings and the cost go as one JSON document */
    public void writeJson(PrintWriter out) {
        ObjectNode document = ResultsJson.document(table(), source, verification);
        InsightJson.add(document, designWarnings, options.scale(), cost, options.prices());
        ResultsJson.write(out, document);
    }

    /** @param out where the results go as a JUnit XML test suite: one test case per pattern call */
    public void writeJunitXml(PrintWriter out) {
        ResultsJunitXml.write(out, table(), source, verification);
    }

    /** @return the report as one self-contained HTML page (inline styles, no script, nothing fetched) */
    public String html() {
        return ReportPage.render(new ReportPage.Content(source, verification, views, warnings, cost,
                options.prices(), options.coverage()));
    }
}
