package dev.singletable.junit.internal;

import dev.singletable.core.Coverage;
import dev.singletable.core.CoverageRecorder;
import dev.singletable.core.SingleTable;
import dev.singletable.fixtures.TableDesign;
import dev.singletable.junit.SingleTableTest;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.opentest4j.AssertionFailedError;

/**
 * The access pattern coverage of a whole run: one recorder per design, fed after every test, and at the end of the
 * run — when the root store closes it — a summary through {@code System.Logger}, and per design a JSON file (for
 * {@code singletable report --coverage}) and a JUnit XML file (for CI servers) in the coverage directory.
 *
 * <p>In {@link Mode#FAIL} an incomplete coverage fails the run: the exception thrown while the root store closes is
 * reported by JUnit as a failure of the engine's own container (the last event of the run, shown by the console
 * launcher, IDEs, Maven Surefire and Gradle as a failed container), since a listener cannot fail a run and an
 * extension sees no "last test".
 */
public final class CoverageReport implements AutoCloseable {
    private static final System.Logger LOGGER = System.getLogger(SingleTableTest.class.getName());

    /** What coverage does at the end of the run. */
    public enum Mode {
        /** Log, write the files, and fail the run when a design's coverage is incomplete. */
        FAIL,
        /** Log and write the files. */
        WARN,
        /** Record nothing. */
        OFF
    }

    private final Mode mode;
    private final Path directory;
    private final Map<TableDesign, CoverageRecorder> recorders = new LinkedHashMap<>();
    /**
     * The same recorders by design object: a run reads one design object per text, and looking one up by identity
     * spares every test hashing the whole design (its records, lists and maps) to find its recorder.
     */
    private final Map<TableDesign, CoverageRecorder> byIdentity = new IdentityHashMap<>();

    private CoverageReport(Mode mode, Path directory) {
        this.mode = mode;
        this.directory = directory;
    }

    /** @return the report the run's configuration asks for */
    public static CoverageReport start(ExtensionContext context) {
        return new CoverageReport(Settings.coverage(context), Settings.coverageDirectory(context));
    }

    /**
     * Counts the application's reads of a test.
     *
     * @param source the design's file, as the declaration names it
     * @param table  the test's table, whose request log holds what the test did
     * @param test   the test, as {@code Class.method()}
     */
    public void record(String source, SingleTable table, String test) {
        if (mode == Mode.OFF) {
            return;
        }
        CoverageRecorder recorder;
        synchronized (recorders) {
            recorder = byIdentity.computeIfAbsent(table.design(), design -> recorders.computeIfAbsent(design,
                    equal -> CoverageRecorder.of(equal, source)));
        }
        recorder.record(table, test);
    }

    @Override
    public void close() {
        List<Coverage> incomplete = new ArrayList<>();
        Set<String> names = new HashSet<>();
        List<CoverageRecorder> designs;
        synchronized (recorders) {
            designs = List.copyOf(recorders.values());
        }
        for (CoverageRecorder recorder : designs) {
            Coverage coverage = recorder.coverage();
            String name = fileName(coverage.table(), names);
            Path json = directory.resolve("coverage-" + name + ".json");
            Path xml = directory.resolve("TEST-singletable-coverage-" + name + ".xml");
            write(json, coverage.toJson());
            write(xml, junitXml(coverage, mode == Mode.FAIL));
            LOGGER.log(coverage.complete() ? System.Logger.Level.INFO : System.Logger.Level.WARNING,
                    summary(coverage) + "\nwritten to " + json + " and " + xml);
            if (!coverage.complete()) {
                incomplete.add(coverage);
            }
        }
        if (mode == Mode.FAIL && !incomplete.isEmpty()) {
            throw new AssertionFailedError(incomplete.stream().map(CoverageReport::summary)
                    .collect(Collectors.joining("\n")) + "\n" + SingleTableTest.COVERAGE_PROPERTY_NAME + "=fail: "
                    + "declare the access patterns the application uses and serve each declared one in a test");
        }
    }

