package dev.singletable.engine.internal.value;

import java.util.Arrays;
import java.util.Comparator;

/**
 * DynamoDB's order of scalar values: S by UTF-8 bytes (not UTF-16 units, which differ for supplementary
 * characters), N numerically, B as unsigned bytes.
 */
public final class ValueOrder {
    /** Orders key values of one type; values of different types order by type tag so the order is total. */
    public static final Comparator<Value> KEY_ORDER = ValueOrder::compareKeys;

    private ValueOrder() {
    }

    /** Whether two values are both S, both N or both B, so that they can be ordered. */
    public static boolean comparable(Value a, Value b) {
        return a.isScalarKeyType() && a.getClass() == b.getClass();
    }

    /** Compares two values of one scalar type (S, N or B). */
    public static int compare(Value a, Value b) {
        if (a instanceof Value.S x && b instanceof Value.S y) {
            return compareUtf8(x.value(), y.value());
        } else if (a instanceof Value.N x && b instanceof Value.N y) {
            return x.value().compareTo(y.value());
        } else if (a instanceof Value.B x && b instanceof Value.B y) {
            return Arrays.compareUnsigned(x.bytes(), y.bytes());
        }
        throw new IllegalArgumentException("not comparable: " + a.type() + " and " + b.type());
    }

    private static int compareKeys(Value a, Value b) {
        if (comparable(a, b)) {
            return compare(a, b);
        }
        return a.type().compareTo(b.type());
    }

    /** Compares strings by their UTF-8 encoding without encoding them. */
    public static int compareUtf8(String a, String b) {
        int n = Math.min(a.length(), b.length());
        for (int i = 0; i < n; i++) {
            char x = a.charAt(i);
            char y = b.charAt(i);
            if (x != y) {
                // UTF-8 byte order equals code point order; UTF-16 differs only when a surrogate meets U+E000..U+FFFF
                if (Character.isSurrogate(x) != Character.isSurrogate(y)) {
                    return Character.isSurrogate(x) ? 1 : -1;
                }
                return Character.compare(x, y);
            }
        }
        return Integer.compare(a.length(), b.length());
    }
}
