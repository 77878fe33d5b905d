package dev.singletable.cli;

import dev.singletable.report.DesignReport;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

/** {@code singletable verify}: every access pattern runs as a Query and returns what the fixtures expect. */
@Command(name = "verify", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Starts the embedded engine, creates the table, seeds the fixtures, runs every access pattern "
                + "(once per entry of the fixtures' expect section) and prints what each did, then the design's "
                + "warnings and, when rates are known, its cost.",
            "Exits 0 only when every pattern is a Query (or a key lookup) on the index it declares and returns the "
                + "expected keys in order (and, with --fail-on-warnings, the design has no warning)."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:every pattern is a Query and returns what is expected",
            "1:a pattern Scans, reads another index, fails, cannot run, or returns something else; or the design "
                + "declares no access pattern (unless --allow-no-patterns); or, with --fail-on-warnings, the design "
                + "has a warning",
            "2:usage or input error"})
final class VerifyCommand implements Callable<Integer> {
    @Mixin
    DesignInput input;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text", converter = Format.Parser.class,
            description = "text (default), json or junit-xml.")
    Format format;

    @Option(names = "--allow-no-patterns", description = "Exit 0 for a design that declares no access patterns; "
            + "by default there was nothing to check, which is a failure.")
    boolean allowNoPatterns;

    @Option(names = "--fail-on-warnings", description = "Exit 1 when the design lint warns, too.")
    boolean failOnWarnings;

    @Mixin
    InsightOptions insight;

    @Spec
    CommandSpec spec;

    /** How the results are written. */
    enum Format {
        text, json, junit_xml;

        /** Reads the names as written on the command line ({@code junit-xml}). */
        static final class Parser implements CommandLine.ITypeConverter<Format> {
            @Override
            public Format convert(String value) {
                for (Format format : values()) {
                    if (format.name().replace('_', '-').equals(value)) {
                        return format;
                    }
                }
                throw new CommandLine.TypeConversionException("unknown format '" + value
                        + "'; expected text, json or junit-xml");
            }
        }
    }

    @Override
    public Integer call() {
        DesignReport report = insight.apply(input.verify());
        PrintWriter out = spec.commandLine().getOut();
        switch (format) {
            case text -> report.writeText(out);
            case json -> report.writeJson(out);
            case junit_xml -> report.writeJunitXml(out);
        }
        out.flush();
        return report.passes(allowNoPatterns, failOnWarnings) ? Singletable.OK : Singletable.VERIFICATION_FAILED;
    }
}
