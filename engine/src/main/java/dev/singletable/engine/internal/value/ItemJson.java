package dev.singletable.engine.internal.value;

import static dev.singletable.engine.internal.value.ItemCodec.B;
import static dev.singletable.engine.internal.value.ItemCodec.BS;
import static dev.singletable.engine.internal.value.ItemCodec.FALSE;
import static dev.singletable.engine.internal.value.ItemCodec.L;
import static dev.singletable.engine.internal.value.ItemCodec.M;
import static dev.singletable.engine.internal.value.ItemCodec.N;
import static dev.singletable.engine.internal.value.ItemCodec.NS;
import static dev.singletable.engine.internal.value.ItemCodec.NULL;
import static dev.singletable.engine.internal.value.ItemCodec.S;
import static dev.singletable.engine.internal.value.ItemCodec.SS;
import static dev.singletable.engine.internal.value.ItemCodec.TRUE;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.CharTypes;
import com.fasterxml.jackson.core.io.SerializedString;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;

/**
 * An encoded item's DynamoDB JSON, for {@link JsonGenerator#writeRawValue(SerializableString)}: written from the
 * encoding straight into the generator's buffer, byte for byte what the generator writes for the decoded item
 * token by token. Strings are escaped with the generator's own table; like a generator of bytes, each UTF-16
 * surrogate is written as a unicode escape (backslash, u, four hex digits), any other character as its UTF-8
 * bytes. A generator of text (a tree's {@code toString()}) takes {@link #getValue()}, where surrogates are
 * characters, as it writes them.
 */
