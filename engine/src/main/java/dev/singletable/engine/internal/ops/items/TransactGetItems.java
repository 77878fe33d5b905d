package dev.singletable.engine.internal.ops.items;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.singletable.engine.internal.DynamoException;
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
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * TransactGetItems: up to 100 Gets read as one serializable snapshot (under the database's read lock),
 * answered one response per Get in request order, each read costing twice a consistent read.
 */
public final class TransactGetItems implements OperationHandler {
    private final Database database;

    public TransactGetItems(Database database) {
        this.database = database;
    }

    private record Get(String tableName, Map<String, Value> key, Projection projection) {
    }

    @Override
    public ObjectNode execute(JsonNode request, RequestContext context) {
        String capacityMode = Requests.returnConsumedCapacity(request);
        List<JsonNode> elements = BatchShapes.transactItems(request, "TransactGetItem");
        List<Get> gets = new ArrayList<>();
        for (int i = 0; i < elements.size(); i++) {
            gets.add(read(elements.get(i), i + 1));
        }
        return database.read(() -> {
            List<Table> tables = new ArrayList<>();
            Set<List<Object>> targets = new HashSet<>();
            for (Get get : gets) {
                Table table = database.table(get.tableName());
                Map<String, Value> key = ItemKeys.keyAttributes(table, get.key());
                if (key.size() == get.key().size()) {
                    ItemKeys.checkKeyValues(table, key);
                }
                if (!targets.add(List.of(table.name(), key))) {
                    throw DynamoException.validation("Transaction request cannot include multiple operations on one item");
                }
                tables.add(table);
            }
            Cancellation cancellation = new Cancellation(gets.size());
            for (int i = 0; i < gets.size() && !cancellation.failed(); i++) {
                try {
                    ItemKeys.checkKeyShape(tables.get(i), gets.get(i).key());
                } catch (DynamoException e) {
                    cancellation.validationError(i, e.getMessage());
                }
            }
            if (cancellation.failed()) {
                throw cancellation.exception();
            }
            Usage usage = new Usage();
            ObjectNode response = JsonNodeFactory.instance.objectNode();
            ArrayNode responses = response.putArray("Responses");
            int found = 0;
            for (int i = 0; i < gets.size(); i++) {
                Get get = gets.get(i);
                Table table = tables.get(i);
                Item item = table.get(table.keyOf(get.key()));
                usage.read(table.name(), 2 * Capacity.readUnits(item == null ? 0 : item.size(), true));
                ObjectNode entry = responses.addObject();
                if (item != null) {
                    found++;
                    entry.set("Item", ValueJson.writeItem(get.projection() == null ? item.attributes()
                            : get.projection().apply(item.attributes())));
                }
            }
            context.consumedCapacity(usage.total());
            context.counts(found, found);
            ArrayNode consumed = usage.transactional(capacityMode);
            if (consumed != null) {
                response.set("ConsumedCapacity", consumed);
            }
            return response;
        });
    }

    private static Get read(JsonNode element, int position) {
        JsonNode get = Requests.object(element, "Get");
        String path = "transactItems." + position + ".member.get";
        if (get == null) {
            throw Requests.constraint(null, path, "Member must not be null");
        }
        String tableName = Requests.tableName(get, "TableName", path + ".tableName");
        Map<String, Value> key = Members.requiredItem(get, "Key", path + ".key");
        RequestExpressions expressions = RequestExpressions.of(get, List.of("ProjectionExpression"), List.of());
        Projection projection = expressions.projection();
        expressions.checkAllUsed();
        return new Get(tableName, key, projection);
    }
}
