package dev.singletable.benchmarks.suite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SuiteReportTest {
    /** The figures every JVM gives, without the scheduler's statistics of Linux. */
    private static final String JVM_TIMES_EVERYWHERE =
            "upSeconds=4.3\ncpuSeconds=7.86\ntestThreadCpuSeconds=3.1\njitSeconds=5.68\n";

    @Test
    void each_label_is_given_by_its_round_of_median_test_time_in_the_order_labels_first_appear() {
        List<SuiteReport.Run> rounds = List.of(run("embedded", 4.71), run("floor", 4.20), run("embedded", 3.56),
                run("floor", 4.00), run("peer", 22.7), run("embedded", 3.96));

        List<SuiteReport.Run> medians = SuiteReport.medianRounds(rounds);

        assertThat(medians).extracting(SuiteReport.Run::label).containsExactly("embedded", "floor", "peer");
        // three rounds: the middle one; two: the lower one (a round that ran, not an average of two)
        assertThat(medians).extracting(SuiteReport.Run::classSeconds).containsExactly(3.96, 4.00, 22.7);
    }

    @Test
    void a_run_reads_the_class_and_test_times_of_its_surefire_reports(@TempDir Path reports) throws Exception {
        report(reports, "TEST-a.xml", "1,234.5", 0, "0.5", "1,234");
        report(reports, "TEST-b.xml", "0.25", 0, "0.125", "0.125");
        Files.writeString(reports.resolve("a-output.txt"), "not a report");

        SuiteReport.Run run = SuiteReport.read("embedded", reports, 9.9);

        assertThat(run.label()).isEqualTo("embedded");
        assertThat(run.classes()).isEqualTo(2);
        assertThat(run.tests()).isEqualTo(4);
        assertThat(run.classSeconds()).isEqualTo(1234.75);
        assertThat(run.wallSeconds()).isEqualTo(9.9);
        assertThat(run.firstClass()).as("the slowest class").isEqualTo(1234.5);
        assertThat(run.testTimes()).containsExactly(0.5, 1234, 0.125, 0.125);
        assertThat(run.jvm()).as("no JVM times written").isNull();
    }

    @Test
    void a_run_reads_where_its_test_jvm_spent_its_time(@TempDir Path reports) throws Exception {
        reportWithJvmTimes(reports, "upSeconds=4.300\ncpuSeconds=7.860\ntestThreadCpuSeconds=3.106\njitSeconds=5.678\n"
                + "testThreadWaitingSeconds=1.363\ncompilerThreadsCpuSeconds=3.981\n");

        SuiteReport.JvmTimes jvm = SuiteReport.read("embedded", reports, 6.5).jvm();

        assertThat(jvm).isEqualTo(new SuiteReport.JvmTimes(4.3, 7.86, 3.106, 5.678, 1.363, 3.981));
        assertThat(jvm.otherThreadsCpu()).isCloseTo(4.754, within(1e-9));
        assertThat(jvm.testThreadOffCpu()).isCloseTo(1.194, within(1e-9));
    }

    @Test
    void jvm_times_of_a_system_without_scheduler_statistics_leave_those_figures_unknown(@TempDir Path reports)
            throws Exception {
        reportWithJvmTimes(reports, JVM_TIMES_EVERYWHERE);

        SuiteReport.JvmTimes jvm = SuiteReport.read("embedded", reports, 6.5).jvm();

        assertThat(jvm.testThreadWaiting()).isNaN();
        assertThat(jvm.compilerThreadsCpu()).isNaN();
        assertThat(SuiteReport.markdown(List.of(new SuiteReport.Run("embedded", 1, 1, 3.5, 6.5, new double[] {3.5},
                new double[] {0.5}, 3.5, jvm)), null).lines())
                .contains("| embedded | 4.30 | 7.86 | 3.10 | 1.20 | — | 4.76 | — | 5.68 |");
    }

    @Test
    void scheduler_statistics_come_as_a_pair_and_one_alone_is_refused(@TempDir Path reports) throws Exception {
        reportWithJvmTimes(reports, JVM_TIMES_EVERYWHERE + "testThreadWaitingSeconds=1.36\n");

        assertThatThrownBy(() -> SuiteReport.read("embedded", reports, 6.5))
                .isInstanceOf(IllegalStateException.class).hasMessageEndingWith("has no compilerThreadsCpuSeconds");
    }

    @Test
    void jvm_times_without_a_figure_are_refused_naming_it(@TempDir Path reports) throws Exception {
        reportWithJvmTimes(reports, "upSeconds=4.3\ncpuSeconds=7.9\njitSeconds=5.7\n");

        assertThatThrownBy(() -> SuiteReport.read("embedded", reports, 6.5))
                .isInstanceOf(IllegalStateException.class).hasMessageEndingWith("has no testThreadCpuSeconds");
    }

    @Test
    void the_jvm_table_follows_when_a_run_has_jvm_times_with_a_dash_for_a_run_without() {
        SuiteReport.Run embedded = new SuiteReport.Run("embedded", 1, 2, 3.5, 6.5, new double[] {3.5},
                new double[] {0.001, 0.002}, 3.5, new SuiteReport.JvmTimes(4.3, 7.86, 3.1, 5.68, 0.95, 3.2));

        String table = SuiteReport.markdown(List.of(embedded, run("floor", 2.8)), null);

        assertThat(table.lines()).contains("| embedded | 4.30 | 7.86 | 3.10 | 1.20 | 0.95 | 4.76 | 3.20 | 5.68 |",
                "| floor | — | — | — | — | — | — | — | — |");
        assertThat(SuiteReport.markdown(List.of(run("floor", 2.8)), null)).doesNotContain("JVM");
    }

    @Test
    void a_run_with_a_failed_or_skipped_test_or_without_reports_is_refused(@TempDir Path reports) throws Exception {
        assertThatThrownBy(() -> SuiteReport.read("floor", reports, 1))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("no Surefire reports");

        report(reports, "TEST-a.xml", "0.5", 1, "0.5");

        assertThatThrownBy(() -> SuiteReport.read("floor", reports, 1))
                .isInstanceOf(IllegalStateException.class).hasMessageStartingWith("floor: 1 tests failed or were skipped");
    }

    @Test
    void the_table_gives_each_run_against_the_reference() {
        String table = SuiteReport.markdown(List.of(run("embedded", 5.11), run("peer", 22.73)), "peer");

        assertThat(table.lines()).hasSize(4);
        assertThat(table.lines().skip(2)).first().asString()
                .startsWith("| embedded | 1 | 2 | 5.11 | 1.0 |").endsWith(" 4.4× |");
        assertThat(table.lines().skip(3)).first().asString().endsWith(" 1.0× |");
    }

    private static SuiteReport.Run run(String label, double seconds) {
        return new SuiteReport.Run(label, 1, 2, seconds, 1.0, new double[] {seconds}, new double[] {0.001, 0.002},
                seconds, null);
    }

    /** One class's report, and the JVM times given. */
    private static void reportWithJvmTimes(Path reports, String times) throws IOException {
        report(reports, "TEST-a.xml", "3.5", 0, "0.5");
        Files.writeString(reports.resolve(GeneratedSuite.JVM_TIMES), times);
    }

    /** A Surefire report of one class: its time, failures, and its tests' times. */
    private static void report(Path dir, String name, String classTime, int failures, String... testTimes)
            throws IOException {
        StringBuilder xml = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuite name=\"" + name
                + "\" time=\"" + classTime + "\" tests=\"" + testTimes.length + "\" errors=\"0\" skipped=\"0\" failures=\""
                + failures + "\">\n");
        for (String time : testTimes) {
            xml.append("  <testcase name=\"t\" classname=\"c\" time=\"").append(time).append("\"/>\n");
        }
        Files.writeString(dir.resolve(name), xml.append("</testsuite>\n"));
    }
}
