package dev.singletable.maven;

import dev.singletable.report.DesignReport;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Verifies every configured design on the in-process engine: each access pattern, once per {@code expect} entry of
 * the fixtures, must run as a Query (or a key lookup) on the index it declares and return the expected keys in
 * order — the verdict of {@code singletable verify}. Logs verify's table, the design warnings and the cost, writes
 * {@code TEST-singletable-TABLE.xml} (one test case per pattern call, for the CI server's test view), verify's JSON
 * as {@code TABLE.json} and the HTML report to the reports directory, and fails the build when any pattern call
 * falls short (or, with {@code failOnWarnings}, when the design lint warns).
 */
@Mojo(name = "verify", defaultPhase = LifecyclePhase.VERIFY, threadSafe = true)
public class VerifyMojo extends DesignsMojo {

    /** Fails the build when the design lint warns, too ({@code singletable verify --fail-on-warnings}). */
    @Parameter(property = "singletable.failOnWarnings", defaultValue = "false")
    boolean failOnWarnings;

    /**
     * Passes a design that declares no access patterns; by default there was nothing to check, which fails
     * ({@code singletable verify --allow-no-patterns}).
     */
    @Parameter(property = "singletable.allowNoPatterns", defaultValue = "false")
    boolean allowNoPatterns;

    @Override
    void conclude(List<DesignReport> reports) throws MojoExecutionException, MojoFailureException {
        List<String> names = fileNames(reports);
        List<String> shortfalls = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        for (int i = 0; i < reports.size(); i++) {
            DesignReport report = reports.get(i);
            StringWriter text = new StringWriter();
            report.writeText(new PrintWriter(text));
            text.toString().lines().forEach(getLog()::info);
            Path xml = write("TEST-singletable-" + names.get(i) + ".xml", report::writeJunitXml);
            write(names.get(i) + ".json", report::writeJson);
            writeHtml(report, names.get(i));
            List<String> failed = report.shortfalls(allowNoPatterns);
            failed.forEach(line -> shortfalls.add("  table " + report.table() + ", " + line));
            if (!failed.isEmpty()) {
                shortfalls.add("  (each as a test case in " + xml + ")");
            }
            if (failOnWarnings) {
                report.designWarnings().forEach(w -> warnings.add("  table " + report.table() + ", " + w));
            }
        }
        List<String> message = new ArrayList<>();
        if (!shortfalls.isEmpty()) {
            message.add("Access patterns fall short: every one must be a Query (or a key lookup) on the index it"
                    + " declares, returning what the fixtures expect:");
            message.addAll(shortfalls);
        }
        if (!warnings.isEmpty()) {
            message.add("The design lint warns (failOnWarnings is set):");
            message.addAll(warnings);
        }
        if (!message.isEmpty()) {
            throw new MojoFailureException(String.join("\n", message));
        }
    }
}
