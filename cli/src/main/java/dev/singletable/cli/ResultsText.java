package dev.singletable.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** {@code verify}'s results as a table for a terminal, then the reason for every failed row. */
final class ResultsText {
    private static final String[] HEADINGS = {"PATTERN", "OPERATION", "INDEX", "READ", "RETURNED", "PAGES", "RCU",
        "EXPECTED"};
    /** Columns from READ to RCU are numbers, aligned right. */
    private static final int FIRST_NUMBER = 3;
    private static final int LAST_NUMBER = 6;

    private ResultsText() {
    }

    static void write(PrintWriter out, String table, String source, int items, List<PatternResult> results) {
        out.printf("Access patterns of table %s (%s), %s seeded%n%n", table, source, Words.count(items, "item"));
        List<String[]> rows = new ArrayList<>();
        rows.add(HEADINGS);
        results.forEach(r -> rows.add(cells(r)));
        int[] widths = new int[HEADINGS.length];
        rows.forEach(row -> {
            for (int i = 0; i < row.length; i++) {
                widths[i] = Math.max(widths[i], row[i].length());
            }
        });
        rows.forEach(row -> out.println(line(row, widths)));
        out.println();
        List<PatternResult> failed = results.stream().filter(r -> !r.passed()).toList();
        failed.forEach(r -> r.problems().forEach(p -> out.println("✗ " + r.label() + ": " + p)));
        if (!failed.isEmpty()) {
            out.println();
        }
        out.println(summary(results, failed.size()));
    }

    static String summary(List<PatternResult> results, int failed) {
        long patterns = results.stream().map(PatternResult::pattern).distinct().count();
        String checked = Words.count(results.size(), "check") + " of " + Words.count(patterns, "access pattern");
        return failed == 0 ? checked + ": every one a Query, every result as expected."
                : checked + ": " + failed + " failed.";
    }

    static String[] cells(PatternResult r) {
        boolean ran = !r.operation().equals("-");
        return new String[] {r.label(), r.operation(), r.index(), ran ? Integer.toString(r.itemsRead()) : "-",
            ran ? Integer.toString(r.itemsReturned()) : "-", ran ? Integer.toString(r.pages()) : "-",
            ran ? String.format(Locale.ROOT, "%.1f", r.readUnits()) : "-", r.expectedMark()};
    }

    private static String line(String[] row, int[] widths) {
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < row.length; i++) {
            boolean number = i >= FIRST_NUMBER && i <= LAST_NUMBER;
            String pad = " ".repeat(widths[i] - row[i].length());
            line.append(number ? pad + row[i] : row[i] + (i == row.length - 1 ? "" : pad));
            if (i < row.length - 1) {
                line.append("  ");
            }
        }
        return line.toString();
    }
}
