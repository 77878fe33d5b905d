package dev.singletable.engine.model;

import java.util.List;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * What a Query's key condition asks, typed: an equality on each partition key attribute and, on the sort key,
 * equalities on its leading attributes and at most one other condition on the last one named. A table or
 * index with a one-attribute key has one partition condition and at most one sort condition; a global secondary
 * index keyed on several attributes (up to four each) has one condition per attribute named, in key order.
 *
 * @param partitionKey the conditions on the partition key's attributes: at least one, each {@link KeyOperator#EQ}
 * @param sortKey      the conditions on the sort key's attributes; empty when the Query reads whole partitions
 */
public record KeyCondition(List<AttributeCondition> partitionKey, List<AttributeCondition> sortKey) {

    public KeyCondition {
        partitionKey = List.copyOf(partitionKey);
        sortKey = List.copyOf(sortKey);
        if (partitionKey.isEmpty()) {
            throw new IllegalArgumentException("a key condition names the partition key");
        }
        for (AttributeCondition condition : partitionKey) {
            if (condition.operator() != KeyOperator.EQ) {
                throw new IllegalArgumentException("a partition key is compared with =, not " + condition.operator());
            }
        }
    }

    /** A condition on a one-attribute partition key and, when {@code sort} is not null, on a one-attribute sort key. */
    public static KeyCondition of(AttributeCondition partition, AttributeCondition sort) {
        return new KeyCondition(List.of(partition), sort == null ? List.of() : List.of(sort));
    }

    /** The (first) partition key attribute's name. */
    public String partitionAttribute() {
        return partitionKey.get(0).attribute();
    }

    /** The value the (first) partition key attribute must equal. */
    public AttributeValue partitionValue() {
        return partitionKey.get(0).operand();
    }

    /**
     * The condition that selects a range of the partition: on a one-attribute sort key, its condition; on a
     * multi-attribute one, the condition on the last attribute named. Empty when the Query reads whole partitions.
     */
    public Optional<AttributeCondition> sortCondition() {
        return sortKey.isEmpty() ? Optional.empty() : Optional.of(sortKey.get(sortKey.size() - 1));
    }
}
