package dev.singletable.core;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.HexFormat;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.CRC32;

/**
 * The prefix the toolkit gives the tables of one run on an external endpoint, e.g.
 * {@code singletable-20260105t093012-4f1a2c-81234-}: when the run started (UTC, to the second), the machine it ran
 * on (six hex digits of a hash of the host name) and its process id. From a table's name alone a later run can
 * tell the tables of a run that ended without dropping them (its JVM died) from every other table, which it never
 * touches ({@link #isLeftoverFor}, {@link Provisioner#dropLeftovers}).
 */
public final class TablePrefix {
    /**
     * How old the tables of a run on another machine must be to be taken for leftovers: no test run lasts a day,
     * and from here nobody can tell whether a process on another machine still runs.
     */
    public static final Duration LEFTOVER_AGE = Duration.ofDays(1);

    private static final String START = "singletable-";
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("uuuuMMdd't'HHmmss")
            .withZone(ZoneOffset.UTC);
    private static final Pattern GENERATED = Pattern.compile(
            Pattern.quote(START) + "(\\d{8}t\\d{6})-([0-9a-f]{6})-([1-9][0-9]{0,18})-");
    private static final String THIS_HOST = hostHash();

    private final Instant started;
    private final String host;
    private final long pid;

    private TablePrefix(Instant started, String host, long pid) {
        this.started = started;
        this.host = host;
        this.pid = pid;
    }

    /** @return the prefix of a run starting now, in this process */
    public static TablePrefix forThisRun() {
        return forThisRun(Clock.systemUTC());
    }

    static TablePrefix forThisRun(Clock clock) {
        return new TablePrefix(clock.instant().truncatedTo(ChronoUnit.SECONDS), THIS_HOST,
                ProcessHandle.current().pid());
    }

    /**
     * @param tableName any table name
     * @return the generated prefix the name starts with; empty for every other name, including names with a
     *         prefix that a user configured or that an older version generated
     */
    public static Optional<TablePrefix> of(String tableName) {
        Matcher matcher = GENERATED.matcher(tableName);
        if (!matcher.lookingAt() || tableName.length() == matcher.end()) {
            return Optional.empty();
        }
        try {
            return Optional.of(new TablePrefix(TIME.parse(matcher.group(1), Instant::from), matcher.group(2),
                    Long.parseLong(matcher.group(3))));
        } catch (RuntimeException notATimeOrPid) {
            return Optional.empty();
        }
    }

    /** @return the prefix itself, ending in a hyphen */
    public String value() {
        return START + TIME.format(started) + "-" + host + "-" + pid + "-";
    }

    /** @return when the run started, to the second */
    public Instant started() {
        return started;
    }

    /**
     * @param current the prefix of the run that asks
     * @return whether this is the prefix of a run that started before {@code current} and has ended: on this
     *         machine when its process is no longer running; on another when it started {@link #LEFTOVER_AGE}
     *         or more before {@code current} (so for any run that old)
     */
    public boolean isLeftoverFor(TablePrefix current) {
        if (!started.isBefore(current.started)) {
            return false;
        }
        boolean old = !started.isAfter(current.started.minus(LEFTOVER_AGE));
        boolean endedHere = host.equals(THIS_HOST) && ProcessHandle.of(pid).map(p -> !p.isAlive()).orElse(true);
        return old || endedHere;
    }

    /** @return when, where and as which process the run started, for messages */
    @Override
    public String toString() {
        return "a run started at " + started + (host.equals(THIS_HOST) ? " on this machine" : " on another machine")
                + " as process " + pid;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof TablePrefix that && started.equals(that.started) && host.equals(that.host)
                && pid == that.pid;
    }

    @Override
    public int hashCode() {
        return Objects.hash(started, host, pid);
    }

    /** Six hex digits of the CRC32 of this machine's name: enough to tell machines apart, nothing to read. */
    private static String hostHash() {
        String name;
        try {
            name = InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            name = Optional.ofNullable(System.getenv("HOSTNAME")).orElse("");
        }
        CRC32 crc = new CRC32();
        crc.update(name.getBytes(StandardCharsets.UTF_8));
        return HexFormat.of().toHexDigits(crc.getValue()).substring(10);
    }
}
