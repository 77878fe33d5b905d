package dev.singletable.engine.internal.value;

import dev.singletable.engine.internal.DynamoException;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Reads an SDK item straight into the compact form the store keeps ({@link ItemCodec}), measuring its DynamoDB size
 * as it writes, for engine.load: the checks and messages of reading a request's item (ValueJson), the bytes and size
 * {@link ItemCodec#encode} gives the item read, but no engine values in between for strings, numbers, binaries,
 * booleans and nulls, and each string passed over once. Lists, maps and sets are read into values and encoded as
 * such. Keeps its buffer from item to item, so one encoder serves one thread.
 */
public final class SdkItemEncoder {
    private final ItemCodec.Writer out = new ItemCodec.Writer(new byte[512]);
    private long size;

    /** The item's encoding and size; throws what reading the item as a request's would. */
    public ItemCodec.Encoded encode(Map<String, AttributeValue> item) {
        out.position = 0;
        out.ensure(5);
        out.varint(item.size());
        size = 0;
        for (Map.Entry<String, AttributeValue> e : item.entrySet()) {
            String name = e.getKey();
            Sizes.checkAttributeName(name);
            out.ensure(5 + 3 * name.length());
            size += out.measuredString(name);
            value(e.getValue());
        }
        return new ItemCodec.Encoded(out.written(), size);
    }

    private void value(AttributeValue value) {
        if (value == null) {
            throw DynamoException.serialization("Unexpected value type in payload"); // a JSON null, on the wire
        }
        ValueJson.checkOneType(SdkValues.typesSet(value));
        String s = value.s();
        if (s != null) {
            out.ensure(6 + 3 * s.length());
            size += out.stringValue(s);
            return;
        }
        String n = value.n();
        int integerSize = n == null ? 0 : Numbers.canonicalIntegerSize(n);
        if (integerSize > 0) { // its own canonical text: no need to parse it
            out.ensure(6 + n.length());
            out.numberValue(n);
            size += integerSize;
        } else if (n != null) {
            Value.N number = Value.N.of(n);
            String text = number.text();
            out.ensure(6 + text.length());
            out.numberValue(text);
            size += Numbers.size(number.value());
        } else if (value.b() != null) {
            byte[] bytes = value.b().asByteArray();
            out.ensure(6 + bytes.length);
            out.binaryValue(bytes);
            size += bytes.length;
        } else if (value.bool() != null) {
            out.ensure(1);
            out.boolValue(value.bool());
            size += 1;
        } else if (value.nul() != null) {
            ValueJson.nullValue(value.nul());
            out.ensure(1);
            out.nullValue();
            size += 1;
        } else {
            Value read = SdkValues.read(value);
            out.ensure(ItemCodec.encodedLength(read));
            out.value(read);
            size += Sizes.valueSize(read);
        }
    }
}
