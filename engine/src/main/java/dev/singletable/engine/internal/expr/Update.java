package dev.singletable.engine.internal.expr;

import dev.singletable.engine.internal.value.Value;
import java.util.Map;
import java.util.Set;

/** A parsed UpdateExpression (or legacy AttributeUpdates). */
public interface Update {

    /**
     * Applies the update to an item (an empty map if the item does not exist) and returns the new item with the
     * UPDATED_OLD/UPDATED_NEW views. Runtime failures (a missing attribute read, wrong operand types, invalid
     * document paths, number range) are ValidationExceptions with DynamoDB's messages.
     */
    UpdateResult apply(Map<String, Value> oldItem);

    /** The first element of every path the update writes or removes (for key and index checks). */
    Set<String> topLevelAttributes();

    /** Whether the update only removes attributes or deletes set elements, so it does not create a missing item. */
    boolean onlyRemovesOrDeletes();

    /** The canonical form, for golden tests and the request log. */
    String canonical();
}
