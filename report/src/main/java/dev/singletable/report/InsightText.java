package dev.singletable.report;

import dev.singletable.core.Cost;
import dev.singletable.core.DesignWarning;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;

/** {@code verify}'s text after the patterns: the design warnings, and the cost when rates or prices are known. */
final class InsightText {
    private InsightText() {
    }

    static void write(PrintWriter out, List<DesignWarning> warnings, Cost cost, Cost.Prices prices) {
        if (!warnings.isEmpty()) {
            out.println();
            out.println(Words.count(warnings.size(), "design warning") + ":");
            warnings.forEach(w -> out.println("  " + w));
        }
        if (cost.hasRates() || prices.any()) {
            out.println();
            out.println("Cost at the stated rates, " + Cost.HOURS_PER_MONTH + " hours a month:");
            out.println();
            boolean money = prices.any();
            List<String[]> rows = new ArrayList<>();
            rows.add(money ? new String[] {"INDEX", "READ/S", "WRITE/S", "RRU/MONTH", "WRU/MONTH", "RCU", "WCU",
                "ON-DEMAND/MONTH", "PROVISIONED/MONTH"}
                    : new String[] {"INDEX", "READ/S", "WRITE/S", "RRU/MONTH", "WRU/MONTH", "RCU", "WCU"});
            cost.indexes().forEach(i -> rows.add(cells(i, money, prices)));
            rows.add(cells(cost.total(), money, prices));
            boolean[] numbers = new boolean[rows.get(0).length];
            Arrays.fill(numbers, 1, numbers.length, true);
            TextTable.print(out, rows, numbers);
        }
    }

    private static String[] cells(Cost.IndexCost index, boolean money, Cost.Prices prices) {
        boolean ownCapacity = !index.local();
        String[] cells = {index.index(), units(index.readUnitsPerSecond()), units(index.writeUnitsPerSecond()),
            whole(index.monthlyReadRequestUnits()), whole(index.monthlyWriteRequestUnits()),
            ownCapacity ? Long.toString(index.provisionedReadCapacityUnits()) : "table's",
            ownCapacity ? Long.toString(index.provisionedWriteCapacityUnits()) : "table's"};
        if (!money) {
            return cells;
        }
        String[] priced = Arrays.copyOf(cells, cells.length + 2);
        priced[cells.length] = amount(index.onDemandMonthly(prices));
        priced[cells.length + 1] = amount(index.provisionedMonthly(prices));
        return priced;
    }

    static String units(double value) {
        return String.format(Locale.ROOT, "%.1f", value);
    }

    static String whole(double value) {
        return String.format(Locale.ROOT, "%,.0f", value);
    }

    static String amount(OptionalDouble value) {
        return value.isPresent() ? String.format(Locale.ROOT, "%,.2f", value.getAsDouble()) : "-";
    }
}
