package dev.singletable.engine.internal.log;

import dev.singletable.engine.model.RequestLogEntry;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * Where the engine and the client-side interceptor record requests: a bounded ring of numbered entries, so a
 * long run does not grow without end. Thread-safe. Readers see it through the public, read-only request log.
 */
public final class RequestRecorder {
    private final RequestLogEntry[] entries;
    private long recorded;

    public RequestRecorder(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be at least 1, was " + capacity);
        }
        entries = new RequestLogEntry[capacity];
    }

    /** Keeps a request as the next entry, numbered after the entries before it; returns the entry. */
    public synchronized RequestLogEntry record(RequestRecord request) {
        RequestLogEntry entry = new LoggedRequest(++recorded, request);
        entries[(int) ((recorded - 1) % entries.length)] = entry;
        return entry;
    }

    /** How many entries were recorded so far (also the sequence number of the last one). */
    public synchronized long recorded() {
        return recorded;
    }

    /** How many entries the ring holds at most. */
    public int capacity() {
        return entries.length;
    }

    /** The entries numbered after {@code position} that are still held and match, oldest first. */
    public synchronized List<RequestLogEntry> after(long position, Predicate<RequestLogEntry> filter) {
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
