package dev.singletable.engine.internal.ops.items;

import com.fasterxml.jackson.databind.JsonNode;
import dev.singletable.engine.internal.DynamoException;
import dev.singletable.engine.internal.expr.Condition;
import dev.singletable.engine.internal.expr.ExpressionContext;
import dev.singletable.engine.internal.expr.Legacy;
import dev.singletable.engine.internal.expr.Projection;
import dev.singletable.engine.internal.expr.Update;
import dev.singletable.engine.internal.ops.Requests;
import dev.singletable.engine.model.ExpressionKind;
import java.util.ArrayList;
import java.util.List;

/**
 * The expressions of one request (or one transaction action), read the way DynamoDB reads them: expression
 * and legacy parameters may not be mixed, names and values need an expression to serve, every
 * expression is parsed against one {@link ExpressionContext}, and names or values no expression used are
 * refused once all are parsed.
 */
final class RequestExpressions {
    private final JsonNode request;
    private final ExpressionContext context;

    private RequestExpressions(JsonNode request, ExpressionContext context) {
        this.request = request;
        this.context = context;
    }

    /**
     * Checks which expression and legacy members are present and prepares the context. {@code expressionMembers}
     * and {@code legacyMembers} are listed in the order DynamoDB names them when it refuses a mix of the two; a request
     * whose expressions cannot use values (GetItem: a projection only) takes no ExpressionAttributeValues.
     */
    static RequestExpressions of(JsonNode request, List<String> expressionMembers, List<String> legacyMembers) {
        List<String> expressions = present(request, expressionMembers);
        List<String> legacy = present(request, legacyMembers);
        if (!expressions.isEmpty() && !legacy.isEmpty()) {
            throw DynamoException.validation("Can not use both expression and non-expression parameters in the same "
                    + "request: Non-expression parameters: {" + String.join(", ", legacy) + "} Expression parameters: {"
                    + String.join(", ", expressions) + "}");
        }
        if (isPresent(request, "ExpressionAttributeNames") && expressions.isEmpty()) {
            throw DynamoException.validation("ExpressionAttributeNames can only be specified when using expressions");
        }
        boolean takesValues = !onlyProjection(expressionMembers);
        boolean usesValues = !onlyProjection(expressions);
        if (takesValues && isPresent(request, "ExpressionAttributeValues") && !usesValues) {
            throw DynamoException.validation("ExpressionAttributeValues can only be specified when using expressions");
        }
        return new RequestExpressions(request, ExpressionContext.of(Requests.names(request),
                takesValues ? Requests.values(request) : null));
    }

    /** ConditionExpression, or the legacy Expected with its ConditionalOperator; null when neither is given. */
    Condition condition() {
        String text = Requests.string(request, "ConditionExpression");
        if (text != null) {
            return context.parseCondition(text, ExpressionKind.CONDITION);
        }
        String operator = Requests.enumValue(request, "ConditionalOperator", "conditionalOperator",
                List.of("AND", "OR"), null);
        JsonNode expected = Requests.object(request, "Expected");
        return expected == null || expected.isEmpty() ? null : Legacy.expected(expected, operator);
    }

    /**
     * UpdateExpression, or the legacy AttributeUpdates; null when there is nothing to update (the item is then
     * created with its key only, as DynamoDB does for an UpdateItem without an update).
     */
    Update update() {
        String text = Requests.string(request, "UpdateExpression");
        if (text != null) {
            return context.parseUpdate(text);
        }
        JsonNode attributeUpdates = Requests.object(request, "AttributeUpdates");
        return attributeUpdates == null || attributeUpdates.isEmpty() ? null : Legacy.attributeUpdates(attributeUpdates);
    }

    /** ProjectionExpression, or the legacy AttributesToGet; null for the whole item. */
    Projection projection() {
        String text = Requests.string(request, "ProjectionExpression");
        if (text != null) {
            return context.parseProjection(text);
        }
        JsonNode attributesToGet = Requests.array(request, "AttributesToGet");
        return attributesToGet == null ? null : Legacy.attributesToGet(attributesToGet);
    }

    /** Refuses names and values that no expression used, once every expression of the request is parsed. */
    void checkAllUsed() {
        context.checkAllUsed();
    }

    private static boolean onlyProjection(List<String> members) {
        for (String member : members) {
            if (!member.equals("ProjectionExpression")) {
                return false;
            }
        }
        return true;
    }

    private static List<String> present(JsonNode request, List<String> members) {
        List<String> present = new ArrayList<>(members.size());
        for (String member : members) {
            if (isPresent(request, member)) {
                present.add(member);
            }
        }
        return present;
    }

    private static boolean isPresent(JsonNode request, String member) {
        JsonNode node = request.get(member);
        return node != null && !node.isNull();
    }
}
