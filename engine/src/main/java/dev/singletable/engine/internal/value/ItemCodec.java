package dev.singletable.engine.internal.value;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.math.BigDecimal;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;

/**
 * Items in the compact form the store keeps them in: one byte array per item, its attributes in the order they
 * were written. An item read back is a read-only map view of the array that decodes only the attributes asked
 * for, so a read costs what it touches.
 *
 * <pre>
 * item      := count attribute*              count, lengths: unsigned LEB128 varints
 * attribute := length name-bytes value
 * value     := S length utf8 | N length canonical-text | B length bytes | FALSE | TRUE | NULL
 *            | L length count value* | M length count attribute* | SS/NS/BS length count (length bytes)*
 * </pre>
 * Numbers are their canonical text, as the wire carries them. Strings are UTF-8, except that a lone surrogate
 * (which Java strings can hold) keeps its 3-byte form, so every string comes back as it went in. Lists, maps and sets carry their byte length, so a lookup skips
 * them whole.
 */
public final class ItemCodec {
    // the type tags of the encoding (ItemJson reads them too)
    static final byte S = 1;
    static final byte N = 2;
    static final byte B = 3;
    static final byte FALSE = 4;
    static final byte TRUE = 5;
    static final byte NULL = 6;
    static final byte L = 7;
    static final byte M = 8;
    static final byte SS = 9;
    static final byte NS = 10;
    static final byte BS = 11;
    /** From this many chars a string is encoded by the JDK in bulk rather than copied char by char. */
    private static final int BULK_ASCII = 24;
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private ItemCodec() {
    }

    /** An item's compact form and its DynamoDB size. */
    public record Encoded(byte[] bytes, long size) {
    }

    /**
     * The compact form of an item and its size by DynamoDB's rules ({@link Sizes}), measured as it is encoded:
     * each name and string is measured once, each number written as text once. An item that is already a view of one is not encoded again.
     */
    public static Encoded encode(Map<String, Value> item) {
        if (item instanceof View view) {
            return new Encoded(view.bytes, Sizes.itemSize(view));
        }
        // each S value and each number's canonical text, with its UTF-8 length and each name's, worked out once
        // for the size and used again to write
        String[] texts = new String[item.size()];
        int[] lengths = new int[2 * item.size()];
        int length = varintLength(item.size());
        long size = 0;
        int i = 0;
        for (Map.Entry<String, Value> e : item.entrySet()) {
            Value value = e.getValue();
            int name = Sizes.utf8Length(e.getKey());
            lengths[2 * i] = name;
            size += name;
            length += bytesLength(name);
            String text = value instanceof Value.S s ? s.value() : value instanceof Value.N n ? n.text() : null;
            if (text != null) {
                int textLength = Sizes.utf8Length(text);
                texts[i] = text;
                lengths[2 * i + 1] = textLength;
                size += value instanceof Value.S ? textLength : Sizes.valueSize(value);
                length += 1 + bytesLength(textLength);
            } else {
                size += Sizes.valueSize(value);
                length += encodedLength(value);
            }
            i++;
        }
        Writer out = new Writer(new byte[length]);
        out.varint(item.size());
        i = 0;
        for (Map.Entry<String, Value> e : item.entrySet()) {
            out.string(e.getKey(), lengths[2 * i]);
            if (texts[i] != null) {
                out.bytes[out.position++] = e.getValue() instanceof Value.S ? S : N;
                out.string(texts[i], lengths[2 * i + 1]);
            } else {
                out.value(e.getValue());
            }
            i++;
        }
        return new Encoded(out.bytes, size);
    }

