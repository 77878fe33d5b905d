package dev.singletable.engine.internal.value;

import dev.singletable.engine.internal.DynamoException;
import java.math.BigDecimal;
import java.util.regex.Pattern;

/** DynamoDB's number rules: the syntax it accepts, 38 significant digits, and its magnitude range. */
public final class Numbers {
    private static final Pattern SYNTAX = Pattern.compile("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?");
    private static final BigDecimal MAX_EXCLUSIVE = new BigDecimal("1E126");
    private static final BigDecimal MIN_MAGNITUDE = new BigDecimal("1E-130");

    private Numbers() {
    }

    /** Parses a number as DynamoDB does, refusing with DynamoDB's messages what it refuses. */
    public static BigDecimal parse(String text) {
        if (isSmallInteger(text)) { // the common case, without the pattern; 18 digits are always in range
            long value = Long.parseLong(text);
            return value == 0 ? BigDecimal.ZERO : BigDecimal.valueOf(value).stripTrailingZeros();
        }
        if (text == null || text.length() > 1000 || !SYNTAX.matcher(text).matches()) {
            throw DynamoException.validation("The parameter cannot be converted to a numeric value: " + text);
        }
        BigDecimal value;
        try {
            value = new BigDecimal(text);
        } catch (NumberFormatException e) {
            throw DynamoException.validation("The parameter cannot be converted to a numeric value: " + text);
        }
        return checkRange(value);
    }

    /** Up to 18 digits with an optional sign: a long, and valid syntax. */
    private static boolean isSmallInteger(String text) {
        if (text == null || text.isEmpty() || text.length() > 18) {
            return false;
        }
        int first = text.charAt(0) == '-' || text.charAt(0) == '+' ? 1 : 0;
        if (first == text.length()) {
            return false;
        }
        for (int i = first; i < text.length(); i++) {
            if (text.charAt(i) < '0' || text.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }

    /** Checks precision and magnitude, as after arithmetic in an update expression. */
    public static BigDecimal checkRange(BigDecimal value) {
        if (value.signum() == 0) {
            int exponent = -value.scale();
            if (exponent > 125) {
                throw overflow();
            }
            if (exponent < -130) {
                throw underflow();
            }
            return BigDecimal.ZERO;
        }
        BigDecimal stripped = value.stripTrailingZeros();
        BigDecimal magnitude = stripped.abs();
        if (magnitude.compareTo(MAX_EXCLUSIVE) >= 0) {
            throw overflow();
        }
        if (magnitude.compareTo(MIN_MAGNITUDE) < 0) {
            throw underflow();
        }
        if (stripped.precision() > 38) {
            throw DynamoException.validation("Attempting to store more than 38 significant digits in a Number");
        }
        return stripped;
    }

    private static DynamoException overflow() {
        return DynamoException.validation(
                "Number overflow. Attempting to store a number with magnitude larger than supported range");
    }

    private static DynamoException underflow() {
        return DynamoException.validation(
                "Number underflow. Attempting to store a number with magnitude smaller than supported range");
    }

    /**
     * The storage size ({@link #size}) of a number written as its canonical text ({@link Value.N#text}) of an
     * integer of up to 18 digits, or 0 when the text is not one: what reading such a number gives, worked out
     * from its digits, for the common case of engine.load.
     */
    static int canonicalIntegerSize(String text) {
        int first = !text.isEmpty() && text.charAt(0) == '-' ? 1 : 0;
        int digits = text.length() - first;
        if (digits == 0 || digits > 18 || text.charAt(first) == '0' && (digits > 1 || first == 1)) {
            return 0; // empty, too long, or a leading zero (and "-0"), which the canonical text has not
        }
        int trailingZeros = 0;
        for (int i = text.length() - 1; i >= first; i--) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                return 0;
            }
            if (c == '0' && trailingZeros == text.length() - 1 - i) {
                trailingZeros++;
            }
        }
        if (digits == 1 && trailingZeros == 1) {
            return 1; // zero
        }
        // as size(): the first digit's exponent is digits - 1, the precision the digits before the trailing zeros
        int padded = digits - trailingZeros + ((digits - 1) % 2 == 0 ? 1 : 0);
        return 1 + (padded + 1) / 2 + first;
    }

    /**
     * Storage size of a number, normalised as {@link Value.N} keeps it (no trailing zeros): DynamoDB keeps
     * base-100 digit pairs, one byte of exponent, and one more byte for negative numbers.
     */
    static int size(BigDecimal n) {
        if (n.signum() == 0) {
            return 1;
        }
        int digits = n.precision();
        // the decimal exponent of the first digit; pairs align on even powers of ten
        int firstDigitExponent = digits - n.scale() - 1;
        int padded = digits + (Math.floorMod(firstDigitExponent, 2) == 0 ? 1 : 0);
        int pairs = (padded + 1) / 2;
        return 1 + pairs + (n.signum() < 0 ? 1 : 0);
    }
}
