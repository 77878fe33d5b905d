package dev.singletable.engine.internal.storage;

import dev.singletable.engine.internal.value.Value;
import java.util.List;

/**
 * The key of a global index side made of several attributes, as one binary value whose unsigned byte order is
 * DynamoDB's order of such keys: by the first attribute's value, then the next one's, each by its type's rules.
 * The values are written as the store writes key values ({@link KeyBytes}), each self-delimiting, so that a
 * shorter key sorts before every longer key it begins: the entries whose leading sort attributes have given values
 * form one range.
 */
public final class CompositeKey {

    private CompositeKey() {
    }

    /** The key made of these values, in key order. */
    public static Value.B of(List<Value> values) {
        return new Value.B(bytes(values));
    }

    /** The bytes every key whose leading values are these begins with. */
    public static byte[] bytes(List<Value> values) {
        KeyBytes key = new KeyBytes();
        values.forEach(key::value);
        return key.toArray();
    }

    /**
     * The bytes every key begins with whose leading values are {@code values} and whose next value, a string or a
     * binary, begins with {@code prefix}: what {@code begins_with} on that attribute reads.
     */
    public static byte[] beginningWith(List<Value> values, Value prefix) {
        KeyBytes key = new KeyBytes();
        values.forEach(key::value);
        return key.beginning(prefix).toArray();
    }

    /**
     * The smallest byte string above every string that begins with {@code prefix}, or null when there is none:
     * an exclusive upper bound for a prefix, or an inclusive lower bound past it.
     */
    public static byte[] prefixEnd(byte[] prefix) {
        return KeyBytes.prefixEnd(prefix);
    }
}
