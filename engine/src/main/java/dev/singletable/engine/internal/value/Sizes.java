package dev.singletable.engine.internal.value;

import java.util.Map;

/** Item and value sizes as DynamoDB computes them for the 400 KB limit and for capacity units. */
public final class Sizes {
    /** 400 KB, inclusive. */
    public static final int MAX_ITEM_SIZE = 409_600;

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
