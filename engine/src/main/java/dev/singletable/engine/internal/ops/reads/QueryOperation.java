package dev.singletable.engine.internal.ops.reads;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.singletable.engine.internal.DynamoException;
import dev.singletable.engine.internal.expr.KeyCondition;
import dev.singletable.engine.internal.expr.Legacy;
import dev.singletable.engine.internal.expr.SortCondition;
import dev.singletable.engine.internal.kernel.Database;
import dev.singletable.engine.internal.ops.OperationHandler;
import dev.singletable.engine.internal.ops.RequestContext;
import dev.singletable.engine.internal.ops.Requests;
import dev.singletable.engine.internal.storage.Item;
import dev.singletable.engine.internal.storage.KeyDef;
import dev.singletable.engine.internal.value.Value;
import java.util.Iterator;
import java.util.Map;

/**
 * Query: a range read inside one partition of a table or index. It navigates the sorted partition to the
 * range the key condition selects (and past the ExclusiveStartKey), so its cost is what it reads.
 */
public final class QueryOperation implements OperationHandler {
    private final Database database;

    public QueryOperation(Database database) {
        this.database = database;
    }

    @Override
    public ObjectNode execute(JsonNode json, RequestContext context) {
        ReadRequest request = new ReadRequest(ReadRequest.Kind.QUERY, json);
        boolean forward = Requests.bool(json, "ScanIndexForward", true);
        String expression = Requests.string(json, "KeyConditionExpression");
        JsonNode legacy = Requests.object(json, "KeyConditions");
        return database.read(() -> {
            ReadTarget target = request.target(database.table(request.tableName()));
            KeyCondition key = expression != null
                    ? request.expressions().parseKeyCondition(expression, target.keySchema())
                    : Legacy.keyConditions(legacy, target.keySchema());
            request.expressions().checkAllUsed();
            context.keyCondition(key::toModel);
            checkFilterKeys(request, target);
            Iterator<Item> entries = entries(target, key, request.exclusiveStartKey(), forward);
            return Page.read(request, target, entries).respond(request, target, context);
        });
    }

    /** A Query filter may not read the key attributes of the table or index queried. */
    private static void checkFilterKeys(ReadRequest request, ReadTarget target) {
        if (request.filter() == null) {
            return;
        }
        for (KeyDef key : target.keys()) {
            if (request.filter().topLevelAttributes().contains(key.name())) {
                throw DynamoException.validation((request.json().hasNonNull("QueryFilter") ? "QueryFilter"
                        : "Filter Expression") + " can only contain non-primary key attributes: Primary key attribute: "
                        + key.name());
            }
        }
    }

    private static Iterator<Item> entries(ReadTarget target, KeyCondition key, Map<String, Value> startKey,
                                          boolean forward) {
        if (startKey != null) {
            checkStartKey(target, key, startKey);
        }
        SortRange range = target.sortKeys().size() > 1 ? SortRange.ofComposite(key.sortPrefix(), key.range())
                : SortRange.of(key.range());
        return target.entries().query(target.partitionOf(key.partition()), range.low(), range.lowInclusive(),
                range.high(), range.highInclusive(), startKey, forward);
    }

    /** The start key has the target's key attributes and lies inside the queried partition and range. */
    private static void checkStartKey(ReadTarget target, KeyCondition key, Map<String, Value> startKey) {
        target.checkStartKey(startKey, "The provided starting key is invalid");
        key.partition().forEach((attribute, value) -> {
            if (!startKey.get(attribute).equals(value)) {
                throw DynamoException.validation(
                        "The provided starting key is outside query boundaries based on provided conditions");
            }
        });
        for (SortCondition condition : key.sort()) {
            if (!condition.test(startKey.get(condition.attribute()))) {
                throw DynamoException.validation("The provided starting key does not match the range key predicate");
            }
        }
    }
}
