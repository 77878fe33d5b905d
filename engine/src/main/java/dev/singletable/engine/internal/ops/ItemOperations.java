package dev.singletable.engine.internal.ops;

import dev.singletable.engine.internal.ops.items.BatchGetItem;
import dev.singletable.engine.internal.ops.items.BatchWriteItem;
import dev.singletable.engine.internal.ops.items.DeleteItem;
import dev.singletable.engine.internal.ops.items.GetItem;
import dev.singletable.engine.internal.ops.items.PutItem;
import dev.singletable.engine.internal.ops.items.TransactGetItems;
import dev.singletable.engine.internal.ops.items.TransactWriteItems;
import dev.singletable.engine.internal.ops.items.UpdateItem;
import dev.singletable.engine.internal.protocol.Database;
import dev.singletable.engine.internal.protocol.Operation;
import java.util.Map;

/** The operations on items: single-item reads and writes, batches and transactions. */
public final class ItemOperations {
    private ItemOperations() {
    }

    public static void register(Map<String, Operation> operations, Database database) {
        operations.put("PutItem", new PutItem(database));
        operations.put("GetItem", new GetItem(database));
        operations.put("UpdateItem", new UpdateItem(database));
        operations.put("DeleteItem", new DeleteItem(database));
        operations.put("BatchGetItem", new BatchGetItem(database));
        operations.put("BatchWriteItem", new BatchWriteItem(database));
        operations.put("TransactWriteItems", new TransactWriteItems(database));
        operations.put("TransactGetItems", new TransactGetItems(database));
    }
}
