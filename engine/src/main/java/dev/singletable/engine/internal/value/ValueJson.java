package dev.singletable.engine.internal.value;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.JsonSerializable;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.jsontype.TypeSerializer;
import com.fasterxml.jackson.databind.node.POJONode;
import dev.singletable.engine.internal.DynamoException;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Reads and writes attribute values in DynamoDB's JSON form, validating them with DynamoDB's messages. */
public final class ValueJson {
    /** The deepest level a value may sit at, counting the attribute's own value as level 1. */
    public static final int MAX_DEPTH = 32;

    private ValueJson() {
    }

    /** Reads an item (a map of attribute name to value). */
    public static Map<String, Value> readItem(JsonNode node) {
        if (!node.isObject()) {
            throw DynamoException.serialization("Start of structure or map found where not expected");
        }
        Map<String, Value> item = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            Sizes.checkAttributeName(e.getKey());
            item.put(e.getKey(), read(e.getValue(), 1));
        }
        return item;
    }

    /** Reads one attribute value. */
    public static Value read(JsonNode node) {
        return read(node, 1);
    }

    private static Value read(JsonNode node, int depth) {
        if (node == null || !node.isObject()) {
            throw DynamoException.serialization("Unexpected value type in payload");
        }
        checkDepth(depth);
        String type = null;
        JsonNode content = null;
        int types = 0;
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (e.getValue().isNull() || !isTypeTag(e.getKey())) {
                continue; // unknown members are ignored by the service's deserializer, as are explicit nulls
            }
            types++;
            type = e.getKey();
            content = e.getValue();
        }
        checkOneType(types);
        return switch (type) {
            case "S" -> new Value.S(text(content));
            case "N" -> Value.N.of(text(content));
            case "B" -> new Value.B(base64(content));
            case "BOOL" -> new Value.Bool(bool(content));
            case "NULL" -> nullValue(bool(content));
            case "L" -> {
                List<Value> values = new ArrayList<>();
                for (JsonNode element : array(content)) {
                    values.add(read(element, depth + 1));
                }
                yield new Value.L(values);
            }
            case "M" -> {
                if (!content.isObject()) {
                    throw DynamoException.serialization("Unexpected value type in payload");
                }
                Map<String, Value> values = new LinkedHashMap<>();
                for (Iterator<Map.Entry<String, JsonNode>> it = content.fields(); it.hasNext(); ) {
                    Map.Entry<String, JsonNode> e = it.next();
                    Sizes.checkAttributeName(e.getKey());
                    values.put(e.getKey(), read(e.getValue(), depth + 1));
                }
                yield new Value.M(values);
            }
            case "SS" -> {
                List<String> raw = new ArrayList<>();
                array(content).forEach(element -> raw.add(text(element)));
                yield stringSet(raw);
            }
            case "NS" -> {
                List<Value.N> values = new ArrayList<>();
                List<String> raw = new ArrayList<>();
                for (JsonNode element : array(content)) {
                    raw.add(text(element));
                    values.add(Value.N.of(raw.get(raw.size() - 1)));
                }
                yield numberSet(values, raw);
            }
            default -> {
                List<byte[]> values = new ArrayList<>();
                List<String> raw = new ArrayList<>();
                for (JsonNode element : array(content)) {
                    raw.add(text(element));
                    values.add(base64(element));
                }
                yield binarySet(values, raw);
            }
        };
    }

    // ---- the checks every reading of a value makes, from JSON here and from SDK values in SdkValues --------------

    /** A value nested deeper than DynamoDB allows is refused. */
    static void checkDepth(int depth) {
        if (depth > MAX_DEPTH) {
            throw DynamoException.validation("Nesting Levels have exceeded supported limits: "
                    + "Attributes in the item have nested levels beyond supported limit");
        }
    }

    /** An attribute value sets exactly one of the types. */
    static void checkOneType(int types) {
        if (types == 0) {
            throw DynamoException.validation(
                    "Supplied AttributeValue is empty, must contain exactly one of the supported datatypes");
        }
        if (types > 1) {
            throw DynamoException.validation("Supplied AttributeValue has more than one datatypes set, "
                    + "must contain exactly one of the supported datatypes");
        }
    }

    static Value nullValue(boolean value) {
        if (!value) {
            throw DynamoException.validation("One or more parameter values were invalid: "
                    + "Null attribute value types must have the value of true");
        }
        return Value.Null.INSTANCE;
    }

    static Value stringSet(List<String> raw) {
        if (raw.isEmpty()) {
            throw DynamoException.validation(
                    "One or more parameter values were invalid: An string set  may not be empty");
        }
        Set<String> values = new LinkedHashSet<>(raw);
        if (values.size() != raw.size()) {
            throw duplicates(raw.toString(), " ");
        }
        return new Value.SS(values);
    }

    /** A number set; {@code raw} is its elements as the request wrote them, for the message. */
    static Value numberSet(List<Value.N> elements, List<String> raw) {
        Set<Value.N> values = new LinkedHashSet<>(elements);
        if (raw.isEmpty()) {
            throw DynamoException.validation(
                    "One or more parameter values were invalid: An number set  may not be empty");
        }
        if (values.size() != raw.size()) {
            throw duplicates(raw.toString(), " ");
        }
        return new Value.NS(values);
    }

    /** A binary set; {@code raw} is its elements as the request's base64 text, for the message. */
    static Value binarySet(List<byte[]> elements, List<String> raw) {
        Set<Value.B> values = new LinkedHashSet<>();
        elements.forEach(bytes -> values.add(new Value.B(bytes)));
        if (raw.isEmpty()) {
            throw DynamoException.validation(
                    "One or more parameter values were invalid: Binary sets should not be empty");
        }
        if (values.size() != raw.size()) {
            throw duplicates(raw.toString(), "of type BS ");
        }
        return new Value.BS(values);
    }

    private static boolean isTypeTag(String key) {
        return switch (key) {
            case "S", "N", "B", "BOOL", "NULL", "L", "M", "SS", "NS", "BS" -> true;
            default -> false;
        };
    }

    private static DynamoException duplicates(String collection, String separator) {
        return DynamoException.validation("One or more parameter values were invalid: Input collection "
                + collection + separator + "contains duplicates.");
    }

    private static String text(JsonNode node) {
        if (!node.isTextual()) {
            throw DynamoException.serialization("NUMBER_VALUE cannot be converted to String");
        }
        return node.textValue();
    }

    private static boolean bool(JsonNode node) {
        if (!node.isBoolean()) {
            throw DynamoException.serialization("Unexpected value type in payload");
        }
        return node.booleanValue();
    }

    private static JsonNode array(JsonNode node) {
        if (!node.isArray()) {
            throw DynamoException.serialization("Unexpected value type in payload");
        }
        return node;
    }

    private static byte[] base64(JsonNode node) {
        String text = text(node);
        if (text.length() % 4 != 0) {
            throw DynamoException.serialization(
                    "Base64 encoded length is expected a multiple of 4 bytes but found: " + text.length());
        }
        try {
            return Base64.getDecoder().decode(text);
        } catch (IllegalArgumentException e) {
            throw DynamoException.serialization("Invalid Base64 character in binary value");
        }
    }

    /**
     * An item as DynamoDB JSON: a node that writes the item to the generator when the response is written, a
     * stored item straight from its encoding, without building a tree of it first.
     */
    public static JsonNode writeItem(Map<String, Value> item) {
        return new POJONode(new Written(item, null));
    }

    /** One attribute value as DynamoDB JSON, written as {@link #writeItem} writes items. */
    public static JsonNode write(Value value) {
        return new POJONode(new Written(null, value));
    }

    /** An item or a value, written to the generator when its node is serialized (or by {@link WireJson#bytes}). */
    record Written(Map<String, Value> item, Value value) implements JsonSerializable {
        void write(JsonGenerator out) throws IOException {
            if (item != null) {
                writeItem(item, out);
            } else {
                ValueJson.write(value, out);
            }
        }

        @Override
        public void serialize(JsonGenerator out, SerializerProvider provider) throws IOException {
            write(out);
        }

        @Override
        public void serializeWithType(JsonGenerator out, SerializerProvider provider, TypeSerializer types)
                throws IOException {
            serialize(out, provider);
        }
    }

    /** Writes an item as DynamoDB JSON; a stored item straight from its encoding. */
    private static void writeItem(Map<String, Value> item, JsonGenerator out) throws IOException {
        if (ItemCodec.isView(item)) {
            ItemCodec.write(item, out);
            return;
        }
        out.writeStartObject();
        for (Map.Entry<String, Value> e : item.entrySet()) {
            out.writeFieldName(e.getKey());
            write(e.getValue(), out);
        }
        out.writeEndObject();
    }

    /** Writes one attribute value as DynamoDB JSON: its type tag and its content. */
    private static void write(Value value, JsonGenerator out) throws IOException {
        out.writeStartObject();
        out.writeFieldName(value.type());
        writeContent(value, out);
        out.writeEndObject();
    }

    /** Writes what follows a value's type tag: a string, a boolean, a list, a map or a set. */
    private static void writeContent(Value value, JsonGenerator out) throws IOException {
        if (value instanceof Value.S s) {
            out.writeString(s.value());
        } else if (value instanceof Value.N n) {
            out.writeString(n.text());
        } else if (value instanceof Value.B b) {
            out.writeString(Base64.getEncoder().encodeToString(b.bytes()));
        } else if (value instanceof Value.Bool b) {
            out.writeBoolean(b.value());
        } else if (value instanceof Value.Null) {
            out.writeBoolean(true);
        } else if (value instanceof Value.L l) {
            out.writeStartArray();
            for (Value v : l.values()) {
                write(v, out);
            }
            out.writeEndArray();
        } else if (value instanceof Value.M m) {
            writeItem(m.values(), out);
        } else if (value instanceof Value.SS ss) {
            out.writeStartArray();
            for (String v : ss.values()) {
                out.writeString(v);
            }
            out.writeEndArray();
        } else if (value instanceof Value.NS ns) {
            out.writeStartArray();
            for (Value.N v : ns.values()) {
                out.writeString(v.text());
            }
            out.writeEndArray();
        } else if (value instanceof Value.BS bs) {
            out.writeStartArray();
            for (Value.B v : bs.values()) {
                out.writeString(Base64.getEncoder().encodeToString(v.bytes()));
            }
            out.writeEndArray();
        }
    }

    /** The value as DynamoDB prints it in messages, e.g. {@code {S:abc}}, {@code {N:2}}. */
    public static String describe(Value value) {
        if (value instanceof Value.S s) {
            return "{S:" + s.value() + "}";
        } else if (value instanceof Value.N n) {
            return "{N:" + n.text() + "}";
        }
        StringWriter content = new StringWriter();
        try (JsonGenerator out = WireJson.FACTORY.createGenerator(content)) {
            writeContent(value, out);
        } catch (IOException e) {
            throw new UncheckedIOException("a StringWriter does not fail", e);
        }
        return "{" + value.type() + ":" + content + "}";
    }
}
