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

/** PutItem (§5.2): replaces a whole item, optionally under a condition. */
public final class PutItem implements Operation {
    private final Database database;

    public PutItem(Database database) {
        this.database = database;
    }

    @Override
    public ObjectNode execute(JsonNode request, RequestContext context) {
        String tableName = Requests.tableName(request);
        String returnValues = Members.returnValues(request);
        String capacityMode = Requests.returnConsumedCapacity(request);
        boolean metrics = Members.itemCollectionMetrics(request);
        boolean oldItemOnFailure = Members.oldItemOnConditionFailure(request, "returnValuesOnConditionCheckFailure");
        Map<String, Value> item = Members.requiredItem(request, "Item", "item");
        RequestExpressions expressions = RequestExpressions.of(request, List.of("ConditionExpression"),
                List.of("Expected", "ConditionalOperator"));
        Members.checkOnlyOldItem(returnValues);
        Condition condition = expressions.condition();
        expressions.checkAllUsed();
        ItemKeys.checkAttributeNames(item);
        Members.checkItemSize(item);
        return database.write(() -> {
            Table table = database.table(tableName);
            ItemKeys.checkItemKey(table, item);
            ItemKeys.checkIndexKeys(table, item, null, ItemKeys.Form.PUT);
            ItemWrite write = ItemWrite.put(table, item, condition);
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
