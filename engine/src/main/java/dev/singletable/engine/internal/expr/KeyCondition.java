package dev.singletable.engine.internal.expr;

import dev.singletable.engine.internal.value.Value;
import dev.singletable.engine.internal.value.ValueJson;

/** A Query's key condition: the partition key's value and at most one condition on the sort key. */
public record KeyCondition(String partitionKey, Value partitionValue, SortCondition sort) {

    /** The condition in the canonical form of expressions, values as DynamoDB prints them. */
    public String canonical() {
        String partition = "(" + partitionKey + " = " + ValueJson.describe(partitionValue) + ")";
        return sort == null ? partition : "(" + partition + " AND " + sort.canonical() + ")";
    }
}
