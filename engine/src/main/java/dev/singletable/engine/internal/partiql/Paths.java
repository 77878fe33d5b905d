package dev.singletable.engine.internal.partiql;

import dev.singletable.engine.internal.DynamoException;
import dev.singletable.engine.internal.value.Value;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Writes and removes values at document paths. */
final class Paths {
    private Paths() {
    }

    /** Sets the value at the path; the path's parents must exist (a list index past the end appends). */
    static void set(Map<String, Value> item, Ast.Path path, Value value) {
        item.put(path.attribute(), path.elements().size() == 1 ? value
                : setIn(item.get(path.attribute()), path.elements(), 1, value));
    }

    private static Value setIn(Value container, List<Object> elements, int at, Value value) {
        Object element = elements.get(at);
        boolean last = at == elements.size() - 1;
        if (element instanceof String key && container instanceof Value.M map) {
            Map<String, Value> copy = new LinkedHashMap<>(map.values());
            copy.put(key, last ? value : setIn(copy.get(key), elements, at + 1, value));
            return new Value.M(copy);
        }
        if (element instanceof Integer index && container instanceof Value.L list) {
            List<Value> copy = new ArrayList<>(list.values());
            if (index >= copy.size()) {
                if (!last) {
                    throw invalidPath();
                }
                copy.add(value);
            } else {
                copy.set(index, last ? value : setIn(copy.get(index), elements, at + 1, value));
            }
            return new Value.L(copy);
        }
        throw invalidPath();
    }

    /** Removes the value at the path, if there. */
    static void remove(Map<String, Value> item, Ast.Path path) {
        if (path.elements().size() == 1) {
            item.remove(path.attribute());
            return;
        }
        Value container = item.get(path.attribute());
        if (container != null) {
            item.put(path.attribute(), removeIn(container, path.elements(), 1));
        }
    }

    private static Value removeIn(Value container, List<Object> elements, int at) {
        Object element = elements.get(at);
        boolean last = at == elements.size() - 1;
        if (element instanceof String key && container instanceof Value.M map && map.values().containsKey(key)) {
            Map<String, Value> copy = new LinkedHashMap<>(map.values());
            if (last) {
                copy.remove(key);
            } else {
                copy.put(key, removeIn(copy.get(key), elements, at + 1));
            }
            return new Value.M(copy);
        }
        if (element instanceof Integer index && container instanceof Value.L list && index < list.values().size()) {
            List<Value> copy = new ArrayList<>(list.values());
            if (last) {
                copy.remove((int) index);
            } else {
                copy.set(index, removeIn(copy.get(index), elements, at + 1));
            }
            return new Value.L(copy);
        }
        return container;
    }

    private static DynamoException invalidPath() {
        return DynamoException.validation("The document path provided in the update expression is invalid for update");
    }
}
