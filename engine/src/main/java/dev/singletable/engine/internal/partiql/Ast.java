package dev.singletable.engine.internal.partiql;

import dev.singletable.engine.internal.value.Value;
import java.util.List;

/** The statements and expressions of DynamoDB's PartiQL subset. */
final class Ast {
    private Ast() {
    }

    sealed interface Statement permits Select, Insert, Update, Delete {
        String table();
    }

    /** {@code SELECT * | paths FROM "table"["index"] [WHERE …] [ORDER BY path [ASC|DESC]]}. */
    record Select(List<Path> projection, String table, String index, Expr where, Path orderBy, boolean descending)
            implements Statement {
    }

    /** {@code INSERT INTO "table" VALUE {…}}. */
    record Insert(String table, Operand item) implements Statement {
    }

    /** {@code UPDATE "table" SET a = … REMOVE b WHERE …}. */
    record Update(String table, List<Assignment> sets, List<Path> removes, Expr where, String returning)
            implements Statement {
    }

    /** {@code DELETE FROM "table" WHERE … [RETURNING ALL OLD *]}. */
    record Delete(String table, Expr where, String returning) implements Statement {
    }

    record Assignment(Path path, Operand value) {
    }

    /** A path: a top-level attribute, then map keys (String) and list indexes (Integer). */
    record Path(List<Object> elements) {
        String attribute() {
            return (String) elements.get(0);
        }

        @Override
        public String toString() {
            StringBuilder s = new StringBuilder();
            for (Object e : elements) {
                if (e instanceof Integer i) {
                    s.append('[').append(i).append(']');
                } else {
                    s.append(s.length() == 0 ? "" : ".").append(e);
                }
            }
            return s.toString();
        }
    }

    sealed interface Operand permits PathOperand, Literal, Parameter, Arithmetic, ListLiteral, MapLiteral, SetLiteral {
    }

    record PathOperand(Path path) implements Operand {
    }

    record Literal(Value value) implements Operand {
    }

    /** A {@code ?}, bound to the n-th parameter (0-based). */
    record Parameter(int index) implements Operand {
    }

    record Arithmetic(Operand left, char operator, Operand right) implements Operand {
    }

    record ListLiteral(List<Operand> elements) implements Operand {
    }

    record MapLiteral(List<String> keys, List<Operand> values) implements Operand {
    }

    record SetLiteral(List<Operand> elements) implements Operand {
    }

    sealed interface Expr permits And, Or, Not, Compare, Between, In, Function, Missing {
    }

    record And(Expr left, Expr right) implements Expr {
    }

    record Or(Expr left, Expr right) implements Expr {
    }

    record Not(Expr expr) implements Expr {
    }

    record Compare(Operand left, String operator, Operand right) implements Expr {
    }

    record Between(Operand value, Operand low, Operand high) implements Expr {
    }

    record In(Operand value, List<Operand> candidates) implements Expr {
    }

    /** {@code begins_with(path, v)}, {@code contains(path, v)}, {@code attribute_type(path, 'S')}. */
    record Function(String name, List<Operand> arguments) implements Expr {
    }

    /** {@code path IS [NOT] MISSING}. */
    record Missing(Path path, boolean negated) implements Expr {
    }
}
