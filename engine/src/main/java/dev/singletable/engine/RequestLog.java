package dev.singletable.engine;

import dev.singletable.engine.internal.log.RequestRecorder;
import dev.singletable.engine.model.RequestLogEntry;
import java.util.List;
import java.util.function.Predicate;

/**
 * Every request an engine (or a {@link RequestLogInterceptor}) saw, oldest first, in a bounded ring so a long
 * run does not grow without end. Thread-safe and read-only: the engine or the interceptor records, tests read.
 * Read it whole, since a {@link #mark()}, or through a {@link #view(Predicate) view} that shows only some
 * entries (one test's, one table's).
 */
public final class RequestLog {
    private final RequestRecorder recorder;
    private final Predicate<RequestLogEntry> filter;
    /** Entries numbered up to this one are not shown (cleared, or recorded before this view began). */
    private volatile long start;

    /** An empty log that keeps the last {@code capacity} entries, for a {@link RequestLogInterceptor} to fill. */
    public RequestLog(int capacity) {
        this(new RequestRecorder(capacity));
    }

    /** The log of what a recorder records. */
    RequestLog(RequestRecorder recorder) {
        this(recorder, entry -> true, 0);
    }

    private RequestLog(RequestRecorder recorder, Predicate<RequestLogEntry> filter, long start) {
        this.recorder = recorder;
        this.filter = filter;
        this.start = start;
    }

    /** Where entries shown by this log are recorded. */
    RequestRecorder recorder() {
        return recorder;
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
        return new Mark(recorder.recorded());
    }

    /** The entries recorded after the mark and still held, oldest first. */
    public List<RequestLogEntry> since(Mark mark) {
        return recorder.after(Math.max(mark.position(), start), filter);
    }

    /** Hides every entry recorded so far from this log (and only this view of it); numbering goes on. */
    public void clear() {
        start = recorder.recorded();
    }

    /**
     * A live view that shows the entries recorded from now on that match the filter; clearing the view does not
     * clear this log. Views share the ring, so they cost nothing to make.
     */
    public RequestLog view(Predicate<RequestLogEntry> matching) {
        return new RequestLog(recorder, filter.and(matching), recorder.recorded());
    }

    /** How many entries the underlying ring holds at most. */
    public int capacity() {
        return recorder.capacity();
    }

    /** A position in a request log. */
    public record Mark(long position) {
    }
}
