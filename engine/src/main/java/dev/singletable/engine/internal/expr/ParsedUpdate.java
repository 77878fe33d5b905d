package dev.singletable.engine.internal.expr;

import dev.singletable.engine.internal.DynamoException;
import dev.singletable.engine.internal.expr.Ast.Action;
import dev.singletable.engine.internal.expr.Ast.Operand;
import dev.singletable.engine.internal.expr.Ast.Path;
import dev.singletable.engine.internal.expr.Ast.Step;
import dev.singletable.engine.internal.value.ChangedItem;
import dev.singletable.engine.internal.value.Numbers;
import dev.singletable.engine.internal.value.Value;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Update actions behind the {@link Update} interface. Applying them happens in two phases, as in DynamoDB: every
 * new value is computed from the old item first, then the writes are made — in-place writes, then
 * appends beyond the end of lists in index order, then removals from the highest position down so that
 * list indexes keep meaning the original positions.
 */
final class ParsedUpdate implements Update {
    private final List<Action> actions;
    private final List<Path> paths;
    /** Asked for several times per request (key, index and type checks), so worked out once. */
    private final Set<String> topLevel;

    ParsedUpdate(List<Action> actions) {
        this.actions = List.copyOf(actions);
        List<Path> written = new ArrayList<>(actions.size());
        Set<String> names = new LinkedHashSet<>();
        for (Action action : actions) {
            written.add(action.path());
            names.add(action.path().top());
        }
        this.paths = List.copyOf(written);
        this.topLevel = Collections.unmodifiableSet(names);
    }

    /** A write decided from the old item: a new value for a path, or null to remove the path. */
    private record Write(Path path, Value value) {
    }

    @Override
    public UpdateResult apply(Map<String, Value> oldItem) {
        List<Write> writes = new ArrayList<>();
        for (Action action : actions) {
            Write write = decide(action, oldItem);
            if (write != null) {
                writes.add(write);
            }
        }
        boolean itemExists = !oldItem.isEmpty();
        ChangedItem item = new ChangedItem(oldItem);
        List<Write> appends = new ArrayList<>();
        List<Write> removals = new ArrayList<>();
        for (Write write : writes) {
            if (write.value() == null) {
                removals.add(write);
            } else if (appendsToList(write.path(), oldItem)) {
                appends.add(write);
            } else {
                put(item, write.path().steps(), write.value());
            }
        }
        appends.sort(Comparator.comparingInt(w -> lastIndex(w.path())));
        appends.forEach(w -> put(item, w.path().steps(), w.value()));
        removals.sort((a, b) -> comparePositions(b.path(), a.path()));
        removals.forEach(w -> remove(item, w.path().steps(), itemExists));
        return new UpdateResult(oldItem, item, paths);
    }

    @Override
    public Set<String> topLevelAttributes() {
        return topLevel;
    }

    @Override
    public boolean onlyRemovesOrDeletes() {
        return actions.stream().allMatch(a -> a instanceof Ast.RemoveAction || a instanceof Ast.DeleteAction);
    }

    @Override
    public String canonical() {
        return Canonical.update(actions);
    }

    @Override
    public String toString() {
        return canonical();
    }

    // ---- phase 1: new values from the old item

    private static Write decide(Action action, Map<String, Value> old) {
        if (action instanceof Ast.SetAction set) {
            return new Write(set.path(), evaluate(set.value(), old));
        } else if (action instanceof Ast.RemoveAction remove) {
            return new Write(remove.path(), null);
        } else if (action instanceof Ast.AddAction add) {
            Value current = Evaluator.resolve(add.path().steps(), old);
            return new Write(add.path(), current == null ? add.operand() : add(current, add.operand(), add.legacy()));
        }
        Ast.DeleteAction delete = (Ast.DeleteAction) action;
        Value current = Evaluator.resolve(delete.path().steps(), old);
        return current == null ? null
                : new Write(delete.path(), without(current, delete.operand(), delete.legacy()));
    }

