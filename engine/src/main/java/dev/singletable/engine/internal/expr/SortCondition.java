package dev.singletable.engine.internal.expr;

import dev.singletable.engine.internal.value.SdkValues;
import dev.singletable.engine.internal.value.Value;
import dev.singletable.engine.internal.value.ValueJson;
import dev.singletable.engine.internal.value.ValueOrder;
import dev.singletable.engine.model.AttributeCondition;
import dev.singletable.engine.model.KeyOperator;
import java.util.List;

/** The condition a Query puts on one sort key attribute; {@code upper} is set for BETWEEN only. */
public record SortCondition(String attribute, KeyOperator op, Value value, Value upper) {

    /** Whether a sort key value satisfies the condition (values of another type never do). */
    public boolean test(Value sortKeyValue) {
        if (op == KeyOperator.BEGINS_WITH) {
            return Evaluator.beginsWith(sortKeyValue, value);
        }
        if (!ValueOrder.comparable(sortKeyValue, value)) {
            return false;
        }
        int order = ValueOrder.compare(sortKeyValue, value);
        return switch (op) {
            case EQ -> order == 0;
            case LT -> order < 0;
            case LE -> order <= 0;
            case GT -> order > 0;
            case GE -> order >= 0;
            default -> order >= 0 && ValueOrder.comparable(sortKeyValue, upper)
                    && ValueOrder.compare(sortKeyValue, upper) <= 0;
        };
    }

    /** The condition in the canonical form of expressions, values as DynamoDB prints them. */
    public String canonical() {
        String v = ValueJson.describe(value);
        return switch (op) {
            case EQ -> "(" + attribute + " = " + v + ")";
            case LT -> "(" + attribute + " < " + v + ")";
            case LE -> "(" + attribute + " <= " + v + ")";
            case GT -> "(" + attribute + " > " + v + ")";
            case GE -> "(" + attribute + " >= " + v + ")";
            case BETWEEN -> "(" + attribute + " BETWEEN " + v + " AND " + ValueJson.describe(upper) + ")";
            case BEGINS_WITH -> "begins_with(" + attribute + ", " + v + ")";
        };
    }

    /** The condition as the request log shows it, values as the SDK's. */
    public AttributeCondition toModel() {
        return new AttributeCondition(attribute, op, upper == null ? List.of(SdkValues.value(value))
                : List.of(SdkValues.value(value), SdkValues.value(upper)));
    }
}
