package dev.singletable.engine.internal.ops.control;

import com.fasterxml.jackson.databind.JsonNode;
import dev.singletable.engine.internal.DynamoException;
import dev.singletable.engine.internal.ops.Constraints;
import dev.singletable.engine.internal.ops.Requests;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Reads the structures control-plane requests share (key schemas, attribute definitions, projections,
 * throughput, index definitions), checking their shape constraints into a {@link Constraints}. Wrong JSON types
 * are SerializationExceptions, as everywhere; the meaning of what was read is checked by the operations.
 */
final class Shapes {
    static final List<String> KEY_TYPES = List.of("HASH", "RANGE");
    static final List<String> ATTRIBUTE_TYPES = List.of("B", "N", "S");
    static final List<String> PROJECTION_TYPES = List.of("ALL", "KEYS_ONLY", "INCLUDE");
    static final List<String> BILLING_MODES = List.of("PROVISIONED", "PAY_PER_REQUEST");

    private Shapes() {
    }

    /** One KeySchemaElement; either member may be null when the request left it out. */
    record KeyElement(String attributeName, String keyType) {
        @Override
        public String toString() {
            // how DynamoDB's Java front end renders the element inside a constraint message
            return "KeySchemaElement(attributeName=" + attributeName + ", keyType=" + keyType + ")";
        }
    }

    /** One AttributeDefinition. */
    record AttributeDefinition(String attributeName, String attributeType) {
    }

    /** A Projection; {@code nonKeyAttributes} is null when absent. */
    record ProjectionSpec(String projectionType, List<String> nonKeyAttributes) {
    }

    /** ProvisionedThroughput as given; either member may be null when absent. */
    record Throughput(Long readCapacityUnits, Long writeCapacityUnits) {
    }

    /** A GlobalSecondaryIndex or LocalSecondaryIndex (then the throughputs are always null). */
    record IndexSpec(String name, List<KeyElement> keySchema, ProjectionSpec projection, Throughput throughput,
                     ThroughputLimits.OnDemand onDemand, ThroughputLimits.Warm warm) {
        List<String> keyNames() {
            return keySchema.stream().map(KeyElement::attributeName).collect(Collectors.toList());
        }
    }

    /**
     * A KeySchema member: at least one element, each with a name (1..255) and a key type; at most two for a table or
     * a local index (a global index's key may have up to four of each type, which the operations check).
     */
    static List<KeyElement> keySchema(JsonNode parent, String member, String path, boolean global,
                                      Constraints constraints) {
        JsonNode array = Requests.array(parent, member);
        if (array == null) {
            constraints.notNull(null, path);
            return List.of();
        }
        List<KeyElement> elements = new ArrayList<>();
        for (int i = 0; i < array.size(); i++) {
            JsonNode element = structure(array.get(i), member);
            String elementPath = path + "." + (i + 1) + ".member.";
            String name = Requests.string(element, "AttributeName");
            String keyType = Requests.string(element, "KeyType");
            constraints.notNull(name, elementPath + "attributeName");
            constraints.length(name, elementPath + "attributeName", 1, 255);
            constraints.notNull(keyType, elementPath + "keyType");
            constraints.enumValue(keyType, elementPath + "keyType", KEY_TYPES);
            elements.add(new KeyElement(name, keyType));
        }
        if (elements.isEmpty()) {
            constraints.fail(elements, path, "Member must have length greater than or equal to 1");
        } else if (!global && elements.size() > 2) {
            constraints.fail(elements, path, "Member must have length less than or equal to 2");
        }
        return elements;
    }

    /** AttributeDefinitions: a list of names (1..255) and scalar types. */
    static List<AttributeDefinition> attributeDefinitions(JsonNode request, Constraints constraints, boolean required) {
        JsonNode array = Requests.array(request, "AttributeDefinitions");
        if (array == null) {
            if (required) {
                constraints.notNull(null, "attributeDefinitions");
            }
            return List.of();
        }
        List<AttributeDefinition> definitions = new ArrayList<>();
        for (int i = 0; i < array.size(); i++) {
            JsonNode element = structure(array.get(i), "AttributeDefinitions");
            String path = "attributeDefinitions." + (i + 1) + ".member.";
            String name = Requests.string(element, "AttributeName");
            String type = Requests.string(element, "AttributeType");
            constraints.notNull(name, path + "attributeName");
            constraints.length(name, path + "attributeName", 1, 255);
            constraints.notNull(type, path + "attributeType");
            constraints.enumValue(type, path + "attributeType", ATTRIBUTE_TYPES);
            definitions.add(new AttributeDefinition(name, type));
        }
        return definitions;
    }

