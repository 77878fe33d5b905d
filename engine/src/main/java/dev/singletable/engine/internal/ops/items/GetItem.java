package dev.singletable.engine.internal.ops.items;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.singletable.engine.internal.expr.Projection;
import dev.singletable.engine.internal.kernel.Capacity;
import dev.singletable.engine.internal.kernel.Database;
import dev.singletable.engine.internal.ops.OperationHandler;
import dev.singletable.engine.internal.ops.RequestContext;
import dev.singletable.engine.internal.ops.Requests;
import dev.singletable.engine.internal.storage.Item;
import dev.singletable.engine.internal.storage.Table;
import dev.singletable.engine.internal.value.Value;
import dev.singletable.engine.internal.value.ValueJson;
import java.util.List;
import java.util.Map;

/** GetItem: reads one item by its key, the whole item or a projection of it. */
public final class GetItem implements OperationHandler {
    private final Database database;

    public GetItem(Database database) {
        this.database = database;
    }

    @Override
    public ObjectNode execute(JsonNode request, RequestContext context) {
        String tableName = Requests.tableName(request);
        String capacityMode = Requests.returnConsumedCapacity(request);
        boolean consistent = Requests.bool(request, "ConsistentRead", false);
        Map<String, Value> key = Members.requiredItem(request, "Key", "key");
        RequestExpressions expressions = RequestExpressions.of(request, List.of("ProjectionExpression"),
                List.of("AttributesToGet"));
        Projection projection = expressions.projection();
        expressions.checkAllUsed();
        return database.read(() -> {
            Table table = database.table(tableName);
            Item item = table.get(ItemKeys.ofKey(table, key));
            Usage usage = new Usage();
            usage.read(table.name(), Capacity.readUnits(item == null ? 0 : item.size(), consistent));
            context.consumedCapacity(usage.total());
            context.counts(item == null ? 0 : 1, item == null ? 0 : 1);
            ObjectNode response = JsonNodeFactory.instance.objectNode();
            if (item != null) {
                response.set("Item", ValueJson.writeItem(
                        projection == null ? item.attributes() : projection.apply(item.attributes())));
            }
            ObjectNode consumed = usage.single(capacityMode);
            if (consumed != null) {
                response.set("ConsumedCapacity", consumed);
            }
            return response;
        });
    }
}