    /**
     * {@link ChangedItem#encode}: the encoding of a view ({@code baseSize}: its item's size) with some top-level
     * attributes set (a value) or removed (null); every other attribute's bytes are copied, not decoded.
     */
    static Encoded splice(Map<String, Value> view, long baseSize, Map<String, Value> changes) {
        byte[] base = ((View) view).bytes;
        String[] names = changes.keySet().toArray(new String[0]);
        Value[] values = changes.values().toArray(new Value[0]);
        boolean[] inBase = new boolean[names.length];
        Reader in = new Reader(base);
        int count = in.varint();
        int[] starts = new int[count + 1]; // where each attribute begins; the last entry: where the item ends
        int[] changed = new int[count]; // the change of each attribute, or -1
        long size = baseSize;
        int length = 0;
        int newCount = 0;
        for (int a = 0; a < count; a++) {
            starts[a] = in.position;
            int nameLength = in.varint();
            int c = -1;
            for (int k = 0; k < names.length && c < 0; k++) {
                c = in.nameEquals(in.position, nameLength, names[k]) ? k : -1;
            }
            in.position += nameLength;
            changed[a] = c;
            if (c < 0) {
                in.skipValue();
                length += in.position - starts[a];
                newCount++;
                continue;
            }
            inBase[c] = true;
            size -= nameLength + Sizes.valueSize(in.value());
            if (values[c] != null) {
                size += nameLength + Sizes.valueSize(values[c]);
                length += bytesLength(nameLength) + encodedLength(values[c]);
                newCount++;
            }
        }
        starts[count] = in.position;
        for (int k = 0; k < names.length; k++) {
            if (!inBase[k] && values[k] != null) {
                int nameLength = Sizes.utf8Length(names[k]);
                size += nameLength + Sizes.valueSize(values[k]);
                length += bytesLength(nameLength) + encodedLength(values[k]);
                newCount++;
            }
        }
        Writer out = new Writer(new byte[varintLength(newCount) + length]);
        out.varint(newCount);
        for (int a = 0; a < count; a++) {
            int c = changed[a];
            if (c < 0) {
                System.arraycopy(base, starts[a], out.bytes, out.position, starts[a + 1] - starts[a]);
                out.position += starts[a + 1] - starts[a];
            } else if (values[c] != null) {
                out.string(names[c]);
                out.value(values[c]);
            }
        }
        for (int k = 0; k < names.length; k++) {
            if (!inBase[k] && values[k] != null) {
                out.string(names[k]);
                out.value(values[k]);
            }
        }
        return new Encoded(out.bytes, size);
    }

    /** A read-only map over an encoded item, in the order the attributes were written. */
    public static Map<String, Value> view(byte[] item) {
        return new View(item, false);
    }

    /**
     * {@link #view(byte[])} of an item known to pass {@link #hasPlainStrings}, whose JSON {@link #write} copies
     * string by string without looking for characters to escape.
     */
    public static Map<String, Value> viewOfPlainStrings(byte[] item) {
        return new View(item, true);
    }

    /**
     * Whether every string of an encoded item, names included, is ASCII that JSON holds as it is (no quote,
     * backslash or control character): then its JSON is its strings copied between the syntax.
     */
    public static boolean hasPlainStrings(byte[] item) {
        return ItemJson.hasPlainStrings(item);
    }

    /**
     * {@link #view(byte[])} of an item whose values of some attributes were read as it was encoded ({@code values[i]}
     * of {@code names[i]}, null when absent), which it answers without decoding them.
     */
    public static Map<String, Value> view(byte[] item, String[] names, Value[] values) {
        return names.length == 0 ? new View(item, false) : new KnownView(item, names, values);
    }

    /** One attribute of an encoded item, decoded; null when absent. */
    public static Value get(byte[] item, String name) {
        Reader in = new Reader(item);
        return in.find(name) ? in.value() : null;
    }

    /**
     * Writes an encoded item as DynamoDB JSON from the encoding, without decoding values: the same JSON that
     * {@link ValueJson#writeItem} writes for the decoded item, copied in one pass as a raw value rather than token
     * by token (a generator's work per token costs more than the copy).
     */
    static void write(Map<String, Value> view, JsonGenerator out) throws IOException {
        View encoded = (View) view;
        out.writeRawValue(new ItemJson(encoded.bytes, encoded.plainStrings));
    }

    /** Whether a map is a view of an encoded item, which {@link #write} writes. */
    static boolean isView(Map<String, Value> item) {
        return item instanceof View;
    }

    /** Whether two encoded items hold the same attributes and values, in any order. */
    public static boolean sameAttributes(byte[] a, byte[] b) {
        if (Arrays.equals(a, b)) {
            return true;
        }
        Reader left = new Reader(a);
        Reader right = new Reader(b);
        int count = left.varint();
        if (count != right.varint()) {
            return false;
        }
        // attributes are usually in the same order: compare them pairwise, each value's bytes before decoding it
        for (int i = 0; i < count; i++) {
            int leftName = left.position;
            left.skipString();
            int rightName = right.position;
            right.skipString();
            if (!Arrays.equals(a, leftName, left.position, b, rightName, right.position)) {
                return view(a).equals(view(b)); // in another order
            }
            int leftValue = left.position;
            left.skipValue();
            int rightValue = right.position;
            right.skipValue();
            if (!Arrays.equals(a, leftValue, left.position, b, rightValue, right.position)) {
                if (a[leftValue] < L || b[rightValue] < L) {
                    return false; // a scalar has one encoding (a number its canonical text): other bytes, other value
                }
                // sets and maps equal in another order are encoded apart
                left.position = leftValue;
                right.position = rightValue;
                if (!left.value().equals(right.value())) {
                    return false;
                }
            }
        }
        return true;
    }

