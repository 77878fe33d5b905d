package dev.singletable.maven;

import dev.singletable.core.Cost;
import dev.singletable.fixtures.LocatedException;
import dev.singletable.fixtures.Rate;
import dev.singletable.report.DesignReport;
import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.function.Consumer;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * What both goals share: the configured designs, verified on a fresh in-process engine each, with their design
 * lint at the configured scale, their cost at the configured rates and prices and the coverage of the last test
 * run, and the reports directory their pages go to. Each design's verdict is core's, rendered by {@code singletable-report}: the same
 * as {@code singletable verify} and {@code singletable report} give for the same files.
 */
abstract class DesignsMojo extends AbstractMojo {

    /** The designs to verify, each with its fixture files and variables. */
    @Parameter(required = true)
    List<Design> designs;

    /** Where the JUnit XML ({@code TEST-singletable-TABLE.xml}) and the HTML pages ({@code TABLE.html}) go. */
    @Parameter(property = "singletable.reportsDirectory",
            defaultValue = "${project.build.directory}/singletable-reports")
    File reportsDirectory;

    /**
     * How many times larger than in the fixtures each item collection grows in production: the design lint judges
     * the item collections of a table with local indexes at this scale ({@code singletable verify --scale}).
     */
    @Parameter(property = "singletable.scale", defaultValue = "1")
    long scale;

    /**
     * How often access patterns are called and entities written, by name, replacing the design's rates for the
     * cost estimate: {@code <rates><ordersOfCustomer>50/s</ordersOfCustomer><Order>3000/min</Order></rates>}
     * (units {@code s}, {@code min}, {@code h}, {@code day}).
     */
    @Parameter
    Map<String, String> rates = new LinkedHashMap<>();

    /** Price of a million read request units, for the monthly on-demand cost. */
    @Parameter(property = "singletable.readRequestPrice")
    Double readRequestPrice;

    /** Price of a million write request units, for the monthly on-demand cost. */
    @Parameter(property = "singletable.writeRequestPrice")
    Double writeRequestPrice;

    /** Price of a read capacity unit for an hour, for the monthly provisioned cost. */
    @Parameter(property = "singletable.readCapacityPrice")
    Double readCapacityPrice;

    /** Price of a write capacity unit for an hour, for the monthly provisioned cost. */
    @Parameter(property = "singletable.writeCapacityPrice")
    Double writeCapacityPrice;

    /**
     * Where the JUnit extension wrote the access pattern coverage of the test run ({@code coverage-TABLE.json}):
     * each design's page shows the coverage of its table when a file of it is there.
     */
    @Parameter(property = "singletable.coverageDirectory", defaultValue = "${project.build.directory}/singletable")
    File coverageDirectory;

    /** Skips the goal. */
    @Parameter(property = "singletable.skip", defaultValue = "false")
    boolean skip;

    @Parameter(defaultValue = "${project.basedir}", readonly = true, required = true)
    File basedir;

    @Override
    public final void execute() throws MojoExecutionException, MojoFailureException {
        if (skip) {
            getLog().info("Skipping: singletable.skip is set");
            return;
        }
        if (designs == null || designs.isEmpty()) {
            throw new MojoFailureException("No design configured: name one in <designs><design><file>...</file>"
                    + "</design></designs>");
        }
        List<DesignReport> reports = new ArrayList<>();
        for (Design design : designs) {
            reports.add(verify(design));
        }
        conclude(reports);
    }

    /**
     * What the goal does with the verdicts.
     *
     * @param reports one per configured design, in order
     */
    abstract void conclude(List<DesignReport> reports) throws MojoExecutionException, MojoFailureException;

