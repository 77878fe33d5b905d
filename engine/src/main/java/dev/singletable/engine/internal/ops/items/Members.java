package dev.singletable.engine.internal.ops.items;

import com.fasterxml.jackson.databind.JsonNode;
import dev.singletable.engine.internal.DynamoException;
import dev.singletable.engine.internal.ops.Constraints;
import dev.singletable.engine.internal.ops.Requests;
import dev.singletable.engine.internal.value.Sizes;
import dev.singletable.engine.internal.value.Value;
import dev.singletable.engine.internal.value.ValueJson;
import java.util.List;
import java.util.Map;

/** Request members shared by the item operations, read with DynamoDB's shape checks and messages. */
final class Members {
    private static final List<String> RETURN_VALUES = List.of("ALL_NEW", "UPDATED_OLD", "ALL_OLD", "NONE", "UPDATED_NEW");
    private static final List<String> SIZE_OR_NONE = List.of("SIZE", "NONE");
    private static final List<String> ALL_OLD_OR_NONE = List.of("ALL_OLD", "NONE");

    private Members() {
    }

    /** ReturnValues: NONE (the default), ALL_OLD, UPDATED_OLD, ALL_NEW or UPDATED_NEW. */
    static String returnValues(JsonNode request, Constraints constraints) {
        return Requests.enumValue(request, "ReturnValues", "returnValues",
                RETURN_VALUES, "NONE", constraints);
    }

    /** PutItem and DeleteItem return at most the old item. */
    static void checkOnlyOldItem(String returnValues) {
        if (!returnValues.equals("NONE") && !returnValues.equals("ALL_OLD")) {
            throw DynamoException.validation("ReturnValues can only be ALL_OLD or NONE");
        }
    }

    /** Whether ReturnItemCollectionMetrics asks for SIZE (NONE is the default). */
    static boolean itemCollectionMetrics(JsonNode request, Constraints constraints) {
        return Requests.enumValue(request, "ReturnItemCollectionMetrics", "returnItemCollectionMetrics",
                SIZE_OR_NONE, "NONE", constraints).equals("SIZE");
    }

    /** Whether a failed condition returns the old item (ReturnValuesOnConditionCheckFailure: ALL_OLD). */
    static boolean oldItemOnConditionFailure(JsonNode request, String path) {
        Constraints constraints = new Constraints();
        boolean oldItem = oldItemOnConditionFailure(request, path, constraints);
        constraints.check();
        return oldItem;
    }

    /** ReturnValuesOnConditionCheckFailure, its failure recorded into {@code constraints}. */
    static boolean oldItemOnConditionFailure(JsonNode request, String path, Constraints constraints) {
        return Requests.enumValue(request, "ReturnValuesOnConditionCheckFailure", path,
                ALL_OLD_OR_NONE, "NONE", constraints).equals("ALL_OLD");
    }

    /** A required attribute map (Item, Key), read and validated as DynamoDB values. */
    static Map<String, Value> requiredItem(JsonNode request, String member, String path) {
        JsonNode node = Requests.object(request, member);
        if (node == null) {
            throw Requests.constraint(null, path, "Member must not be null");
        }
        return ValueJson.readItem(node);
    }

    /** A whole item may not exceed 400 KB. */
    static void checkItemSize(Map<String, Value> item) {
        checkItemSize(Sizes.itemSize(item));
    }

    /** The same check of a size already measured. */
    static void checkItemSize(long size) {
        if (size > Sizes.MAX_ITEM_SIZE) {
            throw DynamoException.validation("Item size has exceeded the maximum allowed size");
        }
    }
}
