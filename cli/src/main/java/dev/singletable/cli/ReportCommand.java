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
                + "(as NoSQL Workbench's aggregate view shows them), the access patterns with verify's columns, "
                + "item sizes with their write and read units, and warnings (a pattern that Scans, a hot or large "
                + "partition, an item near 400 KB, an index no pattern reads)."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:report written", "2:usage or input error"})
final class ReportCommand implements Callable<Integer> {
    @Mixin
    DesignInput input;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", defaultValue = "report.html",
            description = "Where to write the page (default: ${DEFAULT-VALUE}).")
    Path output;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        DesignReport report = input.verify();
        TextFiles.write(output, report.html());
        spec.commandLine().getOut().println("wrote " + output + ": "
                + Words.count(report.fixtures().items().size(), "item") + ", "
                + Words.count(report.verification().checks().size(), "access pattern check") + ", "
                + Words.count(report.warnings().size(), "warning"));
        return Singletable.OK;
    }
}
