package dev.singletable.engine.internal.expr;

import dev.singletable.engine.internal.value.Value;
import java.util.Map;

/**
 * The outcome of an update: the new item, and the touched paths before and after the update, each wrapped in
 * its parents with list elements compacted, as ReturnValues UPDATED_OLD and UPDATED_NEW answer them.
 */
public record UpdateResult(Map<String, Value> newItem, Map<String, Value> updatedOld, Map<String, Value> updatedNew) {
}
