package dev.singletable.engine.items;

import static dev.singletable.engine.AttributeValues.item;
import static dev.singletable.engine.AttributeValues.n;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.Parameter;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;

/** GetItem and DeleteItem, and the key rules they share. */
class GetAndDeleteItemTest extends ItemsTestBase {
    @Test
    void should_omit_item_when_the_key_is_missing() {
        GetItemResponse response = client.getItem(b -> b.tableName(APP).key(key("C#1", "P")));
        assertThat(response.hasItem()).isFalse();
    }

    @Test
    void should_answer_an_empty_item_when_the_projection_matches_nothing() {
        put(APP, item("PK", "C#1", "SK", "P", "a", "1"));
        GetItemResponse response = client.getItem(b -> b.tableName(APP).key(key("C#1", "P"))
                .projectionExpression("nothing"));
        assertThat(response.hasItem()).isTrue();
        assertThat(response.item()).isEmpty();
    }

    @Test
    void should_project_the_requested_attributes_only() {
        put(APP, item("PK", "C#1", "SK", "P", "a", "1", "b", "2"));
        assertThat(client.getItem(b -> b.tableName(APP).key(key("C#1", "P")).projectionExpression("#a")
                .expressionAttributeNames(Map.of("#a", "a"))).item()).isEqualTo(item("a", "1"));
        assertThat(client.getItem(b -> b.tableName(APP).key(key("C#1", "P")).attributesToGet("b")).item())
                .isEqualTo(item("b", "2"));
    }

    @Test
    void should_refuse_duplicate_attributes_to_get() {
        assertValidation(() -> client.getItem(b -> b.tableName(APP).key(key("C#1", "P")).attributesToGet("a", "a")),
                "One or more parameter values were invalid: Duplicate value in attribute name: a");
    }

    @Test
    void should_refuse_a_key_with_an_extra_attribute() {
        assertValidation(() -> client.getItem(b -> b.tableName(APP).key(item("PK", "C#1", "SK", "P", "x", "1"))),
                "The provided key element does not match the schema");
    }

    @Test
    void should_refuse_a_key_of_the_wrong_type() {
        assertValidation(() -> client.getItem(b -> b.tableName(APP).key(item("PK", "C#1", "SK", n("1")))),
                "The provided key element does not match the schema");
    }

    @Test
    void should_refuse_an_empty_string_key_on_reads() {
        assertValidation(() -> client.getItem(b -> b.tableName(APP).key(key("C#1", ""))), "One or more parameter "
                + "values are not valid. The AttributeValue for a key attribute cannot contain an empty string value. "
                + "Key: SK");
    }

    @Test
    void should_refuse_an_oversized_key_on_reads() {
        assertValidation(() -> client.getItem(b -> b.tableName(SIMPLE).key(item("id", "k".repeat(2049)))),
                "One or more parameter values were invalid: Size of hashkey has exceeded the maximum size limit of2048 bytes");
    }

    @Test
    void should_report_an_invalid_return_values_and_return_consumed_capacity_together() {
        put(SIMPLE, item("id", "x"));
        assertValidation(() -> client.deleteItem(b -> b.tableName(SIMPLE).key(item("id", "x"))
                        .returnValues("EVERYTHING").returnConsumedCapacity("ALL")),
                "2 validation errors detected: Value 'ALL' at 'returnConsumedCapacity' failed to satisfy constraint: "
                        + "Member must satisfy enum value set: [INDEXES, TOTAL, NONE]; Value 'EVERYTHING' at "
                        + "'returnValues' failed to satisfy constraint: Member must satisfy enum value set: [ALL_NEW, UPDATED_OLD, ALL_OLD, NONE, UPDATED_NEW]");
    }

    @Test
    void should_answer_a_missing_table_with_resource_not_found() {
        assertRefused(() -> client.getItem(b -> b.tableName("missing").key(item("id", "x"))),
                ResourceNotFoundException.class, "ResourceNotFoundException", "Requested resource not found");
    }

    @Test
    void should_delete_an_item_and_return_it_with_all_old() {
        put(APP, item("PK", "C#1", "SK", "P", "a", "1"));
        DeleteItemResponse response = client.deleteItem(b -> b.tableName(APP).key(key("C#1", "P"))
                .returnValues("ALL_OLD"));
        assertThat(response.attributes()).isEqualTo(item("PK", "C#1", "SK", "P", "a", "1"));
        assertThat(get(APP, key("C#1", "P"))).isNull();
    }

    @Test
    void should_succeed_deleting_a_missing_item_without_attributes() {
        DeleteItemResponse response = client.deleteItem(b -> b.tableName(APP).key(key("C#1", "P"))
                .returnValues("ALL_OLD"));
        assertThat(response.hasAttributes()).isFalse();
    }

    @Test
    void should_refuse_delete_return_values_other_than_all_old_or_none() {
        assertValidation(() -> client.deleteItem(b -> b.tableName(APP).key(key("C#1", "P")).returnValues("ALL_NEW")),
                "ReturnValues can only be ALL_OLD or NONE");
    }

    @Test
    void should_refuse_a_delete_key_missing_the_sort_key() {
        put(APP, item("PK", "C#1", "SK", "P"));
        assertValidation(() -> client.deleteItem(b -> b.tableName(APP).key(item("PK", "C#1"))),
                "The provided key element does not match the schema");
    }
}
