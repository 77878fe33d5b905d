package dev.singletable.engine.internal.expr;

import dev.singletable.engine.internal.expr.Ast.Action;
import dev.singletable.engine.internal.expr.Ast.Call;
import dev.singletable.engine.internal.expr.Ast.Cond;
import dev.singletable.engine.internal.expr.Ast.Const;
import dev.singletable.engine.internal.expr.Ast.Operand;
import dev.singletable.engine.internal.expr.Ast.Path;
import dev.singletable.engine.internal.expr.Problems.Category;
import dev.singletable.engine.internal.value.Value;
import dev.singletable.engine.internal.value.ValueJson;
import dev.singletable.engine.internal.value.ValueOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The checks DynamoDB makes on a parsed expression before reading any item: where functions may stand, their
 * operand counts and constant operand types, distinct operands, BETWEEN bounds, the IN limit, and overlapping
 * or conflicting document paths.
 */
final class Checks {
    static final int MAX_IN_OPERANDS = 100;

    private static final Set<String> BOOLEAN_FUNCTIONS =
            Set.of("attribute_exists", "attribute_not_exists", "attribute_type", "begins_with", "contains");
    private static final Map<String, Integer> ARITY = Map.of(
            "attribute_exists", 1, "attribute_not_exists", 1, "attribute_type", 2, "begins_with", 2,
            "contains", 2, "size", 1, "if_not_exists", 2, "list_append", 2);
    private static final Set<String> ATTRIBUTE_TYPES = Set.of("S", "SS", "N", "NS", "B", "BS", "BOOL", "NULL", "L", "M");

    private final Problems problems;
    /** Conditions checked so far, counted as the parser counted them. */
    private int conditions;

    private Checks(Problems problems) {
        this.problems = problems;
    }

    static void condition(Cond cond, Problems problems) {
        new Checks(problems).cond(cond);
    }

    static void update(List<Action> actions, Problems problems) {
        Checks checks = new Checks(problems);
        List<Path> paths = new ArrayList<>();
        for (Action action : actions) {
            paths.add(action.path());
            if (action instanceof Ast.SetAction set) {
                checks.updateValue(set.value());
            } else if (action instanceof Ast.AddAction add) {
                checks.addOrDeleteOperand("ADD", add.operand(), add.operand() instanceof Value.N);
            } else if (action instanceof Ast.DeleteAction delete) {
                checks.addOrDeleteOperand("DELETE", delete.operand(), false);
            }
        }
        paths(paths, problems);
    }

    /** Two paths of one update or projection may neither overlap nor diverge as map key versus list index. */
    static void paths(List<Path> paths, Problems problems) {
        for (int i = 0; i < paths.size(); i++) {
            for (int j = i + 1; j < paths.size(); j++) {
                comparePaths(paths.get(i), paths.get(j), problems);
            }
        }
    }

    private static void comparePaths(Path one, Path two, Problems problems) {
        int common = Math.min(one.steps().size(), two.steps().size());
        for (int k = 0; k < common; k++) {
            Ast.Step a = one.steps().get(k);
            Ast.Step b = two.steps().get(k);
            if (a.getClass() != b.getClass()) {
                problems.report(Category.CONFLICT, "Two document paths conflict with each other; "
                        + "must remove or rewrite one of these paths; path one: " + one.describe()
                        + ", path two: " + two.describe());
                return;
            }
            if (!a.equals(b)) {
                return;
            }
        }
        problems.report(Category.OVERLAP, "Two document paths overlap with each other; "
                + "must remove or rewrite one of these paths; path one: " + one.describe()
                + ", path two: " + two.describe());
    }

    // ---- conditions

    private void cond(Cond cond) {
        if (cond instanceof Ast.And and) {
            cond(and.left());
            cond(and.right());
        } else if (cond instanceof Ast.Or or) {
            cond(or.left());
            cond(or.right());
        } else if (cond instanceof Ast.Not not) {
            cond(not.operand());
        } else {
            problems.atCondition(conditions++);
            leaf(cond);
        }
    }

    /** A comparison, BETWEEN, IN or function: the unit DynamoDB reports its remaining problems by. */
    private void leaf(Cond cond) {
        if (cond instanceof Ast.Compare compare) {
            List<Operand> operands = List.of(compare.left(), compare.right());
            operands(operands);
            distinct(compare.op().symbol, operands);
            if (compare.op().isOrdering()) {
                operands.forEach(o -> scalarConstant(compare.op().symbol, o));
            }
        } else if (cond instanceof Ast.Between between) {
            List<Operand> operands = List.of(between.subject(), between.lower(), between.upper());
            operands(operands);
            distinct("BETWEEN", operands);
            operands.forEach(o -> scalarConstant("BETWEEN", o));
            bounds(between.lower(), between.upper());
        } else if (cond instanceof Ast.In in) {
            List<Operand> operands = new ArrayList<>();
            operands.add(in.subject());
            operands.addAll(in.candidates());
            operands(operands);
            distinct("IN", operands);
            if (operands.size() > MAX_IN_OPERANDS) {
                problems.report(Category.OPERAND_COUNT,
                        "The IN operator is provided with too many operands; number of operands: " + operands.size());
            }
        } else if (cond instanceof Call call) {
            if (BOOLEAN_FUNCTIONS.contains(call.name())) {
                function(call);
            } else {
                misused(call);
            }
        }
    }

    /** Operands of comparisons and functions: only {@code size} may be one. */
    private void operands(List<Operand> operands) {
        for (Operand operand : operands) {
            if (operand instanceof Call call) {
                if (call.name().equals("size")) {
                    function(call);
                } else {
                    misused(call);
                }
            }
        }
    }

