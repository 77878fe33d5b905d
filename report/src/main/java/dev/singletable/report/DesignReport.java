package dev.singletable.report;

import dev.singletable.core.Backend;
import dev.singletable.core.SingleTable;
import dev.singletable.core.SparseIndex;
import dev.singletable.core.Verification;
import dev.singletable.fixtures.Fixtures;
import dev.singletable.fixtures.TableDesign;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Core's verdict on a design and its fixtures, rendered the one way every front end shows it: the text table
 * {@code singletable verify} prints, its JSON, the JUnit XML that CI servers read (one test case per pattern
 * call) and the self-contained HTML page of {@code singletable report}. It renders; {@link Verification} decides.
 *
 * <pre>{@code
 * DesignReport report = DesignReport.verify(Path.of("orders.table.yaml"), List.of(Path.of("orders.fixtures.yaml")),
 *         Map.of());
 * report.writeJunitXml(new PrintWriter(System.out, true));
 * }</pre>
 */
public final class DesignReport {
    private final String source;
    private final Fixtures fixtures;
    private final Verification verification;
    private final List<ItemCollections.View> views;
    private final List<SparseIndex> sparse;
    private final List<String> warnings;

    private DesignReport(String source, Fixtures fixtures, Verification verification) {
        this.source = source;
        this.fixtures = fixtures;
        this.verification = verification;
        this.views = ItemCollections.of(fixtures.design(), fixtures.items());
        this.sparse = SparseIndex.of(fixtures);
        this.warnings = DesignWarnings.of(fixtures.design(), views, verification);
    }

    /**
     * @param source       how the design file is named in the output (its file name)
     * @param fixtures     the fixtures the verification ran on, with their design
     * @param verification the verdict
     * @return the report
     */
    public static DesignReport of(String source, Fixtures fixtures, Verification verification) {
        return new DesignReport(source, fixtures, verification);
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
     * @return what a reviewer of the design should look at: each shortfall of a pattern, hot or large partitions,
     *         items near DynamoDB's 400 KB limit, indexes no pattern reads
     */
    public List<String> warnings() {
        return warnings;
    }

    /** @param out where the table of pattern calls, the reasons of the failed ones and a summary line go */
    public void writeText(PrintWriter out) {
        ResultsText.write(out, table(), source, fixtures.items().size(), sparse, verification);
    }

    /** @return the last line of {@link #writeText}: how many checks of how many patterns, and how many failed */
    public String summary() {
        return ResultsText.summary(verification);
    }

    /** @param out where the results go as one JSON document */
    public void writeJson(PrintWriter out) {
        ResultsJson.write(out, table(), source, sparse, verification);
    }

    /** @param out where the results go as a JUnit XML test suite: one test case per pattern call */
    public void writeJunitXml(PrintWriter out) {
        ResultsJunitXml.write(out, table(), source, verification);
    }

    /** @return the report as one self-contained HTML page (inline styles, no script, nothing fetched) */
    public String html() {
        return ReportPage.render(source, fixtures, verification, views, sparse, warnings);
    }
}
