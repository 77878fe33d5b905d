package dev.singletable.engine;

import dev.singletable.engine.model.AttributeCondition;
import dev.singletable.engine.model.KeyCondition;
import dev.singletable.engine.model.KeyOperator;
import java.util.List;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Short builders of the typed key conditions the request log records, for engine tests. */
public final class LoggedKeys {
    private LoggedKeys() {
    }

    /** A key condition on the partition key alone. */
    public static KeyCondition partition(String attribute, AttributeValue value) {
        return KeyCondition.of(new AttributeCondition(attribute, KeyOperator.EQ, List.of(value)), null);
    }

    /** A key condition on the partition key and one condition on the sort key. */
    public static KeyCondition key(String partitionKey, AttributeValue value, String sortKey, KeyOperator operator,
                                   AttributeValue... operands) {
        return KeyCondition.of(new AttributeCondition(partitionKey, KeyOperator.EQ, List.of(value)),
                new AttributeCondition(sortKey, operator, List.of(operands)));
    }
}
