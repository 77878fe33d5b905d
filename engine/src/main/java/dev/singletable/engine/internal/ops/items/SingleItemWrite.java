package dev.singletable.engine.internal.ops.items;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.singletable.engine.internal.ops.Constraints;
import dev.singletable.engine.internal.ops.RequestContext;
import dev.singletable.engine.internal.ops.Requests;
import dev.singletable.engine.internal.storage.Table;
import dev.singletable.engine.internal.value.Value;
import dev.singletable.engine.internal.value.ValueJson;
import java.util.Map;
import java.util.function.Function;

/**
 * What PutItem, UpdateItem and DeleteItem read from their requests alike (in DynamoDB's validation order), and the
 * run they share once the write is known: plan, charge, refuse a failed condition, apply, answer.
 */
record SingleItemWrite(String tableName, String returnValues, String capacityMode, boolean metrics,
                       boolean oldItemOnFailure) {

    /** Invalid enum members are reported together, in the order DynamoDB lists them. */
    static SingleItemWrite of(JsonNode request) {
        String tableName = Requests.tableName(request);
        Constraints constraints = new Constraints();
        String capacityMode = Requests.returnConsumedCapacity(request, constraints);
        boolean metrics = Members.itemCollectionMetrics(request, constraints);
        String returnValues = Members.returnValues(request, constraints);
        boolean oldItemOnFailure = Members.oldItemOnConditionFailure(request, "returnValuesOnConditionCheckFailure",
                constraints);
        constraints.check();
        return new SingleItemWrite(tableName, returnValues, capacityMode, metrics, oldItemOnFailure);
    }

    /** The old item when ReturnValues is ALL_OLD, as Put and Delete return it. */
    Map<String, Value> allOld(ItemWrite.Outcome outcome) {
        return returnValues.equals("ALL_OLD") && outcome.old() != null ? outcome.old().attributes() : null;
    }

    /**
     * Makes a write; {@code returned} gives the Attributes to answer with (null or empty: none). Capacity is charged
     * even when the condition fails, as DynamoDB charges it.
     */
    ObjectNode run(Table table, ItemWrite write, RequestContext context,
                   Function<ItemWrite.Outcome, Map<String, Value>> returned) {
        ItemWrite.Outcome outcome = write.make();
        Usage usage = new Usage();
        usage.write(table.name(), write.cost(outcome));
        context.consumedCapacity(usage.total());
        if (outcome.conditionFailed()) {
            throw ItemWrite.conditionFailed(outcome, oldItemOnFailure);
        }
        ObjectNode response = JsonNodeFactory.instance.objectNode();
        Map<String, Value> attributes = returned.apply(outcome);
        if (attributes != null && !attributes.isEmpty()) {
            response.set("Attributes", ValueJson.writeItem(attributes));
        }
        ObjectNode consumed = usage.single(capacityMode);
        if (consumed != null) {
            response.set("ConsumedCapacity", consumed);
        }
        if (metrics) {
            ObjectNode collection = ItemCollections.metrics(table, write.key().partition());
            if (collection != null) {
                response.set("ItemCollectionMetrics", collection);
            }
        }
        return response;
    }
}
