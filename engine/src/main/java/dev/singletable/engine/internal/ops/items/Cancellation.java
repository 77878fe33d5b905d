package dev.singletable.engine.internal.ops.items;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.singletable.engine.internal.DynamoException;
import dev.singletable.engine.internal.storage.Item;
import dev.singletable.engine.internal.value.ValueJson;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

/**
 * The CancellationReasons of a transaction, one per action in request order: {@code None} for
 * actions that did not fail, a code and message for those that did, and the old item where asked for.
 */
final class Cancellation {
    private final List<ObjectNode> reasons = new ArrayList<>();
    private boolean failed;
    private boolean validationFailed;

    Cancellation(int actions) {
        for (int i = 0; i < actions; i++) {
            reasons.add(JsonNodeFactory.instance.objectNode().put("Code", "None"));
        }
    }

    void conditionFailed(int action, Item old, boolean returnOldItem) {
        ObjectNode reason = reasons.get(action);
        if (returnOldItem && old != null) {
            reason.set("Item", ValueJson.writeItem(old.attributes()));
        }
        reason.put("Code", "ConditionalCheckFailed").put("Message", "The conditional request failed");
        failed = true;
    }

    /** A per-action data error; only the first is reported, the service stops looking after it. */
    void validationError(int action, String message) {
        if (validationFailed) {
            return;
        }
        reasons.get(action).put("Code", "ValidationError").put("Message", message);
        failed = true;
        validationFailed = true;
    }

    boolean failed() {
        return failed;
    }

    boolean validationFailed() {
        return validationFailed;
    }

    /** The TransactionCanceledException listing every action's code. */
    DynamoException exception() {
        StringJoiner codes = new StringJoiner(", ", "[", "]");
        ArrayNode list = JsonNodeFactory.instance.arrayNode();
        for (ObjectNode reason : reasons) {
            codes.add(reason.get("Code").textValue());
            list.add(reason);
        }
        return DynamoException.of("TransactionCanceledException",
                "Transaction cancelled, please refer cancellation reasons for specific reasons " + codes,
                Map.of("CancellationReasons", list));
    }
}
