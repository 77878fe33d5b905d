package dev.singletable.engine.internal.ops.items;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.singletable.engine.internal.expr.Condition;
import dev.singletable.engine.internal.kernel.Database;
import dev.singletable.engine.internal.ops.OperationHandler;
import dev.singletable.engine.internal.ops.RequestContext;
import dev.singletable.engine.internal.storage.Table;
import dev.singletable.engine.internal.value.Value;
import java.util.List;
import java.util.Map;

/** DeleteItem: deletes an item if present, optionally under a condition; a missing item is no error. */
public final class DeleteItem implements OperationHandler {
    private final Database database;

    public DeleteItem(Database database) {
        this.database = database;
    }

    @Override
    public ObjectNode execute(JsonNode request, RequestContext context) {
        SingleItemWrite single = SingleItemWrite.of(request);
        Map<String, Value> key = Members.requiredItem(request, "Key", "key");
        RequestExpressions expressions = RequestExpressions.of(request, List.of("ConditionExpression"),
                List.of("Expected", "ConditionalOperator"));
        Members.checkOnlyOldItem(single.returnValues());
        Condition condition = expressions.condition();
        expressions.checkAllUsed();
        return database.write(() -> {
            Table table = database.table(single.tableName());
            ItemKeys.ofKey(table, key);
            ItemWrite write = ItemWrite.delete(table, key, condition);
            return single.run(table, write, context, single::allOld);
        });
    }
}