    private void misused(Call call) {
        problems.report(Category.MISUSED_FUNCTION,
                "The function is not allowed to be used this way in an expression; function: " + call.name());
    }

    private void function(Call call) {
        if (!arity(call)) {
            return;
        }
        operands(call.args());
        distinct(call.name(), call.args());
        Operand first = call.args().get(0);
        switch (call.name()) {
            case "attribute_exists", "attribute_not_exists" -> requirePath(call, first);
            case "begins_with" -> call.args().forEach(o -> {
                String type = typeOf(o);
                if (type != null && !type.equals("S") && !type.equals("B")) {
                    incorrectType(call.name(), type);
                }
            });
            case "attribute_type" -> attributeType(call.args().get(1));
            case "size" -> {
                String type = typeOf(first);
                if ("N".equals(type) || "BOOL".equals(type) || "NULL".equals(type)) {
                    incorrectType(call.name(), type);
                }
            }
            default -> {
                // contains accepts operands of any type
            }
        }
    }

    private boolean arity(Call call) {
        Integer expected = ARITY.get(call.name());
        if (expected != null && expected != call.args().size()) {
            problems.report(Category.OPERAND_COUNT, "Incorrect number of operands for operator or function; "
                    + "operator or function: " + call.name() + ", number of operands: " + call.args().size());
            return false;
        }
        return expected != null;
    }

    private void requirePath(Call call, Operand operand) {
        if (!(operand instanceof Path)) {
            problems.report(Category.OPERAND_TYPE,
                    "Operator or function requires a document path; operator or function: " + call.name());
        }
    }

    private void attributeType(Operand operand) {
        if (!(operand instanceof Const constant) || !(constant.value() instanceof Value.S name)) {
            String type = typeOf(operand);
            incorrectType("attribute_type", type == null ? "{NS,SS,L,BS,N,M,B,BOOL,NULL,S}" : type);
        } else if (!ATTRIBUTE_TYPES.contains(name.value())) {
            problems.report(Category.OPERAND_TYPE, "Invalid attribute type name found; type: " + name.value()
                    + ", valid types: {B,NULL,SS,BOOL,L,BS,N,NS,S,M}");
        }
    }

    /** The type of an operand known before reading the item: a constant's, or N for size(). */
    private static String typeOf(Operand operand) {
        if (operand instanceof Const constant) {
            return constant.value().type();
        }
        if (operand instanceof Call call && call.name().equals("size")) {
            return "N";
        }
        return null;
    }

    private void scalarConstant(String operator, Operand operand) {
        if (operand instanceof Const constant && !constant.value().isScalarKeyType()) {
            incorrectType(operator, constant.value().type());
        }
    }

    private void incorrectType(String operator, String type) {
        problems.report(Category.OPERAND_TYPE, "Incorrect operand type for operator or function; "
                + "operator or function: " + operator + ", operand type: " + type);
    }

    private void distinct(String operator, List<Operand> operands) {
        if (!(operands.get(0) instanceof Path first)) {
            return;
        }
        for (Operand other : operands.subList(1, operands.size())) {
            if (other instanceof Path path && path.steps().equals(first.steps())) {
                problems.report(Category.DISTINCT, "The first operand must be distinct from the remaining operands "
                        + "for this operator or function; operator: " + operator + ", first operand: "
                        + first.describe());
                return;
            }
        }
    }

    private void bounds(Operand lower, Operand upper) {
        if (!(lower instanceof Const lo) || !(upper instanceof Const hi)
                || !lo.value().isScalarKeyType() || !hi.value().isScalarKeyType()) {
            return;
        }
        String operands = "lower bound operand: AttributeValue: " + ValueJson.describe(lo.value())
                + ", upper bound operand: AttributeValue: " + ValueJson.describe(hi.value());
        if (!ValueOrder.comparable(lo.value(), hi.value())) {
            problems.report(Category.OPERAND_TYPE,
                    "The BETWEEN operator requires same data type for lower and upper bounds; " + operands);
        } else if (ValueOrder.compare(lo.value(), hi.value()) > 0) {
            problems.report(Category.OPERAND_TYPE,
                    "The BETWEEN operator requires upper bound to be greater than or equal to lower bound; "
                            + operands);
        }
    }

    // ---- updates

    private void updateValue(Operand operand) {
        if (operand instanceof Ast.Arith arith) {
            for (Operand side : List.of(arith.left(), arith.right())) {
                if (side instanceof Const constant && !(constant.value() instanceof Value.N)) {
                    incorrectType(String.valueOf(arith.op()), constant.value().type());
                }
                updateValue(side);
            }
        } else if (operand instanceof Call call && arity(call)) {
            if (call.name().equals("if_not_exists") && !(call.args().get(0) instanceof Path)) {
                problems.report(Category.MISUSED_FUNCTION,
                        "Operator or function requires a document path; operator or function: if_not_exists");
            }
            for (Operand arg : call.args()) {
                if (call.name().equals("list_append") && arg instanceof Const constant
                        && !(constant.value() instanceof Value.L)) {
                    incorrectType(call.name(), constant.value().type());
                }
                updateValue(arg);
            }
        }
    }

    private void addOrDeleteOperand(String operator, Value operand, boolean numberAllowed) {
        if (!operand.isSet() && !numberAllowed) {
            problems.report(Category.OPERAND_TYPE, "Incorrect operand type for operator or function; operator: "
                    + operator + ", operand type: " + typeName(operand));
        }
    }

    /** The type names ADD and DELETE messages use. */
    private static String typeName(Value value) {
        return switch (value.type()) {
            case "S" -> "STRING";
            case "N" -> "NUMBER";
            case "B" -> "BINARY";
            case "BOOL" -> "BOOLEAN";
            case "L" -> "LIST";
            case "M" -> "MAP";
            default -> value.type();
        };
    }
}