    /** A table name as a file name; a second design with the same table name gets {@code -2}. */
    private static String fileName(String table, Set<String> taken) {
        String base = table.replaceAll("[^A-Za-z0-9_.-]", "_");
        String name = base;
        for (int n = 2; !taken.add(name); n++) {
            name = base + "-" + n;
        }
        return name;
    }

    private static void write(Path file, String text) {
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the access pattern coverage to " + file, e);
        }
    }

    /**
     * @param coverage a design's coverage
     * @return what the log and the failure say: a line for the whole, then one per pattern and undeclared read
     */
    static String summary(Coverage coverage) {
        StringBuilder text = new StringBuilder("Access pattern coverage of table ").append(coverage.table())
                .append(" (").append(coverage.design()).append("): ").append(coverage.summary());
        for (Coverage.PatternUse use : coverage.patterns()) {
            text.append("\n  ").append(use.served() ? "✓ " : "✗ ").append(use.pattern()).append(": ")
                    .append(use.served() ? count(use.requests(), "request") + " in " + String.join(", ", use.tests())
                            : "never served by the application");
        }
        for (Coverage.UndeclaredRead read : coverage.undeclared()) {
            text.append("\n  ✗ undeclared ").append(undeclared(read));
        }
        return text.toString();
    }

    private static String undeclared(Coverage.UndeclaredRead read) {
        return read.shape() + ": " + count(read.requests(), "request") + " in " + String.join(", ", read.tests())
                + read.nearest().map(n -> "; nearest pattern " + n + ": " + String.join(", ", read.differences()))
                        .orElse("");
    }

    private static String count(int count, String noun) {
        return count + " " + noun + (count == 1 ? "" : "s");
    }

    /**
     * One test case per declared pattern and per undeclared read: served patterns pass; the others fail in
     * {@code fail} mode and are skipped otherwise, so that CI shows them without failing the build.
     */
    static String junitXml(Coverage coverage, boolean failing) {
        StringWriter out = new StringWriter();
        try {
            // the JDK's own writer: the same file whatever the class path holds, and no search of every jar's
            // service files for another at the end of each run
            XMLStreamWriter xml = XMLOutputFactory.newDefaultFactory().createXMLStreamWriter(out);
            xml.writeStartDocument("UTF-8", "1.0");
            xml.writeCharacters("\n");
            int gaps = coverage.unserved().size() + coverage.undeclared().size();
            xml.writeStartElement("testsuite");
            xml.writeAttribute("name", "singletable coverage " + coverage.design());
            xml.writeAttribute("tests", Integer.toString(coverage.patterns().size() + coverage.undeclared().size()));
            xml.writeAttribute("failures", Integer.toString(failing ? gaps : 0));
            xml.writeAttribute("errors", "0");
            xml.writeAttribute("skipped", Integer.toString(failing ? 0 : gaps));
            String suite = "singletable.coverage." + coverage.table();
            for (Coverage.PatternUse use : coverage.patterns()) {
                testCase(xml, suite, use.pattern(), use.served() ? null : "never served by the application's"
                        + " requests", failing);
            }
            for (Coverage.UndeclaredRead read : coverage.undeclared()) {
                testCase(xml, suite, "undeclared " + read.shape(), "no declared access pattern has this shape: "
                        + undeclared(read), failing);
            }
            xml.writeCharacters("\n");
            xml.writeEndElement();
            xml.writeEndDocument();
            xml.close();
        } catch (XMLStreamException e) {
            throw new IllegalStateException("cannot write the coverage as JUnit XML", e);
        }
        return out + "\n";
    }

    private static void testCase(XMLStreamWriter xml, String suite, String name, String gap, boolean failing)
            throws XMLStreamException {
        xml.writeCharacters("\n  ");
        xml.writeStartElement("testcase");
        xml.writeAttribute("classname", suite);
        xml.writeAttribute("name", name);
        if (gap != null) {
            xml.writeEmptyElement(failing ? "failure" : "skipped");
            xml.writeAttribute("message", gap);
            if (failing) {
                xml.writeAttribute("type", "AccessPatternCoverage");
            }
        }
        xml.writeEndElement();
    }
}
