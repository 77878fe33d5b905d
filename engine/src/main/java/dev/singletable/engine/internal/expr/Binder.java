package dev.singletable.engine.internal.expr;

import dev.singletable.engine.internal.expr.Ast.Action;
import dev.singletable.engine.internal.expr.Ast.Cond;
import dev.singletable.engine.internal.expr.Ast.Operand;
import dev.singletable.engine.internal.expr.Ast.Path;
import dev.singletable.engine.internal.value.Value;
import java.util.ArrayList;
import java.util.List;

/**
 * Binds a parsed tree to one request: every {@code #alias} becomes the attribute name and every {@code :value}
 * the value the request defines for it, marked used. An undefined one is reported as a problem of the condition
 * the parser found it in, in the order written, so that DynamoDB's choice among problems is the same as if the
 * names had been resolved while parsing. Parts without placeholders are shared with the parsed tree, not copied.
 */
final class Binder {
    private final ExpressionContext context;
    private final Problems problems;
    /** Each name bound and each value's type, in the order bound; null once the checks cannot go by it alone. */
    private List<String> signature = new ArrayList<>();

    Binder(ExpressionContext context, Problems problems) {
        this.context = context;
        this.problems = problems;
    }

    /**
     * What the checks of the bound tree ({@link Checks}) depend on besides the text: the names bound and the types
     * of the values. Null when something else counts: a name or value undefined, or a check that reads a value
     * itself (BETWEEN's bounds, attribute_type's type name).
     */
    List<String> signature() {
        return signature;
    }

    Cond cond(Cond cond) {
        if (cond instanceof Ast.And and) {
            Cond left = cond(and.left());
            Cond right = cond(and.right());
            return left == and.left() && right == and.right() ? and : new Ast.And(left, right);
        } else if (cond instanceof Ast.Or or) {
            Cond left = cond(or.left());
            Cond right = cond(or.right());
            return left == or.left() && right == or.right() ? or : new Ast.Or(left, right);
        } else if (cond instanceof Ast.Not not) {
            Cond operand = cond(not.operand());
            return operand == not.operand() ? not : new Ast.Not(operand);
        } else if (cond instanceof Ast.Compare compare) {
            Operand left = operand(compare.left());
            Operand right = operand(compare.right());
            return left == compare.left() && right == compare.right() ? compare
                    : new Ast.Compare(compare.op(), left, right);
        } else if (cond instanceof Ast.Between between) {
            signature = null;
            Operand subject = operand(between.subject());
            Operand lower = operand(between.lower());
            Operand upper = operand(between.upper());
            return subject == between.subject() && lower == between.lower() && upper == between.upper() ? between
                    : new Ast.Between(subject, lower, upper);
        } else if (cond instanceof Ast.In in) {
            Operand subject = operand(in.subject());
            List<Operand> candidates = operands(in.candidates());
            return subject == in.subject() && candidates == in.candidates() ? in : new Ast.In(subject, candidates);
        }
        return call((Ast.Call) cond);
    }

    Operand operand(Operand operand) {
        if (operand instanceof Path path) {
            return path(path);
        } else if (operand instanceof Ast.ValueRef ref) {
            return value(ref);
        } else if (operand instanceof Ast.Call call) {
            return call(call);
        } else if (operand instanceof Ast.Arith arith) {
            Operand left = operand(arith.left());
            Operand right = operand(arith.right());
            return left == arith.left() && right == arith.right() ? arith : new Ast.Arith(arith.op(), left, right);
        }
        return operand; // a constant
    }

    private Ast.Call call(Ast.Call call) {
        if (call.name().equals("attribute_type")) {
            signature = null;
        }
        List<Operand> args = operands(call.args());
        return args == call.args() ? call : new Ast.Call(call.name(), args);
    }

    /** The operands bound; the same list when none had a placeholder. */
    private List<Operand> operands(List<Operand> operands) {
        List<Operand> bound = null;
        for (int i = 0; i < operands.size(); i++) {
            Operand operand = operands.get(i);
            Operand b = operand(operand);
            if (b != operand && bound == null) {
                bound = new ArrayList<>(operands.subList(0, i));
            }
            if (bound != null) {
                bound.add(b);
            }
        }
        return bound == null ? operands : bound;
    }

    List<Action> actions(List<Action> actions) {
        List<Action> bound = new ArrayList<>(actions.size());
        for (Action action : actions) {
            Path path = path(action.path());
            if (action instanceof Ast.SetAction set) {
                Operand value = operand(set.value());
                bound.add(path == set.path() && value == set.value() ? set : new Ast.SetAction(path, value));
            } else if (action instanceof Ast.RemoveAction remove) {
                bound.add(path == remove.path() ? remove : new Ast.RemoveAction(path));
            } else if (action instanceof Ast.AddAction add) {
                bound.add(new Ast.AddAction(path, operand(add.value()), add.legacy()));
            } else {
                Ast.DeleteAction delete = (Ast.DeleteAction) action;
                bound.add(new Ast.DeleteAction(path, operand(delete.value()), delete.legacy()));
            }
        }
        return bound;
    }

    List<Path> paths(List<Path> paths) {
        List<Path> bound = new ArrayList<>(paths.size());
        for (Path path : paths) {
            bound.add(path(path));
        }
        return bound;
    }

    private Path path(Path path) {
        List<Ast.Step> steps = null;
        for (int i = 0; i < path.steps().size(); i++) {
            Ast.Step step = path.steps().get(i);
            if (step instanceof Ast.NameRef ref) {
                if (steps == null) {
                    steps = new ArrayList<>(path.steps());
                }
                steps.set(i, new Ast.Key(name(ref)));
            }
        }
        return steps == null ? path : new Path(steps, path.text());
    }

    private String name(Ast.NameRef ref) {
        String name = context.resolveName(ref.alias());
        sign(name);
        if (name == null) {
            problems.report(problems.undefinedName(), ref.condition(),
                    "An expression attribute name used in the document path is not defined; attribute name: "
                            + ref.alias());
            return ref.alias();
        }
        return name;
    }

    /** Adds to the signature; an undefined name or value (null) ends it, since its problem is reported. */
    private void sign(String part) {
        if (signature != null) {
            if (part == null) {
                signature = null;
            } else {
                signature.add(part);
            }
        }
    }

    private Ast.Const value(Ast.ValueRef ref) {
        Value value = context.resolveValue(ref.placeholder());
        sign(value == null ? null : value.type());
        if (value == null) {
            problems.report(problems.undefinedValue(), ref.condition(),
                    "An expression attribute value used in expression is not defined; attribute value: "
                            + ref.placeholder());
            value = Value.Null.INSTANCE;
        }
        return new Ast.Const(value, ref.placeholder());
    }
}
