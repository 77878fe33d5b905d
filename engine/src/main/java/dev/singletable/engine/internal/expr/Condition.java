package dev.singletable.engine.internal.expr;

import dev.singletable.engine.internal.value.Value;
import java.util.Map;
import java.util.Set;

/** A parsed ConditionExpression or FilterExpression (or a legacy Expected/QueryFilter/ScanFilter). */
public interface Condition {

    /** Evaluates the condition against an item; a missing item is an empty map, where every attribute is missing. */
    boolean test(Map<String, Value> item);

    /** The first element of every document path the condition reads (a Query filter may not read a key attribute). */
    Set<String> topLevelAttributes();

    /** The fully parenthesised canonical form, for golden tests and the request log. */
    String canonical();
}