    private static Value evaluate(Operand operand, Map<String, Value> old) {
        if (operand instanceof Ast.Const constant) {
            return constant.value();
        } else if (operand instanceof Path path) {
            Value value = Evaluator.resolve(path.steps(), old);
            if (value == null) {
                throw DynamoException.validation(
                        "The provided expression refers to an attribute that does not exist in the item");
            }
            return value;
        } else if (operand instanceof Ast.Arith arith) {
            Value left = evaluate(arith.left(), old);
            Value right = evaluate(arith.right(), old);
            if (!(left instanceof Value.N l) || !(right instanceof Value.N r)) {
                throw incorrectType();
            }
            BigDecimal result = arith.op() == '+' ? l.value().add(r.value()) : l.value().subtract(r.value());
            return new Value.N(Numbers.checkRange(result));
        }
        Ast.Call call = (Ast.Call) operand;
        if (call.name().equals("if_not_exists")) {
            Value existing = Evaluator.resolve(((Path) call.args().get(0)).steps(), old);
            return existing != null ? existing : evaluate(call.args().get(1), old);
        }
        Value first = evaluate(call.args().get(0), old);
        Value second = evaluate(call.args().get(1), old);
        if (!(first instanceof Value.L a) || !(second instanceof Value.L b)) {
            throw incorrectType();
        }
        return concat(a, b);
    }

    private static Value add(Value current, Value operand, boolean legacy) {
        if (current instanceof Value.N a && operand instanceof Value.N b) {
            return new Value.N(Numbers.checkRange(a.value().add(b.value())));
        } else if (current instanceof Value.SS a && operand instanceof Value.SS b) {
            return new Value.SS(union(a.values(), b.values()));
        } else if (current instanceof Value.NS a && operand instanceof Value.NS b) {
            return new Value.NS(union(a.values(), b.values()));
        } else if (current instanceof Value.BS a && operand instanceof Value.BS b) {
            return new Value.BS(union(a.values(), b.values()));
        } else if (legacy && current instanceof Value.L a && operand instanceof Value.L b) {
            return concat(a, b);
        }
        throw legacy ? typeMismatch() : incorrectType();
    }

    /** The set without the operand's elements; null (remove the attribute) when nothing is left. */
    private static Value without(Value current, Value operand, boolean legacy) {
        if (current instanceof Value.SS a && operand instanceof Value.SS b) {
            Set<String> rest = difference(a.values(), b.values());
            return rest.isEmpty() ? null : new Value.SS(rest);
        } else if (current instanceof Value.NS a && operand instanceof Value.NS b) {
            Set<Value.N> rest = difference(a.values(), b.values());
            return rest.isEmpty() ? null : new Value.NS(rest);
        } else if (current instanceof Value.BS a && operand instanceof Value.BS b) {
            Set<Value.B> rest = difference(a.values(), b.values());
            return rest.isEmpty() ? null : new Value.BS(rest);
        }
        throw legacy ? typeMismatch() : incorrectType();
    }

    private static <T> Set<T> union(Set<T> a, Set<T> b) {
        Set<T> result = new LinkedHashSet<>(a);
        result.addAll(b);
        return result;
    }

    private static <T> Set<T> difference(Set<T> a, Set<T> b) {
        Set<T> result = new LinkedHashSet<>(a);
        result.removeAll(b);
        return result;
    }

    private static Value concat(Value.L a, Value.L b) {
        List<Value> values = new ArrayList<>(a.values());
        values.addAll(b.values());
        return new Value.L(values);
    }

    private static DynamoException incorrectType() {
        return DynamoException.validation("An operand in the update expression has an incorrect data type");
    }

    /** How AttributeUpdates reports an ADD or DELETE whose value's type is not the attribute's. */
    private static DynamoException typeMismatch() {
        return DynamoException.validation("Type mismatch for attribute to update");
    }

    private static DynamoException invalidPath() {
        return DynamoException.validation("The document path provided in the update expression is invalid for update");
    }

    // ---- phase 2: writes

