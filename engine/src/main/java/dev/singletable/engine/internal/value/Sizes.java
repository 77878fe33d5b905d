package dev.singletable.engine.internal.value;

import dev.singletable.engine.internal.DynamoException;
import java.util.Map;

/** Item and value sizes as DynamoDB computes them for the 400 KB limit and for capacity units. */
public final class Sizes {
    /** 400 KB, inclusive. */
    public static final int MAX_ITEM_SIZE = 409_600;
    /** Names of attributes and of map entries: less than 64 KB. */
    public static final int MAX_ATTRIBUTE_NAME_BYTES = 65_535;

    private Sizes() {
    }

    public static long itemSize(Map<String, Value> item) {
        long size = 0;
        for (Map.Entry<String, Value> e : item.entrySet()) {
            size += utf8Length(e.getKey()) + valueSize(e.getValue());
        }
        return size;
    }

    public static long valueSize(Value value) {
        if (value instanceof Value.S s) {
            return utf8Length(s.value());
        } else if (value instanceof Value.N n) {
            return Numbers.size(n.value());
        } else if (value instanceof Value.B b) {
            return b.bytes().length;
        } else if (value instanceof Value.L l) {
            long size = 3;
            for (Value v : l.values()) {
                size += 1 + valueSize(v);
            }
            return size;
        } else if (value instanceof Value.M m) {
            long size = 3;
            for (Map.Entry<String, Value> e : m.values().entrySet()) {
                size += 1 + utf8Length(e.getKey()) + valueSize(e.getValue());
            }
            return size;
        } else if (value instanceof Value.SS ss) {
            long size = 0;
            for (String s : ss.values()) {
                size += utf8Length(s);
            }
            return size;
        } else if (value instanceof Value.NS ns) {
            long size = 0;
            for (Value.N n : ns.values()) {
                size += Numbers.size(n.value());
            }
            return size;
        } else if (value instanceof Value.BS bs) {
            long size = 0;
            for (Value.B b : bs.values()) {
                size += b.bytes().length;
            }
            return size;
        }
        return 1; // BOOL and NULL
    }

    /** An attribute name, at the top of an item or a key of a map, is shorter than 64 KB. */
    public static void checkAttributeName(String name) {
        // a UTF-8 character takes at most 3 bytes per UTF-16 unit, so short names need no count
        if (name.length() > MAX_ATTRIBUTE_NAME_BYTES / 3 && utf8Length(name) > MAX_ATTRIBUTE_NAME_BYTES) {
            throw DynamoException.validation("1 validation error detected: Attribute name is too large, must be less "
                    + "than 65536 bytes");
        }
    }

    /** UTF-8 length without allocating the encoded bytes. */
    public static int utf8Length(String s) {
        int ascii = 0;
        while (ascii < s.length() && s.charAt(ascii) < 0x80) {
            ascii++;
        }
        int length = ascii;
        for (int i = ascii; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                length++;
            } else if (c < 0x800) {
                length += 2;
            } else if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                length += 4;
                i++;
            } else {
                length += 3;
            }
        }
        return length;
    }
}
