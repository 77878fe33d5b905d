package dev.singletable.engine.internal.expr;

import dev.singletable.engine.internal.value.ChangedItem;
import dev.singletable.engine.internal.value.Value;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The outcome of an update: the new item, and the touched paths before and after the update, each wrapped in
 * its parents with list elements compacted, as ReturnValues UPDATED_OLD and UPDATED_NEW answer them. The views
 * are cut out of the items only when asked for, since most updates return neither.
 */
public final class UpdateResult {
    private final Map<String, Value> oldItem;
    private final ChangedItem newItem;
    private final List<Ast.Path> touched;

    UpdateResult(Map<String, Value> oldItem, ChangedItem newItem, List<Ast.Path> touched) {
        this.oldItem = oldItem;
        this.newItem = newItem;
        this.touched = touched;
    }

    /** The item after the update: the old one with the attributes the update changed. */
    public ChangedItem newItem() {
        return newItem;
    }

    /** The touched paths as they were before the update (ReturnValues UPDATED_OLD). */
    public Map<String, Value> updatedOld() {
        return touchedIn(oldItem);
    }

    /** The touched paths as they are after the update (ReturnValues UPDATED_NEW). */
    public Map<String, Value> updatedNew() {
        return touchedIn(newItem);
    }

    /** The touched paths of an item; when all are attributes (as in most updates), those present, in path order. */
    private Map<String, Value> touchedIn(Map<String, Value> item) {
        for (Ast.Path path : touched) {
            if (!path.isTopLevel()) {
                return PathTree.of(touched).project(item);
            }
        }
        Map<String, Value> attributes = new LinkedHashMap<>();
        for (Ast.Path path : touched) {
            Value value = item.get(path.top());
            if (value != null) {
                attributes.put(path.top(), value);
            }
        }
        return attributes;
    }
}
