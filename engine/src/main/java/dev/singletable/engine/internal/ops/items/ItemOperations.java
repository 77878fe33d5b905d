package dev.singletable.engine.internal.ops.items;

import dev.singletable.engine.internal.kernel.Database;
import dev.singletable.engine.internal.ops.OperationHandler;
import dev.singletable.engine.model.Operation;
import java.util.Map;

/** The operations on items: single-item reads and writes, batches and transactions. */
public final class ItemOperations {
    private ItemOperations() {
    }

    public static void register(Map<Operation, OperationHandler> operations, Database database) {
        operations.put(Operation.PUT_ITEM, new PutItem(database));
        operations.put(Operation.GET_ITEM, new GetItem(database));
        operations.put(Operation.UPDATE_ITEM, new UpdateItem(database));
        operations.put(Operation.DELETE_ITEM, new DeleteItem(database));
        operations.put(Operation.BATCH_GET_ITEM, new BatchGetItem(database));
        operations.put(Operation.BATCH_WRITE_ITEM, new BatchWriteItem(database));
        operations.put(Operation.TRANSACT_WRITE_ITEMS, new TransactWriteItems(database));
        operations.put(Operation.TRANSACT_GET_ITEMS, new TransactGetItems(database));
    }
}
