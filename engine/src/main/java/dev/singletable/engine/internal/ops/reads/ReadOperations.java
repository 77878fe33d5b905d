package dev.singletable.engine.internal.ops.reads;

import dev.singletable.engine.internal.kernel.Database;
import dev.singletable.engine.internal.ops.OperationHandler;
import dev.singletable.engine.model.Operation;
import java.util.Map;

/** The multi-item reads: Query and Scan. */
public final class ReadOperations {
    private ReadOperations() {
    }

    public static void register(Map<Operation, OperationHandler> operations, Database database) {
        operations.put(Operation.QUERY, new QueryOperation(database));
        operations.put(Operation.SCAN, new ScanOperation(database));
    }
}
