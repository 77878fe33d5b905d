package dev.singletable.cli;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.math.BigDecimal;
import java.util.Arrays;
import java.util.Base64;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Attribute values as people read them, and in the order DynamoDB sorts keys. */
final class Values {
    /** DynamoDB's sort key order: numbers by value, strings and binaries by their unsigned bytes. */
    static final Comparator<AttributeValue> KEY_ORDER = Values::compareKeys;

    private Values() {
    }

    /** A compact text: strings and numbers as they are, binaries in base64, documents in JSON-like form. */
    static String display(AttributeValue value) {
        return switch (value.type()) {
            case S -> value.s();
            case N -> value.n();
            case B -> base64(value.b());
            case BOOL -> value.bool().toString();
            case NUL -> "null";
            case SS -> value.ss().stream().collect(Collectors.joining(", ", "<<", ">>"));
            case NS -> value.ns().stream().collect(Collectors.joining(", ", "<<", ">>"));
            case BS -> value.bs().stream().map(Values::base64).collect(Collectors.joining(", ", "<<", ">>"));
            case L -> value.l().stream().map(Values::display).collect(Collectors.joining(", ", "[", "]"));
            case M -> value.m().entrySet().stream().map(e -> e.getKey() + ": " + display(e.getValue()))
                    .collect(Collectors.joining(", ", "{", "}"));
            case UNKNOWN_TO_SDK_VERSION -> "?";
        };
    }

    private static String base64(SdkBytes bytes) {
        return Base64.getEncoder().encodeToString(bytes.asByteArrayUnsafe());
    }

    /** The named attributes of an item, in the order named; absent ones are left out. */
    static Map<String, AttributeValue> project(Map<String, AttributeValue> item, List<String> names) {
        Map<String, AttributeValue> key = new LinkedHashMap<>();
        names.stream().filter(item::containsKey).forEach(name -> key.put(name, item.get(name)));
        return key;
    }

    /** A key as {@code PK=CUSTOMER#42 SK=ORDER#1}. */
    static String keyText(Map<String, AttributeValue> key) {
        return key.entrySet().stream().map(e -> e.getKey() + "=" + display(e.getValue()))
                .collect(Collectors.joining(" "));
    }

    private static int compareKeys(AttributeValue a, AttributeValue b) {
        if (a.type() != b.type()) {
            return a.type().compareTo(b.type());
        }
        return switch (a.type()) {
            case N -> new BigDecimal(a.n()).compareTo(new BigDecimal(b.n()));
            case S -> Arrays.compareUnsigned(a.s().getBytes(UTF_8),
                    b.s().getBytes(UTF_8));
            case B -> Arrays.compareUnsigned(a.b().asByteArrayUnsafe(), b.b().asByteArrayUnsafe());
            default -> display(a).compareTo(display(b));
        };
    }
}
