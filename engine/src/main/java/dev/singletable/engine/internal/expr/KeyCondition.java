package dev.singletable.engine.internal.expr;

import dev.singletable.engine.internal.value.SdkValues;
import dev.singletable.engine.internal.value.Value;
import dev.singletable.engine.internal.value.ValueJson;
import dev.singletable.engine.model.AttributeCondition;
import dev.singletable.engine.model.KeyOperator;
import java.util.List;

/** A Query's key condition: the partition key's value and at most one condition on the sort key. */
public record KeyCondition(String partitionKey, Value partitionValue, SortCondition sort) {

    /** The condition in the canonical form of expressions, values as DynamoDB prints them. */
    public String canonical() {
        String partition = "(" + partitionKey + " = " + ValueJson.describe(partitionValue) + ")";
        return sort == null ? partition : "(" + partition + " AND " + sort.canonical() + ")";
    }

    /** The condition as the request log shows it, values as the SDK's. */
    public dev.singletable.engine.model.KeyCondition toModel() {
        return dev.singletable.engine.model.KeyCondition.of(
                new AttributeCondition(partitionKey, KeyOperator.EQ, List.of(SdkValues.value(partitionValue))),
                sort == null ? null : sort.toModel());
    }
}
