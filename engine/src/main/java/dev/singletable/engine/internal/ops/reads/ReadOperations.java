package dev.singletable.engine.internal.ops.reads;

import dev.singletable.engine.internal.kernel.Database;
import dev.singletable.engine.internal.ops.OperationHandler;
import dev.singletable.engine.model.Operation;

/** The multi-item reads: Query and Scan. */
public final class ReadOperations {
    private ReadOperations() {
    }

    /** @return the handler of {@code operation}, or null when it is neither Query nor Scan */
    public static OperationHandler handler(Operation operation, Database database) {
        return switch (operation) {
            case QUERY -> new QueryOperation(database);
            case SCAN -> new ScanOperation(database);
            default -> null;
        };
    }
}
