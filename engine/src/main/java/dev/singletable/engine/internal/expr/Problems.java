package dev.singletable.engine.internal.expr;

import dev.singletable.engine.internal.DynamoException;
import dev.singletable.engine.model.ExpressionKind;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * The semantic problems found in one expression. DynamoDB reports only one, chosen by an order of categories
 * that differs between conditions and updates, so problems are collected with the place they were found
 * and the winner is picked once the whole expression has been read.
 *
 * <p>In conditions, the last categories are not global: the first condition (comparison, BETWEEN, IN or
 * function) with any such problem wins, and only within it does the category order apply (dynalite's order,
 * matched to the service).
 */
final class Problems {

    enum Category {
        PARENTHESES, UNKNOWN_FUNCTION, MISUSED_FUNCTION, RESERVED_WORD, REPEATED_SECTION,
        UNDEFINED, UNDEFINED_NAME, UNDEFINED_VALUE, OPERAND_COUNT, DISTINCT, OVERLAP, CONFLICT, OPERAND_TYPE
    }

    private static final List<Category> CONDITION_ORDER = List.of(
            Category.PARENTHESES, Category.UNKNOWN_FUNCTION, Category.MISUSED_FUNCTION, Category.RESERVED_WORD,
            Category.UNDEFINED, Category.OPERAND_COUNT, Category.DISTINCT, Category.OVERLAP, Category.CONFLICT,
            Category.OPERAND_TYPE);

    /** The condition categories reported for the first condition that has any of them. */
    private static final Set<Category> PER_CONDITION = EnumSet.of(
            Category.UNDEFINED, Category.OPERAND_COUNT, Category.DISTINCT, Category.OPERAND_TYPE);

    private static final List<Category> UPDATE_ORDER = List.of(
            Category.RESERVED_WORD, Category.UNKNOWN_FUNCTION, Category.REPEATED_SECTION, Category.UNDEFINED_NAME,
            Category.UNDEFINED_VALUE, Category.OVERLAP, Category.CONFLICT, Category.OPERAND_TYPE,
            Category.OPERAND_COUNT, Category.MISUSED_FUNCTION);

    /** One problem, with the condition it belongs to. */
    record Problem(Category category, int condition, String message) {
    }

    private final ExpressionKind kind;
    private final List<Problem> found;
    private int condition;

    Problems(ExpressionKind kind) {
        this(kind, List.of());
    }

    /** Problems that start with those found earlier in the same text (by the parser, for the checks to add to). */
    Problems(ExpressionKind kind, List<Problem> earlier) {
        this.kind = kind;
        this.found = new ArrayList<>(earlier);
    }

    /** Records a problem of the condition being read (see {@link #atCondition}). */
    void report(Category category, String message) {
        report(category, condition, message);
    }

    /** Records a problem of the given condition. */
    void report(Category category, int conditionIndex, String message) {
        found.add(new Problem(category, conditionIndex, message));
    }

    /** The problems found so far, in the order found. */
    List<Problem> found() {
        return List.copyOf(found);
    }

    /** Sets which condition, counted in the order they end in the text, later problems belong to. */
    void atCondition(int index) {
        condition = index;
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
        Problem first = null;
        for (Problem problem : found) {
            if (first == null || precedes(problem, first)) {
                first = problem;
            }
        }
        if (first != null) {
            throw invalid(kind, first.message());
        }
    }

    private boolean precedes(Problem a, Problem b) {
        boolean update = kind == ExpressionKind.UPDATE;
        List<Category> order = update ? UPDATE_ORDER : CONDITION_ORDER;
        int tierA = tier(a.category(), order, update);
        int tierB = tier(b.category(), order, update);
        if (tierA != tierB) {
            return tierA < tierB;
        }
        if (!update && PER_CONDITION.contains(a.category()) && a.condition() != b.condition()) {
            return a.condition() < b.condition();
        }
        return order.indexOf(a.category()) < order.indexOf(b.category());
    }

    private static int tier(Category category, List<Category> order, boolean update) {
        return !update && PER_CONDITION.contains(category) ? order.indexOf(Category.UNDEFINED) : order.indexOf(category);
    }

    /** {@code Invalid <Kind>Expression: <message>}. */
    static DynamoException invalid(ExpressionKind kind, String message) {
        return DynamoException.validation("Invalid " + kind.parameter() + ": " + message);
    }
}
