package dev.singletable.engine.internal.ops;

import com.fasterxml.jackson.databind.JsonNode;
import dev.singletable.engine.internal.DynamoException;
import dev.singletable.engine.internal.kernel.Database;
import dev.singletable.engine.internal.value.Value;
import dev.singletable.engine.internal.value.ValueJson;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads request members with DynamoDB's shape checks: wrong JSON types are SerializationExceptions,
 * constraint failures are ValidationExceptions in the Coral format
 * ({@code 1 validation error detected: Value 'x' at 'member' failed to satisfy constraint: …}).
 */
public final class Requests {
    private static final List<String> CAPACITY_MODES = List.of("INDEXES", "TOTAL", "NONE");

    private Requests() {
    }

    /** The data-plane TableName member: a name (1..255, pattern) or a table ARN. */
    public static String tableName(JsonNode request) {
        return tableName(request, "TableName", "tableName");
    }

    /** A table name member at the given path, checked as DynamoDB checks TableName. */
    public static String tableName(JsonNode request, String member, String path) {
        String name = string(request, member);
        if (name == null) {
            throw constraint(null, path, "Member must not be null");
        }
        if (name.startsWith("arn:")) {
            if (name.length() > 1024) {
                throw constraint(name, path, "Member must have length less than or equal to 1024");
            }
            return Database.nameOf(name);
        }
        if (name.isEmpty()) { // the member takes a name or an ARN, so its own minimum is 1
            throw constraint(name, path, "Member must have length greater than or equal to 1");
        }
        checkName(name, path);
        return name;
    }

    /** Checks a table or index name: 3..255 characters of {@code [a-zA-Z0-9_.-]}. */
    public static void checkName(String name, String path) {
        if (name.length() < 3) {
            throw constraint(name, path, "Member must have length greater than or equal to 3");
        }
        if (name.length() > 255) {
            throw constraint(name, path, "Member must have length less than or equal to 255");
        }
        if (!Constraints.isName(name)) {
            throw constraint(name, path, "Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+");
        }
    }

    /** A string member, or null when absent. */
    public static String string(JsonNode request, String member) {
        JsonNode node = request.get(member);
        if (node == null || node.isNull()) {
            return null;
        }
        if (!node.isTextual()) {
            throw wrongType(member);
        }
        return node.textValue();
    }

    /** A boolean member, or the default when absent. */
    public static boolean bool(JsonNode request, String member, boolean absent) {
        JsonNode node = request.get(member);
        if (node == null || node.isNull()) {
            return absent;
        }
        if (!node.isBoolean()) {
            throw wrongType(member);
        }
        return node.booleanValue();
    }

    /** An integer member, or null when absent. */
    public static Integer integer(JsonNode request, String member) {
        JsonNode node = request.get(member);
        if (node == null || node.isNull()) {
            return null;
        }
        if (!node.isIntegralNumber() || !node.canConvertToInt()) {
            throw wrongType(member);
        }
        return node.intValue();
    }

    /** An enum member checked against its allowed values, or the default when absent. */
    public static String enumValue(JsonNode request, String member, String path, List<String> allowed, String absent) {
        Constraints constraints = new Constraints();
        String value = enumValue(request, member, path, allowed, absent, constraints);
        constraints.check();
        return value;
    }

    /**
     * An enum member, or the default when absent; a value outside {@code allowed} is recorded into
     * {@code constraints} (to be reported with the request's other failures) and read as the default.
     */
    public static String enumValue(JsonNode request, String member, String path, List<String> allowed, String absent,
                                   Constraints constraints) {
        String value = string(request, member);
        if (value == null || !allowed.contains(value)) {
            constraints.enumValue(value, path, allowed);
            return absent;
        }
        return value;
    }

    /** ReturnConsumedCapacity: INDEXES, TOTAL or NONE (the default). */
    public static String returnConsumedCapacity(JsonNode request) {
        Constraints constraints = new Constraints();
        String mode = returnConsumedCapacity(request, constraints);
        constraints.check();
        return mode;
    }

    /** ReturnConsumedCapacity, its failure recorded into {@code constraints}. */
    public static String returnConsumedCapacity(JsonNode request, Constraints constraints) {
        return enumValue(request, "ReturnConsumedCapacity", "returnConsumedCapacity",
                CAPACITY_MODES, "NONE", constraints);
    }

    /** An object member, or null when absent. */
    public static JsonNode object(JsonNode request, String member) {
        JsonNode node = request.get(member);
        if (node == null || node.isNull()) {
            return null;
        }
        if (!node.isObject()) {
            throw wrongType(member);
        }
        return node;
    }

    /** An array member, or null when absent. */
    public static JsonNode array(JsonNode request, String member) {
        JsonNode node = request.get(member);
        if (node == null || node.isNull()) {
            return null;
        }
        if (!node.isArray()) {
            throw wrongType(member);
        }
        return node;
    }

    /** ExpressionAttributeNames, or null when absent. */
    public static Map<String, String> names(JsonNode request) {
        JsonNode node = object(request, "ExpressionAttributeNames");
        if (node == null) {
            return null;
        }
        Map<String, String> names = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (!e.getValue().isTextual()) {
                throw wrongType("ExpressionAttributeNames");
            }
            names.put(e.getKey(), e.getValue().textValue());
        }
        return names;
    }

    /** ExpressionAttributeValues, or null when absent. */
    public static Map<String, Value> values(JsonNode request) {
        JsonNode node = object(request, "ExpressionAttributeValues");
        return node == null ? null : ValueJson.readItem(node);
    }

    /** The Coral constraint message for one member; {@code value} null renders as a bare {@code null}. */
    public static DynamoException constraint(Object value, String path, String constraint) {
        Constraints constraints = new Constraints();
        constraints.fail(value, path, constraint);
        return constraints.exception();
    }

    private static DynamoException wrongType(String member) {
        return DynamoException.serialization("Unexpected value type in payload for member " + member);
    }
}