    private static boolean appendsToList(Path path, Map<String, Value> old) {
        if (!(path.steps().get(path.steps().size() - 1) instanceof Ast.Index index) || path.isTopLevel()) {
            return false;
        }
        Value list = Evaluator.resolve(path.steps().subList(0, path.steps().size() - 1), old);
        return list instanceof Value.L l && index.index() >= l.values().size();
    }

    private static int lastIndex(Path path) {
        return ((Ast.Index) path.steps().get(path.steps().size() - 1)).index();
    }

    /** Orders paths by position, list indexes numerically, so removals can go from the last position back. */
    private static int comparePositions(Path a, Path b) {
        int common = Math.min(a.steps().size(), b.steps().size());
        for (int i = 0; i < common; i++) {
            Step x = a.steps().get(i);
            Step y = b.steps().get(i);
            int order = x instanceof Ast.Index ix && y instanceof Ast.Index iy
                    ? Integer.compare(ix.index(), iy.index())
                    : x.toString().compareTo(y.toString());
            if (order != 0) {
                return order;
            }
        }
        return Integer.compare(a.steps().size(), b.steps().size());
    }

    /** SET semantics: every parent must exist with the right type; an index past the end appends. */
    private static void put(ChangedItem item, List<Step> steps, Value value) {
        String top = ((Ast.Key) steps.get(0)).name();
        if (steps.size() == 1) {
            item.set(top, value);
            return;
        }
        Value parent = item.get(top);
        if (parent == null) {
            throw invalidPath();
        }
        item.set(top, putIn(parent, steps, 1, value));
    }

    private static Value putIn(Value container, List<Step> steps, int at, Value value) {
        Step step = steps.get(at);
        boolean last = at == steps.size() - 1;
        if (step instanceof Ast.Key key) {
            if (!(container instanceof Value.M map)) {
                throw invalidPath();
            }
            Map<String, Value> copy = new LinkedHashMap<>(map.values());
            copy.put(key.name(), last ? value : putIn(existing(map.values().get(key.name())), steps, at + 1, value));
            return new Value.M(copy);
        }
        int index = ((Ast.Index) step).index();
        if (!(container instanceof Value.L list)) {
            throw invalidPath();
        }
        List<Value> copy = new ArrayList<>(list.values());
        if (last && index >= copy.size()) {
            copy.add(value);
        } else if (last) {
            copy.set(index, value);
        } else {
            copy.set(index, putIn(existing(index < copy.size() ? copy.get(index) : null), steps, at + 1, value));
        }
        return new Value.L(copy);
    }

    private static Value existing(Value value) {
        if (value == null) {
            throw invalidPath();
        }
        return value;
    }

    /**
     * REMOVE semantics: a missing leaf is ignored, a missing parent is an error unless the item itself is
     * missing.
     */
    private static void remove(ChangedItem item, List<Step> steps, boolean itemExists) {
        String top = ((Ast.Key) steps.get(0)).name();
        if (steps.size() == 1) {
            item.unset(top);
            return;
        }
        Value parent = item.get(top);
        if (parent == null) {
            if (itemExists) {
                throw invalidPath();
            }
            return;
        }
        item.set(top, removeIn(parent, steps, 1));
    }

    private static Value removeIn(Value container, List<Step> steps, int at) {
        Step step = steps.get(at);
        boolean last = at == steps.size() - 1;
        if (step instanceof Ast.Key key) {
            if (!(container instanceof Value.M map)) {
                throw invalidPath();
            }
            Map<String, Value> copy = new LinkedHashMap<>(map.values());
            if (last) {
                copy.remove(key.name());
            } else {
                copy.put(key.name(), removeIn(existing(map.values().get(key.name())), steps, at + 1));
            }
            return new Value.M(copy);
        }
        int index = ((Ast.Index) step).index();
        if (!(container instanceof Value.L list)) {
            throw invalidPath();
        }
        List<Value> copy = new ArrayList<>(list.values());
        if (last) {
            if (index < copy.size()) {
                copy.remove(index);
            }
        } else {
            copy.set(index, removeIn(existing(index < copy.size() ? copy.get(index) : null), steps, at + 1));
        }
        return new Value.L(copy);
    }
}
