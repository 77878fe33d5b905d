package dev.singletable.engine.items;

import static dev.singletable.engine.AttributeValues.item;
import static dev.singletable.engine.AttributeValues.n;
import static dev.singletable.engine.AttributeValues.s;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.Parameter;
import software.amazon.awssdk.services.dynamodb.model.AttributeAction;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.AttributeValueUpdate;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;

/** UpdateItem: upserts, key immutability, sizes, ReturnValues and the legacy AttributeUpdates. */
class UpdateItemTest extends ItemsTestBase {
    private UpdateItemResponse update(Map<String, AttributeValue> key, String expression,
                                      Map<String, AttributeValue> values, String returnValues) {
        return client.updateItem(b -> b.tableName(APP).key(key).updateExpression(expression)
                .expressionAttributeValues(values).returnValues(returnValues));
    }

    @Test
    void should_create_a_missing_item_with_its_key_and_the_update() {
        update(key("C#1", "P"), "SET v = :v", Map.of(":v", s("1")), "NONE");
        assertThat(get(APP, key("C#1", "P"))).isEqualTo(item("PK", "C#1", "SK", "P", "v", "1"));
    }

    @Test
    void should_create_a_missing_item_with_only_its_key_when_there_is_no_update() {
        client.updateItem(b -> b.tableName(APP).key(key("C#1", "P")));
        assertThat(get(APP, key("C#1", "P"))).isEqualTo(key("C#1", "P"));
    }

    @Test
    void should_not_create_a_missing_item_with_remove_only() {
        client.updateItem(b -> b.tableName(APP).key(key("C#1", "P")).updateExpression("REMOVE v"));
        assertThat(get(APP, key("C#1", "P"))).isNull();
    }

    @Test
    void should_refuse_updating_a_key_attribute() {
        assertValidation(() -> update(key("C#1", "P"), "SET SK = :v", Map.of(":v", s("Q")), "NONE"),
                "One or more parameter values were invalid: Cannot update attribute SK. This attribute is part of the key");
    }

    @Test
    void should_refuse_a_put_of_a_key_attribute_in_attribute_updates() {
        assertValidation(() -> client.updateItem(b -> b.tableName(APP).key(key("C#1", "P")).attributeUpdates(
                        Map.of("PK", AttributeValueUpdate.builder().action(AttributeAction.PUT).value(s("x")).build()))),
                "One or more parameter values were invalid: Cannot update attribute PK. This attribute is part of the key");
    }

    @Test
    void should_refuse_mixing_update_expression_and_attribute_updates() {
        assertValidation(() -> client.updateItem(b -> b.tableName(APP).key(key("C#1", "P"))
                        .updateExpression("SET v = :v").expressionAttributeValues(Map.of(":v", s("1")))
                        .attributeUpdates(Map.of("w", AttributeValueUpdate.builder().value(s("2")).build()))),
                "Can not use both expression and non-expression parameters in the same request: "
                        + "Non-expression parameters: {AttributeUpdates} Expression parameters: {UpdateExpression}");
    }

    @Test
    void should_apply_legacy_attribute_updates_and_create_the_item_with_none() {
        client.updateItem(b -> b.tableName(APP).key(key("C#1", "P")).attributeUpdates(Map.of(
                "n", AttributeValueUpdate.builder().action(AttributeAction.ADD).value(n("2")).build(),
                "l", AttributeValueUpdate.builder().action(AttributeAction.PUT)
                        .value(AttributeValue.fromL(List.of(s("a")))).build())));
        client.updateItem(b -> b.tableName(APP).key(key("C#1", "Q")).attributeUpdates(Map.of()));
        assertThat(get(APP, key("C#1", "P"))).containsEntry("n", n("2")).containsEntry("l",
                AttributeValue.fromL(List.of(s("a"))));
        assertThat(get(APP, key("C#1", "Q"))).isEqualTo(key("C#1", "Q"));
    }

    @Test
    void should_refuse_an_updated_item_over_400_kb() {
        put(APP, item("PK", "C#1", "SK", "P", "a", "v".repeat(300_000)));
        Map<String, AttributeValue> before = get(APP, key("C#1", "P"));
        assertValidation(() -> update(key("C#1", "P"), "SET b = :b", Map.of(":b", s("w".repeat(200_000))), "NONE"),
                "Item size to update has exceeded the maximum allowed size");
        assertThat(get(APP, key("C#1", "P"))).as("nothing changed").isEqualTo(before);
    }

