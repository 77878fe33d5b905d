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
import dev.singletable.engine.internal.value.Sizes;
import dev.singletable.engine.internal.value.Value;
import dev.singletable.engine.internal.value.ValueJson;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * BatchGetItem: up to 100 keys over one or more tables, each table with its own projection and read
 * consistency. Answers a {@code Responses} entry for every table asked; keys beyond the 16 MB response cap
 * come back in {@code UnprocessedKeys} with their table's options.
 */
public final class BatchGetItem implements OperationHandler {
    static final int MAX_KEYS = 100;
    static final long MAX_RESPONSE_BYTES = 16L * 1024 * 1024;

    private final Database database;

    public BatchGetItem(Database database) {
        this.database = database;
    }

    /** One table's part of the request: its keys and options as sent, and the parsed projection. */
    private record TableRequest(String requestName, JsonNode options, List<Map<String, Value>> keys,
                                List<JsonNode> keyNodes, Projection projection, boolean consistent) {
    }

    @Override
    public ObjectNode execute(JsonNode request, RequestContext context) {
        String capacityMode = Requests.returnConsumedCapacity(request);
        JsonNode requestItems = BatchShapes.requestItems(request, "BatchGetItem");
        List<TableRequest> tableRequests = read(requestItems);
        return database.read(() -> {
            List<Table> tables = new ArrayList<>();
            for (TableRequest t : tableRequests) {
                tables.add(database.table(Database.nameOf(t.requestName())));
            }
            for (int i = 0; i < tables.size(); i++) {
                Table table = tables.get(i);
                tableRequests.get(i).keys().forEach(key -> ItemKeys.ofKey(table, key));
            }
            Usage usage = new Usage();
            ObjectNode response = JsonNodeFactory.instance.objectNode();
            ObjectNode responses = response.putObject("Responses");
            ObjectNode unprocessed = response.putObject("UnprocessedKeys");
            long responseBytes = 0;
            int found = 0;
            for (int n = 0; n < tables.size(); n++) {
                TableRequest t = tableRequests.get(n);
                Table table = tables.get(n);
                usage.touch(table.name());
                ArrayNode items = responses.putArray(t.requestName());
                ArrayNode left = null;
                for (int i = 0; i < t.keys().size(); i++) {
                    Item item = table.get(table.keyOf(t.keys().get(i)));
                    Map<String, Value> returned = item == null ? null
                            : t.projection() == null ? item.attributes() : t.projection().apply(item.attributes());
                    long size = returned == null ? 0 : Sizes.itemSize(returned);
                    if (left != null || responseBytes + size > MAX_RESPONSE_BYTES) {
                        if (left == null) {
                            ObjectNode options = t.options().deepCopy();
                            left = options.putArray("Keys");
                            unprocessed.set(t.requestName(), options);
                        }
                        left.add(t.keyNodes().get(i));
                        continue;
                    }
                    responseBytes += size;
                    usage.read(table.name(), Capacity.readUnits(item == null ? 0 : item.size(), t.consistent()));
                    if (returned != null) {
                        items.add(ValueJson.writeItem(returned));
                        found++;
                    }
                }
            }
            context.consumedCapacity(usage.total());
            context.counts(found, found);
            ArrayNode consumed = usage.perTable(capacityMode);
            if (consumed != null) {
                response.set("ConsumedCapacity", consumed);
            }
            return response;
        });
    }

    /** Every table's keys and options, checked for shape, duplicates and the total without the tables. */
    private static List<TableRequest> read(JsonNode requestItems) {
        List<TableRequest> tables = new ArrayList<>();
        int total = 0;
        for (Iterator<Map.Entry<String, JsonNode>> it = requestItems.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            String name = e.getKey();
            JsonNode options = Requests.object(requestItems, name);
            String path = "requestItems." + name + ".member";
            JsonNode keysNode = Requests.array(options, "Keys");
            if (keysNode == null) {
                throw Requests.constraint(null, path + ".keys", "Member must not be null");
            }
            if (keysNode.isEmpty()) {
                throw Requests.constraint("[]", path + ".keys", "Member must have length greater than or equal to 1");
            }
            if (keysNode.size() > MAX_KEYS) {
                throw DynamoException.validation("1 validation error detected: Value at 'RequestItems." + name
                        + ".member.Keys' failed to satisfy constraint: Member must have length less than or equal to "
                        + MAX_KEYS);
            }
            boolean consistent = Requests.bool(options, "ConsistentRead", false);
            RequestExpressions expressions = RequestExpressions.of(options, List.of("ProjectionExpression"),
                    List.of("AttributesToGet"));
            List<Map<String, Value>> keys = new ArrayList<>();
            List<JsonNode> keyNodes = new ArrayList<>();
            Set<Map<String, Value>> seen = new HashSet<>();
            for (JsonNode keyNode : keysNode) {
                Map<String, Value> key = ValueJson.readItem(keyNode);
                if (!seen.add(key)) {
                    throw DynamoException.validation("Provided list of item keys contains duplicates");
                }
                if (++total > MAX_KEYS) {
                    throw DynamoException.validation("Too many items requested for the BatchGetItem call");
                }
                keys.add(key);
                keyNodes.add(keyNode);
            }
            Projection projection = expressions.projection();
            expressions.checkAllUsed();
            tables.add(new TableRequest(name, options, keys, keyNodes, projection, consistent));
        }
        return tables;
    }
}
