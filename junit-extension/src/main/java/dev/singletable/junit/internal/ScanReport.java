package dev.singletable.junit.internal;

import dev.singletable.engine.model.ExpressionKind;
import dev.singletable.engine.model.RequestLogEntry;
import java.util.List;
import java.util.stream.Collectors;

/** The message of the Scan guard: which Scans ran, on what, with which filter, called from where. */
public final class ScanReport {
    private ScanReport() {
    }

    /**
     * @param test         the test, as {@code Class.method()}
     * @param physicalName the table's name at the endpoint
     * @param logicalName  the design's table name
     * @param scans        the Scans that ran, oldest first
     * @return the message, one line per Scan
     */
    public static String message(String test, String physicalName, String logicalName, List<RequestLogEntry> scans) {
        String table = physicalName.equals(logicalName) ? "'" + logicalName + "'"
                : "'" + logicalName + "' (physical name '" + physicalName + "')";
        return scans.size() + (scans.size() == 1 ? " Scan" : " Scans") + " ran on table " + table + " during "
                + test + "; a single-table design answers every access pattern with a Query:\n"
                + scans.stream().map(ScanReport::line).collect(Collectors.joining("\n"))
                + "\nQuery a key instead, or annotate the test or its class with @AllowScan if it must read everything.";
    }

    private static String line(RequestLogEntry scan) {
        return "  Scan of " + scan.index().map(i -> "index '" + i + "'").orElse("the table")
                + scan.expression(ExpressionKind.FILTER).map(f -> " with filter " + f).orElse(" without filter")
                + ", called from " + scan.caller().map(StackTraceElement::toString).orElse("an unknown caller");
    }
}
