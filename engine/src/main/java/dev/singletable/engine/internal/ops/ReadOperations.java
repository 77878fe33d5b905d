package dev.singletable.engine.internal.ops;

import dev.singletable.engine.internal.ops.reads.QueryOperation;
import dev.singletable.engine.internal.ops.reads.ScanOperation;
import dev.singletable.engine.internal.protocol.Database;
import dev.singletable.engine.internal.protocol.Operation;
import java.util.Map;

/** The multi-item reads: Query and Scan. */
public final class ReadOperations {
    private ReadOperations() {
    }

    public static void register(Map<String, Operation> operations, Database database) {
        operations.put("Query", new QueryOperation(database));
        operations.put("Scan", new ScanOperation(database));
    }
}
