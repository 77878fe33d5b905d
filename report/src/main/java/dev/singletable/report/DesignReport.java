package dev.singletable.report;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.singletable.core.Backend;
import dev.singletable.core.Cost;
import dev.singletable.core.Coverage;
import dev.singletable.core.DesignLint;
import dev.singletable.core.DesignWarning;
import dev.singletable.core.ItemCollections;
import dev.singletable.core.SingleTable;
import dev.singletable.core.SparseIndex;
import dev.singletable.core.Verification;
import dev.singletable.fixtures.Fixtures;
import dev.singletable.fixtures.Rate;
import dev.singletable.fixtures.TableDesign;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
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
    private final List<SparseIndex> sparse;
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
        this.sparse = SparseIndex.of(fixtures);
        this.designWarnings = DesignLint.of(verification, options.scale());
        this.cost = Cost.of(verification, options.rates());
        List<String> all = new ArrayList<>();
        if (verification.checkedNothing()) {
            all.add(ResultsText.NOTHING_CHECKED);
        }
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
            return Verification.of(SingleTable.of(backend, design, name, fixtures));
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

    /**
     * @param file the coverage of a test run of this design's table, as the JUnit extension writes it
     * @return the report with that coverage (the HTML page shows it)
     * @throws IllegalArgumentException when the file is not a coverage file or is of another table; the message
     *                                  starts with the file
     * @throws UncheckedIOException     when the file cannot be read
     */
    public DesignReport withCoverage(Path file) {
        Coverage coverage = readCoverage(file);
        try {
            return withCoverage(coverage);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(file + ": " + e.getMessage(), e);
        }
    }

    private static Coverage readCoverage(Path file) {
        String json;
        try {
            json = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read coverage " + file, e);
        }
        try {
            return Coverage.fromJson(json);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(file + ": " + e.getMessage(), e);
        }
    }

    /**
     * Finds the coverage of this design's table among the files a test run left: the JUnit extension writes one
     * {@code coverage-TABLE.json} per design (a second design of the same table name gets {@code -2}, and so on),
     * so the one of this table is taken, and among several the one of a design file of this report's name.
     *
     * @param directory where the JUnit extension wrote the coverage of the last test run
     * @return the report with that coverage, or this report when the directory holds none of its table
     * @throws IllegalArgumentException when a coverage file there does not read as one; the message starts with
     *                                  the file
     * @throws UncheckedIOException     when the directory or a file cannot be read
     */
    public DesignReport withCoverageIn(Path directory) {
        if (!Files.isDirectory(directory)) {
            return this;
        }
        List<Coverage> ofTable = new ArrayList<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(directory, "coverage-*.json")) {
            for (Path file : files) {
                Coverage coverage = readCoverage(file);
                if (coverage.table().equals(table())) {
                    ofTable.add(coverage);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read coverage files in " + directory, e);
        }
        Optional<Coverage> chosen = ofTable.size() == 1 ? Optional.of(ofTable.get(0)) : ofTable.stream()
                .filter(c -> Path.of(c.design()).getFileName().toString().equals(source)).findFirst();
        return chosen.map(this::withCoverage).orElse(this);
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

    /**
     * Why the access patterns do not pass, one line each: that nothing was checked (a design without access
     * patterns, unless allowed), then each shortfall of each pattern call after its label.
     *
     * @param allowNoPatterns whether a design without access patterns passes (there was nothing to check)
     * @return the lines; empty when the patterns pass
     */
    public List<String> shortfalls(boolean allowNoPatterns) {
        List<String> lines = new ArrayList<>();
        if (verification.checkedNothing() && !allowNoPatterns) {
            lines.add(ResultsText.NOTHING_CHECKED);
        }
        verification.failed().forEach(check -> check.shortfalls().forEach(shortfall -> lines.add(check.label()
                + ": " + shortfall)));
        return lines;
    }

    /**
     * The exit verdict of {@code verify} and of the Maven plugin's verify goal.
     *
     * @param allowNoPatterns whether a design without access patterns passes (there was nothing to check)
     * @param failOnWarnings  whether a design lint warning fails it too
     * @return whether the design passes: no {@link #shortfalls}, and a quiet lint when asked for one
     */
    public boolean passes(boolean allowNoPatterns, boolean failOnWarnings) {
        return shortfalls(allowNoPatterns).isEmpty() && !(failOnWarnings && !designWarnings.isEmpty());
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
        ResultsText.write(out, table(), source, fixtures.items().size(), sparse, verification);
        InsightText.write(out, designWarnings, cost, options.prices());
    }

    /** @return the summary line of {@link #writeText}: how many checks of how many patterns, and how many failed */
    public String summary() {
        return ResultsText.summary(verification);
    }

    /** @param out where the results, the warnings and the cost go as one JSON document */
    public void writeJson(PrintWriter out) {
        ObjectNode document = ResultsJson.document(table(), source, sparse, verification);
        InsightJson.add(document, designWarnings, options.scale(), cost, options.prices());
        ResultsJson.write(out, document);
    }

    /** @param out where the results go as a JUnit XML test suite: one test case per pattern call */
    public void writeJunitXml(PrintWriter out) {
        ResultsJunitXml.write(out, table(), source, verification);
    }

    /** @return the report as one self-contained HTML page (inline styles, no script, nothing fetched) */
    public String html() {
        return ReportPage.render(new ReportPage.Content(source, verification, views, sparse, warnings, cost,
                options.prices(), options.coverage()));
    }
}
