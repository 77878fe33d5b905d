package dev.singletable.engine.internal.ops.control;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.singletable.engine.internal.DynamoException;
import dev.singletable.engine.internal.kernel.Database;
import dev.singletable.engine.internal.ops.Constraints;
import dev.singletable.engine.internal.ops.OperationHandler;
import dev.singletable.engine.internal.ops.Requests;
import dev.singletable.engine.internal.storage.Table;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * TagResource, UntagResource and ListTagsOfResource, and the Tags member of CreateTable. Tags are kept on the
 * table's metadata; re-tagging a key overwrites its value.
 */
final class Tagging {
    private static final int MAX_TAGS = 50;
    /** Letters, white space and digits of any script, and {@code + - = . _ : /}. */
    private static final Pattern TAG_CHARACTERS = Pattern.compile("[\\p{L}\\p{Z}\\p{N}_.:/=+\\-]*");
    private static final Pattern TABLE_ARN = Pattern.compile(
            "arn:aws:dynamodb:" + Database.REGION + ":" + Database.ACCOUNT + ":table/[a-zA-Z0-9_.-]{3,255}");

    private Tagging() {
    }

    /** A Tags member (empty when absent): keys 1..128 characters, values 0..256. */
    static Map<String, String> readTags(JsonNode request, Constraints constraints) {
        JsonNode array = Requests.array(request, "Tags");
        Map<String, String> tags = new LinkedHashMap<>();
        if (array == null) {
            return tags;
        }
        for (int i = 0; i < array.size(); i++) {
            JsonNode tag = Shapes.structure(array.get(i), "Tags");
            String path = "tags." + (i + 1) + ".member.";
            String key = Requests.string(tag, "Key");
            String value = Requests.string(tag, "Value");
            constraints.notNull(key, path + "key");
            constraints.length(key, path + "key", 1, 128);
            constraints.notNull(value, path + "value");
            constraints.length(value, path + "value", 0, 256);
            if (key != null && value != null) {
                tags.put(key, value);
            }
        }
        return tags;
    }

    /**
     * The checks after the shape: keys and values of the allowed characters, no key in the {@code aws:} namespace
     * (DynamoDB assigns those), in the order given.
     */
    static void checkTags(Map<String, String> tags) {
        tags.forEach((key, value) -> {
            if (!TAG_CHARACTERS.matcher(key).matches()) {
                throw DynamoException.validation("The Tag Key provided is invalid, Key: " + key);
            }
            if (key.startsWith("aws:")) {
                throw DynamoException.validation("Tag Key cannot be prefixed with aws:, Key: " + key);
            }
            if (!TAG_CHARACTERS.matcher(value).matches()) {
                throw DynamoException.validation("The Tag Value provided is invalid, Value: " + value);
            }
        });
    }

    /** A resource carries at most 50 tags. */
    static void checkCount(Map<String, String> tags) {
        if (tags.size() > MAX_TAGS) {
            throw DynamoException.validation(CreateTable.INVALID
                    + "The number of tags on the resource would exceed the limit of " + MAX_TAGS);
        }
    }

    static OperationHandler tagResource(Database database) {
        return (request, context) -> {
            String arn = resourceArn(request);
            Constraints constraints = new Constraints();
            if (Requests.array(request, "Tags") == null) {
                constraints.notNull(null, "tags");
            }
            Map<String, String> tags = readTags(request, constraints);
            constraints.check();
            checkTags(tags);
            return database.write(() -> {
                Table table = table(database, arn);
                Map<String, String> merged = new LinkedHashMap<>(table.metadata().tags());
                merged.putAll(tags);
                checkCount(merged);
                table.metadata(table.metadata().withTags(merged));
                return null;
            });
        };
    }

    static OperationHandler untagResource(Database database) {
        return (request, context) -> {
            String arn = resourceArn(request);
            JsonNode keys = Requests.array(request, "TagKeys");
            if (keys == null) {
                throw Requests.constraint(null, "tagKeys", "Member must not be null");
            }
            List<String> tagKeys = new ArrayList<>();
            for (JsonNode key : keys) {
                if (!key.isTextual()) {
                    throw Shapes.wrongType("TagKeys");
                }
                tagKeys.add(key.textValue());
            }
            return database.write(() -> {
                Table table = table(database, arn);
                Map<String, String> tags = new LinkedHashMap<>(table.metadata().tags());
                tagKeys.forEach(tags::remove);
                table.metadata(table.metadata().withTags(tags));
                return null;
            });
        };
    }

    static OperationHandler listTagsOfResource(Database database) {
        return (request, context) -> {
            String arn = resourceArn(request);
            Requests.string(request, "NextToken");
            return database.read(() -> {
                ObjectNode response = JsonNodeFactory.instance.objectNode();
                ArrayNode tags = response.putArray("Tags");
                // DynamoDB authorizes against the resource first: a table that does not exist is not authorized
                Table table = database.find(arn).orElseThrow(() -> DynamoException.accessDenied("AccessDeniedException",
                        "User is not authorized to perform: dynamodb:ListTagsOfResource on resource: " + arn));
                table.metadata().tags().forEach((key, value) ->
                        tags.addObject().put("Key", key).put("Value", value));
                return response;
            });
        };
    }

    /** ResourceArn: required, 1..1011 characters, and the ARN of a table (not of an index or a stream). */
    private static String resourceArn(JsonNode request) {
        String arn = Requests.string(request, "ResourceArn");
        if (arn == null) {
            throw Requests.constraint(null, "resourceArn", "Member must not be null");
        }
        if (arn.isEmpty()) {
            throw Requests.constraint(arn, "resourceArn", "Member must have length greater than or equal to 1");
        }
        if (arn.length() > 1011) {
            throw Requests.constraint(arn, "resourceArn", "Member must have length less than or equal to 1011");
        }
        if (!TABLE_ARN.matcher(arn).matches()) {
            throw DynamoException.validation("Invalid TableArn: Invalid ResourceArn provided as input " + arn);
        }
        return arn;
    }

    private static Table table(Database database, String arn) {
        return database.find(arn).orElseThrow(() -> DynamoException.of("ResourceNotFoundException",
                "Requested resource not found: ResourcArn: " + arn + " not found"));
    }
}
