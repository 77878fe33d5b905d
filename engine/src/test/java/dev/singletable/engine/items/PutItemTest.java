package dev.singletable.engine.items;

import static dev.singletable.engine.AttributeValues.b;
import static dev.singletable.engine.AttributeValues.item;
import static dev.singletable.engine.AttributeValues.n;
import static dev.singletable.engine.AttributeValues.s;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.Parameter;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;

/** PutItem: keys, values, sizes and ReturnValues. */
class PutItemTest extends ItemsTestBase {
    @Test
    void should_replace_the_whole_item_without_merging() {
        put(APP, item("PK", "C#1", "SK", "P", "name", "Ada", "city", "London"));
        put(APP, item("PK", "C#1", "SK", "P", "name", "Grace"));
        assertThat(get(APP, key("C#1", "P"))).isEqualTo(item("PK", "C#1", "SK", "P", "name", "Grace"));
    }

    @Test
    void should_answer_an_empty_object_without_return_values() {
        PutItemResponse response = client.putItem(b -> b.tableName(APP).item(item("PK", "C#1", "SK", "P")));
        assertThat(response.hasAttributes()).isFalse();
        assertThat(response.consumedCapacity()).isNull();
    }

    @Test
    void should_return_the_old_item_with_all_old() {
        put(APP, item("PK", "C#1", "SK", "P", "v", "1"));
        PutItemResponse response = client.putItem(b -> b.tableName(APP).item(item("PK", "C#1", "SK", "P", "v", "2"))
                .returnValues("ALL_OLD"));
        assertThat(response.attributes()).isEqualTo(item("PK", "C#1", "SK", "P", "v", "1"));
    }

    @Test
    void should_omit_attributes_with_all_old_when_there_was_no_item() {
        PutItemResponse response = client.putItem(b -> b.tableName(APP).item(item("PK", "C#1", "SK", "P"))
                .returnValues("ALL_OLD"));
        assertThat(response.hasAttributes()).isFalse();
    }

    @Test
    void should_refuse_return_values_other_than_all_old_or_none() {
        assertValidation(() -> client.putItem(b -> b.tableName(APP).item(item("PK", "C#1", "SK", "P"))
                .returnValues("ALL_NEW")), "ReturnValues can only be ALL_OLD or NONE");
    }

    @Test
    void should_report_every_invalid_enum_member_together_in_dynamodbs_order() {
        assertValidation(() -> client.putItem(b -> b.tableName(APP).item(item("PK", "C#1", "SK", "P"))
                        .returnValues("BOGUS3").returnItemCollectionMetrics("BOGUS2").returnConsumedCapacity("BOGUS")),
                "3 validation errors detected: Value 'BOGUS' at 'returnConsumedCapacity' failed to satisfy constraint: "
                        + "Member must satisfy enum value set: [INDEXES, TOTAL, NONE]; Value 'BOGUS2' at "
                        + "'returnItemCollectionMetrics' failed to satisfy constraint: Member must satisfy enum value "
                        + "set: [SIZE, NONE]; Value 'BOGUS3' at 'returnValues' failed to satisfy constraint: Member "
                        + "must satisfy enum value set: [ALL_NEW, UPDATED_OLD, ALL_OLD, NONE, UPDATED_NEW]");
    }

    @Test
    void should_refuse_an_empty_table_name_with_the_length_of_a_name_or_arn() {
        assertValidation(() -> client.putItem(b -> b.tableName("").item(item("PK", "C#1", "SK", "P"))),
                "1 validation error detected: Value '' at 'tableName' failed to satisfy constraint: "
                        + "Member must have length greater than or equal to 1");
    }

    @Test
    void should_refuse_an_unknown_return_values_with_the_enum_constraint() {
        assertValidation(() -> client.putItem(b -> b.tableName(APP).item(item("PK", "C#1", "SK", "P"))
                        .returnValues("all_old")),
                "1 validation error detected: Value 'all_old' at 'returnValues' failed to satisfy constraint: "
                        + "Member must satisfy enum value set: [ALL_NEW, UPDATED_OLD, ALL_OLD, NONE, UPDATED_NEW]");
    }

    @Test
    void should_refuse_an_item_missing_a_key_attribute() {
        assertValidation(() -> put(APP, item("PK", "C#1", "name", "Ada")),
                "One or more parameter values were invalid: Missing the key SK in the item");
    }

    @Test
    void should_refuse_a_key_attribute_of_the_wrong_type() {
        assertValidation(() -> put(APP, item("PK", "C#1", "SK", n("1"))),
                "One or more parameter values were invalid: Type mismatch for key SK expected: S actual: N");
    }

    @Test
    void should_refuse_an_empty_string_key() {
        assertValidation(() -> put(APP, item("PK", "", "SK", "P")), "One or more parameter values are not valid. "
                + "The AttributeValue for a key attribute cannot contain an empty string value. Key: PK");
    }

