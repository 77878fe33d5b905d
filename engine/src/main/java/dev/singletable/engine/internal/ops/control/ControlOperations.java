package dev.singletable.engine.internal.ops.control;

import dev.singletable.engine.internal.kernel.Database;
import dev.singletable.engine.internal.ops.OperationHandler;
import dev.singletable.engine.model.Operation;
import java.util.Map;

/**
 * The control plane: tables (create, describe, list, update, delete), time to live, point-in-time recovery, tags,
 * and the account-level DescribeEndpoints and DescribeLimits.
 */
public final class ControlOperations {
    private ControlOperations() {
    }

    public static void register(Map<Operation, OperationHandler> operations, Database database) {
        operations.put(Operation.CREATE_TABLE, new CreateTable(database));
        operations.put(Operation.DESCRIBE_TABLE, Tables.describeTable(database));
        operations.put(Operation.DELETE_TABLE, Tables.deleteTable(database));
        operations.put(Operation.LIST_TABLES, Tables.listTables(database));
        operations.put(Operation.UPDATE_TABLE, new UpdateTable(database));
        operations.put(Operation.UPDATE_TIME_TO_LIVE, TimeToLiveOperations.updateTimeToLive(database));
        operations.put(Operation.DESCRIBE_TIME_TO_LIVE, TimeToLiveOperations.describeTimeToLive(database));
        operations.put(Operation.DESCRIBE_CONTINUOUS_BACKUPS, ContinuousBackups.describe(database));
        operations.put(Operation.UPDATE_CONTINUOUS_BACKUPS, ContinuousBackups.update(database));
        operations.put(Operation.TAG_RESOURCE, Tagging.tagResource(database));
        operations.put(Operation.UNTAG_RESOURCE, Tagging.untagResource(database));
        operations.put(Operation.LIST_TAGS_OF_RESOURCE, Tagging.listTagsOfResource(database));
        operations.put(Operation.DESCRIBE_ENDPOINTS, AccountOperations.describeEndpoints());
        operations.put(Operation.DESCRIBE_LIMITS, AccountOperations.describeLimits());
    }
}
