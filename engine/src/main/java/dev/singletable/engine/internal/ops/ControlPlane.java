package dev.singletable.engine.internal.ops;

import dev.singletable.engine.internal.ops.control.ControlOperations;
import dev.singletable.engine.internal.protocol.Database;
import dev.singletable.engine.internal.protocol.Operation;
import java.util.Map;

/**
 * The control plane: tables (create, describe, list, update, delete), time to live, tags, and the account-level
 * DescribeEndpoints and DescribeLimits. The operations live in {@code ops.control}.
 */
public final class ControlPlane {
    private ControlPlane() {
    }

    /** Adds every control-plane operation to the engine's table of operations. */
    public static void register(Map<String, Operation> operations, Database database) {
        operations.putAll(ControlOperations.all(database));
    }
}
