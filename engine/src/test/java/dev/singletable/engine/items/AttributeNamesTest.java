package dev.singletable.engine.items;

import static dev.singletable.engine.AttributeValues.item;
import static dev.singletable.engine.AttributeValues.s;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.Parameter;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Attribute names are 1 to 65,535 bytes of UTF-8, at the top of an item, as map keys and through #aliases. */
class AttributeNamesTest extends ItemsTestBase {
    /** 65,535 bytes in 32,768 characters: the byte count decides, not the character count. */
    static final String LONGEST = "é".repeat(32_767) + "a";
    static final String TOO_LONG = "é".repeat(32_768);
    static final String TOO_LARGE = "1 validation error detected: Attribute name is too large, must be less than 65536 bytes";

    private static Map<String, AttributeValue> with(String name, AttributeValue value) {
        Map<String, AttributeValue> item = new HashMap<>(item("id", "x"));
        item.put(name, value);
        return item;
    }

    @Test
    void should_store_and_return_a_name_of_65535_bytes_at_the_top_and_in_a_map() {
        AttributeValue map = AttributeValue.fromM(Map.of(LONGEST, s("deep")));
        put(SIMPLE, with(LONGEST, s("v")));
        client.updateItem(b -> b.tableName(SIMPLE).key(item("id", "x")).updateExpression("SET #m = :m")
                .expressionAttributeNames(Map.of("#m", "m")).expressionAttributeValues(Map.of(":m", map)));

        Map<String, AttributeValue> stored = get(SIMPLE, item("id", "x"));

        assertThat(stored.get(LONGEST)).isEqualTo(s("v"));
        assertThat(stored.get("m")).isEqualTo(map);
    }

    @Test
    void should_refuse_a_name_of_65536_bytes_at_the_top_in_a_map_and_through_an_alias() {
        assertValidation(() -> put(SIMPLE, with(TOO_LONG, s("v"))), TOO_LARGE);
        assertValidation(() -> put(SIMPLE, with("m", AttributeValue.fromM(Map.of(TOO_LONG, s("v"))))), TOO_LARGE);
        assertValidation(() -> client.updateItem(b -> b.tableName(SIMPLE).key(item("id", "x"))
                .updateExpression("SET #a = :v").expressionAttributeNames(Map.of("#a", TOO_LONG))
                .expressionAttributeValues(Map.of(":v", s("v")))), TOO_LARGE);
    }

    @Test
    void should_refuse_an_empty_name_as_an_attribute_an_alias_and_an_attribute_to_get() {
        put(SIMPLE, item("id", "x"));

        assertValidation(() -> put(SIMPLE, with("", s("v"))),
                "One or more parameter values were invalid: Empty attribute name");
        assertValidation(() -> client.updateItem(b -> b.tableName(SIMPLE).key(item("id", "x"))
                        .updateExpression("SET #a = :v").expressionAttributeNames(Map.of("#a", ""))
                        .expressionAttributeValues(Map.of(":v", s("v")))),
                "ExpressionAttributeNames contains invalid value: Empty attribute name for key #a");
        assertValidation(() -> client.getItem(b -> b.tableName(SIMPLE).key(item("id", "x")).attributesToGet("")),
                "One or more parameter values were invalid: Empty attribute name");
    }
}
