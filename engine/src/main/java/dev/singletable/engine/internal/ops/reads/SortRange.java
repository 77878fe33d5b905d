package dev.singletable.engine.internal.ops.reads;

import dev.singletable.engine.internal.DynamoException;
import dev.singletable.engine.internal.expr.SortCondition;
import dev.singletable.engine.internal.storage.CompositeKey;
import dev.singletable.engine.internal.value.Value;
import dev.singletable.engine.internal.value.ValueJson;
import dev.singletable.engine.internal.value.ValueOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A sort key condition as a key range, so that a Query reads only the entries it returns and costs what it
 * reads, never the partition: the store seeks to the range's first entry. A null bound is open.
 */
record SortRange(Value low, boolean lowInclusive, Value high, boolean highInclusive) {
    private static final SortRange ALL = new SortRange(null, false, null, false);

    /** The range a sort condition selects; the whole partition when there is none. */
    static SortRange of(SortCondition condition) {
        if (condition == null) {
            return ALL;
        }
        Value v = condition.value();
        return switch (condition.op()) {
            case EQ -> new SortRange(v, true, v, true);
            case LT -> new SortRange(null, false, v, false);
            case LE -> new SortRange(null, false, v, true);
            case GT -> new SortRange(v, false, null, false);
            case GE -> new SortRange(v, true, null, false);
            case BETWEEN -> between(v, condition.upper());
            case BEGINS_WITH -> new SortRange(v, true, prefixEnd(v), false);
        };
    }

    /**
     * The range of an index sort key made of several attributes, held as one {@link CompositeKey}: the entries
     * whose leading sort attributes equal {@code prefix} and whose next one meets {@code last} (null: every entry
     * of the partition). Each bound is a prefix of the keys it admits, or the first key past them.
     */
    static SortRange ofComposite(List<Value> prefix, SortCondition last) {
        if (last == null) {
            return ALL;
        }
        byte[] base = CompositeKey.bytes(prefix);
        Value from = prefix.isEmpty() ? null : new Value.B(base);
        Value to = prefix.isEmpty() ? null : binary(CompositeKey.prefixEnd(base));
        return switch (last.op()) {
            case EQ -> startingWith(with(prefix, last.value()));
            case LT -> new SortRange(from, true, new Value.B(with(prefix, last.value())), false);
            case LE -> new SortRange(from, true, binary(CompositeKey.prefixEnd(with(prefix, last.value()))), false);
            case GT -> new SortRange(binary(CompositeKey.prefixEnd(with(prefix, last.value()))), true, to, false);
            case GE -> new SortRange(new Value.B(with(prefix, last.value())), true, to, false);
            case BETWEEN -> {
                checkBetween(last.value(), last.upper());
                yield new SortRange(new Value.B(with(prefix, last.value())), true,
                        binary(CompositeKey.prefixEnd(with(prefix, last.upper()))), false);
            }
            case BEGINS_WITH -> startingWith(CompositeKey.beginningWith(prefix, last.value()));
        };
    }

    /** The keys that begin with these bytes. */
    private static SortRange startingWith(byte[] bytes) {
        return new SortRange(new Value.B(bytes), true, binary(CompositeKey.prefixEnd(bytes)), false);
    }

    private static byte[] with(List<Value> prefix, Value next) {
        List<Value> values = new ArrayList<>(prefix);
        values.add(next);
        return CompositeKey.bytes(values);
    }

    /** A bound as a value, null (open) when there is none. */
    private static Value binary(byte[] bytes) {
        return bytes == null ? null : new Value.B(bytes);
    }

    /** Bounds the wrong way round are refused, as DynamoDB refuses them. */
    private static SortRange between(Value lower, Value upper) {
        checkBetween(lower, upper);
        return new SortRange(lower, true, upper, true);
    }

    private static void checkBetween(Value lower, Value upper) {
        if (ValueOrder.compare(lower, upper) > 0) {
            throw DynamoException.validation("Invalid KeyConditionExpression: The BETWEEN operator requires upper "
                    + "bound to be greater than or equal to lower bound; lower bound operand: AttributeValue: "
                    + ValueJson.describe(lower) + ", upper bound operand: AttributeValue: "
                    + ValueJson.describe(upper));
        }
    }

    /** The smallest value above every value that begins with the prefix, or null when there is none. */
    private static Value prefixEnd(Value prefix) {
        if (prefix instanceof Value.S s) {
            String text = s.value();
            char last = text.isEmpty() ? Character.MAX_VALUE : text.charAt(text.length() - 1);
            if (last < Character.MAX_VALUE && !Character.isSurrogate(last)) {
                // the common case, a prefix ending in a character of the basic plane: that character plus one
                return new Value.S(text.substring(0, text.length() - 1)
                        + (char) (last + 1 == Character.MIN_SURROGATE ? Character.MAX_SURROGATE + 1 : last + 1));
            }
            int[] codePoints = s.value().codePoints().toArray();
            for (int i = codePoints.length - 1; i >= 0; i--) {
                if (codePoints[i] < Character.MAX_CODE_POINT) {
                    int next = codePoints[i] + 1;
                    codePoints[i] = next == Character.MIN_SURROGATE ? Character.MAX_SURROGATE + 1 : next;
                    return new Value.S(new String(codePoints, 0, i + 1));
                }
            }
            return null;
        }
        byte[] bytes = ((Value.B) prefix).bytes();
        for (int i = bytes.length - 1; i >= 0; i--) {
            if (bytes[i] != (byte) 0xFF) {
                byte[] end = Arrays.copyOf(bytes, i + 1);
                end[i]++;
                return new Value.B(end);
            }
        }
        return null;
    }
}