    @Test
    void should_refuse_an_empty_binary_key() {
        assertValidation(() -> put(NUMBERS, item("n", n("1"), "b", b())), "One or more parameter values are not "
                + "valid. The AttributeValue for a key attribute cannot contain an empty binary value. Key: b");
    }

    @Test
    void should_accept_a_partition_key_of_2048_bytes_and_refuse_2049() {
        put(SIMPLE, item("id", "k".repeat(2048)));
        assertValidation(() -> put(SIMPLE, item("id", "k".repeat(2049))), "One or more parameter values were "
                + "invalid: Size of hashkey has exceeded the maximum size limit of2048 bytes");
    }

    @Test
    void should_accept_a_sort_key_of_1024_bytes_and_refuse_1025() {
        put(APP, item("PK", "C#1", "SK", "s".repeat(1024)));
        assertValidation(() -> put(APP, item("PK", "C#1", "SK", "s".repeat(1025))), "One or more parameter values "
                + "were invalid: Aggregated size of all range keys has exceeded the size limit of 1024 bytes");
    }

    @Test
    void should_accept_an_item_of_exactly_400_kb() {
        // id(2) + "a"(1) + value: 409,600 bytes in all
        put(SIMPLE, item("id", "x", "a", "v".repeat(409_600 - 2 - 1 - 1)));
        assertThat(get(SIMPLE, item("id", "x"))).isNotNull();
    }

    @Test
    void should_refuse_an_item_over_400_kb() {
        assertValidation(() -> put(SIMPLE, item("id", "x", "a", "v".repeat(409_600 - 2 - 1))),
                "Item size has exceeded the maximum allowed size");
    }

    @Test
    void should_check_the_item_size_before_looking_the_table_up() {
        assertValidation(() -> put("missing", item("id", "x", "a", "v".repeat(409_600))),
                "Item size has exceeded the maximum allowed size");
    }

    @Test
    void should_answer_a_missing_table_with_resource_not_found() {
        assertRefused(() -> put("missing", item("id", "x")), ResourceNotFoundException.class,
                "ResourceNotFoundException", "Requested resource not found");
    }

    @Test
    void should_refuse_an_empty_attribute_name() {
        assertValidation(() -> put(SIMPLE, item("id", "x", "", "v")),
                "One or more parameter values were invalid: Empty attribute name");
    }

    @Test
    void should_accept_empty_strings_lists_and_maps_outside_keys() {
        Map<String, AttributeValue> stored = item("id", "x", "s", "", "l", AttributeValue.fromL(List.of()),
                "m", AttributeValue.fromM(Map.of()), "nul", s("a\u0000b"));
        put(SIMPLE, stored);
        assertThat(get(SIMPLE, item("id", "x"))).isEqualTo(stored);
    }

    @Test
    void should_refuse_an_empty_set() {
        assertValidation(() -> put(SIMPLE, item("id", "x", "tags", AttributeValue.fromSs(List.of()))),
                "One or more parameter values were invalid: An string set  may not be empty");
    }

    @Test
    void should_refuse_a_set_with_duplicates() {
        assertValidation(() -> put(SIMPLE, item("id", "x", "tags", AttributeValue.fromSs(List.of("a", "a")))),
                "One or more parameter values were invalid: Input collection [a, a] contains duplicates.");
    }

    @Test
    void should_refuse_values_nested_deeper_than_32_levels() {
        AttributeValue value = s("leaf");
        for (int i = 0; i < 32; i++) {
            value = AttributeValue.fromL(List.of(value));
        }
        AttributeValue deep = value;
        assertValidation(() -> put(SIMPLE, item("id", "x", "deep", deep)), "Nesting Levels have exceeded supported "
                + "limits: Attributes in the item have nested levels beyond supported limit");
    }

    @Test
    void should_refuse_a_number_with_39_significant_digits() {
        assertValidation(() -> put(SIMPLE, item("id", "x", "n", n("1".repeat(39)))),
                "Attempting to store more than 38 significant digits in a Number");
    }

    @Test
    void should_store_numbers_canonically_and_match_numeric_keys() {
        put(NUMBERS, item("n", n("1e3"), "b", b(1), "v", n("0.50")));
        assertThat(get(NUMBERS, item("n", n("1000.0"), "b", b(1))))
                .isEqualTo(item("n", n("1000"), "b", b(1), "v", n("0.5")));
    }

    @Test
    void should_accept_a_table_arn_as_the_table_name() {
        put("arn:aws:dynamodb:us-east-1:000000000000:table/" + SIMPLE, item("id", "x"));
        assertThat(get(SIMPLE, item("id", "x"))).isNotNull();
    }
}
