package dev.singletable.assertions.internal;

import java.math.BigDecimal;
import java.util.Base64;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Java values as DynamoDB attribute values, compared the way DynamoDB compares them (numbers by value, sets
 * without order) and displayed the way people read them.
 */
public final class Values {

    private Values() {
    }

    /**
     * Converts a Java value: String→S, Number→N, Boolean→BOOL, null→NULL, byte[]/SdkBytes→B, a set of strings,
     * numbers or binaries→SS/NS/BS, List→L, Map→M; an {@link AttributeValue} stays as it is.
     *
     * @param value the Java value
     * @return the attribute value
     * @throws IllegalArgumentException for any other type, or a set mixing types
     */
    public static AttributeValue of(Object value) {
        if (value == null) {
            return AttributeValue.fromNul(true);
        }
        if (value instanceof AttributeValue attribute) {
            return attribute;
        }
        if (value instanceof CharSequence text) {
            return AttributeValue.fromS(text.toString());
        }
        if (value instanceof BigDecimal decimal) {
            return AttributeValue.fromN(decimal.toPlainString());
        }
        if (value instanceof Number number) {
            return AttributeValue.fromN(number.toString());
        }
        if (value instanceof Boolean bool) {
            return AttributeValue.fromBool(bool);
        }
        if (value instanceof byte[] bytes) {
            return AttributeValue.fromB(SdkBytes.fromByteArray(bytes));
        }
        if (value instanceof SdkBytes bytes) {
            return AttributeValue.fromB(bytes);
        }
        if (value instanceof Set<?> set) {
            return ofSet(set);
        }
        if (value instanceof List<?> list) {
            return AttributeValue.fromL(list.stream().map(Values::of).toList());
        }
        if (value instanceof Map<?, ?> map) {
            Map<String, AttributeValue> members = new LinkedHashMap<>();
            map.forEach((k, v) -> members.put(String.valueOf(k), of(v)));
            return AttributeValue.fromM(members);
        }
        throw new IllegalArgumentException("cannot compare a " + value.getClass().getName()
                + " with a DynamoDB value; use a String, Number, Boolean, byte[], SdkBytes, Set, List, Map or null");
    }

    private static AttributeValue ofSet(Set<?> set) {
        if (!set.isEmpty() && set.stream().allMatch(CharSequence.class::isInstance)) {
            return AttributeValue.fromSs(set.stream().map(Object::toString).toList());
        }
        if (!set.isEmpty() && set.stream().allMatch(Number.class::isInstance)) {
            return AttributeValue.fromNs(set.stream().map(n -> of(n).n()).toList());
        }
        if (!set.isEmpty() && set.stream().allMatch(e -> e instanceof byte[] || e instanceof SdkBytes)) {
            return AttributeValue.fromBs(set.stream().map(e -> of(e).b()).toList());
        }
        throw new IllegalArgumentException("a set compared with a DynamoDB set must hold only strings, only numbers"
                + " or only binaries, and at least one element; got " + set);
    }

    /**
     * @param a an attribute value
     * @param b another
     * @return {@code true} when DynamoDB would consider them equal: same type, numbers equal by value, sets equal
     *         regardless of order
     */
    public static boolean same(AttributeValue a, AttributeValue b) {
        return canonical(a).equals(canonical(b));
    }

    /**
     * A text equal for equal values and different for different ones: numbers normalised, sets sorted.
     *
     * @param value an attribute value
     * @return its canonical text
     */
    public static String canonical(AttributeValue value) {
        return switch (value.type()) {
            case S -> "S:" + quoted(value.s());
            case N -> "N:" + number(value.n());
            case B -> "B:" + base64(value.b());
            case BOOL -> "BOOL:" + value.bool();
            case NUL -> "NULL";
            case SS -> "SS:" + new TreeSet<>(value.ss().stream().map(Values::quoted).toList());
            case NS -> "NS:" + new TreeSet<>(value.ns().stream().map(Values::number).toList());
            case BS -> "BS:" + new TreeSet<>(value.bs().stream().map(Values::base64).toList());
            case L -> "L:" + value.l().stream().map(Values::canonical).toList();
            case M -> "M:" + value.m().entrySet().stream()
                    .collect(Collectors.toMap(e -> e.getKey(), e -> canonical(e.getValue()), (x, y) -> x,
                            java.util.TreeMap::new));
            default -> "?" + value;
        };
    }

    /**
     * How messages show a value: strings in double quotes, numbers as written, binaries in base64, sets in
     * angle brackets (DynamoDB's own notation), lists and maps in JSON style.
     *
     * @param value an attribute value, or {@code null} for an absent one
     * @return the display text
     */
    public static String display(AttributeValue value) {
        if (value == null) {
            return "(absent)";
        }
        return switch (value.type()) {
            case S -> quoted(value.s());
            case N -> value.n();
            case B -> "b\"" + base64(value.b()) + "\"";
            case BOOL -> value.bool().toString();
            case NUL -> "null";
            case SS -> set(value.ss().stream().map(Values::quoted).toList());
            case NS -> set(value.ns());
            case BS -> set(value.bs().stream().map(b -> "b\"" + base64(b) + "\"").toList());
            case L -> value.l().stream().map(Values::display).collect(Collectors.joining(", ", "[", "]"));
            case M -> value.m().entrySet().stream().map(e -> e.getKey() + ": " + display(e.getValue()))
                    .collect(Collectors.joining(", ", "{", "}"));
            default -> value.toString();
        };
    }

    /**
     * @param item an item
     * @return the item on one line, attributes in their order: {@code {PK: "CUSTOMER#42", total: 39.90}}
     */
    public static String display(Map<String, AttributeValue> item) {
        return item.entrySet().stream().map(e -> e.getKey() + ": " + display(e.getValue()))
                .collect(Collectors.joining(", ", "{", "}"));
    }

    /**
     * @param value an attribute value
     * @return its DynamoDB type name: S, N, B, BOOL, NULL, SS, NS, BS, L or M
     */
    public static String typeName(AttributeValue value) {
        return value.type() == AttributeValue.Type.NUL ? "NULL" : value.type().name();
    }

    /**
     * @param value a key value (S, N or B)
     * @return the value as a key condition's parameter reads: strings and numbers bare, binaries in base64
     */
    public static String keyText(AttributeValue value) {
        return switch (value.type()) {
            case S -> value.s();
            case N -> value.n();
            case B -> base64(value.b());
            default -> display(value);
        };
    }

    private static String set(Collection<String> elements) {
        return elements.stream().collect(Collectors.joining(", ", "<<", ">>"));
    }

    private static String quoted(String text) {
        return "\"" + text + "\"";
    }

    private static String number(String text) {
        BigDecimal value = new BigDecimal(text);
        return value.signum() == 0 ? "0" : value.stripTrailingZeros().toPlainString();
    }

    private static String base64(SdkBytes bytes) {
        return Base64.getEncoder().encodeToString(bytes.asByteArray());
    }
}
