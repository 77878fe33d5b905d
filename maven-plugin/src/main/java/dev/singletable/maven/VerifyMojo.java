package dev.singletable.maven;

import dev.singletable.core.PatternCheck;
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

/**
 * Verifies every configured design on the in-process engine: each access pattern, once per {@code expect} entry of
 * the fixtures, must run as a Query (or a key lookup) on the index it declares and return the expected keys in
 * order — the verdict of {@code singletable verify}. Logs verify's table, writes
 * {@code TEST-singletable-TABLE.xml} (one test case per pattern call, for the CI server's test view) and the HTML
 * report to the reports directory, and fails the build when any pattern call falls short.
 */
@Mojo(name = "verify", defaultPhase = LifecyclePhase.VERIFY, threadSafe = true)
public class VerifyMojo extends DesignsMojo {

    @Override
    void conclude(List<DesignReport> reports) throws MojoExecutionException, MojoFailureException {
        List<String> names = fileNames(reports);
        List<String> shortfalls = new ArrayList<>();
        for (int i = 0; i < reports.size(); i++) {
            DesignReport report = reports.get(i);
            StringWriter text = new StringWriter();
            report.writeText(new PrintWriter(text));
            text.toString().lines().forEach(getLog()::info);
            Path xml = write("TEST-singletable-" + names.get(i) + ".xml", report::writeJunitXml);
            writeHtml(report, names.get(i));
            for (PatternCheck check : report.verification().failed()) {
                check.shortfalls().forEach(shortfall -> shortfalls.add("  table " + report.table() + ", "
                        + check.label() + ": " + shortfall));
            }
            if (!report.verification().passed()) {
                shortfalls.add("  (each as a test case in " + xml + ")");
            }
        }
        if (!shortfalls.isEmpty()) {
            throw new MojoFailureException("Access patterns fall short: every one must be a Query (or a key lookup)"
                    + " on the index it declares, returning what the fixtures expect:\n"
                    + String.join("\n", shortfalls));
        }
    }
}