    /** A ProvisionedThroughput member, or null when absent; both units must be given and at least 1. */
    static Throughput throughput(JsonNode parent, String path, Constraints constraints) {
        JsonNode node = Requests.object(parent, "ProvisionedThroughput");
        if (node == null) {
            return null;
        }
        Long read = longValue(node, "ReadCapacityUnits");
        Long write = longValue(node, "WriteCapacityUnits");
        units(read, path + ".readCapacityUnits", constraints);
        units(write, path + ".writeCapacityUnits", constraints);
        return new Throughput(read, write);
    }

    private static void units(Long value, String path, Constraints constraints) {
        constraints.notNull(value, path);
        if (value != null && value < 1) {
            constraints.fail(value, path, "Member must have value greater than or equal to 1");
        }
    }

    /** A Projection member, or null when absent (the caller reports that, since it is required). */
    static ProjectionSpec projection(JsonNode parent, String path, Constraints constraints) {
        JsonNode node = Requests.object(parent, "Projection");
        if (node == null) {
            constraints.notNull(null, path);
            return null;
        }
        String type = Requests.string(node, "ProjectionType");
        constraints.enumValue(type, path + ".projectionType", PROJECTION_TYPES);
        JsonNode array = Requests.array(node, "NonKeyAttributes");
        List<String> nonKey = null;
        if (array != null) {
            nonKey = new ArrayList<>();
            for (JsonNode attribute : array) {
                if (!attribute.isTextual()) {
                    throw wrongType("NonKeyAttributes");
                }
                nonKey.add(attribute.textValue());
            }
            if (nonKey.isEmpty()) {
                constraints.fail(nonKey, path + ".nonKeyAttributes", "Member must have length greater than or equal to 1");
            } else if (nonKey.size() > 20) {
                constraints.fail(nonKey, path + ".nonKeyAttributes", "Member must have length less than or equal to 20");
            }
            constraints.memberLengths(nonKey, path + ".nonKeyAttributes", 1, 255);
        }
        return new ProjectionSpec(type, nonKey);
    }

    /** The elements of GlobalSecondaryIndexes or LocalSecondaryIndexes, or null when the member is absent. */
    static List<IndexSpec> indexes(JsonNode request, String member, String path, boolean global,
                                   Constraints constraints) {
        JsonNode array = Requests.array(request, member);
        if (array == null) {
            return null;
        }
        List<IndexSpec> indexes = new ArrayList<>();
        for (int i = 0; i < array.size(); i++) {
            indexes.add(index(structure(array.get(i), member), path + "." + (i + 1) + ".member", global, constraints));
        }
        return indexes;
    }

    /** One index definition (also UpdateTable's Create action) at {@code path}. */
    static IndexSpec index(JsonNode node, String path, boolean global, Constraints constraints) {
        String name = Requests.string(node, "IndexName");
        constraints.name(name, path + ".indexName");
        List<KeyElement> keySchema = keySchema(node, "KeySchema", path + ".keySchema", global, constraints);
        ProjectionSpec projection = projection(node, path + ".projection", constraints);
        Throughput throughput = global ? throughput(node, path + ".provisionedThroughput", constraints) : null;
        return new IndexSpec(name, keySchema, projection, throughput, global ? ThroughputLimits.onDemand(node) : null,
                global ? ThroughputLimits.warm(node) : null);
    }

    /** An element of a list of structures: an object, or a SerializationException. */
    static JsonNode structure(JsonNode node, String member) {
        if (node == null || !node.isObject()) {
            throw wrongType(member);
        }
        return node;
    }

    /** A long member, or null when absent. */
    static Long longValue(JsonNode parent, String member) {
        JsonNode node = parent.get(member);
        if (node == null || node.isNull()) {
            return null;
        }
        if (!node.isIntegralNumber() || !node.canConvertToLong()) {
            throw wrongType(member);
        }
        return node.longValue();
    }

    static DynamoException wrongType(String member) {
        return DynamoException.serialization("Unexpected value type in payload for member " + member);
    }
}
