package dev.singletable.engine.model;

import java.util.List;
import java.util.Objects;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A key condition's condition on one key attribute, e.g. {@code SK BETWEEN "2026-01-01" AND "2026-02-01"}.
 *
 * @param attribute the key attribute's name
 * @param operator  what it is compared with
 * @param operands  the values it is compared with, one (two for BETWEEN); numbers in DynamoDB's canonical form
 */
public record AttributeCondition(String attribute, KeyOperator operator, List<AttributeValue> operands) {

    public AttributeCondition {
        Objects.requireNonNull(attribute, "attribute");
        Objects.requireNonNull(operator, "operator");
        operands = List.copyOf(operands);
        if (operands.size() != operator.operandCount()) {
            throw new IllegalArgumentException(operator + " takes " + operator.operandCount() + " operand(s), got "
                    + operands.size());
        }
    }

    /** The first (for all but BETWEEN, the only) operand. */
    public AttributeValue operand() {
        return operands.get(0);
    }
}
