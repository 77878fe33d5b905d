package dev.singletable.engine.internal.ops.items;

import com.fasterxml.jackson.databind.JsonNode;
import dev.singletable.engine.internal.DynamoException;
import dev.singletable.engine.internal.ops.Requests;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import java.util.regex.Pattern;

/**
 * The shape checks of batch and transaction requests, with the Coral messages DynamoDB gives them. Where a
 * message shows the request as the service's Java objects print ({@code WriteRequest@1f2e3d}), the engine
 * prints a hash of the JSON in their place.
 */
final class BatchShapes {
    private static final Pattern TABLE_NAME = Pattern.compile("[a-zA-Z0-9_.-]+");
    private static final String MODEL_PACKAGE = "com.amazonaws.dynamodb.v20120810.";

    private BatchShapes() {
    }

    /** RequestItems of a batch: a non-empty map from valid table names or ARNs. */
    static JsonNode requestItems(JsonNode request, String operation) {
        JsonNode items = Requests.object(request, "RequestItems");
        if (items == null || items.isEmpty()) {
            throw DynamoException.validation("The requestItems parameter is required for " + operation);
        }
        for (Iterator<String> names = items.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            boolean valid = name.startsWith("arn:") ? name.length() <= 1024
                    : name.length() >= 3 && name.length() <= 255 && TABLE_NAME.matcher(name).matches();
            if (!valid) {
                throw Requests.constraint(name, "requestItems", "Map keys must satisfy constraint: [Member must have "
                        + "length less than or equal to 255, Member must have length greater than or equal to 3, "
                        + "Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+]");
            }
        }
        return items;
    }

    /** A list of request structures printed as the service prints them: {@code [WriteRequest@…, …]}. */
    static String printed(JsonNode list, String shape) {
        StringJoiner joined = new StringJoiner(", ", "[", "]");
        list.forEach(element -> joined.add(MODEL_PACKAGE + shape + "@" + Integer.toHexString(element.hashCode())));
        return joined.toString();
    }

    /** A map of table name to request list printed as the service prints it: {@code {t=[WriteRequest@…]}}. */
    static String printedMap(JsonNode map, String shape) {
        StringJoiner joined = new StringJoiner(", ", "{", "}");
        for (Iterator<Map.Entry<String, JsonNode>> it = map.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            joined.add(e.getKey() + "=" + (e.getValue().isArray() ? printed(e.getValue(), shape) : "null"));
        }
        return joined.toString();
    }

    /** The TransactItems list: 1..100 elements. */
    static List<JsonNode> transactItems(JsonNode request, String shape) {
        JsonNode items = Requests.array(request, "TransactItems");
        if (items == null) {
            throw Requests.constraint(null, "transactItems", "Member must not be null");
        }
        if (items.isEmpty()) {
            throw Requests.constraint("[]", "transactItems", "Member must have length greater than or equal to 1");
        }
        if (items.size() > 100) {
            throw Requests.constraint(printed(items, shape), "transactItems",
                    "Member must have length less than or equal to 100");
        }
        List<JsonNode> elements = new ArrayList<>();
        for (JsonNode element : items) {
            if (!element.isObject()) {
                throw DynamoException.serialization("Unexpected value type in payload");
            }
            elements.add(element);
        }
        return elements;
    }

    static String lowerFirst(String member) {
        return Character.toLowerCase(member.charAt(0)) + member.substring(1);
    }
}
