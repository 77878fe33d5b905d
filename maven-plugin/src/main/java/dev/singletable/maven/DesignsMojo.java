package dev.singletable.maven;

import dev.singletable.fixtures.LocatedException;
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
import java.util.List;
import java.util.function.Consumer;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * What both goals share: the configured designs, verified on a fresh in-process engine each, and the reports
 * directory their pages go to. Each design's verdict is core's, rendered by {@code singletable-report}: the same
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
        try {
            return DesignReport.verify(file, fixtures, design.variables());
        } catch (LocatedException e) {
            throw new MojoFailureException(e.getMessage(), e);
        }
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