    /** The updated item's size is the stored one's, less what the update replaced, plus what it wrote. */
    @Test
    void should_accept_an_updated_item_of_exactly_400_kb_and_refuse_one_byte_more() {
        // PK "C#1" 5 bytes, SK "P" 3, a: 1 + 300,000, b: 1 + the rest of 409,600
        put(APP, item("PK", "C#1", "SK", "P", "a", "v".repeat(300_000), "b", "short"));
        assertValidation(() -> update(key("C#1", "P"), "SET b = :b", Map.of(":b", s("w".repeat(109_591))), "NONE"),
                "Item size to update has exceeded the maximum allowed size");
        update(key("C#1", "P"), "SET b = :b", Map.of(":b", s("w".repeat(109_590))), "NONE");
        assertThat(get(APP, key("C#1", "P")).get("b").s()).hasSize(109_590);
    }

    @Test
    void should_report_a_runtime_update_error_and_change_nothing() {
        put(APP, item("PK", "C#1", "SK", "P", "v", "text"));
        assertValidation(() -> update(key("C#1", "P"), "SET v = v + :one", Map.of(":one", n("1")), "NONE"),
                "An operand in the update expression has an incorrect data type");
    }

    @Test
    void should_return_all_old_and_nothing_when_the_item_was_missing() {
        assertThat(update(key("C#1", "P"), "SET v = :v", Map.of(":v", s("1")), "ALL_OLD").hasAttributes()).isFalse();
        assertThat(update(key("C#1", "P"), "SET v = :v", Map.of(":v", s("2")), "ALL_OLD").attributes())
                .isEqualTo(item("PK", "C#1", "SK", "P", "v", "1"));
    }

    @Test
    void should_return_all_new_with_the_key() {
        put(APP, item("PK", "C#1", "SK", "P", "a", "1"));
        assertThat(update(key("C#1", "P"), "SET b = :b", Map.of(":b", s("2")), "ALL_NEW").attributes())
                .isEqualTo(item("PK", "C#1", "SK", "P", "a", "1", "b", "2"));
    }

    @Test
    void should_return_only_the_touched_attributes_with_updated_old_and_new() {
        put(APP, item("PK", "C#1", "SK", "P", "a", "1", "b", "2", "c", "3"));
        assertThat(update(key("C#1", "P"), "SET a = :x REMOVE b", Map.of(":x", s("9")), "UPDATED_OLD").attributes())
                .isEqualTo(item("a", "1", "b", "2"));
        assertThat(update(key("C#1", "P"), "SET a = :x REMOVE c", Map.of(":x", s("8")), "UPDATED_NEW").attributes())
                .isEqualTo(item("a", "8"));
    }

    @Test
    void should_return_a_nested_update_wrapped_in_its_parents() {
        put(APP, item("PK", "C#1", "SK", "P", "m", AttributeValue.fromM(Map.of("x", s("1"), "y", s("2")))));
        assertThat(update(key("C#1", "P"), "SET m.x = :v", Map.of(":v", s("9")), "UPDATED_NEW").attributes())
                .isEqualTo(item("m", AttributeValue.fromM(Map.of("x", s("9")))));
    }

    @Test
    void should_omit_attributes_when_updated_old_finds_nothing() {
        assertThat(update(key("C#1", "P"), "SET v = :v", Map.of(":v", s("1")), "UPDATED_OLD").hasAttributes()).isFalse();
    }

    @Test
    void should_refuse_an_unknown_return_values() {
        assertValidation(() -> update(key("C#1", "P"), "SET v = :v", Map.of(":v", s("1")), "NEW"),
                "1 validation error detected: Value 'NEW' at 'returnValues' failed to satisfy constraint: "
                        + "Member must satisfy enum value set: [ALL_NEW, UPDATED_OLD, ALL_OLD, NONE, UPDATED_NEW]");
    }

    @Test
    void should_refuse_a_key_that_does_not_match_the_schema() {
        assertValidation(() -> update(item("PK", "C#1"), "SET v = :v", Map.of(":v", s("1")), "NONE"),
                "The provided key element does not match the schema");
    }

    @Test
    void should_refuse_unused_attribute_names_across_both_expressions() {
        assertValidation(() -> client.updateItem(b -> b.tableName(APP).key(key("C#1", "P"))
                        .updateExpression("SET #v = :v").conditionExpression("attribute_not_exists(PK)")
                        .expressionAttributeNames(Map.of("#v", "v", "#w", "w"))
                        .expressionAttributeValues(Map.of(":v", s("1")))),
                "Value provided in ExpressionAttributeNames unused in expressions: keys: {#w}");
    }
}
