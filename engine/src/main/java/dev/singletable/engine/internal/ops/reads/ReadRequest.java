package dev.singletable.engine.internal.ops.reads;

import com.fasterxml.jackson.databind.JsonNode;
import dev.singletable.engine.internal.DynamoException;
import dev.singletable.engine.internal.expr.Condition;
import dev.singletable.engine.internal.expr.ExpressionContext;
import dev.singletable.engine.internal.expr.Legacy;
import dev.singletable.engine.internal.expr.Projection;
import dev.singletable.engine.internal.ops.Requests;
import dev.singletable.engine.internal.storage.Table;
import dev.singletable.engine.internal.value.Value;
import dev.singletable.engine.internal.value.ValueJson;
import dev.singletable.engine.model.ExpressionKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The members Query and Scan share, read and checked in DynamoDB's order: shapes and constraints, then the
 * expressions (which need no table), then, once the table is known, the index and the Select rules.
 */
final class ReadRequest {
    static final String ALL_ATTRIBUTES = "ALL_ATTRIBUTES";
    static final String ALL_PROJECTED_ATTRIBUTES = "ALL_PROJECTED_ATTRIBUTES";
    static final String SPECIFIC_ATTRIBUTES = "SPECIFIC_ATTRIBUTES";
    static final String COUNT = "COUNT";
    private static final List<String> SELECT_VALUES =
            List.of(SPECIFIC_ATTRIBUTES, COUNT, ALL_ATTRIBUTES, ALL_PROJECTED_ATTRIBUTES);
    private static final List<String> CONDITIONAL_OPERATORS = List.of("AND", "OR");

    /** The two operations differ in their filter parameter and in a few messages. */
    enum Kind {
        QUERY("QueryFilter", "Limit", "1 validation error detected: ",
                List.of("AttributesToGet", "QueryFilter", "ConditionalOperator", "KeyConditions"),
                List.of("ProjectionExpression", "FilterExpression", "KeyConditionExpression")),
        SCAN("ScanFilter", "limit", "", List.of("AttributesToGet", "ScanFilter", "ConditionalOperator"),
                List.of("ProjectionExpression", "FilterExpression"));

        private final String legacyFilter;
        private final String limitPath;
        private final String specificAttributesPrefix;
        /** The legacy and the expression members, in the order DynamoDB names them when refusing a mix. */
        private final List<String> legacyMembers;
        private final List<String> expressionMembers;

        Kind(String legacyFilter, String limitPath, String specificAttributesPrefix, List<String> legacyMembers,
             List<String> expressionMembers) {
            this.legacyFilter = legacyFilter;
            this.limitPath = limitPath;
            this.specificAttributesPrefix = specificAttributesPrefix;
            this.legacyMembers = legacyMembers;
            this.expressionMembers = expressionMembers;
        }
    }

    private final Kind kind;
    private final JsonNode request;
    private final String tableName;
    private final String indexName;
    private final String givenSelect;
    private final Integer limit;
    private final boolean consistentRead;
    private final String returnConsumedCapacity;
    private final ExpressionContext expressions;
    private final Condition filter;
    private final Projection projection;
    private final Map<String, Value> exclusiveStartKey;

    ReadRequest(Kind kind, JsonNode request) {
        this.kind = kind;
        this.request = request;
        this.tableName = Requests.tableName(request);
        this.indexName = Requests.string(request, "IndexName");
        if (indexName != null) {
            Requests.checkName(indexName, "indexName");
        }
        this.givenSelect = Requests.enumValue(request, "Select", "select", SELECT_VALUES, null);
        this.limit = Requests.integer(request, "Limit");
        if (limit != null && limit < 1) {
            throw kind.limitPath.equals("Limit") // Query's message names the member but not its value
                    ? DynamoException.validation("1 validation error detected: Value at 'Limit' failed to satisfy "
                            + "constraint: Member must have value greater than or equal to 1")
                    : Requests.constraint(limit, kind.limitPath, "Member must have value greater than or equal to 1");
        }
        this.returnConsumedCapacity = Requests.returnConsumedCapacity(request);
        this.consistentRead = Requests.bool(request, "ConsistentRead", false);
        String conditionalOperator = Requests.enumValue(request, "ConditionalOperator", "conditionalOperator",
                CONDITIONAL_OPERATORS, null);
        boolean usesExpressions = checkExpressionStyle();
        Map<String, String> names = Requests.names(request);
        Map<String, Value> values = Requests.values(request);
        if (!usesExpressions) {
            if (names != null) {
                throw DynamoException.validation("ExpressionAttributeNames can only be specified when using expressions");
            }
            if (values != null) {
                throw DynamoException.validation("ExpressionAttributeValues can only be specified when using expressions");
            }
        }
        this.expressions = ExpressionContext.of(names, values);
        if (kind == Kind.QUERY && !request.hasNonNull("KeyConditionExpression") && !request.hasNonNull("KeyConditions")) {
            throw DynamoException.validation(
                    "Either the KeyConditions or KeyConditionExpression parameter must be specified in the request.");
        }
        this.projection = parseProjection();
        checkSelectShape();
        String filterText = Requests.string(request, "FilterExpression");
        JsonNode legacyFilter = Requests.object(request, kind.legacyFilter);
        this.filter = filterText != null ? expressions.parseCondition(filterText, ExpressionKind.FILTER)
                : legacyFilter != null ? Legacy.filter(legacyFilter, conditionalOperator) : null;
        this.exclusiveStartKey = readStartKey();
    }

