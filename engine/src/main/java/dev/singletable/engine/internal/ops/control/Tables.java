package dev.singletable.engine.internal.ops.control;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.singletable.engine.internal.DynamoException;
import dev.singletable.engine.internal.kernel.Database;
import dev.singletable.engine.internal.ops.Constraints;
import dev.singletable.engine.internal.ops.OperationHandler;
import dev.singletable.engine.internal.ops.Requests;
import dev.singletable.engine.internal.storage.Table;
import java.util.Iterator;

/** DescribeTable, DeleteTable and ListTables. */
final class Tables {
    private static final int MAX_LIST_LIMIT = 100;

    private Tables() {
    }

    static OperationHandler describeTable(Database database) {
        return (request, context) -> {
            String name = ControlRequests.tableName(request);
            return database.read(() -> {
                ObjectNode response = JsonNodeFactory.instance.objectNode();
                response.set("Table", TableDescriptions.describe(ControlRequests.existing(database, name)));
                return response;
            });
        };
    }

    static OperationHandler deleteTable(Database database) {
        return (request, context) -> {
            String name = ControlRequests.tableName(request);
            return database.write(() -> {
                Table table = ControlRequests.existing(database, name);
                if (table.metadata().settings().deletionProtection()) {
                    throw DynamoException.validation("Resource cannot be deleted as it is currently protected against "
                            + "deletion. Disable deletion protection first.");
                }
                database.remove(table.name());
                ObjectNode response = JsonNodeFactory.instance.objectNode();
                response.set("TableDescription", TableDescriptions.deleting(table));
                return response;
            });
        };
    }

    /**
     * ListTables: names in ascending order after ExclusiveStartTableName (which need not exist), at most Limit
     * of them, and LastEvaluatedTableName only when more remain.
     */
    static OperationHandler listTables(Database database) {
        return (request, context) -> {
            String start = Requests.string(request, "ExclusiveStartTableName");
            Integer limit = Requests.integer(request, "Limit");
            Constraints constraints = new Constraints();
            if (start != null) {
                constraints.name(start, "exclusiveStartTableName");
            }
            if (limit != null && limit < 1) {
                constraints.fail(limit, "limit", "Member must have value greater than or equal to 1");
            }
            if (limit != null && limit > MAX_LIST_LIMIT) {
                constraints.fail(limit, "limit", "Member must have value less than or equal to 100");
            }
            constraints.check();
            int max = limit == null ? MAX_LIST_LIMIT : limit;
            return database.read(() -> {
                ObjectNode response = JsonNodeFactory.instance.objectNode();
                ArrayNode names = response.putArray("TableNames");
                Iterator<String> remaining = database.namesAfter(start).iterator();
                String last = null;
                while (remaining.hasNext() && names.size() < max) {
                    last = remaining.next();
                    names.add(last);
                }
                if (remaining.hasNext()) {
                    response.put("LastEvaluatedTableName", last);
                }
                return response;
            });
        };
    }
}
