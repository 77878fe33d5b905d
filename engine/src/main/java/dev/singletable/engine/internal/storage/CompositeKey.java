package dev.singletable.engine.internal.storage;

import dev.singletable.engine.internal.value.Value;
import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * The key of a global index side made of several attributes, as one binary value whose unsigned byte order is
 * DynamoDB's order of such keys: by the first attribute's value, then the next one's, each by its type's rules.
 * Each value is written self-delimiting, so that a shorter key sorts before every longer key it begins (the
 * entries whose leading sort attributes have given values form one range):
 * <ul>
 *   <li>S and B: the UTF-8 or raw bytes with 0x00 written as 0x00 0xFF, then 0x00 0x00 (S orders by UTF-8
 *       bytes, B as unsigned bytes);</li>
 *   <li>N: 0x02 for zero; else a sign byte (0x03 positive, 0x01 negative), the biased decimal exponent and the
 *       significant digits, ended by 0x00 — complemented, and ended by 0xFF, for negative numbers, so that larger
 *       magnitudes sort lower.</li>
 * </ul>
 */
public final class CompositeKey {
    /** Numbers hold magnitudes from 1E-130 to under 1E126: exponents of 0.d1d2… × 10^e from -129 to 126. */
    private static final int EXPONENT_BIAS = 129;

    private CompositeKey() {
    }

    /** The key made of these values, in key order. */
    public static Value.B of(List<Value> values) {
        return new Value.B(bytes(values));
    }

    /** The bytes every key whose leading values are these begins with. */
    public static byte[] bytes(List<Value> values) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        values.forEach(value -> write(out, value));
        return out.toByteArray();
    }

    /**
     * The bytes every key begins with whose leading values are {@code values} and whose next value, a string or a
     * binary, begins with {@code prefix}: what {@code begins_with} on that attribute reads.
     */
    public static byte[] beginningWith(List<Value> values, Value prefix) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        values.forEach(value -> write(out, value));
        escaped(out, content(prefix));
        return out.toByteArray();
    }

    /**
     * The smallest byte string above every string that begins with {@code prefix}, or null when there is none:
     * an exclusive upper bound for a prefix, or an inclusive lower bound past it.
     */
    public static byte[] prefixEnd(byte[] prefix) {
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

    private static void write(ByteArrayOutputStream out, Value value) {
        if (value instanceof Value.N n) {
            number(out, n.value());
        } else {
            escaped(out, content(value));
            out.write(0);
            out.write(0);
        }
    }

    private static byte[] content(Value value) {
        if (value instanceof Value.S s) {
            return s.value().getBytes(StandardCharsets.UTF_8);
        } else if (value instanceof Value.B b) {
            return b.bytes();
        }
        throw new IllegalArgumentException("not a string or binary key value: " + value.type());
    }

    private static void escaped(ByteArrayOutputStream out, byte[] content) {
        for (byte b : content) {
            out.write(b);
            if (b == 0) {
                out.write(0xFF);
            }
        }
    }

    private static void number(ByteArrayOutputStream out, BigDecimal n) {
        if (n.signum() == 0) {
            out.write(0x02);
            return;
        }
        String digits = n.unscaledValue().abs().toString();
        int exponent = digits.length() - n.scale() + EXPONENT_BIAS;
        int flip = n.signum() < 0 ? 0xFF : 0;
        out.write(n.signum() < 0 ? 0x01 : 0x03);
        out.write(exponent ^ flip);
        for (int i = 0; i < digits.length(); i++) {
            out.write(digits.charAt(i) ^ flip);
        }
        out.write(flip);
    }
}
