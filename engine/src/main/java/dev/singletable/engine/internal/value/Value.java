package dev.singletable.engine.internal.value;

import java.math.BigDecimal;
import java.util.Arrays;
import java.util.Base64;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A DynamoDB attribute value. Immutable; numbers are kept normalised so that {@code 1.0} equals {@code 1},
 * and binary values compare by content, so records' equality is DynamoDB's equality (sets ignore order).
 */
public sealed interface Value {

    /** The DynamoDB type tag: S, N, B, BOOL, NULL, L, M, SS, NS, BS. */
    String type();

    /**
     * Its {@code equals} and {@code hashCode} are written out: a record's generated ones bootstrap through
     * {@code ObjectMethods}, which a cold JVM's first test class would pay for on the items it seeds.
     */
    record S(String value) implements Value {
        public String type() {
            return "S";
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof S s && value.equals(s.value);
        }

        @Override
        public int hashCode() {
            return value.hashCode();
        }
    }

    /** A number, normalised (no trailing zeros) so that equal numbers are equal records. */
    record N(BigDecimal value) implements Value {
        public N {
            value = value.signum() == 0 ? BigDecimal.ZERO : value.stripTrailingZeros();
        }

        public static N of(String text) {
            return new N(Numbers.parse(text));
        }

        public static N of(long value) {
            return new N(BigDecimal.valueOf(value));
        }

        /** The canonical text DynamoDB returns: no exponent, no trailing zeros. */
        public String text() {
            return value.toPlainString();
        }

        public String type() {
            return "N";
        }
    }

    /** Raw bytes, compared by content. The array is never mutated. */
    record B(byte[] bytes) implements Value {
        public String type() {
            return "B";
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof B other && Arrays.equals(bytes, other.bytes);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(bytes);
        }

        @Override
        public String toString() {
            return "B[" + Base64.getEncoder().encodeToString(bytes) + "]";
        }
    }

    record Bool(boolean value) implements Value {
        public String type() {
            return "BOOL";
        }
    }

    /** The NULL type; its only value is {@code true}. */
    record Null() implements Value {
        public static final Null INSTANCE = new Null();

        public String type() {
            return "NULL";
        }
    }

    record L(List<Value> values) implements Value {
        public L {
            values = List.copyOf(values);
        }

        public String type() {
            return "L";
        }
    }

    /** A map; keeps the order of its entries (for output), equality ignores it. */
    record M(Map<String, Value> values) implements Value {
        public M {
            values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
        }

        public String type() {
            return "M";
        }
    }

    record SS(Set<String> values) implements Value {
        public SS {
            values = Collections.unmodifiableSet(new LinkedHashSet<>(values));
        }

        public String type() {
            return "SS";
        }
    }

    record NS(Set<N> values) implements Value {
        public NS {
            values = Collections.unmodifiableSet(new LinkedHashSet<>(values));
        }

        public String type() {
            return "NS";
        }
    }

    record BS(Set<B> values) implements Value {
        public BS {
            values = Collections.unmodifiableSet(new LinkedHashSet<>(values));
        }

        public String type() {
            return "BS";
        }
    }

    /** Whether this value is a set type (SS, NS, BS). */
    default boolean isSet() {
        return this instanceof SS || this instanceof NS || this instanceof BS;
    }

    /** Whether this value can be a key: S, N or B. */
    default boolean isScalarKeyType() {
        return this instanceof S || this instanceof N || this instanceof B;
    }
}
