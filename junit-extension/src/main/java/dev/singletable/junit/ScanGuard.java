package dev.singletable.junit;

/**
 * What happens to a test during which a Scan ran on its table. A single-table design answers every access pattern
 * with a Query, so a Scan is almost always a mistake; {@link AllowScan @AllowScan} permits the deliberate ones.
 */
public enum ScanGuard {
    /** Whatever the configuration parameter {@code singletable.scans} says ({@code warn} when it is not set). */
    CONFIGURED,
    /** The test fails, with a message naming the table, the index, the filter and the caller of each Scan. */
    FAIL,
    /**
     * The test passes; the same message is published as a report entry {@code singletable.scans} (shown by IDEs
     * and in the Surefire XML report) and logged as a warning through {@code System.Logger}.
     */
    WARN,
    /** Scans are not checked. */
    ALLOW
}
