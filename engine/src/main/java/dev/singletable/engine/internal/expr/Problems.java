package dev.singletable.engine.internal.expr;

import dev.singletable.engine.internal.DynamoException;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The semantic problems found in one expression. DynamoDB reports only one, chosen by category in an order
 * that differs between conditions and updates (E-38), so the first problem of each category is kept and the
 * winner is picked once the whole expression has been read.
 */
final class Problems {

    enum Category {
        PARENTHESES, UNKNOWN_FUNCTION, MISUSED_FUNCTION, RESERVED_WORD, REPEATED_SECTION,
        UNDEFINED, UNDEFINED_NAME, UNDEFINED_VALUE, OPERAND_COUNT, DISTINCT, OVERLAP, CONFLICT, OPERAND_TYPE
    }

    /** Conditions, filters, key conditions and projections: dynalite's order, matched to the service. */
    private static final List<Category> CONDITION_ORDER = List.of(
            Category.PARENTHESES, Category.UNKNOWN_FUNCTION, Category.MISUSED_FUNCTION, Category.RESERVED_WORD,
            Category.UNDEFINED, Category.OPERAND_COUNT, Category.DISTINCT, Category.OVERLAP, Category.CONFLICT,
            Category.OPERAND_TYPE);

    /** Update expressions (E-38). */
    private static final List<Category> UPDATE_ORDER = List.of(
            Category.RESERVED_WORD, Category.UNKNOWN_FUNCTION, Category.REPEATED_SECTION, Category.UNDEFINED_NAME,
            Category.UNDEFINED_VALUE, Category.OVERLAP, Category.CONFLICT, Category.OPERAND_TYPE,
            Category.OPERAND_COUNT, Category.MISUSED_FUNCTION, Category.DISTINCT);

    private final ExpressionKind kind;
    private final Map<Category, String> first = new EnumMap<>(Category.class);

    Problems(ExpressionKind kind) {
        this.kind = kind;
    }

    /** Records a problem unless one of the same category was found earlier in the text. */
    void report(Category category, String message) {
        first.putIfAbsent(category, message);
    }

    /** The category undefined names are reported under: updates tell names and values apart. */
    Category undefinedName() {
        return kind == ExpressionKind.UPDATE ? Category.UNDEFINED_NAME : Category.UNDEFINED;
    }

    Category undefinedValue() {
        return kind == ExpressionKind.UPDATE ? Category.UNDEFINED_VALUE : Category.UNDEFINED;
    }

    /** Throws the problem DynamoDB would report, if any. */
    void throwFirst() {
        for (Category category : kind == ExpressionKind.UPDATE ? UPDATE_ORDER : CONDITION_ORDER) {
            String message = first.get(category);
            if (message != null) {
                throw invalid(kind, message);
            }
        }
    }

    /** {@code Invalid <Kind>Expression: <message>}. */
    static DynamoException invalid(ExpressionKind kind, String message) {
        return DynamoException.validation("Invalid " + kind.label() + "Expression: " + message);
    }
}
