package dev.singletable.engine;

import java.util.LinkedHashMap;
import java.util.Map;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Short builders of SDK attribute values and items, for engine tests. */
public final class AttributeValues {
    private AttributeValues() {
    }

    public static AttributeValue s(String value) {
        return AttributeValue.fromS(value);
    }

    public static AttributeValue n(String value) {
        return AttributeValue.fromN(value);
    }

    public static AttributeValue b(int... bytes) {
        byte[] raw = new byte[bytes.length];
        for (int i = 0; i < bytes.length; i++) {
            raw[i] = (byte) bytes[i];
        }
        return AttributeValue.fromB(SdkBytes.fromByteArray(raw));
    }

    /** An item (or key) from name, value pairs; String values become S. */
    public static Map<String, AttributeValue> item(Object... pairs) {
        Map<String, AttributeValue> item = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            Object value = pairs[i + 1];
            item.put((String) pairs[i], value instanceof AttributeValue v ? v : s((String) value));
        }
        return item;
    }
}