    private DesignReport verify(Design design) throws MojoFailureException {
        if (design.file() == null) {
            throw new MojoFailureException("A <design> has no <file>: name its design descriptor");
        }
        Path file = resolve(design.file());
        List<Path> fixtures = design.fixtures().stream().map(this::resolve).toList();
        for (Path path : concat(file, fixtures)) {
            if (!Files.isRegularFile(path)) {
                throw new MojoFailureException("No such file: " + path);
            }
        }
        DesignReport report;
        try {
            report = DesignReport.verify(file, fixtures, design.variables());
        } catch (LocatedException e) {
            throw new MojoFailureException(e.getMessage(), e);
        }
        return withInsight(report);
    }

    /** The report at the configured scale, rates and prices, with the coverage of the last test run. */
    private DesignReport withInsight(DesignReport report) throws MojoFailureException {
        if (scale < 1) {
            throw new MojoFailureException("<scale> is how many times the fixtures grow, at least 1; got " + scale);
        }
        Map<String, Rate> parsed = new LinkedHashMap<>();
        for (Map.Entry<String, String> rate : rates.entrySet()) {
            try {
                parsed.put(rate.getKey(), Rate.parse(rate.getValue()));
            } catch (IllegalArgumentException e) {
                throw new MojoFailureException("<rates><" + rate.getKey() + ">" + rate.getValue() + "</"
                        + rate.getKey() + ">: " + e.getMessage(), e);
            }
        }
        try {
            report = report.atScale(scale).atRates(parsed).withPrices(new Cost.Prices(optional(readRequestPrice),
                    optional(writeRequestPrice), optional(readCapacityPrice), optional(writeCapacityPrice)));
        } catch (IllegalArgumentException e) {
            throw new MojoFailureException("Design of table " + report.table() + ": " + e.getMessage(), e);
        }
        if (coverageDirectory == null) {
            return report;
        }
        try {
            report = report.withCoverageIn(coverageDirectory.toPath());
        } catch (IllegalArgumentException e) {
            throw new MojoFailureException("Not a coverage file the JUnit extension wrote: " + e.getMessage(), e);
        }
        report.coverage().ifPresent(c -> getLog().info("Access pattern coverage of table " + c.table()
                + " in the last test run: " + c.summary()));
        return report;
    }

    private static OptionalDouble optional(Double value) {
        return value == null ? OptionalDouble.empty() : OptionalDouble.of(value);
    }

    private Path resolve(File file) {
        return (file.isAbsolute() ? file : new File(basedir, file.getPath())).toPath().normalize();
    }

    private static List<Path> concat(Path first, List<Path> rest) {
        List<Path> all = new ArrayList<>();
        all.add(first);
        all.addAll(rest);
        return all;
    }

    /**
     * @param reports the verdicts, in order
     * @return for each, the name its files take: the table's, and for a second design of the same table
     *         {@code table-2} and so on, so that no report overwrites another
     */
    static List<String> fileNames(List<DesignReport> reports) {
        List<String> names = new ArrayList<>();
        for (DesignReport report : reports) {
            String base = report.table().replaceAll("[^A-Za-z0-9._-]", "_");
            String name = base;
            for (int n = 2; names.contains(name); n++) {
                name = base + "-" + n;
            }
            names.add(name);
        }
        return names;
    }

    /** Writes the report's HTML page as {@code NAME.html}; the path is logged. */
    void writeHtml(DesignReport report, String name) throws MojoExecutionException {
        Path page = write(name + ".html", out -> out.write(report.html()));
        getLog().info("Report of table " + report.table() + ": " + page + " (" + report.warnings().size()
                + (report.warnings().size() == 1 ? " warning)" : " warnings)"));
    }

    /** Writes a file of the reports directory. */
    Path write(String name, Consumer<PrintWriter> content) throws MojoExecutionException {
        Path file = reportsDirectory.toPath().resolve(name);
        try {
            Files.createDirectories(file.getParent());
            try (Writer writer = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
                    PrintWriter out = new PrintWriter(writer)) {
                content.accept(out);
            }
        } catch (IOException | UncheckedIOException e) {
            throw new MojoExecutionException("Cannot write " + file + ": " + e.getMessage(), e);
        }
        return file;
    }
}
