package dev.singletable.engine.internal.expr;

import dev.singletable.engine.internal.value.Value;
import java.util.List;

/**
 * The syntax tree of every expression kind; each node keeps the text it was written as, for the canonical form.
 * A tree as parsed still holds its placeholders ({@link NameRef} for {@code #n}, {@link ValueRef} for
 * {@code :v}), so that one tree serves every request that writes the same text; {@link Binder} resolves them
 * against one request's names and values into the bound tree that checks, evaluation and updates read.
 */
final class Ast {
    private Ast() {
    }

    /** Anything a parenthesised sub-expression can stand for: an operand or a condition. */
    sealed interface Node permits Operand, Cond {
    }

    /** A value-producing node. */
    sealed interface Operand extends Node permits Path, Const, ValueRef, Call, Arith {
    }

    /** A boolean node. */
    sealed interface Cond extends Node permits Compare, Between, In, Call, And, Or, Not {
    }

    /** One step of a document path: a map key or a list index. */
    sealed interface Step permits Key, Index, NameRef {
    }

    record Key(String name) implements Step {
    }

    record Index(int index) implements Step {
    }

    /**
     * An unbound {@code #alias} step; {@code condition} is the condition being read where it was written, which
     * decides the order in which an undefined one is reported.
     */
    record NameRef(String alias, int condition) implements Step {
    }

    /** A document path (bound: every step a Key or Index); {@code text} is how it was written. */
    record Path(List<Step> steps, String text) implements Operand {
        Path {
            steps = List.copyOf(steps);
        }

        /** The attribute the path starts from. */
        String top() {
            return ((Key) steps.get(0)).name();
        }

        boolean isTopLevel() {
            return steps.size() == 1;
        }

        /** The path as DynamoDB prints it in messages: {@code [a, b, [0]]}. */
        String describe() {
            StringBuilder out = new StringBuilder("[");
            for (int i = 0; i < steps.size(); i++) {
                if (i > 0) {
                    out.append(", ");
                }
                Step step = steps.get(i);
                out.append(step instanceof Index index ? "[" + index.index() + "]" : ((Key) step).name());
            }
            return out.append(']').toString();
        }
    }

    /** A constant: an expression attribute value (or a legacy AttributeValue); {@code text} is how it was written. */
    record Const(Value value, String text) implements Operand {
    }

    /** An unbound {@code :value} placeholder; {@code condition} as for {@link NameRef}. */
    record ValueRef(String placeholder, int condition) implements Operand {
    }

    /**
     * A function call. It is both an operand ({@code size}, {@code if_not_exists}, {@code list_append}) and a
     * condition (the boolean functions); where it may stand is checked after parsing, as DynamoDB reports misuse
     * after syntax.
     */
    record Call(String name, List<Operand> args) implements Operand, Cond {
        Call {
            args = List.copyOf(args);
        }
    }

    /** {@code +} or {@code -} in an update's SET value. */
    record Arith(char op, Operand left, Operand right) implements Operand {
    }

    enum Comparator {
        EQ("="), NE("<>"), LT("<"), LE("<="), GT(">"), GE(">=");

        final String symbol;

        Comparator(String symbol) {
            this.symbol = symbol;
        }

        boolean isOrdering() {
            return this != EQ && this != NE;
        }
    }

    record Compare(Comparator op, Operand left, Operand right) implements Cond {
    }

    record Between(Operand subject, Operand lower, Operand upper) implements Cond {
    }

    record In(Operand subject, List<Operand> candidates) implements Cond {
        In {
            candidates = List.copyOf(candidates);
        }
    }

    record And(Cond left, Cond right) implements Cond {
    }

    record Or(Cond left, Cond right) implements Cond {
    }

    record Not(Cond operand) implements Cond {
    }

    /** One action of an UpdateExpression, or of legacy AttributeUpdates. */
    sealed interface Action permits SetAction, RemoveAction, AddAction, DeleteAction {
        Path path();
    }

    record SetAction(Path path, Operand value) implements Action {
    }

    record RemoveAction(Path path) implements Action {
    }

    /**
     * ADD; {@code value} is a {@link ValueRef} as parsed and a {@link Const} once bound. {@code legacy} is the
     * AttributeUpdates form, which also appends to lists and calls an operand of another type than the
     * attribute's a type mismatch.
     */
    record AddAction(Path path, Operand value, boolean legacy) implements Action {
        /** The operand of a bound action. */
        Value operand() {
            return ((Const) value).value();
        }
    }

    /** DELETE from a set; {@code value} and {@code legacy} as for {@link AddAction}. */
    record DeleteAction(Path path, Operand value, boolean legacy) implements Action {
        /** The operand of a bound action. */
        Value operand() {
            return ((Const) value).value();
        }
    }
}
