package dev.singletable.report;

import dev.singletable.core.PatternCheck;
import dev.singletable.core.Verification;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * {@code verify}'s results in the JUnit XML report format that CI servers read: one test case per row, a
 * failure for every row that fails.
 */
final class ResultsJunitXml {
    private ResultsJunitXml() {
    }

    static void write(PrintWriter out, String table, String source, Verification results) {
        long failures = results.failed().size();
        out.println("<?xml version=\"1.0\" encoding=\"UTF-8\"?>");
        if (results.checkedNothing()) {
            // A report without test cases reads as green on a CI server: nothing checked is one failure.
            out.printf("<testsuite name=\"%s\" tests=\"1\" failures=\"1\" errors=\"0\" skipped=\"0\">%n"
                    + "  <testcase classname=\"%s\" name=\"access patterns\">%n"
                    + "    <failure message=\"%s\" type=\"AccessPatternVerification\"/>%n  </testcase>%n</testsuite>%n",
                    Html.escape("singletable verify " + source), Html.escape(table),
                    Html.escape(ResultsText.NOTHING_CHECKED));
            return;
        }
        out.printf("<testsuite name=\"%s\" tests=\"%d\" failures=\"%d\" errors=\"0\" skipped=\"0\">%n",
                Html.escape("singletable verify " + source), results.checks().size(), failures);
        for (PatternCheck r : results.checks()) {
            out.printf("  <testcase classname=\"%s\" name=\"%s\">", Html.escape(table), Html.escape(r.label()));
            if (r.passed()) {
                out.println("</testcase>");
                continue;
            }
            out.println();
            String message = r.shortfalls().stream().map(Object::toString).collect(Collectors.joining("; "));
            out.printf("    <failure message=\"%s\" type=\"AccessPatternVerification\">%s%n%s</failure>%n",
                    Html.escape(message), Html.escape(String.format(Locale.ROOT,
                            "operation %s, index %s, read %d, returned %d, pages %d, RCU %.1f",
                            ResultsText.operation(r), ResultsText.index(r), r.itemsRead(), r.itemsReturned(), r.pages(), r.readUnits())),
                    Html.escape(message));
            out.println("  </testcase>");
        }
        out.println("</testsuite>");
    }
}
