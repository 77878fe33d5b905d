package dev.singletable.engine.internal.expr;

import dev.singletable.engine.internal.expr.Ast.Step;
import dev.singletable.engine.internal.value.Value;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A set of document paths as a tree, to copy out of an item exactly the parts they name: requested
 * paths that exist, nested under their parents, several elements of one list compacted in index order.
 */
final class PathTree {
    private final Map<Step, PathTree> children = new LinkedHashMap<>();
    private boolean whole;

    private PathTree() {
    }

    static PathTree of(List<Ast.Path> paths) {
        PathTree root = new PathTree();
        for (Ast.Path path : paths) {
            PathTree node = root;
            for (Step step : path.steps()) {
                node = node.children.computeIfAbsent(step, s -> new PathTree());
            }
            node.whole = true;
        }
        return root;
    }

    /** The parts of an item the paths name. */
    Map<String, Value> project(Map<String, Value> item) {
        Map<String, Value> out = new LinkedHashMap<>();
        for (Map.Entry<Step, PathTree> e : children.entrySet()) {
            String name = ((Ast.Key) e.getKey()).name();
            Value value = item.get(name);
            Value projected = value == null ? null : e.getValue().project(value);
            if (projected != null) {
                out.put(name, projected);
            }
        }
        return out;
    }

    private Value project(Value value) {
        if (whole) {
            return value;
        }
        if (value instanceof Value.M map) {
            Map<String, Value> out = new LinkedHashMap<>();
            for (Map.Entry<Step, PathTree> e : children.entrySet()) {
                if (e.getKey() instanceof Ast.Key key && map.values().containsKey(key.name())) {
                    Value projected = e.getValue().project(map.values().get(key.name()));
                    if (projected != null) {
                        out.put(key.name(), projected);
                    }
                }
            }
            return out.isEmpty() ? null : new Value.M(out);
        }
        if (value instanceof Value.L list) {
            List<Map.Entry<Step, PathTree>> indexes = new ArrayList<>();
            for (Map.Entry<Step, PathTree> e : children.entrySet()) {
                if (e.getKey() instanceof Ast.Index) {
                    indexes.add(e);
                }
            }
            indexes.sort(Comparator.comparingInt(e -> ((Ast.Index) e.getKey()).index()));
            List<Value> out = new ArrayList<>();
            for (Map.Entry<Step, PathTree> e : indexes) {
                int index = ((Ast.Index) e.getKey()).index();
                Value projected = index < list.values().size() ? e.getValue().project(list.values().get(index)) : null;
                if (projected != null) {
                    out.add(projected);
                }
            }
            return out.isEmpty() ? null : new Value.L(out);
        }
        return null;
    }
}
