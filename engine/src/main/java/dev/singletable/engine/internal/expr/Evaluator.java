package dev.singletable.engine.internal.expr;

import dev.singletable.engine.internal.expr.Ast.Call;
import dev.singletable.engine.internal.expr.Ast.Cond;
import dev.singletable.engine.internal.expr.Ast.Operand;
import dev.singletable.engine.internal.expr.Ast.Step;
import dev.singletable.engine.internal.value.Value;
import dev.singletable.engine.internal.value.ValueOrder;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;

/**
 * Evaluates conditions against one item: a missing attribute or a comparison across types is
 * false, never an error, and {@code <>} is the negation of {@code =}.
 */
final class Evaluator {
    private Evaluator() {
    }

    /** The value at a path, or null when any step is missing or of the wrong type. */
    static Value resolve(List<Step> steps, Map<String, Value> item) {
        Value current = item.get(((Ast.Key) steps.get(0)).name());
        for (int i = 1; i < steps.size() && current != null; i++) {
            current = child(current, steps.get(i));
        }
        return current;
    }

    /** The element a step selects in a map or list, or null. */
    private static Value child(Value container, Step step) {
        if (step instanceof Ast.Key key) {
            return container instanceof Value.M map ? map.values().get(key.name()) : null;
        }
        int index = ((Ast.Index) step).index();
        return container instanceof Value.L list && index < list.values().size() ? list.values().get(index) : null;
    }

    static boolean test(Cond cond, Map<String, Value> item) {
        if (cond instanceof Ast.And and) {
            return test(and.left(), item) && test(and.right(), item);
        } else if (cond instanceof Ast.Or or) {
            return test(or.left(), item) || test(or.right(), item);
        } else if (cond instanceof Ast.Not not) {
            return !test(not.operand(), item);
        } else if (cond instanceof Ast.Compare compare) {
            return compare(compare.op(), value(compare.left(), item), value(compare.right(), item));
        } else if (cond instanceof Ast.Between between) {
            Value subject = value(between.subject(), item);
            return compare(Ast.Comparator.GE, subject, value(between.lower(), item))
                    && compare(Ast.Comparator.LE, subject, value(between.upper(), item));
        } else if (cond instanceof Ast.In in) {
            Value subject = value(in.subject(), item);
            return subject != null && in.candidates().stream().anyMatch(c -> subject.equals(value(c, item)));
        }
        return function((Call) cond, item);
    }

    private static boolean compare(Ast.Comparator op, Value left, Value right) {
        if (op == Ast.Comparator.EQ || op == Ast.Comparator.NE) {
            boolean equal = left != null && left.equals(right);
            return op == Ast.Comparator.EQ ? equal : !equal;
        }
        if (left == null || right == null || !ValueOrder.comparable(left, right)) {
            return false;
        }
        int order = ValueOrder.compare(left, right);
        return switch (op) {
            case LT -> order < 0;
            case LE -> order <= 0;
            case GT -> order > 0;
            default -> order >= 0;
        };
    }

    private static boolean function(Call call, Map<String, Value> item) {
        Value first = value(call.args().get(0), item);
        return switch (call.name()) {
            case "attribute_exists" -> first != null;
            case "attribute_not_exists" -> first == null;
            case "attribute_type" -> first != null
                    && value(call.args().get(1), item) instanceof Value.S type && first.type().equals(type.value());
            case "begins_with" -> beginsWith(first, value(call.args().get(1), item));
            default -> contains(first, value(call.args().get(1), item));
        };
    }

    /** S prefix of S, byte prefix of B; anything else is false. */
    static boolean beginsWith(Value value, Value prefix) {
        if (value instanceof Value.S s && prefix instanceof Value.S p) {
            return s.value().startsWith(p.value());
        }
        if (value instanceof Value.B b && prefix instanceof Value.B p) {
            return indexOf(b.bytes(), p.bytes()) == 0;
        }
        return false;
    }

    private static boolean contains(Value value, Value operand) {
        if (value == null || operand == null) {
            return false;
        }
        if (value instanceof Value.S s && operand instanceof Value.S part) {
            return s.value().contains(part.value());
        } else if (value instanceof Value.B b && operand instanceof Value.B part) {
            return indexOf(b.bytes(), part.bytes()) >= 0;
        } else if (value instanceof Value.SS set && operand instanceof Value.S element) {
            return set.values().contains(element.value());
        } else if (value instanceof Value.NS set) {
            return set.values().contains(operand);
        } else if (value instanceof Value.BS set) {
            return set.values().contains(operand);
        } else if (value instanceof Value.L list) {
            return list.values().contains(operand);
        }
        return false;
    }

    private static int indexOf(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    /** The value of a condition operand, or null when it has none (missing path, size of a sizeless type). */
    static Value value(Operand operand, Map<String, Value> item) {
        if (operand instanceof Ast.Path path) {
            return resolve(path.steps(), item);
        } else if (operand instanceof Ast.Const constant) {
            return constant.value();
        } else if (operand instanceof Call call) {
            return size(value(call.args().get(0), item));
        }
        throw new IllegalStateException("not a condition operand: " + operand);
    }

    /** size(): UTF-16 units of S (as the service counts), bytes of B, elements of sets, lists and maps. */
    private static Value size(Value value) {
        long size;
        if (value instanceof Value.S s) {
            size = s.value().length();
        } else if (value instanceof Value.B b) {
            size = b.bytes().length;
        } else if (value instanceof Value.SS set) {
            size = set.values().size();
        } else if (value instanceof Value.NS set) {
            size = set.values().size();
        } else if (value instanceof Value.BS set) {
            size = set.values().size();
        } else if (value instanceof Value.L list) {
            size = list.values().size();
        } else if (value instanceof Value.M map) {
            size = map.values().size();
        } else {
            return null;
        }
        return new Value.N(BigDecimal.valueOf(size));
    }
}
