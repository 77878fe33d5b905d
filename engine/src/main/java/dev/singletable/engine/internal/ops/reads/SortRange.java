package dev.singletable.engine.internal.ops.reads;

import dev.singletable.engine.internal.DynamoException;
import dev.singletable.engine.internal.expr.SortCondition;
import dev.singletable.engine.internal.storage.CompositeKey;
import dev.singletable.engine.internal.storage.IndexEntryKey;
import dev.singletable.engine.internal.value.Value;
import dev.singletable.engine.internal.value.ValueJson;
import dev.singletable.engine.internal.value.ValueOrder;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.NavigableMap;

/**
 * A sort key condition as a key range, so that a Query reads only the entries it returns and costs what it
 * reads, never the partition: sub, head and tail maps of the sorted partition. A null bound is open.
 */
record SortRange(Value low, boolean lowInclusive, Value high, boolean highInclusive) {
    private static final SortRange ALL = new SortRange(null, false, null, false);
    /**
     * Below the gap between a stored number and the next one: numbers hold at most 38 significant digits and
     * are at least 1E-130 in magnitude, so two stored numbers differ by at least 1E-167.
     */
    private static final BigDecimal BELOW_NUMBER_GAP = new BigDecimal("1E-200");

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
            case BETWEEN -> new SortRange(new Value.B(with(prefix, last.value())), true,
                    binary(CompositeKey.prefixEnd(with(prefix, last.upper()))), false);
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
        if (ValueOrder.compare(lower, upper) > 0) {
            throw DynamoException.validation("Invalid KeyConditionExpression: The BETWEEN operator requires upper "
                    + "bound to be greater than or equal to lower bound; lower bound operand: AttributeValue: "
                    + ValueJson.describe(lower) + ", upper bound operand: AttributeValue: "
                    + ValueJson.describe(upper));
        }
        return new SortRange(lower, true, upper, true);
    }

    /** The entries of a table partition (keyed by sort key) in this range. */
    <T> NavigableMap<Value, T> of(NavigableMap<Value, T> partition) {
        if (low != null && high != null) {
            return partition.subMap(low, lowInclusive, high, highInclusive);
        } else if (low != null) {
            return partition.tailMap(low, lowInclusive);
        } else if (high != null) {
            return partition.headMap(high, highInclusive);
        }
        return partition;
    }

    /**
     * The entries of an index partition in this range. Entries are ordered by index sort key, then table key,
     * so each bound becomes the position before the first entry of a sort key value: {@code > v} starts before
     * the first entry of v's successor.
     */
    <T> NavigableMap<IndexEntryKey, T> ofIndex(NavigableMap<IndexEntryKey, T> partition) {
        IndexEntryKey from = low == null ? null : IndexEntryKey.first(lowInclusive ? low : successor(low));
        IndexEntryKey to = high == null ? null : IndexEntryKey.first(highInclusive ? successor(high) : high);
        if (from != null && to != null) {
            return partition.subMap(from, true, to, false);
        } else if (from != null) {
            return partition.tailMap(from, true);
        } else if (to != null) {
            return partition.headMap(to, false);
        }
        return partition;
    }

    /** The smallest value above v that a key can hold (or, for numbers, a value below any stored one above v). */
    private static Value successor(Value v) {
        if (v instanceof Value.S s) {
            return new Value.S(s.value() + '\0');
        } else if (v instanceof Value.B b) {
            return new Value.B(Arrays.copyOf(b.bytes(), b.bytes().length + 1));
        }
        return new Value.N(((Value.N) v).value().add(BELOW_NUMBER_GAP));
    }

    /** The smallest value above every value that begins with the prefix, or null when there is none. */
    private static Value prefixEnd(Value prefix) {
        if (prefix instanceof Value.S s) {
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
