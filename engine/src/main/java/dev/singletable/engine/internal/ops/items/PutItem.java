package dev.singletable.engine.internal.ops.items;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.singletable.engine.internal.expr.Condition;
import dev.singletable.engine.internal.kernel.Database;
import dev.singletable.engine.internal.ops.OperationHandler;
import dev.singletable.engine.internal.ops.RequestContext;
import dev.singletable.engine.internal.storage.Item;
import dev.singletable.engine.internal.storage.PrimaryKey;
import dev.singletable.engine.internal.storage.Table;
import dev.singletable.engine.internal.value.Value;
import java.util.List;
import java.util.Map;

/** PutItem: replaces a whole item, optionally under a condition. */
public final class PutItem implements OperationHandler {
    private final Database database;

    public PutItem(Database database) {
        this.database = database;
    }

    @Override
    public ObjectNode execute(JsonNode request, RequestContext context) {
        SingleItemWrite single = SingleItemWrite.of(request);
        Map<String, Value> item = Members.requiredItem(request, "Item", "item");
        RequestExpressions expressions = RequestExpressions.of(request, List.of("ConditionExpression"),
                List.of("Expected", "ConditionalOperator"));
        Members.checkOnlyOldItem(single.returnValues());
        Condition condition = expressions.condition();
        expressions.checkAllUsed();
        ItemKeys.checkAttributeNames(item);
        Item stored = Item.of(item); // encoded once: measured here, stored as it is
        Members.checkItemSize(stored.size());
        return database.write(() -> {
            Table table = database.table(single.tableName());
            PrimaryKey key = ItemKeys.checkItemKey(table, item);
            ItemKeys.checkIndexKeys(table, item, null, ItemKeys.Form.PUT);
            ItemWrite write = ItemWrite.put(table, key, item, stored, condition);
            return single.run(table, write, context, single::allOld);
        });
    }
}
