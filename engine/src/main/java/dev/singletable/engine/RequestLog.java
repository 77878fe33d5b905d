package dev.singletable.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * Every request an engine (or a {@link RequestLogInterceptor}) saw, oldest first, in a bounded ring so a long
 * run does not grow without end. Thread-safe. Read it whole, since a {@link #mark()}, or through a
 * {@link #view(Predicate) view} that shows only some entries (one test's, one table's).
 */
public final class RequestLog {
    private final Ring ring;
    private final Predicate<RequestLogEntry> filter;
    /** Entries numbered up to this one are not shown (cleared, or recorded before this view began). */
    private volatile long start;

    /** A log that keeps the last {@code capacity} entries. */
    public RequestLog(int capacity) {
        this(new Ring(capacity), entry -> true, 0);
    }

    private RequestLog(Ring ring, Predicate<RequestLogEntry> filter, long start) {
        this.ring = ring;
        this.filter = filter;
        this.start = start;
    }

    /** Records an entry, numbering it after the entries before it; returns the numbered entry. */
    public RequestLogEntry record(RequestLogEntry.Builder entry) {
        return ring.record(entry);
    }

    /** The entries shown, oldest first. */
    public List<RequestLogEntry> entries() {
        return since(new Mark(0));
    }

    /** The entries that match, oldest first. */
    public List<RequestLogEntry> entries(Predicate<RequestLogEntry> matching) {
        return entries().stream().filter(matching).toList();
    }

    /** A position in the log: {@link #since(Mark)} returns what was recorded after it. */
    public Mark mark() {
        return new Mark(ring.recorded());
    }

    /** The entries recorded after the mark and still held, oldest first. */
    public List<RequestLogEntry> since(Mark mark) {
        return ring.after(Math.max(mark.position(), start), filter);
    }

    /** Hides every entry recorded so far from this log (and only this view of it); numbering goes on. */
    public void clear() {
        start = ring.recorded();
    }

    /**
     * A live view that shows the entries recorded from now on that match the filter; clearing the view does not
     * clear this log. Views share the ring, so they cost nothing to make.
     */
    public RequestLog view(Predicate<RequestLogEntry> matching) {
        return new RequestLog(ring, filter.and(matching), ring.recorded());
    }

    /** How many entries the underlying ring holds at most. */
    public int capacity() {
        return ring.entries.length;
    }

    /** A position in a request log. */
    public record Mark(long position) {
    }

    private static final class Ring {
        private final RequestLogEntry[] entries;
        private long recorded;

        Ring(int capacity) {
            if (capacity < 1) {
                throw new IllegalArgumentException("capacity must be at least 1, was " + capacity);
            }
            entries = new RequestLogEntry[capacity];
        }

        synchronized RequestLogEntry record(RequestLogEntry.Builder entry) {
            RequestLogEntry numbered = entry.sequence(++recorded).build();
            entries[(int) ((recorded - 1) % entries.length)] = numbered;
            return numbered;
        }

        synchronized long recorded() {
            return recorded;
        }

        synchronized List<RequestLogEntry> after(long position, Predicate<RequestLogEntry> filter) {
            long first = Math.max(position, recorded - entries.length);
            List<RequestLogEntry> found = new ArrayList<>((int) Math.max(0, recorded - first));
            for (long i = first; i < recorded; i++) {
                RequestLogEntry entry = entries[(int) (i % entries.length)];
                if (filter.test(entry)) {
                    found.add(entry);
                }
            }
            return found;
        }
    }
}
