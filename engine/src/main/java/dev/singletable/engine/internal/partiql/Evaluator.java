package dev.singletable.engine.internal.partiql;

import dev.singletable.engine.internal.DynamoException;
import dev.singletable.engine.internal.value.Numbers;
import dev.singletable.engine.internal.value.Value;
import dev.singletable.engine.internal.value.ValueOrder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Evaluates PartiQL operands and conditions against one item, with the statement's bound parameters. */
final class Evaluator {
    private final List<Value> parameters;

    Evaluator(List<Value> parameters) {
        this.parameters = parameters;
    }

    /** The value of an operand, or null when a path is missing in the item. */
    Value value(Ast.Operand operand, Map<String, Value> item) {
        if (operand instanceof Ast.Literal literal) {
            return literal.value();
        } else if (operand instanceof Ast.Parameter parameter) {
            return parameters.get(parameter.index());
        } else if (operand instanceof Ast.PathOperand path) {
            return get(item, path.path());
        } else if (operand instanceof Ast.Arithmetic arithmetic) {
            return arithmetic(arithmetic, item);
        } else if (operand instanceof Ast.ListLiteral list) {
            List<Value> values = new ArrayList<>();
            list.elements().forEach(e -> values.add(required(e, item)));
            return new Value.L(values);
        } else if (operand instanceof Ast.MapLiteral map) {
            Map<String, Value> values = new LinkedHashMap<>();
            for (int i = 0; i < map.keys().size(); i++) {
                values.put(map.keys().get(i), required(map.values().get(i), item));
            }
            return new Value.M(values);
        }
        return set((Ast.SetLiteral) operand, item);
    }

    private Value required(Ast.Operand operand, Map<String, Value> item) {
        Value value = value(operand, item);
        if (value == null) {
            throw DynamoException.validation("Statement wasn't well formed, can't be processed: "
                    + "a value refers to an attribute that does not exist in the item");
        }
        return value;
    }

    private Value set(Ast.SetLiteral set, Map<String, Value> item) {
        List<Value> elements = new ArrayList<>();
        set.elements().forEach(e -> elements.add(required(e, item)));
        if (elements.stream().allMatch(v -> v instanceof Value.S)) {
            Set<String> strings = new LinkedHashSet<>();
            elements.forEach(v -> strings.add(((Value.S) v).value()));
            return new Value.SS(strings);
        }
        if (elements.stream().allMatch(v -> v instanceof Value.N)) {
            Set<Value.N> numbers = new LinkedHashSet<>();
            elements.forEach(v -> numbers.add((Value.N) v));
            return new Value.NS(numbers);
        }
        if (elements.stream().allMatch(v -> v instanceof Value.B)) {
            Set<Value.B> binaries = new LinkedHashSet<>();
            elements.forEach(v -> binaries.add((Value.B) v));
            return new Value.BS(binaries);
        }
        throw DynamoException.validation("Statement wasn't well formed, can't be processed: "
                + "a set literal must hold strings, numbers or binaries of one type");
    }

    private Value arithmetic(Ast.Arithmetic arithmetic, Map<String, Value> item) {
        Value left = required(arithmetic.left(), item);
        Value right = required(arithmetic.right(), item);
        if (!(left instanceof Value.N a) || !(right instanceof Value.N b)) {
            throw DynamoException.validation("An operand in the update expression has an incorrect data type");
        }
        return new Value.N(Numbers.checkRange(arithmetic.operator() == '+'
                ? a.value().add(b.value()) : a.value().subtract(b.value())));
    }

    static Value get(Map<String, Value> item, Ast.Path path) {
        Value current = item.get(path.attribute());
        for (int i = 1; i < path.elements().size() && current != null; i++) {
            Object element = path.elements().get(i);
            if (element instanceof Integer index && current instanceof Value.L list) {
                current = index < list.values().size() ? list.values().get(index) : null;
            } else if (element instanceof String key && current instanceof Value.M map) {
                current = map.values().get(key);
            } else {
                current = null;
            }
        }
        return current;
    }

    /** Whether the item satisfies the condition; a null condition is satisfied by every item. */
    boolean test(Ast.Expr expr, Map<String, Value> item) {
        if (expr == null) {
            return true;
        } else if (expr instanceof Ast.And and) {
            return test(and.left(), item) && test(and.right(), item);
        } else if (expr instanceof Ast.Or or) {
            return test(or.left(), item) || test(or.right(), item);
        } else if (expr instanceof Ast.Not not) {
            return !test(not.expr(), item);
        } else if (expr instanceof Ast.Missing missing) {
            return (get(item, missing.path()) == null) != missing.negated();
        } else if (expr instanceof Ast.Compare compare) {
            return compare(value(compare.left(), item), compare.operator(), value(compare.right(), item));
        } else if (expr instanceof Ast.Between between) {
            Value v = value(between.value(), item);
            return compare(v, ">=", value(between.low(), item)) && compare(v, "<=", value(between.high(), item));
        } else if (expr instanceof Ast.In in) {
            Value v = value(in.value(), item);
            return v != null && in.candidates().stream().anyMatch(c -> v.equals(value(c, item)));
        }
        return function((Ast.Function) expr, item);
    }

    private static boolean compare(Value left, String operator, Value right) {
        if (left == null || right == null) {
            return false; // a comparison with MISSING is never true
        }
        if (operator.equals("=")) {
            return left.equals(right);
        }
        if (operator.equals("<>")) {
            return !left.equals(right);
        }
        if (!ValueOrder.comparable(left, right)) {
            return false;
        }
        int order = ValueOrder.compare(left, right);
        return switch (operator) {
            case "<" -> order < 0;
            case "<=" -> order <= 0;
            case ">" -> order > 0;
            default -> order >= 0;
        };
    }

    private boolean function(Ast.Function function, Map<String, Value> item) {
        Value subject = value(function.arguments().get(0), item);
        Value argument = value(function.arguments().get(1), item);
        if (subject == null || argument == null) {
            return false;
        }
        switch (function.name()) {
            case "begins_with":
                if (subject instanceof Value.S s && argument instanceof Value.S prefix) {
                    return s.value().startsWith(prefix.value());
                }
                if (subject instanceof Value.B b && argument instanceof Value.B prefix) {
                    return b.bytes().length >= prefix.bytes().length && java.util.Arrays.equals(b.bytes(), 0,
                            prefix.bytes().length, prefix.bytes(), 0, prefix.bytes().length);
                }
                return false;
            case "contains":
                if (subject instanceof Value.S s && argument instanceof Value.S part) {
                    return s.value().contains(part.value());
                }
                if (subject instanceof Value.SS set && argument instanceof Value.S element) {
                    return set.values().contains(element.value());
                }
                if (subject instanceof Value.NS set && argument instanceof Value.N element) {
                    return set.values().contains(element);
                }
                if (subject instanceof Value.BS set && argument instanceof Value.B element) {
                    return set.values().contains(element);
                }
                return subject instanceof Value.L list && list.values().contains(argument);
            default: // attribute_type
                return argument instanceof Value.S type && subject.type().equals(type.value());
        }
    }
}
