package dev.singletable.assertions;

import static dev.singletable.assertions.Expect.failureOf;
import static dev.singletable.assertions.SingleTableAssertions.assertThat;
import static dev.singletable.assertions.error.ShouldHaveItemContent.shouldHaveAttribute;
import static dev.singletable.assertions.error.ShouldHaveItemContent.shouldNotHaveAttribute;
import static org.assertj.core.api.BDDAssertions.then;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Attributes compared with Java values: each Java type against its DynamoDB type. */
class ItemAssert_hasAttribute_Test {

    private final Map<String, AttributeValue> item = item();

    private static Map<String, AttributeValue> item() {
        Map<String, AttributeValue> item = new LinkedHashMap<>();
        item.put("PK", AttributeValue.fromS("CUSTOMER#42"));
        item.put("SK", AttributeValue.fromS("ORDER#1001"));
        item.put("status", AttributeValue.fromS("OPEN"));
        item.put("total", AttributeValue.fromN("39.90"));
        item.put("count", AttributeValue.fromN("1"));
        item.put("paid", AttributeValue.fromBool(true));
        item.put("note", AttributeValue.fromNul(true));
        item.put("photo", AttributeValue.fromB(SdkBytes.fromUtf8String("hello")));
        item.put("tags", AttributeValue.fromSs(List.of("billing", "shipping")));
        item.put("sizes", AttributeValue.fromNs(List.of("1", "2.50")));
        item.put("lines", AttributeValue.fromL(List.of(AttributeValue.fromS("book"), AttributeValue.fromN("2"))));
        item.put("address", AttributeValue.fromM(Map.of("city", AttributeValue.fromS("London"))));
        return item;
    }

    @Test
    void should_compare_each_java_type_with_its_dynamodb_type() {
        assertThat(item)
                .hasAttribute("status", "OPEN")
                .hasAttribute("total", 39.9)
                .hasAttribute("total", new BigDecimal("39.900"))
                .hasAttribute("count", 1.0)
                .hasAttribute("count", 1L)
                .hasAttribute("paid", true)
                .hasAttribute("note", null)
                .hasAttribute("photo", "hello".getBytes(java.nio.charset.StandardCharsets.UTF_8))
                .hasAttribute("photo", SdkBytes.fromUtf8String("hello"))
                .hasAttribute("tags", Set.of("shipping", "billing"))
                .hasAttribute("sizes", Set.of(2.5, 1))
                .hasAttribute("lines", List.of("book", 2))
                .hasAttribute("address", Map.of("city", "London"))
                .hasAttribute("status", AttributeValue.fromS("OPEN"))
                .hasStringSet("tags", "billing", "shipping");
    }

    @Test
    void should_fail_showing_the_value_and_its_type() {
        // WHEN
        AssertionError error = failureOf(() -> assertThat(item).hasAttribute("total", "39.90"));
        // THEN
        then(error).hasMessage(shouldHaveAttribute(item, "total", AttributeValue.fromS("39.90"),
                AttributeValue.fromN("39.90")).create());
        then(error.getMessage()).endsWith(String.format("to have attribute:%n  total: \"39.90\" (S)%n"
                + "but had:%n  total: 39.90 (N)"));
    }

    @Test
    void should_fail_when_the_attribute_is_absent() {
        // WHEN
        AssertionError error = failureOf(() -> assertThat(item).hasAttribute("deletedAt", "2026-01-01"));
        // THEN
        then(error).hasMessage(shouldHaveAttribute(item, "deletedAt", AttributeValue.fromS("2026-01-01"), null)
                .create());
        then(error.getMessage()).endsWith(String.format("but it has no such attribute:%n  deletedAt: (absent)"));
    }

    @Test
    void should_fail_when_a_string_set_has_other_elements() {
        // WHEN
        AssertionError error = failureOf(() -> assertThat(item).hasStringSet("tags", "billing"));
        // THEN
        then(error).hasMessage(shouldHaveAttribute(item, "tags", AttributeValue.fromSs(List.of("billing")),
                item.get("tags")).create());
        then(error.getMessage()).endsWith(String.format("but had:%n  tags: <<\"billing\", \"shipping\">> (SS)"));
    }

    @Test
    void should_pass_when_the_attribute_is_absent() {
        assertThat(item).doesNotHaveAttribute("deletedAt");
    }

    @Test
    void should_fail_showing_the_attribute_that_should_be_absent() {
        // WHEN
        AssertionError error = failureOf(() -> assertThat(item).doesNotHaveAttribute("photo"));
        // THEN
        then(error).hasMessage(shouldNotHaveAttribute(item, "photo", item.get("photo")).create());
        then(error.getMessage()).endsWith(String.format("but had:%n  photo: b\"aGVsbG8=\""));
    }
}