    /**
     * Whether two encoded items hold the same bytes for a top-level attribute, or both lack it. Equal bytes are
     * equal values; equal sets or maps written in another order are not found the same here.
     */
    public static boolean sameEncodedValue(byte[] a, byte[] b, String name) {
        Reader left = new Reader(a);
        Reader right = new Reader(b);
        boolean inLeft = left.find(name);
        if (inLeft != right.find(name)) {
            return false;
        }
        if (!inLeft) {
            return true;
        }
        int leftStart = left.position;
        int rightStart = right.position;
        left.skipValue();
        right.skipValue();
        return Arrays.equals(a, leftStart, left.position, b, rightStart, right.position);
    }

    // ---- sizes -------------------------------------------------------------------------------------------------

    static int encodedLength(Value value) {
        if (value instanceof Value.S s) {
            return 1 + stringLength(s.value());
        } else if (value instanceof Value.N n) {
            return 1 + stringLength(n.text());
        } else if (value instanceof Value.B b) {
            return 1 + bytesLength(b.bytes().length);
        } else if (value instanceof Value.Bool || value instanceof Value.Null) {
            return 1;
        }
        int content = contentLength(value);
        return 1 + varintLength(content) + content;
    }

    /** The bytes of a list, map or set after its length: the count and the elements. */
    private static int contentLength(Value value) {
        int length;
        if (value instanceof Value.L l) {
            length = varintLength(l.values().size());
            for (Value v : l.values()) {
                length += encodedLength(v);
            }
        } else if (value instanceof Value.M m) {
            length = varintLength(m.values().size());
            for (Map.Entry<String, Value> e : m.values().entrySet()) {
                length += stringLength(e.getKey()) + encodedLength(e.getValue());
            }
        } else if (value instanceof Value.SS ss) {
            length = varintLength(ss.values().size());
            for (String s : ss.values()) {
                length += stringLength(s);
            }
        } else if (value instanceof Value.NS ns) {
            length = varintLength(ns.values().size());
            for (Value.N n : ns.values()) {
                length += stringLength(n.text());
            }
        } else {
            Value.BS bs = (Value.BS) value;
            length = varintLength(bs.values().size());
            for (Value.B b : bs.values()) {
                length += bytesLength(b.bytes().length);
            }
        }
        return length;
    }

    private static int stringLength(String s) {
        return bytesLength(Sizes.utf8Length(s));
    }

    private static int bytesLength(int length) {
        return varintLength(length) + length;
    }

    private static int varintLength(int value) {
        int length = 1;
        while ((value >>>= 7) != 0) {
            length++;
        }
        return length;
    }

    // ---- writing -----------------------------------------------------------------------------------------------

    /**
     * Writes an encoding. Exactly sized by {@link #encode}; {@link SdkItemEncoder} writes into a buffer it reuses,
     * making {@link #ensure room} before each write, and copies the item out.
     */
    static final class Writer {
        byte[] bytes;
        int position;

        Writer(byte[] bytes) {
            this.bytes = bytes;
        }

        /** Room for {@code more} bytes after the position. */
        void ensure(int more) {
            if (position + more > bytes.length) {
                bytes = Arrays.copyOf(bytes, Math.max(2 * bytes.length, position + more));
            }
        }

        /** The bytes written, from the start. */
        byte[] written() {
            return Arrays.copyOf(bytes, position);
        }

        /** Writes an S value and returns its UTF-8 length; needs the room of {@link #measuredString}, and one more. */
        int stringValue(String s) {
            bytes[position++] = S;
            return measuredString(s);
        }

        /** Writes an N value from its canonical text; needs room for the tag and the text as a string. */
        void numberValue(String canonical) {
            bytes[position++] = N;
            string(canonical);
        }

