package dev.singletable.engine.internal.storage;

/** Told of every change to a table's items, in commit order: the stuff of DynamoDB Streams and of the journal. */
@FunctionalInterface
public interface ChangeListener {
    ChangeListener NONE = (table, oldItem, newItem, byTimeToLive) -> { };

    /**
     * One item changed: {@code oldItem} null for an insert, {@code newItem} null for a removal;
     * {@code byTimeToLive} when the service deleted an expired item.
     */
    void changed(Table table, Item oldItem, Item newItem, boolean byTimeToLive);

    /** The table was deleted, its items with it (no change is told for each). */
    default void removed(Table table) {
    }
}
