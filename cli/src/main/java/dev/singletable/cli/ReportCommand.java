package dev.singletable.cli;

import dev.singletable.report.DesignReport;
import dev.singletable.report.Words;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code singletable report}: the design, its data and its access patterns on one HTML page. */
@Command(name = "report", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Writes one self-contained HTML page: the item collections of the table and of every index "
                + "(as NoSQL Workbench's aggregate view shows them) with a picture of their partitions by items and "
                + "bytes, which pattern reads which index, the access patterns with verify's columns, item sizes "
                + "with their write and read units, the cost per pattern and per write (and per month at the stated "
                + "rates), the coverage of the last test run (--coverage), and the design's warnings."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:report written", "2:usage or input error"})
final class ReportCommand implements Callable<Integer> {
    @Mixin
    DesignInput input;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", defaultValue = "report.html",
            description = "Where to write the page (default: ${DEFAULT-VALUE}).")
    Path output;

    @Option(names = "--coverage", paramLabel = "FILE", description = "The coverage of a test run, as the JUnit "
            + "extension writes it (target/singletable/coverage-TABLE.json), to show on the page.")
    Path coverage;

    @Mixin
    InsightOptions insight;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        DesignReport report = insight.apply(input.verify());
        if (coverage != null) {
            try {
                report = report.withCoverage(coverage);
            } catch (IllegalArgumentException e) {
                throw new CliException(Singletable.USAGE, e.getMessage());
            }
        }
        TextFiles.write(output, report.html());
        spec.commandLine().getOut().println("wrote " + output + ": "
                + Words.count(report.fixtures().items().size(), "item") + ", "
                + Words.count(report.verification().checks().size(), "access pattern check") + ", "
                + Words.count(report.warnings().size(), "warning")
                + report.coverage().map(c -> "; last test run: " + c.summary()).orElse(""));
        return Singletable.OK;
    }
}
