package dev.singletable.engine.internal.expr;

import dev.singletable.engine.internal.expr.Ast.Action;
import dev.singletable.engine.internal.expr.Ast.Cond;
import dev.singletable.engine.internal.expr.Ast.Operand;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The canonical text of a tree: every condition and arithmetic node in parentheses, names and values as written,
 * update clauses in the order SET, REMOVE, ADD, DELETE. Golden tests compare it; the request log shows it.
 */
final class Canonical {
    private Canonical() {
    }

    static String cond(Cond cond) {
        if (cond instanceof Ast.And and) {
            return "(" + cond(and.left()) + " AND " + cond(and.right()) + ")";
        } else if (cond instanceof Ast.Or or) {
            return "(" + cond(or.left()) + " OR " + cond(or.right()) + ")";
        } else if (cond instanceof Ast.Not not) {
            return "(NOT " + cond(not.operand()) + ")";
        } else if (cond instanceof Ast.Compare compare) {
            return "(" + operand(compare.left()) + " " + compare.op().symbol + " " + operand(compare.right()) + ")";
        } else if (cond instanceof Ast.Between between) {
            return "(" + operand(between.subject()) + " BETWEEN " + operand(between.lower()) + " AND "
                    + operand(between.upper()) + ")";
        } else if (cond instanceof Ast.In in) {
            return "(" + operand(in.subject()) + " IN (" + operands(in.candidates()) + "))";
        }
        return operand((Ast.Call) cond);
    }

    static String operand(Operand operand) {
        if (operand instanceof Ast.Path path) {
            return path.text();
        } else if (operand instanceof Ast.Const constant) {
            return constant.text();
        } else if (operand instanceof Ast.ValueRef ref) {
            return ref.placeholder();
        } else if (operand instanceof Ast.Call call) {
            return call.name() + "(" + operands(call.args()) + ")";
        }
        Ast.Arith arith = (Ast.Arith) operand;
        return "(" + operand(arith.left()) + " " + arith.op() + " " + operand(arith.right()) + ")";
    }

    private static String operands(List<Operand> operands) {
        return operands.stream().map(Canonical::operand).collect(Collectors.joining(", "));
    }

    static String update(List<Action> actions) {
        List<String> clauses = new ArrayList<>();
        clause(clauses, "SET", actions, Ast.SetAction.class);
        clause(clauses, "REMOVE", actions, Ast.RemoveAction.class);
        clause(clauses, "ADD", actions, Ast.AddAction.class);
        clause(clauses, "DELETE", actions, Ast.DeleteAction.class);
        return String.join(" ", clauses);
    }

    private static void clause(List<String> clauses, String keyword, List<Action> actions,
            Class<? extends Action> type) {
        List<String> parts = new ArrayList<>();
        for (Action action : actions) {
            if (type.isInstance(action)) {
                parts.add(action(action));
            }
        }
        if (!parts.isEmpty()) {
            clauses.add(keyword + " " + String.join(", ", parts));
        }
    }

    private static String action(Action action) {
        String path = action.path().text();
        if (action instanceof Ast.SetAction set) {
            return path + " = " + operand(set.value());
        } else if (action instanceof Ast.AddAction add) {
            return path + " " + operand(add.value());
        } else if (action instanceof Ast.DeleteAction delete) {
            return path + " " + operand(delete.value());
        }
        return path;
    }

    static String paths(List<Ast.Path> paths) {
        return paths.stream().map(Ast.Path::text).collect(Collectors.joining(", "));
    }
}
