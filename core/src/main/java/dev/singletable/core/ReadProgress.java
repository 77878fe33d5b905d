package dev.singletable.core;

/** Told after every page of a {@link TableExport} how many items are read so far. */
@FunctionalInterface
public interface ReadProgress {

    /** Tells nobody. */
    ReadProgress NONE = (read, estimate) -> {
    };

    /**
     * @param read     items read so far
     * @param estimate how many items the table holds by its own count (DynamoDB updates it about every six
     *                 hours), or 0 when unknown
     */
    void read(long read, long estimate);
}