        /** Writes a B value; needs room for the tag and the bytes as a string. */
        void binaryValue(byte[] value) {
            bytes[position++] = B;
            raw(value);
        }

        void boolValue(boolean value) {
            bytes[position++] = value ? TRUE : FALSE;
        }

        void nullValue() {
            bytes[position++] = NULL;
        }

        /**
         * Writes a string's length and bytes without measuring it first, and returns its UTF-8 length. A short
         * string is copied char by char as ASCII, a long one encoded by the JDK (which checks and copies a string
         * of one-byte chars in bulk) and taken as it is when it came out one byte a char with no '?' (the JDK's
         * replacement for a lone surrogate, which this encoding keeps); anything else is measured and written as
         * {@link #utf8} does. Needs room for {@code 5 + 3 * s.length()} bytes.
         */
        int measuredString(String s) {
            int start = position;
            int n = s.length();
            varint(n);
            if (n >= BULK_ASCII) {
                byte[] encoded = s.getBytes(StandardCharsets.UTF_8);
                if (encoded.length == n && !hasQuestionMark(encoded)) {
                    System.arraycopy(encoded, 0, bytes, position, n);
                    position += n;
                    return n;
                }
            } else if (copiedAscii(s)) {
                return n;
            }
            position = start;
            int length = Sizes.utf8Length(s);
            varint(length);
            utf8(s);
            return length;
        }

        /** Copies a string's chars as bytes while they are ASCII; false at the first that is not. */
        private boolean copiedAscii(String s) {
            for (int i = 0; i < s.length(); i++) {
                char c = s.charAt(i);
                if (c >= 0x80) {
                    return false;
                }
                bytes[position++] = (byte) c;
            }
            return true;
        }

        /** Whether the bytes hold '?', looked for eight at a time. */
        private static boolean hasQuestionMark(byte[] text) {
            int i = 0;
            for (; i + Long.BYTES <= text.length; i += Long.BYTES) {
                long x = (long) LONGS.get(text, i) ^ 0x3F3F3F3F3F3F3F3FL; // a '?' is a zero byte of x
                if (((x - 0x0101010101010101L) & ~x & 0x8080808080808080L) != 0) {
                    return true;
                }
            }
            for (; i < text.length; i++) {
                if (text[i] == '?') {
                    return true;
                }
            }
            return false;
        }

        void varint(int value) {
            while ((value & ~0x7F) != 0) {
                bytes[position++] = (byte) ((value & 0x7F) | 0x80);
                value >>>= 7;
            }
            bytes[position++] = (byte) value;
        }

        void string(String s) {
            string(s, Sizes.utf8Length(s));
        }

        /** Writes a string's length and its UTF-8 bytes, copied at once when it is ASCII. */
        void string(String s, int length) {
            varint(length);
            if (length == s.length()) {
                ascii(s);
            } else {
                utf8(s);
            }
        }

        /** The chars of an ASCII string are its bytes: the JDK copies them without encoding (or allocating). */
        @SuppressWarnings("deprecation")
        private void ascii(String s) {
            s.getBytes(0, s.length(), bytes, position);
            position += s.length();
        }

        void utf8(String s) {
            for (int i = 0; i < s.length(); i++) {
                char c = s.charAt(i);
                if (c < 0x80) {
                    bytes[position++] = (byte) c;
                } else if (c < 0x800) {
                    bytes[position++] = (byte) (0xC0 | c >> 6);
                    bytes[position++] = (byte) (0x80 | c & 0x3F);
                } else if (Character.isHighSurrogate(c) && i + 1 < s.length()
                        && Character.isLowSurrogate(s.charAt(i + 1))) {
                    int cp = Character.toCodePoint(c, s.charAt(++i));
                    bytes[position++] = (byte) (0xF0 | cp >> 18);
                    bytes[position++] = (byte) (0x80 | cp >> 12 & 0x3F);
                    bytes[position++] = (byte) (0x80 | cp >> 6 & 0x3F);
                    bytes[position++] = (byte) (0x80 | cp & 0x3F);
                } else {
                    bytes[position++] = (byte) (0xE0 | c >> 12);
                    bytes[position++] = (byte) (0x80 | c >> 6 & 0x3F);
                    bytes[position++] = (byte) (0x80 | c & 0x3F);
                }
            }
        }

        void raw(byte[] value) {
            varint(value.length);
            System.arraycopy(value, 0, bytes, position, value.length);
            position += value.length;
        }

