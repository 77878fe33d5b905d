package dev.singletable.engine.internal.storage;

import dev.singletable.engine.internal.value.Value;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Keys as byte strings whose unsigned lexicographic order is the engine's order of entries, so that the store
 * compares keys with one array comparison. A key is a sequence of components, each self-delimiting, so that a
 * shorter key sorts before every longer key it begins (the prefix of a partition, of a sort key value):
 * <ul>
 *   <li>a partition hash: 4 bytes, big-endian ({@link HashOrder#hash}), putting partitions in scan order;</li>
 *   <li>S and B: the UTF-8 or raw bytes with 0x00 written as 0x00 0xFF, then 0x00 0x00 (DynamoDB orders S by
 *       UTF-8 bytes and B as unsigned bytes);</li>
 *   <li>N: 0x02 for zero; else a sign byte (0x03 positive, 0x01 negative), the decimal exponent, and the
 *       significant digits, ended by 0x00 — for negative numbers exponent and digits are complemented and the
 *       end is 0xFF, so that larger magnitudes sort lower.</li>
 * </ul>
 */
final class KeyBytes {
    /** Numbers hold magnitudes from 1E-130 to under 1E126: exponents of 0.d1d2… × 10^e from -129 to 126. */
    private static final int EXPONENT_BIAS = 129;

    private byte[] bytes = new byte[64];
    private int length;

    KeyBytes hash(Value partitionKey) {
        long hash = HashOrder.hash(partitionKey);
        ensure(4);
        bytes[length++] = (byte) (hash >>> 24);
        bytes[length++] = (byte) (hash >>> 16);
        bytes[length++] = (byte) (hash >>> 8);
        bytes[length++] = (byte) hash;
        return this;
    }

    /** Appends a key value: S, N or B. */
    KeyBytes value(Value value) {
        if (value instanceof Value.S s) {
            string(s.value());
        } else if (value instanceof Value.B b) {
            escaped(b.bytes());
        } else if (value instanceof Value.N n) {
            number(n.value());
        } else {
            throw new IllegalArgumentException("not a key value: " + value.type());
        }
        return this;
    }

    /**
     * Appends the beginning of a string or binary key value: its bytes as {@link #value} writes them, without the
     * end mark, so that every key whose value begins with it begins with these bytes (what begins_with reads).
     */
    KeyBytes beginning(Value value) {
        if (value instanceof Value.N) {
            throw new IllegalArgumentException("a number has no beginning to read: " + value);
        }
        value(value);
        length -= 2;
        return this;
    }

    byte[] toArray() {
        return Arrays.copyOf(bytes, length);
    }

    /** A string's UTF-8 bytes, escaped; an ASCII string is copied char by char without encoding it first. */
    private void string(String s) {
        ensure(s.length() * 2 + 2);
        int start = length;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c >= 0x80) {
                length = start;
                escaped(s.getBytes(StandardCharsets.UTF_8));
                return;
            }
            bytes[length++] = (byte) c;
            if (c == 0) {
                bytes[length++] = (byte) 0xFF;
            }
        }
        bytes[length++] = 0;
        bytes[length++] = 0;
    }

    private void escaped(byte[] content) {
        ensure(content.length * 2 + 2);
        for (byte b : content) {
            bytes[length++] = b;
            if (b == 0) {
                bytes[length++] = (byte) 0xFF;
            }
        }
        bytes[length++] = 0;
        bytes[length++] = 0;
    }

    private void number(BigDecimal n) {
        if (n.signum() == 0) {
            ensure(1);
            bytes[length++] = 0x02;
            return;
        }
        String digits = n.unscaledValue().abs().toString();
        int exponent = digits.length() - n.scale() + EXPONENT_BIAS;
        boolean negative = n.signum() < 0;
        int flip = negative ? 0xFF : 0;
        ensure(digits.length() + 3);
        bytes[length++] = (byte) (negative ? 0x01 : 0x03);
        bytes[length++] = (byte) (exponent ^ flip);
        for (int i = 0; i < digits.length(); i++) {
            bytes[length++] = (byte) (digits.charAt(i) ^ flip);
        }
        bytes[length++] = (byte) flip;
    }

    private void ensure(int more) {
        if (length + more > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, length + more));
        }
    }

    /**
     * The smallest byte string above every string that begins with {@code prefix}, or null when there is none:
     * an exclusive upper bound for a prefix, or an exclusive lower bound past it.
     */
    static byte[] prefixEnd(byte[] prefix) {
        int last = prefix.length - 1;
        while (last >= 0 && prefix[last] == (byte) 0xFF) {
            last--;
        }
        if (last < 0) {
            return null;
        }
        byte[] end = Arrays.copyOf(prefix, last + 1);
        end[last]++;
        return end;
    }

    /** The hash as the 4 bytes that start every key of a partition with that hash. */
    static byte[] ofHash(long hash) {
        return new byte[] {(byte) (hash >>> 24), (byte) (hash >>> 16), (byte) (hash >>> 8), (byte) hash};
    }

    /**
     * A key's first 4 bytes (from {@code start}; a partition hash, in a whole key) as an int, zero-padded, to
     * compare unsigned: keys whose prefixes differ compare as their prefixes do, so only keys with equal prefixes
     * need {@link #compare}.
     */
    static int prefix(byte[] key, int start) {
        int prefix = 0;
        for (int i = start; i < start + 4; i++) {
            prefix = prefix << 8 | (i < key.length ? key[i] & 0xFF : 0);
        }
        return prefix;
    }

    static int compare(byte[] a, byte[] b) {
        return Arrays.compareUnsigned(a, b);
    }

    /** The keys that end {@code a} from {@code aStart} and {@code b} from {@code bStart}, compared. */
    static int compare(byte[] a, int aStart, byte[] b, int bStart) {
        return Arrays.compareUnsigned(a, aStart, a.length, b, bStart, b.length);
    }
}