    /** Legacy and expression parameters may not be mixed; returns whether the request uses expressions. */
    private boolean checkExpressionStyle() {
        List<String> legacy = present(kind.legacyMembers);
        List<String> expression = present(kind.expressionMembers);
        if (!legacy.isEmpty() && !expression.isEmpty()) {
            throw DynamoException.validation("Can not use both expression and non-expression parameters in the same "
                    + "request: Non-expression parameters: {" + String.join(", ", legacy) + "} Expression parameters: {"
                    + String.join(", ", expression) + "}");
        }
        return !expression.isEmpty();
    }

    private List<String> present(List<String> members) {
        List<String> found = new ArrayList<>();
        for (String member : members) {
            if (request.hasNonNull(member)) {
                found.add(member);
            }
        }
        return found;
    }

    private Projection parseProjection() {
        String text = Requests.string(request, "ProjectionExpression");
        if (text != null) {
            return expressions.parseProjection(text);
        }
        JsonNode attributesToGet = Requests.array(request, "AttributesToGet");
        return attributesToGet == null ? null : Legacy.attributesToGet(attributesToGet);
    }

    /** The rules of Select that need no table: which values go with a projection, and which need an index. */
    private void checkSelectShape() {
        if (givenSelect == null) {
            return;
        }
        String member = request.hasNonNull("ProjectionExpression") ? "ProjectionExpression" : "AttributesToGet";
        if (givenSelect.equals(SPECIFIC_ATTRIBUTES)) {
            if (projection == null) {
                throw DynamoException.validation(kind.specificAttributesPrefix
                        + "Must specify the AttributesToGet or ProjectionExpression when choosing to get SPECIFIC_ATTRIBUTES");
            }
        } else if (projection != null) {
            throw DynamoException.validation("Cannot specify the " + member + " when choosing to get "
                    + (givenSelect.equals(COUNT) ? "only the Count" : givenSelect));
        }
        if (givenSelect.equals(ALL_PROJECTED_ATTRIBUTES) && indexName == null) {
            throw DynamoException.validation(
                    "ALL_PROJECTED_ATTRIBUTES can be used only when Querying using an IndexName");
        }
    }

    private Map<String, Value> readStartKey() {
        JsonNode node = Requests.object(request, "ExclusiveStartKey");
        if (node == null) {
            return null;
        }
        try {
            return ValueJson.readItem(node);
        } catch (DynamoException e) {
            if (!e.type().equals("ValidationException")) {
                throw e;
            }
            throw DynamoException.validation("The provided starting key is invalid: " + e.getMessage());
        }
    }

    /**
     * The table or index to read, checked against the request: an unknown index, a consistent read on a GSI,
     * ALL_ATTRIBUTES on a GSI that does not project everything, and a projection of what a GSI lacks are refused.
     */
    ReadTarget target(Table table) {
        ReadTarget target = ReadTarget.of(table, indexName);
        if (target.isGlobalIndex()) {
            if (consistentRead) {
                throw DynamoException.validation("Consistent reads are not supported on global secondary indexes");
            }
            if (ALL_ATTRIBUTES.equals(givenSelect) && !target.holdsWholeItems()) {
                throw DynamoException.validation("One or more parameter values were invalid: Select type ALL_ATTRIBUTES "
                        + "is not supported for global secondary index " + indexName
                        + " because its projection type is not ALL");
            }
            if (projection != null) {
                List<String> missing = target.unprojected(projection.topLevelAttributes());
                if (!missing.isEmpty()) {
                    throw DynamoException.validation("One or more parameter values were invalid: Global secondary index "
                            + indexName + " does not project " + missing);
                }
            }
        }
        return target;
    }

    /** Select as given, or DynamoDB's default: the projection's attributes, the index's, or the whole item. */
    String select() {
        if (givenSelect != null) {
            return givenSelect;
        }
        return projection != null ? SPECIFIC_ATTRIBUTES : indexName != null ? ALL_PROJECTED_ATTRIBUTES : ALL_ATTRIBUTES;
    }

    JsonNode json() {
        return request;
    }

    String tableName() {
        return tableName;
    }

    /** Limit, or the largest int (the 1 MB page limit applies either way). */
    int limit() {
        return limit == null ? Integer.MAX_VALUE : limit;
    }

    boolean consistentRead() {
        return consistentRead;
    }

    String returnConsumedCapacity() {
        return returnConsumedCapacity;
    }

    ExpressionContext expressions() {
        return expressions;
    }

    /** The FilterExpression or legacy filter, or null. */
    Condition filter() {
        return filter;
    }

    /** The ProjectionExpression or AttributesToGet, or null. */
    Projection projection() {
        return projection;
    }

    /** The ExclusiveStartKey, or null. */
    Map<String, Value> exclusiveStartKey() {
        return exclusiveStartKey;
    }
}
