package dev.singletable.engine;

import java.util.Optional;

/**
 * The shape of a Query's key condition: equality on the partition key and, optionally, one condition on the
 * sort key. {@code sortOperator} is one of {@code =}, {@code <}, {@code <=}, {@code >}, {@code >=},
 * {@code BETWEEN}, {@code begins_with}; values are rendered for display.
 */
public record KeyConditionShape(String partitionKey, String partitionValue, String sortKey, String sortOperator) {

    /** The sort key condition's operator, when there is one. */
    public Optional<String> sortCondition() {
        return Optional.ofNullable(sortOperator);
    }
}
