package dev.singletable.engine.internal.value;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Converts engine values to the SDK's AttributeValue, for the engine's Java API. */
public final class SdkValues {
    private SdkValues() {
    }

    public static Map<String, AttributeValue> item(Map<String, Value> item) {
        if (item == null) {
            return null;
        }
        Map<String, AttributeValue> converted = new LinkedHashMap<>();
        item.forEach((name, value) -> converted.put(name, value(value)));
        return converted;
    }

    public static AttributeValue value(Value value) {
        if (value instanceof Value.S s) {
            return AttributeValue.fromS(s.value());
        } else if (value instanceof Value.N n) {
            return AttributeValue.fromN(n.text());
        } else if (value instanceof Value.B b) {
            return AttributeValue.fromB(SdkBytes.fromByteArray(b.bytes()));
        } else if (value instanceof Value.Bool b) {
            return AttributeValue.fromBool(b.value());
        } else if (value instanceof Value.L l) {
            return AttributeValue.fromL(l.values().stream().map(SdkValues::value).toList());
        } else if (value instanceof Value.M m) {
            return AttributeValue.fromM(item(m.values()));
        } else if (value instanceof Value.SS ss) {
            return AttributeValue.fromSs(List.copyOf(ss.values()));
        } else if (value instanceof Value.NS ns) {
            return AttributeValue.fromNs(ns.values().stream().map(Value.N::text).toList());
        } else if (value instanceof Value.BS bs) {
            return AttributeValue.fromBs(bs.values().stream().map(b -> SdkBytes.fromByteArray(b.bytes())).toList());
        }
        return AttributeValue.fromNul(true);
    }
}
