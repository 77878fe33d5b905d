package dev.singletable.engine;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Predicate;

/**
 * Every request an engine served, newest last, in a bounded ring so a long run does not grow without end.
 * Thread-safe. Read it whole, since a {@link #mark()}, or filtered.
 */
public final class RequestLog {
    private final RequestLogEntry[] ring;
    private long recorded;
    /** Entries numbered up to this one were cleared. */
    private long cleared;

    /** A log that keeps the last {@code capacity} entries. */
    public RequestLog(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be at least 1, was " + capacity);
        }
        this.ring = new RequestLogEntry[capacity];
    }

    /** Records an entry, numbering it after the entries before it; returns the numbered entry. */
    public synchronized RequestLogEntry record(RequestLogEntry.Builder entry) {
        RequestLogEntry numbered = entry.sequence(++recorded).build();
        ring[(int) ((recorded - 1) % ring.length)] = numbered;
        return numbered;
    }

    /** The entries still held, oldest first. */
    public List<RequestLogEntry> entries() {
        return since(new Mark(0));
    }

    /** A position in the log: {@link #since(Mark)} returns what was recorded after it. */
    public synchronized Mark mark() {
        return new Mark(recorded);
    }

    /** The entries recorded after the mark (those still held), oldest first. */
    public synchronized List<RequestLogEntry> since(Mark mark) {
        long first = Math.max(Math.max(mark.position, cleared), recorded - ring.length);
        List<RequestLogEntry> entries = new ArrayList<>((int) (recorded - first));
        for (long i = first; i < recorded; i++) {
            entries.add(ring[(int) (i % ring.length)]);
        }
        return entries;
    }

    /** The entries that match, oldest first. */
    public List<RequestLogEntry> entries(Predicate<RequestLogEntry> filter) {
        return entries().stream().filter(filter).toList();
    }

    /** Forgets every entry; numbering goes on. */
    public synchronized void clear() {
        Arrays.fill(ring, null);
        cleared = recorded;
    }

    /** How many entries this log holds at most. */
    public int capacity() {
        return ring.length;
    }

    /** A position in a request log. */
    public record Mark(long position) {
    }
}
