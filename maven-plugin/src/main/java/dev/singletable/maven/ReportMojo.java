package dev.singletable.maven;

import dev.singletable.report.DesignReport;
import java.util.List;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.Mojo;

/**
 * Writes the HTML report of every configured design — item collections of the table and each index, item sizes
 * with their capacity units, the access patterns with what each read, the design's warnings, the cost at the
 * configured rates and prices and the coverage of the last test run — as {@code singletable report} does, without
 * failing the build on a pattern that falls short. Run it on its own: {@code mvn singletable:report}.
 */
@Mojo(name = "report", threadSafe = true)
public class ReportMojo extends DesignsMojo {

    @Override
    void conclude(List<DesignReport> reports) throws MojoExecutionException {
        List<String> names = fileNames(reports);
        for (int i = 0; i < reports.size(); i++) {
            writeHtml(reports.get(i), names.get(i));
        }
    }
}