        void value(Value value) {
            if (value instanceof Value.S s) {
                bytes[position++] = S;
                string(s.value());
            } else if (value instanceof Value.N n) {
                bytes[position++] = N;
                string(n.text());
            } else if (value instanceof Value.B b) {
                bytes[position++] = B;
                raw(b.bytes());
            } else if (value instanceof Value.Bool b) {
                bytes[position++] = b.value() ? TRUE : FALSE;
            } else if (value instanceof Value.Null) {
                bytes[position++] = NULL;
            } else {
                container(value);
            }
        }

        private void container(Value value) {
            bytes[position++] = value instanceof Value.L ? L : value instanceof Value.M ? M
                    : value instanceof Value.SS ? SS : value instanceof Value.NS ? NS : BS;
            varint(contentLength(value));
            if (value instanceof Value.L l) {
                varint(l.values().size());
                l.values().forEach(this::value);
            } else if (value instanceof Value.M m) {
                varint(m.values().size());
                m.values().forEach((name, v) -> {
                    string(name);
                    value(v);
                });
            } else if (value instanceof Value.SS ss) {
                varint(ss.values().size());
                ss.values().forEach(this::string);
            } else if (value instanceof Value.NS ns) {
                varint(ns.values().size());
                ns.values().forEach(n -> string(n.text()));
            } else {
                Value.BS bs = (Value.BS) value;
                varint(bs.values().size());
                bs.values().forEach(b -> raw(b.bytes()));
            }
        }
    }

    // ---- reading -----------------------------------------------------------------------------------------------

    static final class Reader {
        final byte[] bytes;
        int position;

        Reader(byte[] bytes) {
            this.bytes = bytes;
        }

        int varint() {
            int value = 0;
            for (int shift = 0; ; shift += 7) {
                byte b = bytes[position++];
                value |= (b & 0x7F) << shift;
                if (b >= 0) {
                    return value;
                }
            }
        }

        /** Moves to the value of the named top-level attribute; false when the item has none. */
        boolean find(String name) {
            position = 0;
            for (int count = varint(); count > 0; count--) {
                int length = varint();
                boolean match = nameEquals(position, length, name);
                position += length;
                if (match) {
                    return true;
                }
                skipValue();
            }
            return false;
        }

        /** Whether the UTF-8 bytes at {@code from} are the name, compared without decoding them. */
        private boolean nameEquals(int from, int length, String name) {
            if (length < name.length()) {
                return false;
            }
            int p = from;
            int end = from + length;
            for (int i = 0; i < name.length(); i++) {
                char c = name.charAt(i);
                if (c >= 0x80) {
                    return string(from, length).equals(name);
                }
                if (p == end || bytes[p++] != c) {
                    return false;
                }
            }
            return p == end;
        }

        void skipString() {
            int length = varint();
            position += length;
        }

        void skipValue() {
            byte tag = bytes[position++];
            if (tag == S || tag == N || tag == B || tag >= L) {
                int length = varint();
                position += length;
            }
        }

        String string() {
            int length = varint();
            String s = string(position, length);
            position += length;
            return s;
        }

        String string(int from, int length) {
            for (int i = from; i < from + length; i++) {
                if (bytes[i] < 0) {
                    return decodeUtf8(from, length);
                }
            }
            return new String(bytes, from, length, StandardCharsets.ISO_8859_1); // ASCII: one byte a char
        }

        private String decodeUtf8(int from, int length) {
            char[] chars = new char[length];
            int n = 0;
            int p = from;
            int end = from + length;
            while (p < end) {
                int b = bytes[p++] & 0xFF;
                if (b < 0x80) {
                    chars[n++] = (char) b;
                } else if (b < 0xE0) {
                    chars[n++] = (char) ((b & 0x1F) << 6 | bytes[p++] & 0x3F);
                } else if (b < 0xF0) {
                    chars[n++] = (char) ((b & 0x0F) << 12 | (bytes[p++] & 0x3F) << 6 | bytes[p++] & 0x3F);
                } else {
                    int cp = (b & 0x07) << 18 | (bytes[p++] & 0x3F) << 12 | (bytes[p++] & 0x3F) << 6
                            | bytes[p++] & 0x3F;
                    chars[n++] = Character.highSurrogate(cp);
                    chars[n++] = Character.lowSurrogate(cp);
                }
            }
            return new String(chars, 0, n);
        }

