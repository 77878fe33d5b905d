package dev.singletable.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

/**
 * {@code verify}'s results in the JUnit XML report format that CI servers read: one test case per row, a
 * failure for every row that fails.
 */
final class ResultsJunitXml {
    private ResultsJunitXml() {
    }

    static void write(PrintWriter out, String table, String source, List<PatternResult> results) {
        long failures = results.stream().filter(r -> !r.passed()).count();
        out.println("<?xml version=\"1.0\" encoding=\"UTF-8\"?>");
        out.printf("<testsuite name=\"%s\" tests=\"%d\" failures=\"%d\" errors=\"0\" skipped=\"0\">%n",
                Html.escape("singletable verify " + source), results.size(), failures);
        for (PatternResult r : results) {
            out.printf("  <testcase classname=\"%s\" name=\"%s\">", Html.escape(table), Html.escape(r.label()));
            if (r.passed()) {
                out.println("</testcase>");
                continue;
            }
            out.println();
            String message = String.join("; ", r.problems());
            out.printf("    <failure message=\"%s\" type=\"AccessPatternVerification\">%s%n%s</failure>%n",
                    Html.escape(message), Html.escape(String.format(Locale.ROOT,
                            "operation %s, index %s, read %d, returned %d, pages %d, RCU %.1f", r.operation(),
                            r.index(), r.itemsRead(), r.itemsReturned(), r.pages(), r.readUnits())),
                    Html.escape(message));
            out.println("  </testcase>");
        }
        out.println("</testsuite>");
    }
}
