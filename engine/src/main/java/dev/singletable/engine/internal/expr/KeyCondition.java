package dev.singletable.engine.internal.expr;

import dev.singletable.engine.internal.value.SdkValues;
import dev.singletable.engine.internal.value.Value;
import dev.singletable.engine.internal.value.ValueJson;
import dev.singletable.engine.model.AttributeCondition;
import dev.singletable.engine.model.KeyOperator;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A Query's key condition, checked against the key schema: the value of every partition key attribute and, on
 * the sort key's attributes from the first on, equalities and then at most one other condition (a range or
 * {@code begins_with}), on the last attribute named.
 *
 * @param partition the partition key attributes and their values, in key order
 * @param sort      the conditions on the sort key attributes, in key order; empty when whole partitions are read
 */
public record KeyCondition(Map<String, Value> partition, List<SortCondition> sort) {

    public KeyCondition {
        partition = Collections.unmodifiableMap(new LinkedHashMap<>(partition));
        sort = List.copyOf(sort);
    }

    /** The partition key's values, in key order. */
    public List<Value> partitionValues() {
        return List.copyOf(partition.values());
    }

    /** The values the sort key's leading attributes are equal to: every condition on it but the last. */
    public List<Value> sortPrefix() {
        List<Value> prefix = new ArrayList<>();
        for (int i = 0; i < sort.size() - 1; i++) {
            prefix.add(sort.get(i).value());
        }
        return prefix;
    }

    /** The condition on the last sort key attribute named, which selects a range; null when there is none. */
    public SortCondition range() {
        return sort.isEmpty() ? null : sort.get(sort.size() - 1);
    }

    /** The condition in the canonical form of expressions, values as DynamoDB prints them. */
    public String canonical() {
        List<String> conditions = new ArrayList<>();
        partition.forEach((attribute, value) -> conditions.add("(" + attribute + " = " + ValueJson.describe(value) + ")"));
        sort.forEach(condition -> conditions.add(condition.canonical()));
        String canonical = conditions.get(0);
        for (int i = 1; i < conditions.size(); i++) {
            canonical = "(" + canonical + " AND " + conditions.get(i) + ")";
        }
        return canonical;
    }

    /** The condition as the request log shows it, values as the SDK's. */
    public dev.singletable.engine.model.KeyCondition toModel() {
        List<AttributeCondition> partitionConditions = new ArrayList<>();
        partition.forEach((attribute, value) -> partitionConditions.add(
                new AttributeCondition(attribute, KeyOperator.EQ, List.of(SdkValues.value(value)))));
        return new dev.singletable.engine.model.KeyCondition(partitionConditions,
                sort.stream().map(SortCondition::toModel).toList());
    }
}