        byte[] raw() {
            int length = varint();
            byte[] value = Arrays.copyOfRange(bytes, position, position + length);
            position += length;
            return value;
        }

        Value value() {
            byte tag = bytes[position++];
            switch (tag) {
                case S:
                    return new Value.S(string());
                case N:
                    return new Value.N(new BigDecimal(string()));
                case B:
                    return new Value.B(raw());
                case FALSE:
                    return new Value.Bool(false);
                case TRUE:
                    return new Value.Bool(true);
                case NULL:
                    return Value.Null.INSTANCE;
                default:
                    varint(); // the content length, for skipping
                    return container(tag, varint());
            }
        }

        private Value container(byte tag, int count) {
            switch (tag) {
                case L: {
                    List<Value> values = new ArrayList<>(count);
                    for (int i = 0; i < count; i++) {
                        values.add(value());
                    }
                    return new Value.L(values);
                }
                case M: {
                    Map<String, Value> values = new LinkedHashMap<>();
                    for (int i = 0; i < count; i++) {
                        String name = string();
                        values.put(name, value());
                    }
                    return new Value.M(values);
                }
                case SS: {
                    Set<String> values = new LinkedHashSet<>();
                    for (int i = 0; i < count; i++) {
                        values.add(string());
                    }
                    return new Value.SS(values);
                }
                case NS: {
                    Set<Value.N> values = new LinkedHashSet<>();
                    for (int i = 0; i < count; i++) {
                        values.add(new Value.N(new BigDecimal(string())));
                    }
                    return new Value.NS(values);
                }
                default: {
                    Set<Value.B> values = new LinkedHashSet<>();
                    for (int i = 0; i < count; i++) {
                        values.add(new Value.B(raw()));
                    }
                    return new Value.BS(values);
                }
            }
        }
    }

    /** A read-only map over an encoded item; lookups scan the names, iteration decodes in order. */
    private static class View extends AbstractMap<String, Value> {
        final byte[] bytes;
        /** Whether the item is known to pass {@link #hasPlainStrings}. */
        final boolean plainStrings;

        View(byte[] bytes, boolean plainStrings) {
            this.bytes = bytes;
            this.plainStrings = plainStrings;
        }

        @Override
        public Value get(Object key) {
            return key instanceof String name ? ItemCodec.get(bytes, name) : null;
        }

        @Override
        public boolean containsKey(Object key) {
            return key instanceof String name && new Reader(bytes).find(name);
        }

        @Override
        public int size() {
            return new Reader(bytes).varint();
        }

        @Override
        public boolean isEmpty() {
            return size() == 0;
        }

        @Override
        public Set<Entry<String, Value>> entrySet() {
            return new AbstractSet<>() {
                @Override
                public Iterator<Entry<String, Value>> iterator() {
                    Reader in = new Reader(bytes);
                    int count = in.varint();
                    return new Iterator<>() {
                        private int remaining = count;

                        @Override
                        public boolean hasNext() {
                            return remaining > 0;
                        }

                        @Override
                        public Entry<String, Value> next() {
                            if (remaining == 0) {
                                throw new NoSuchElementException();
                            }
                            remaining--;
                            String name = in.string();
                            return new SimpleImmutableEntry<>(name, in.value());
                        }
                    };
                }

                @Override
                public int size() {
                    return View.this.size();
                }
            };
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof View other && Arrays.equals(bytes, other.bytes) || super.equals(o);
        }

        @Override
        public int hashCode() {
            return super.hashCode();
        }
    }

    /** A view that answers some attributes from values known beforehand. */
    private static final class KnownView extends View {
        private final String[] names;
        private final Value[] values;

        KnownView(byte[] bytes, String[] names, Value[] values) {
            super(bytes, false);
            this.names = names;
            this.values = values;
        }

        @Override
        public Value get(Object key) {
            int i = indexOf(names, key);
            return i >= 0 ? values[i] : super.get(key);
        }

        @Override
        public boolean containsKey(Object key) {
            int i = indexOf(names, key);
            return i >= 0 ? values[i] != null : super.containsKey(key);
        }
    }

    /** Where {@code name} is among a few kept attribute names, or -1: a scan, as there are only a handful. */
    static int indexOf(String[] names, Object name) {
        for (int i = 0; i < names.length; i++) {
            if (names[i].equals(name)) {
                return i;
            }
        }
        return -1;
    }
}
