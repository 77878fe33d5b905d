package dev.singletable.engine.internal.expr;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.singletable.engine.internal.value.Value;
import dev.singletable.engine.internal.value.ValueJson;
import java.util.LinkedHashMap;
import java.util.Map;

/** Test helpers: items and values written in DynamoDB JSON, with single quotes for readability. */
final class Items {
    private static final ObjectMapper JSON = new ObjectMapper();

    private Items() {
    }

    /** An item (or a map of placeholders to values) from DynamoDB JSON, e.g. {@code {'a': {'S': 'x'}}}. */
    static Map<String, Value> item(String json) {
        return ValueJson.readItem(tree(json));
    }

    static JsonNode tree(String json) {
        try {
            return JSON.readTree(json.replace('\'', '"'));
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(json, e);
        }
    }

    /** An item as compact DynamoDB JSON with single quotes, for readable assertions. */
    static String json(Map<String, Value> item) {
        return ValueJson.writeItem(item).toString().replace('"', '\'');
    }

    /** Expression attribute names from alternating alias and name. */
    static Map<String, String> names(String... pairs) {
        Map<String, String> names = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            names.put(pairs[i], pairs[i + 1]);
        }
        return names;
    }
}
