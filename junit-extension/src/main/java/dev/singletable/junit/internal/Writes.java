package dev.singletable.junit.internal;

import dev.singletable.engine.model.Operation;
import dev.singletable.engine.model.RequestLogEntry;
import java.util.EnumSet;
import java.util.Set;

/** Which request-log entries wrote items of a given table. */
public final class Writes {
    /** Writes that name the table; batches and transactions may name several, so they are not told apart. */
    private static final Set<Operation> ITEM_WRITES = EnumSet.of(Operation.PUT_ITEM, Operation.UPDATE_ITEM,
            Operation.DELETE_ITEM);

    private Writes() {
    }

    /**
     * @param entry a request-log entry
     * @param table a physical table name
     * @return whether the entry is a PutItem, UpdateItem or DeleteItem on that table
     */
    public static boolean ofItemsIn(RequestLogEntry entry, String table) {
        return ITEM_WRITES.contains(entry.operation()) && entry.table().filter(table::equals).isPresent();
    }
}
