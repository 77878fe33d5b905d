package dev.singletable.assertions.internal;

import static org.assertj.core.api.BDDAssertions.then;
import static org.assertj.core.api.BDDAssertions.thenThrownBy;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class ValuesTest {

    @Test
    void converts_java_values_to_their_dynamodb_types() {
        then(Values.of("a")).isEqualTo(AttributeValue.fromS("a"));
        then(Values.of(1.5)).isEqualTo(AttributeValue.fromN("1.5"));
        then(Values.of(true)).isEqualTo(AttributeValue.fromBool(true));
        then(Values.of(null)).isEqualTo(AttributeValue.fromNul(true));
        then(Values.of(new byte[] {1})).isEqualTo(AttributeValue.fromB(SdkBytes.fromByteArray(new byte[] {1})));
        then(Values.of(Set.of("a"))).isEqualTo(AttributeValue.fromSs(List.of("a")));
        then(Values.of(Set.of(2))).isEqualTo(AttributeValue.fromNs(List.of("2")));
        then(Values.of(List.of("a", 1))).isEqualTo(AttributeValue.fromL(List.of(AttributeValue.fromS("a"),
                AttributeValue.fromN("1"))));
        then(Values.of(Map.of("k", "v"))).isEqualTo(AttributeValue.fromM(Map.of("k", AttributeValue.fromS("v"))));
    }

    @Test
    void refuses_what_has_no_dynamodb_type() {
        thenThrownBy(() -> Values.of(new Object())).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("cannot compare a java.lang.Object with a DynamoDB value; use a String, Number, Boolean,"
                        + " byte[], SdkBytes, Set, List, Map or null");
        thenThrownBy(() -> Values.of(Set.of("a", 1))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("a set compared with a DynamoDB set must hold only strings, only numbers or"
                        + " only binaries, and at least one element; got ");
    }

    @Test
    void compares_numbers_by_value_and_sets_without_order() {
        then(Values.same(AttributeValue.fromN("1.0"), AttributeValue.fromN("1"))).isTrue();
        then(Values.same(AttributeValue.fromN("0.00"), AttributeValue.fromN("-0"))).isTrue();
        then(Values.same(AttributeValue.fromNs(List.of("1", "2.0")), AttributeValue.fromNs(List.of("2", "1"))))
                .isTrue();
        then(Values.same(AttributeValue.fromSs(List.of("a", "b")), AttributeValue.fromSs(List.of("b", "a"))))
                .isTrue();
        then(Values.same(AttributeValue.fromS("1"), AttributeValue.fromN("1"))).isFalse();
        then(Values.same(AttributeValue.fromL(List.of(AttributeValue.fromN("1"), AttributeValue.fromN("2"))),
                AttributeValue.fromL(List.of(AttributeValue.fromN("2"), AttributeValue.fromN("1"))))).isFalse();
    }

    @Test
    void displays_values_as_people_read_them() {
        Map<String, AttributeValue> item = new LinkedHashMap<>();
        item.put("s", AttributeValue.fromS("x"));
        item.put("n", AttributeValue.fromN("39.90"));
        item.put("b", AttributeValue.fromB(SdkBytes.fromUtf8String("hello")));
        item.put("ss", AttributeValue.fromSs(List.of("a", "b")));
        item.put("l", AttributeValue.fromL(List.of(AttributeValue.fromBool(false), AttributeValue.fromNul(true))));
        item.put("m", AttributeValue.fromM(Map.of("k", AttributeValue.fromNs(List.of("1")))));
        then(Values.display(item)).isEqualTo("{s: \"x\", n: 39.90, b: b\"aGVsbG8=\", ss: <<\"a\", \"b\">>,"
                + " l: [false, null], m: {k: <<1>>}}");
    }
}
