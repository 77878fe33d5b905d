package dev.singletable.benchmarks.suite;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * Reads the Surefire reports of runs of a {@link GeneratedSuite} and writes them side by side: the sum of the
 * classes' times, the wall time of {@code mvn test}, and the time per class and per test; then, from the suite's
 * {@value GeneratedSuite#JVM_TIMES}, where each test JVM's time went: its CPU time, the test thread's, and the JIT's
 * compiling, and on Linux how long the test thread waited for a core and the JIT's compiler threads' CPU time. A run
 * with a failed or skipped test is refused: its times would not be those of the suite.
 *
 * <pre>java -cp benchmarks.jar dev.singletable.benchmarks.suite.SuiteReport [--out suite.md]
 *      [--reference LABEL] LABEL SUREFIRE_REPORTS_DIR WALL_SECONDS [LABEL DIR WALL_SECONDS ...]</pre>
 *
 * A label given more than once names rounds of the same run (taken in turns with the other runs, so that a machine's
 * slow minute falls on every run alike): its row is the round whose test time is the median. With {@code
 * --reference}, each run's test time is also given as how many times faster than the reference's.
 */
public final class SuiteReport {

    /** What one run's reports say; {@code jvm} is null when the reports hold no JVM times. */
    record Run(String label, int classes, int tests, double classSeconds, double wallSeconds, double[] classTimes,
               double[] testTimes, double firstClass, JvmTimes jvm) {
    }

    /**
     * What the test JVM spent from its start to the end of the tests, in seconds: uptime, CPU time of all its
     * threads, CPU time of the thread that ran the tests, and the JIT's compiling (the compilations' summed time);
     * then, from Linux's scheduler statistics (NaN elsewhere), how long the test thread waited for a core while
     * ready to run, and the CPU time of the JIT's compiler threads.
     */
    record JvmTimes(double up, double cpu, double testThreadCpu, double jit, double testThreadWaiting,
                    double compilerThreadsCpu) {
        /** @return what the JVM's other threads (JIT compilers, GC, helpers) used */
        double otherThreadsCpu() {
            return cpu - testThreadCpu;
        }

        /** @return how long the test thread was not running: waiting for a core, or for another thread */
        double testThreadOffCpu() {
            return up - testThreadCpu;
        }
    }

    private SuiteReport() {
    }

    public static void main(String[] args) throws Exception {
        List<String> rest = new ArrayList<>(Arrays.asList(args));
        String out = option(rest, "--out");
        String reference = option(rest, "--reference");
        if (rest.isEmpty() || rest.size() % 3 != 0) {
            throw new IllegalArgumentException("usage: SuiteReport [--out FILE] [--reference LABEL]"
                    + " LABEL SUREFIRE_REPORTS_DIR WALL_SECONDS ...");
        }
        List<Run> runs = new ArrayList<>();
        for (int i = 0; i < rest.size(); i += 3) {
            runs.add(read(rest.get(i), Path.of(rest.get(i + 1)), Double.parseDouble(rest.get(i + 2))));
        }
        String report = markdown(medianRounds(runs), reference);
        System.out.println(report);
        if (out != null) {
            Files.writeString(Path.of(out), report);
        }
    }

    /** @return per label, in the order labels first appear, the round whose test time is the median */
    static List<Run> medianRounds(List<Run> rounds) {
        Map<String, List<Run>> byLabel = new LinkedHashMap<>();
        for (Run round : rounds) {
            byLabel.computeIfAbsent(round.label(), label -> new ArrayList<>()).add(round);
        }
        List<Run> medians = new ArrayList<>();
        for (List<Run> of : byLabel.values()) {
            List<Run> sorted = of.stream().sorted(Comparator.comparingDouble(Run::classSeconds)).toList();
            medians.add(sorted.get((sorted.size() - 1) / 2));
        }
        return medians;
    }

    private static String option(List<String> args, String name) {
        int at = args.indexOf(name);
        if (at < 0) {
            return null;
        }
        String value = args.get(at + 1);
        args.subList(at, at + 2).clear();
        return value;
    }

    static Run read(String label, Path reports, double wallSeconds) throws Exception {
        List<Path> files;
        try (Stream<Path> list = Files.list(reports)) {
            files = list.filter(p -> p.getFileName().toString().startsWith("TEST-")
                    && p.getFileName().toString().endsWith(".xml")).sorted().toList();
        }
        if (files.isEmpty()) {
            throw new IllegalStateException("no Surefire reports in " + reports);
        }
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        List<Double> classTimes = new ArrayList<>();
        List<Double> testTimes = new ArrayList<>();
        for (Path file : files) {
            Document document = factory.newDocumentBuilder().parse(file.toFile());
            Element suite = document.getDocumentElement();
            int failed = Integer.parseInt(suite.getAttribute("failures")) + Integer.parseInt(suite.getAttribute("errors"))
                    + Integer.parseInt(suite.getAttribute("skipped"));
            if (failed > 0) {
                throw new IllegalStateException(label + ": " + failed + " tests failed or were skipped in " + file);
            }
            classTimes.add(seconds(suite.getAttribute("time")));
            NodeList cases = suite.getElementsByTagName("testcase");
            for (int i = 0; i < cases.getLength(); i++) {
                testTimes.add(seconds(((Element) cases.item(i)).getAttribute("time")));
            }
        }
        double[] classes = classTimes.stream().mapToDouble(Double::doubleValue).toArray();
        double[] tests = testTimes.stream().mapToDouble(Double::doubleValue).toArray();
        // the run's first class pays for starting the backend: the slowest is it, whatever its name
        return new Run(label, classes.length, tests.length, Arrays.stream(classes).sum(), wallSeconds, classes, tests,
                Arrays.stream(classes).max().orElse(0), jvmTimes(reports.resolve(GeneratedSuite.JVM_TIMES)));
    }

    /** @return the times in the file, or null when there is none (a suite generated before it was written) */
    private static JvmTimes jvmTimes(Path file) throws IOException {
        if (!Files.exists(file)) {
            return null;
        }
        Properties times = new Properties();
        try (Reader reader = Files.newBufferedReader(file)) {
            times.load(reader);
        }
        // the scheduler's statistics come as a pair, written where the JVM runs on Linux
        boolean linux = times.containsKey("testThreadWaitingSeconds") || times.containsKey("compilerThreadsCpuSeconds");
        return new JvmTimes(number(times, "upSeconds", file), number(times, "cpuSeconds", file),
                number(times, "testThreadCpuSeconds", file), number(times, "jitSeconds", file),
                linux ? number(times, "testThreadWaitingSeconds", file) : Double.NaN,
                linux ? number(times, "compilerThreadsCpuSeconds", file) : Double.NaN);
    }

    private static double number(Properties times, String name, Path file) {
        String value = times.getProperty(name);
        if (value == null) {
            throw new IllegalStateException(file + " has no " + name);
        }
        return Double.parseDouble(value);
    }

    /** Surefire writes "1,234.5" for long times in some locales' builds; the dot is the decimal point. */
    private static double seconds(String value) {
        return value.isEmpty() ? 0 : Double.parseDouble(value.replace(",", ""));
    }

    static String markdown(List<Run> runs, String reference) {
        Run ref = runs.stream().filter(r -> r.label().equals(reference)).findFirst().orElse(null);
        StringBuilder s = new StringBuilder();
        s.append("| run | classes | tests | test time (sum of classes) s | `mvn test` wall s | per class median ms"
                + " | p90 | slowest | per test median ms | p90 | max |")
                .append(ref == null ? "" : " test time: " + ref.label() + " ÷ this |").append('\n');
        s.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|").append(ref == null ? "" : "---:|")
                .append('\n');
        for (Run run : runs) {
            s.append(String.format(Locale.ROOT, "| %s | %d | %d | %.2f | %.1f | %.0f | %.0f | %.0f | %.1f | %.1f | %.0f |",
                    run.label(), run.classes(), run.tests(), run.classSeconds(), run.wallSeconds(),
                    percentile(run.classTimes(), 50) * 1000, percentile(run.classTimes(), 90) * 1000,
                    run.firstClass() * 1000, percentile(run.testTimes(), 50) * 1000,
                    percentile(run.testTimes(), 90) * 1000, percentile(run.testTimes(), 100) * 1000));
            if (ref != null) {
                s.append(String.format(Locale.ROOT, " %.1f× |", ref.classSeconds() / run.classSeconds()));
            }
            s.append('\n');
        }
        if (runs.stream().anyMatch(run -> run.jvm() != null)) {
            s.append("\nWhere each run's test JVM spent its time, from its start to the end of the tests (the same"
                    + " rounds):\n\n");
            s.append("| run | JVM up s | JVM CPU s | test thread CPU s | test thread not running s"
                    + " | of it, waiting for a core s | other threads' CPU s | of it, JIT compiler threads s"
                    + " | JIT compiling s |\n");
            s.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
            for (Run run : runs) {
                JvmTimes jvm = run.jvm();
                s.append(jvm == null ? "| " + run.label() + " | — | — | — | — | — | — | — | — |"
                        : String.format(Locale.ROOT, "| %s | %.2f | %.2f | %.2f | %.2f | %s | %.2f | %s | %.2f |",
                                run.label(), jvm.up(), jvm.cpu(), jvm.testThreadCpu(), jvm.testThreadOffCpu(),
                                orDash(jvm.testThreadWaiting()), jvm.otherThreadsCpu(),
                                orDash(jvm.compilerThreadsCpu()), jvm.jit()));
                s.append('\n');
            }
        }
        return s.toString();
    }

    /** Seconds to two places, or a dash for a figure the JVM's system does not give. */
    private static String orDash(double value) {
        return Double.isNaN(value) ? "—" : String.format(Locale.ROOT, "%.2f", value);
    }

    private static double percentile(double[] values, double p) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int index = (int) Math.min(sorted.length - 1, Math.ceil(p / 100 * sorted.length) - 1);
        return sorted[Math.max(0, index)];
    }
}
