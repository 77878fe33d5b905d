package dev.singletable.engine.internal.ops.items;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.singletable.engine.internal.expr.Condition;
import dev.singletable.engine.internal.protocol.Database;
import dev.singletable.engine.internal.protocol.Operation;
import dev.singletable.engine.internal.protocol.RequestContext;
import dev.singletable.engine.internal.protocol.Requests;
import dev.singletable.engine.internal.storage.Table;
import dev.singletable.engine.internal.value.Value;
import dev.singletable.engine.internal.value.ValueJson;
import java.util.List;
import java.util.Map;

/** DeleteItem (§5.5): deletes an item if present, optionally under a condition; a missing item is no error. */
public final class DeleteItem implements Operation {
    private final Database database;

    public DeleteItem(Database database) {
        this.database = database;
    }

    @Override
    public ObjectNode execute(JsonNode request, RequestContext context) {
        String tableName = Requests.tableName(request);
        String returnValues = Members.returnValues(request);
        String capacityMode = Requests.returnConsumedCapacity(request);
        boolean metrics = Members.itemCollectionMetrics(request);
        boolean oldItemOnFailure = Members.oldItemOnConditionFailure(request, "returnValuesOnConditionCheckFailure");
        Map<String, Value> key = Members.requiredItem(request, "Key", "key");
        RequestExpressions expressions = RequestExpressions.of(request, List.of("ConditionExpression"),
                List.of("Expected", "ConditionalOperator"));
        Members.checkOnlyOldItem(returnValues);
        Condition condition = expressions.condition();
        expressions.checkAllUsed();
        return database.write(() -> {
            Table table = database.table(tableName);
            ItemKeys.ofKey(table, key);
            ItemWrite write = ItemWrite.delete(table, key, condition);
            ItemWrite.Outcome outcome = write.plan();
            Usage usage = new Usage();
            usage.write(table.name(), write.cost(outcome));
            context.consumedCapacity(usage.total());
            if (outcome.conditionFailed()) {
                throw ItemWrite.conditionFailed(outcome, oldItemOnFailure);
            }
            write.apply(outcome);
            ObjectNode response = JsonNodeFactory.instance.objectNode();
            if (returnValues.equals("ALL_OLD") && outcome.old() != null) {
                response.set("Attributes", ValueJson.writeItem(outcome.old().attributes()));
            }
            SingleItemResponses.finish(response, usage, capacityMode, metrics, table, write);
            return response;
        });
    }
}