final class ItemJson implements SerializableString {
    private static final int[] ESCAPES = CharTypes.get7BitOutputEscapes();
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final byte[] HEX = "0123456789ABCDEF".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] S_OPEN = ascii("{\"S\":");
    private static final byte[] N_OPEN = ascii("{\"N\":");
    private static final byte[] B_OPEN = ascii("{\"B\":");
    private static final byte[] M_OPEN = ascii("{\"M\":");
    private static final byte[] L_OPEN = ascii("{\"L\":[");
    private static final byte[] SS_OPEN = ascii("{\"SS\":[");
    private static final byte[] NS_OPEN = ascii("{\"NS\":[");
    private static final byte[] BS_OPEN = ascii("{\"BS\":[");
    private static final byte[] TRUE_VALUE = ascii("{\"BOOL\":true}");
    private static final byte[] FALSE_VALUE = ascii("{\"BOOL\":false}");
    private static final byte[] NULL_VALUE = ascii("{\"NULL\":true}");
    /** Thrown, without a stack, when the buffer may be too small: the generator then asks for an array. */
    private static final RuntimeException FULL = new RuntimeException(null, null, false, false) {
    };

    private final byte[] item;
    /** Whether every string of the item is known to need no escape ({@link #hasPlainStrings}): copied as it is. */
    private final boolean plainStrings;
    private byte[] out;
    private int position;
    /** Whether surrogates are escaped (for bytes) or kept in their UTF-8 forms (for text). */
    private boolean escapeSurrogates;

    ItemJson(byte[] item, boolean plainStrings) {
        this.item = item;
        this.plainStrings = plainStrings;
    }

    /** Whether every string of an encoded item, names included, is one {@link #string} writes as it is. */
    static boolean hasPlainStrings(byte[] item) {
        ItemCodec.Reader in = new ItemCodec.Reader(item);
        return plainObject(in, in.varint());
    }

    private static boolean plainObject(ItemCodec.Reader in, int count) {
        for (int i = 0; i < count; i++) {
            if (!plainString(in) || !plainValue(in)) {
                return false;
            }
        }
        return true;
    }

    private static boolean plainValue(ItemCodec.Reader in) {
        byte tag = in.bytes[in.position++];
        switch (tag) {
            case S, N -> {
                return plainString(in);
            }
            case B -> {
                in.skipString(); // written in base64
                return true;
            }
            case TRUE, FALSE, NULL -> {
                return true;
            }
            default -> {
                in.varint(); // the content length
                int count = in.varint();
                if (tag == M) {
                    return plainObject(in, count);
                }
                for (int i = 0; i < count; i++) {
                    if (tag == BS) {
                        in.skipString();
                    } else if (!(tag == L ? plainValue(in) : plainString(in))) {
                        return false;
                    }
                }
                return true;
            }
        }
    }

    private static boolean plainString(ItemCodec.Reader in) {
        int length = in.varint();
        int start = in.position;
        in.position += length;
        return plainRunEnd(in.bytes, start, start + length) == start + length;
    }

    private static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }

    /** Writes the JSON into {@code buffer} from {@code offset}; false when it might not fit. */
    private boolean writeTo(byte[] buffer, int offset, boolean escapeSurrogates) {
        this.escapeSurrogates = escapeSurrogates;
        out = buffer;
        position = offset;
        ItemCodec.Reader in = new ItemCodec.Reader(item);
        try {
            object(in, in.varint());
            return true;
        } catch (RuntimeException e) {
            if (e != FULL) {
                throw e;
            }
            return false;
        }
    }

    @Override
    public int appendUnquotedUTF8(byte[] buffer, int offset) {
        return writeTo(buffer, offset, true) ? position - offset : -1;
    }

    @Override
    public byte[] asUnquotedUTF8() {
        return json(true);
    }

    @Override
    public String getValue() {
        byte[] json = json(false);
        return new ItemCodec.Reader(json).string(0, json.length);
    }

    private byte[] json(boolean escapeSurrogates) {
        for (int size = 2 * item.length + 64; ; size *= 2) {
            byte[] buffer = new byte[size];
            if (writeTo(buffer, 0, escapeSurrogates)) {
                return Arrays.copyOf(buffer, position);
            }
        }
    }

    /** Makes sure {@code length} more bytes fit. */
    private void room(int length) {
        if (out.length - position < length) {
            throw FULL;
        }
    }

    private void put(byte[] bytes) {
        room(bytes.length);
        System.arraycopy(bytes, 0, out, position, bytes.length);
        position += bytes.length;
    }

    private void put(char c) {
        room(1);
        out[position++] = (byte) c;
    }

    /** The attributes (or map entries) that follow, as a JSON object. */
    private void object(ItemCodec.Reader in, int count) {
        put('{');
        for (int i = 0; i < count; i++) {
            if (i > 0) {
                put(',');
            }
            string(in);
            put(':');
            value(in);
        }
        put('}');
    }

    /** The value that follows: its type tag and its content. */
    private void value(ItemCodec.Reader in) {
        byte tag = in.bytes[in.position++];
        switch (tag) {
            case S, N -> {
                put(tag == S ? S_OPEN : N_OPEN);
                string(in);
                put('}');
            }
            case B -> {
                put(B_OPEN);
                base64(in.raw());
                put('}');
            }
            case TRUE -> put(TRUE_VALUE);
            case FALSE -> put(FALSE_VALUE);
            case NULL -> put(NULL_VALUE);
            default -> {
                in.varint(); // the content length, for skipping
                int count = in.varint();
                if (tag == M) {
                    put(M_OPEN);
                    object(in, count);
                    put('}');
                    return;
                }
                put(tag == L ? L_OPEN : tag == SS ? SS_OPEN : tag == NS ? NS_OPEN : BS_OPEN);
                for (int i = 0; i < count; i++) {
                    if (i > 0) {
                        put(',');
                    }
                    if (tag == L) {
                        value(in);
                    } else if (tag == BS) {
                        base64(in.raw());
                    } else {
                        string(in);
                    }
                }
                put(']');
                put('}');
            }
        }
    }

    private void base64(byte[] raw) {
        byte[] text = Base64.getEncoder().encode(raw);
        room(text.length + 2);
        out[position++] = '"';
        System.arraycopy(text, 0, out, position, text.length);
        position += text.length;
        out[position++] = '"';
    }

    /** The string that follows, quoted and escaped: at most 6 bytes written for each byte read. */
    private void string(ItemCodec.Reader in) {
        int length = in.varint();
        byte[] bytes = in.bytes;
        int p = in.position;
        int end = p + length;
        in.position = end;
        if (plainStrings) {
            room(length + 2);
            out[position] = '"';
            System.arraycopy(bytes, p, out, position + 1, length);
            position += length + 2;
            out[position - 1] = '"';
            return;
        }
        room(6 * length + 2);
        byte[] o = out;
        int q = position;
        o[q++] = '"';
        while (p < end) {
            // a run of bytes that need no escape (most strings are one), copied at once
            int run = p;
            p = plainRunEnd(bytes, p, end);
            System.arraycopy(bytes, run, o, q, p - run);
            q += p - run;
            if (p == end) {
                break;
            }
            int b = bytes[p];
            if (b >= 0) { // an escaped character: a two-character escape or a unicode one
                int escape = ESCAPES[b];
                if (escape > 0) {
                    o[q++] = '\\';
                    o[q++] = (byte) escape;
                } else {
                    q = unicodeEscape(b, q);
                }
                p++;
            } else if ((b & 0xF8) == 0xF0 && escapeSurrogates) { // beyond the BMP: its surrogate pair, escaped
                int cp = (b & 0x07) << 18 | (bytes[p + 1] & 0x3F) << 12 | (bytes[p + 2] & 0x3F) << 6
                        | bytes[p + 3] & 0x3F;
                q = unicodeEscape(Character.highSurrogate(cp), q);
                q = unicodeEscape(Character.lowSurrogate(cp), q);
                p += 4;
            } else if ((b & 0xF0) == 0xE0) {
                int c = (b & 0x0F) << 12 | (bytes[p + 1] & 0x3F) << 6 | bytes[p + 2] & 0x3F;
                if (Character.isSurrogate((char) c) && escapeSurrogates) { // a lone one, kept in its 3-byte form
                    q = unicodeEscape(c, q);
                } else {
                    o[q++] = bytes[p];
                    o[q++] = bytes[p + 1];
                    o[q++] = bytes[p + 2];
                }
                p += 3;
            } else {
                int width = (b & 0xF8) == 0xF0 ? 4 : 2;
                System.arraycopy(bytes, p, o, q, width);
                q += width;
                p += width;
            }
        }
        o[q++] = '"';
        position = q;
    }

    /**
     * Where the run of bytes a JSON string holds as they are, from {@code p}, ends: eight bytes at a time while
     * none of them is a control character, a quote, a backslash or part of a multi-byte character (the bytes
     * the escape table marks, tested bitwise in one long), then byte by byte.
     */
    private static int plainRunEnd(byte[] bytes, int p, int end) {
        while (end - p >= Long.BYTES) {
            long x = (long) LONGS.get(bytes, p);
            long quote = x ^ 0x2222222222222222L;
            long backslash = x ^ 0x5C5C5C5C5C5C5C5CL;
            // a high bit set in x, or in x less 0x20 in each byte, or where a byte equals the quote or backslash
            if (((x | x - 0x2020202020202020L | (quote - 0x0101010101010101L) & ~quote
                    | (backslash - 0x0101010101010101L) & ~backslash) & 0x8080808080808080L) != 0) {
                break;
            }
            p += Long.BYTES;
        }
        while (p < end && !needsAttention(bytes[p])) {
            p++;
        }
        return p;
    }

    /** Whether a byte is not one a JSON string holds as it is: an escaped character, or one of several bytes. */
    private static boolean needsAttention(byte b) {
        return b < 0 || ESCAPES[b] != 0;
    }

    private int unicodeEscape(int c, int at) {
        byte[] o = out;
        o[at] = '\\';
        o[at + 1] = 'u';
        o[at + 2] = HEX[c >> 12 & 0xF];
        o[at + 3] = HEX[c >> 8 & 0xF];
        o[at + 4] = HEX[c >> 4 & 0xF];
        o[at + 5] = HEX[c & 0xF];
        return at + 6;
    }

    // the quoted forms and the text, should anyone ask for them, are those of the JSON as a string

    private SerializedString text() {
        return new SerializedString(getValue());
    }

    @Override
    public int charLength() {
        return getValue().length();
    }

    @Override
    public char[] asQuotedChars() {
        return text().asQuotedChars();
    }

    @Override
    public byte[] asQuotedUTF8() {
        return text().asQuotedUTF8();
    }

    @Override
    public int appendQuotedUTF8(byte[] buffer, int offset) {
        return text().appendQuotedUTF8(buffer, offset);
    }

    @Override
    public int appendQuoted(char[] buffer, int offset) {
        return text().appendQuoted(buffer, offset);
    }

    @Override
    public int appendUnquoted(char[] buffer, int offset) {
        return text().appendUnquoted(buffer, offset);
    }

    @Override
    public int writeQuotedUTF8(OutputStream out) throws IOException {
        return text().writeQuotedUTF8(out);
    }

    @Override
    public int writeUnquotedUTF8(OutputStream out) throws IOException {
        byte[] json = asUnquotedUTF8();
        out.write(json);
        return json.length;
    }

    @Override
    public int putQuotedUTF8(ByteBuffer buffer) {
        return text().putQuotedUTF8(buffer);
    }

    @Override
    public int putUnquotedUTF8(ByteBuffer buffer) {
        return text().putUnquotedUTF8(buffer);
    }
}
