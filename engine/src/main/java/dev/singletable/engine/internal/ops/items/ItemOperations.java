package dev.singletable.engine.internal.ops.items;

import dev.singletable.engine.internal.kernel.Database;
import dev.singletable.engine.internal.ops.OperationHandler;
import dev.singletable.engine.model.Operation;

/** The operations on items: single-item reads and writes, batches and transactions. */
public final class ItemOperations {
    private ItemOperations() {
    }

    /** @return the handler of {@code operation}, or null when it is not an operation on items */
    public static OperationHandler handler(Operation operation, Database database) {
        return switch (operation) {
            case PUT_ITEM -> new PutItem(database);
            case GET_ITEM -> new GetItem(database);
            case UPDATE_ITEM -> new UpdateItem(database);
            case DELETE_ITEM -> new DeleteItem(database);
            case BATCH_GET_ITEM -> new BatchGetItem(database);
            case BATCH_WRITE_ITEM -> new BatchWriteItem(database);
            case TRANSACT_WRITE_ITEMS -> new TransactWriteItems(database);
            case TRANSACT_GET_ITEMS -> new TransactGetItems(database);
            default -> null;
        };
    }
}
