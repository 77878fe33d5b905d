package dev.singletable.report;

import dev.singletable.core.PatternCheck;
import dev.singletable.core.SparseIndex;
import dev.singletable.core.Verification;
import dev.singletable.engine.model.Operation;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** {@code verify}'s results as a table for a terminal, then the reason for every failed row. */
final class ResultsText {
    private static final String[] HEADINGS = {"PATTERN", "OPERATION", "INDEX", "READ", "RETURNED", "PAGES", "RCU",
        "EXPECTED"};
    /** Columns from READ to RCU are numbers, aligned right. */
    private static final boolean[] NUMBERS = {false, false, false, true, true, true, true, false};

    private ResultsText() {
    }

    static void write(PrintWriter out, String table, String source, int items, List<SparseIndex> sparse,
            Verification results) {
        out.printf("Access patterns of table %s (%s), %s seeded%n", table, source, Words.count(items, "item"));
        sparse.forEach(index -> out.println("Sparse " + index + "."));
        out.println();
        if (results.checkedNothing()) {
            out.println(NOTHING_CHECKED);
            return;
        }
        List<String[]> rows = new ArrayList<>();
        rows.add(HEADINGS);
        results.checks().forEach(r -> rows.add(cells(r)));
        TextTable.print(out, rows, NUMBERS);
        out.println();
        List<PatternCheck> failed = results.failed();
        failed.forEach(r -> r.shortfalls().forEach(p -> out.println("✗ " + r.label() + ": " + p)));
        if (!failed.isEmpty()) {
            out.println();
        }
        out.println(summary(results));
    }

    /** What verify and report say of a design that declares no access pattern. */
    static final String NOTHING_CHECKED = "Nothing to check: the design declares no access patterns, so nothing is"
            + " checked until they are added under accessPatterns.";

    static String summary(Verification results) {
        long patterns = results.checks().stream().map(c -> c.pattern().name()).distinct().count();
        String checked = Words.count(results.checks().size(), "check") + " of "
                + Words.count(patterns, "access pattern");
        return results.passed() ? checked + ": every one a Query, every result as expected."
                : checked + ": " + results.failed().size() + " failed.";
    }

    /** Query, Scan or Get (for the key lookups GetItem and BatchGetItem), several joined by +; - when not run. */
    static String operation(PatternCheck check) {
        String operations = check.operations().stream()
                .map(op -> op == Operation.GET_ITEM || op == Operation.BATCH_GET_ITEM ? "Get" : op.wireName())
                .distinct().collect(Collectors.joining("+"));
        return operations.isEmpty() ? "-" : operations;
    }

    static String index(PatternCheck check) {
        return check.index().orElse("table");
    }

    /** ✓, ✗, or – without an expectation. */
    static String expectedMark(PatternCheck check) {
        return check.expectationMet().map(ok -> ok ? "✓" : "✗").orElse("–");
    }

    static String[] cells(PatternCheck r) {
        boolean ran = r.ran();
        return new String[] {r.label(), operation(r), index(r), ran ? Integer.toString(r.itemsRead()) : "-",
            ran ? Integer.toString(r.itemsReturned()) : "-", ran ? Integer.toString(r.pages()) : "-",
            ran ? String.format(Locale.ROOT, "%.1f", r.readUnits()) : "-", expectedMark(r)};
    }
}
