package dev.singletable.engine.internal.ops.control;

import dev.singletable.engine.internal.kernel.Database;
import dev.singletable.engine.internal.ops.OperationHandler;
import dev.singletable.engine.model.Operation;

/**
 * The control plane: tables (create, describe, list, update, delete), time to live, point-in-time recovery, tags,
 * and the account-level DescribeEndpoints and DescribeLimits.
 */
public final class ControlOperations {
    private ControlOperations() {
    }

    /** @return the handler of {@code operation}, or null when it is not a control-plane operation */
    public static OperationHandler handler(Operation operation, Database database) {
        return switch (operation) {
            case CREATE_TABLE -> new CreateTable(database);
            case DESCRIBE_TABLE -> Tables.describeTable(database);
            case DELETE_TABLE -> Tables.deleteTable(database);
            case LIST_TABLES -> Tables.listTables(database);
            case UPDATE_TABLE -> new UpdateTable(database);
            case UPDATE_TIME_TO_LIVE -> TimeToLiveOperations.updateTimeToLive(database);
            case DESCRIBE_TIME_TO_LIVE -> TimeToLiveOperations.describeTimeToLive(database);
            case DESCRIBE_CONTINUOUS_BACKUPS -> ContinuousBackups.describe(database);
            case UPDATE_CONTINUOUS_BACKUPS -> ContinuousBackups.update(database);
            case TAG_RESOURCE -> Tagging.tagResource(database);
            case UNTAG_RESOURCE -> Tagging.untagResource(database);
            case LIST_TAGS_OF_RESOURCE -> Tagging.listTagsOfResource(database);
            case DESCRIBE_ENDPOINTS -> AccountOperations.describeEndpoints();
            case DESCRIBE_LIMITS -> AccountOperations.describeLimits();
            default -> null;
        };
    }
}
