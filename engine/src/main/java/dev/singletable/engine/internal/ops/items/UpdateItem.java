package dev.singletable.engine.internal.ops.items;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.singletable.engine.internal.expr.Condition;
import dev.singletable.engine.internal.expr.Update;
import dev.singletable.engine.internal.kernel.Database;
import dev.singletable.engine.internal.ops.OperationHandler;
import dev.singletable.engine.internal.ops.RequestContext;
import dev.singletable.engine.internal.storage.Table;
import dev.singletable.engine.internal.value.Value;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** UpdateItem: updates an item or creates it (upsert), optionally under a condition. */
public final class UpdateItem implements OperationHandler {
    private final Database database;

    public UpdateItem(Database database) {
        this.database = database;
    }

    @Override
    public ObjectNode execute(JsonNode request, RequestContext context) {
        SingleItemWrite single = SingleItemWrite.of(request);
        Map<String, Value> key = Members.requiredItem(request, "Key", "key");
        RequestExpressions expressions = RequestExpressions.of(request,
                List.of("UpdateExpression", "ConditionExpression"),
                List.of("AttributeUpdates", "Expected", "ConditionalOperator"));
        Update update = expressions.update();
        Condition condition = expressions.condition();
        expressions.checkAllUsed();
        return database.write(() -> {
            Table table = database.table(single.tableName());
            ItemKeys.ofKey(table, key);
            if (update != null) {
                ItemKeys.checkNotUpdatingKey(table, update.topLevelAttributes());
            }
            ItemWrite write = ItemWrite.update(table, key, update, condition);
            return single.run(table, write, context, outcome -> returned(single.returnValues(), outcome, table));
        });
    }

    /** What ReturnValues asks for; null or empty when there is nothing to return. */
    private static Map<String, Value> returned(String returnValues, ItemWrite.Outcome outcome, Table table) {
        switch (returnValues) {
            case "ALL_OLD":
                return outcome.old() == null ? null : outcome.old().attributes();
            case "ALL_NEW": // the item as stored, when encoded, is written to the response as it is
                return outcome.stored() != null ? outcome.stored().attributes() : outcome.after();
            case "UPDATED_OLD":
                return outcome.updated() == null ? null : outcome.updated().updatedOld();
            case "UPDATED_NEW":
                if (outcome.updated() == null) {
                    return null;
                }
                Map<String, Value> updatedNew = new LinkedHashMap<>(outcome.updated().updatedNew());
                updatedNew.keySet().removeIf(attribute -> ItemKeys.isTableKey(table, attribute));
                return updatedNew;
            default:
                return null;
        }
    }
}
