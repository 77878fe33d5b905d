package dev.singletable.engine.internal.ops.control;

import dev.singletable.engine.internal.protocol.Database;
import dev.singletable.engine.internal.protocol.Operation;
import java.util.LinkedHashMap;
import java.util.Map;

/** The control-plane operations by their X-Amz-Target names. */
public final class ControlOperations {
    private ControlOperations() {
    }

    public static Map<String, Operation> all(Database database) {
        Map<String, Operation> operations = new LinkedHashMap<>();
        operations.put("CreateTable", new CreateTable(database));
        operations.put("DescribeTable", Tables.describeTable(database));
        operations.put("DeleteTable", Tables.deleteTable(database));
        operations.put("ListTables", Tables.listTables(database));
        operations.put("UpdateTable", new UpdateTable(database));
        operations.put("UpdateTimeToLive", TimeToLiveOperations.updateTimeToLive(database));
        operations.put("DescribeTimeToLive", TimeToLiveOperations.describeTimeToLive(database));
        operations.put("TagResource", Tagging.tagResource(database));
        operations.put("UntagResource", Tagging.untagResource(database));
        operations.put("ListTagsOfResource", Tagging.listTagsOfResource(database));
        operations.put("DescribeEndpoints", AccountOperations.describeEndpoints());
        operations.put("DescribeLimits", AccountOperations.describeLimits());
        return operations;
    }
}
