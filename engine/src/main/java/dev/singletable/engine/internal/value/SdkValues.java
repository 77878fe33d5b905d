package dev.singletable.engine.internal.value;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.singletable.engine.internal.DynamoException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Converts between engine values and the SDK's AttributeValue, for the engine's Java API. */
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

    /** An SDK item in DynamoDB's JSON form, as a request carries it. */
    private static ObjectNode json(Map<String, AttributeValue> item) {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        item.forEach((name, value) -> node.set(name, json(value)));
        return node;
    }

    /** An SDK value in DynamoDB's JSON form; refuses an AttributeValue with no type. */
    public static ObjectNode json(AttributeValue value) {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        switch (value.type()) {
            case S -> node.put("S", value.s());
            case N -> node.put("N", value.n());
            case B -> node.put("B", Base64.getEncoder().encodeToString(value.b().asByteArray()));
            case BOOL -> node.put("BOOL", value.bool());
            case NUL -> node.put("NULL", true);
            case L -> {
                ArrayNode list = node.putArray("L");
                value.l().forEach(v -> list.add(json(v)));
            }
            case M -> node.set("M", json(value.m()));
            case SS -> value.ss().forEach(node.putArray("SS")::add);
            case NS -> value.ns().forEach(node.putArray("NS")::add);
            case BS -> {
                ArrayNode set = node.putArray("BS");
                value.bs().forEach(b -> set.add(Base64.getEncoder().encodeToString(b.asByteArray())));
            }
            default -> throw new IllegalArgumentException("an AttributeValue with no type: " + value);
        }
        return node;
    }

    /** Reads an SDK value as the engine reads one from a request, with the same checks (see {@link SdkItemEncoder}). */
    public static Value read(AttributeValue value) {
        return read(value, 1);
    }

    private static Value read(AttributeValue value, int depth) {
        ValueJson.checkDepth(depth);
        if (value == null) {
            throw DynamoException.serialization("Unexpected value type in payload"); // a JSON null, on the wire
        }
        ValueJson.checkOneType(typesSet(value));
        if (value.s() != null) {
            return new Value.S(value.s());
        } else if (value.n() != null) {
            return Value.N.of(value.n());
        } else if (value.b() != null) {
            return new Value.B(value.b().asByteArray());
        } else if (value.bool() != null) {
            return new Value.Bool(value.bool());
        } else if (value.nul() != null) {
            return ValueJson.nullValue(value.nul());
        } else if (value.hasL()) {
            List<Value> values = new ArrayList<>();
            value.l().forEach(element -> values.add(read(element, depth + 1)));
            return new Value.L(values);
        } else if (value.hasM()) {
            Map<String, Value> values = new LinkedHashMap<>();
            value.m().forEach((name, element) -> {
                Sizes.checkAttributeName(name);
                values.put(name, read(element, depth + 1));
            });
            return new Value.M(values);
        } else if (value.hasSs()) {
            return ValueJson.stringSet(value.ss());
        } else if (value.hasNs()) {
            return ValueJson.numberSet(value.ns().stream().map(Value.N::of).toList(), value.ns());
        }
        List<byte[]> elements = value.bs().stream().map(SdkBytes::asByteArray).toList();
        return ValueJson.binarySet(elements,
                elements.stream().map(bytes -> Base64.getEncoder().encodeToString(bytes)).toList());
    }

    static int typesSet(AttributeValue value) {
        return (value.s() == null ? 0 : 1) + (value.n() == null ? 0 : 1) + (value.b() == null ? 0 : 1)
                + (value.bool() == null ? 0 : 1) + (value.nul() == null ? 0 : 1) + (value.hasL() ? 1 : 0)
                + (value.hasM() ? 1 : 0) + (value.hasSs() ? 1 : 0) + (value.hasNs() ? 1 : 0)
                + (value.hasBs() ? 1 : 0);
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
