package dev.singletable.engine.internal.protocol;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.core.SdkField;
import software.amazon.awssdk.core.SdkPojo;
import software.amazon.awssdk.core.util.SdkAutoConstructList;
import software.amazon.awssdk.core.util.SdkAutoConstructMap;

/**
 * An SDK request in the JSON the wire carries, for the engine's Java API: each member under its location name,
 * members never set left out — what the SDK's JSON marshaller writes for DynamoDB, without building a client.
 */
public final class SdkRequests {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private SdkRequests() {
    }

    public static ObjectNode json(SdkPojo request) {
        ObjectNode node = NODES.objectNode();
        for (SdkField<?> field : request.sdkFields()) {
            Object value = field.getValueOrDefault(request);
            if (value != null && !(value instanceof SdkAutoConstructList) && !(value instanceof SdkAutoConstructMap)) {
                node.set(field.locationName(), value(value));
            }
        }
        return node;
    }

    private static JsonNode value(Object value) {
        if (value instanceof SdkPojo pojo) {
            return json(pojo);
        } else if (value instanceof List<?> list) {
            ArrayNode array = NODES.arrayNode();
            list.forEach(element -> array.add(value(element)));
            return array;
        } else if (value instanceof Map<?, ?> map) {
            ObjectNode object = NODES.objectNode();
            map.forEach((name, element) -> object.set((String) name, value(element)));
            return object;
        } else if (value instanceof String text) {
            return NODES.textNode(text);
        } else if (value instanceof Boolean bool) {
            return NODES.booleanNode(bool);
        } else if (value instanceof Integer || value instanceof Long) {
            return NODES.numberNode(((Number) value).longValue());
        } else if (value instanceof Double || value instanceof Float || value instanceof BigDecimal) {
            return NODES.numberNode(new BigDecimal(value.toString()));
        } else if (value instanceof SdkBytes bytes) {
            return NODES.textNode(Base64.getEncoder().encodeToString(bytes.asByteArray()));
        } else if (value instanceof Instant instant) {
            // the JSON protocol's timestamps: seconds since the epoch
            return NODES.numberNode(BigDecimal.valueOf(instant.toEpochMilli(), 3));
        }
        throw new IllegalArgumentException("a request member of an unknown kind: " + value.getClass().getName());
    }
}
