package dev.singletable.report;

import java.io.PrintWriter;
import java.util.List;

/** Columns for a terminal: each as wide as its widest cell, numbers aligned right, two spaces between. */
final class TextTable {
    private TextTable() {
    }

    /**
     * @param out     where to print
     * @param rows    the heading, then the rows; every row has as many cells as the heading
     * @param numbers which columns hold numbers
     */
    static void print(PrintWriter out, List<String[]> rows, boolean[] numbers) {
        int[] widths = new int[rows.get(0).length];
        rows.forEach(row -> {
            for (int i = 0; i < row.length; i++) {
                widths[i] = Math.max(widths[i], row[i].length());
            }
        });
        for (String[] row : rows) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < row.length; i++) {
                String pad = " ".repeat(widths[i] - row[i].length());
                line.append(numbers[i] ? pad + row[i] : row[i] + (i == row.length - 1 ? "" : pad));
                if (i < row.length - 1) {
                    line.append("  ");
                }
            }
            out.println(line);
        }
    }
}
