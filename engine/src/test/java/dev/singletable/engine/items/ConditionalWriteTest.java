package dev.singletable.engine.items;

import static dev.singletable.engine.AttributeValues.item;
import static dev.singletable.engine.AttributeValues.n;
import static dev.singletable.engine.AttributeValues.s;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.Parameter;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ComparisonOperator;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.ExpectedAttributeValue;

/** Conditions on writes, the legacy Expected and the request-level expression rules. */
class ConditionalWriteTest extends ItemsTestBase {
    @Test
    void should_insert_only_when_the_key_is_absent() {
        client.putItem(b -> b.tableName(APP).item(item("PK", "C#1", "SK", "P", "v", "1"))
                .conditionExpression("attribute_not_exists(PK)"));
        assertRefused(() -> client.putItem(b -> b.tableName(APP).item(item("PK", "C#1", "SK", "P", "v", "2"))
                        .conditionExpression("attribute_not_exists(PK)")),
                ConditionalCheckFailedException.class, "ConditionalCheckFailedException", "The conditional request failed");
    }

    @Test
    void should_update_only_when_the_item_exists() {
        assertRefused(() -> client.updateItem(b -> b.tableName(APP).key(key("C#1", "P"))
                        .updateExpression("SET v = :v").expressionAttributeValues(Map.of(":v", s("1")))
                        .conditionExpression("attribute_exists(PK)")),
                ConditionalCheckFailedException.class, "ConditionalCheckFailedException", "The conditional request failed");
    }

    @Test
    void should_return_the_old_item_in_the_error_when_asked() {
        put(APP, item("PK", "C#1", "SK", "P", "v", "1"));
        ConditionalCheckFailedException e = assertRefused(() -> client.deleteItem(b -> b.tableName(APP)
                        .key(key("C#1", "P")).conditionExpression("v = :two")
                        .expressionAttributeValues(Map.of(":two", s("2")))
                        .returnValuesOnConditionCheckFailure("ALL_OLD")),
                ConditionalCheckFailedException.class, "ConditionalCheckFailedException", "The conditional request failed");
        assertThat(e.item()).isEqualTo(item("PK", "C#1", "SK", "P", "v", "1"));
    }

    @Test
    void should_not_return_an_item_in_the_error_unless_asked() {
        put(APP, item("PK", "C#1", "SK", "P", "v", "1"));
        ConditionalCheckFailedException e = assertRefused(() -> client.putItem(b -> b.tableName(APP)
                        .item(key("C#1", "P")).conditionExpression("attribute_not_exists(PK)")),
                ConditionalCheckFailedException.class, "ConditionalCheckFailedException", "The conditional request failed");
        assertThat(e.hasItem()).isFalse();
    }

    @Test
    void should_not_return_an_item_in_the_error_when_there_was_none() {
        ConditionalCheckFailedException e = assertRefused(() -> client.putItem(b -> b.tableName(APP)
                        .item(key("C#1", "P")).conditionExpression("attribute_exists(PK)")
                        .returnValuesOnConditionCheckFailure("ALL_OLD")),
                ConditionalCheckFailedException.class, "ConditionalCheckFailedException", "The conditional request failed");
        assertThat(e.hasItem()).isFalse();
    }

    @Test
    void should_refuse_an_unknown_return_values_on_condition_check_failure() {
        assertValidation(() -> client.putItem(b -> b.tableName(APP).item(key("C#1", "P"))
                        .returnValuesOnConditionCheckFailure("ALL_NEW")),
                "1 validation error detected: Value 'ALL_NEW' at 'returnValuesOnConditionCheckFailure' failed to "
                        + "satisfy constraint: Member must satisfy enum value set: [ALL_OLD, NONE]");
    }

    @Test
    void should_write_when_the_condition_holds() {
        put(APP, item("PK", "C#1", "SK", "P", "version", n("1")));
        client.putItem(b -> b.tableName(APP).item(item("PK", "C#1", "SK", "P", "version", n("2")))
                .conditionExpression("version = :v").expressionAttributeValues(Map.of(":v", n("1"))));
        assertThat(get(APP, key("C#1", "P")).get("version")).isEqualTo(n("2"));
    }

    @Test
    void should_apply_the_legacy_expected_parameter() {
        put(APP, item("PK", "C#1", "SK", "P", "v", "1"));
        assertRefused(() -> client.putItem(b -> b.tableName(APP).item(key("C#1", "P"))
                        .expected(Map.of("v", ExpectedAttributeValue.builder().value(s("2")).build()))),
                ConditionalCheckFailedException.class, "ConditionalCheckFailedException", "The conditional request failed");
        client.deleteItem(b -> b.tableName(APP).key(key("C#1", "P")).expected(Map.of("v", ExpectedAttributeValue
                .builder().comparisonOperator(ComparisonOperator.EQ).attributeValueList(s("1")).build())));
        assertThat(get(APP, key("C#1", "P"))).isNull();
    }

    @Test
    void should_refuse_expected_with_exists_false_and_a_value() {
        assertValidation(() -> client.putItem(b -> b.tableName(APP).item(key("C#1", "P"))
                        .expected(Map.of("v", ExpectedAttributeValue.builder().exists(false).value(s("1")).build()))),
                "One or more parameter values were invalid: Value cannot be used when Exists is false for Attribute: v");
    }

    @Test
    void should_refuse_mixing_expected_with_a_condition_expression() {
        assertValidation(() -> client.putItem(b -> b.tableName(APP).item(key("C#1", "P"))
                        .conditionExpression("attribute_not_exists(PK)")
                        .expected(Map.of("v", ExpectedAttributeValue.builder().exists(false).build()))),
                "Can not use both expression and non-expression parameters in the same request: "
                        + "Non-expression parameters: {Expected} Expression parameters: {ConditionExpression}");
    }

    @Test
    void should_refuse_attribute_names_without_an_expression() {
        assertValidation(() -> client.putItem(b -> b.tableName(APP).item(key("C#1", "P"))
                        .expressionAttributeNames(Map.of("#v", "v"))),
                "ExpressionAttributeNames can only be specified when using expressions");
    }

    @Test
    void should_refuse_attribute_values_without_an_expression() {
        assertValidation(() -> client.deleteItem(b -> b.tableName(APP).key(key("C#1", "P"))
                        .expressionAttributeValues(Map.of(":v", s("1")))),
                "ExpressionAttributeValues can only be specified when using expressions");
    }

    @Test
    void should_refuse_unused_attribute_values() {
        assertValidation(() -> client.putItem(b -> b.tableName(APP).item(key("C#1", "P"))
                        .conditionExpression("attribute_not_exists(PK)")
                        .expressionAttributeValues(Map.of(":unused", s("1")))),
                "Value provided in ExpressionAttributeValues unused in expressions: keys: {:unused}");
    }

    @Test
    void should_refuse_a_condition_with_a_syntax_error_before_looking_the_table_up() {
        assertValidation(() -> client.putItem(b -> b.tableName("missing").item(key("C#1", "P"))
                        .conditionExpression("attribute_not_exists(PK")),
                "Invalid ConditionExpression: Syntax error; token: \"<EOF>\", near: \"PK\"");
    }

    @Test
    void should_see_every_attribute_as_missing_on_a_missing_item() {
        client.putItem(b -> b.tableName(APP).item(key("C#1", "P"))
                .conditionExpression("attribute_not_exists(v) AND v <> :x")
                .expressionAttributeValues(Map.<String, AttributeValue>of(":x", s("1"))));
        assertThat(get(APP, key("C#1", "P"))).isNotNull();
    }

    @Test
    void should_combine_expected_conditions_with_the_conditional_operator() {
        put(APP, item("PK", "C#1", "SK", "P", "v", "1"));
        Map<String, ExpectedAttributeValue> expected = Map.of(
                "v", ExpectedAttributeValue.builder().value(s("other")).build(),
                "w", ExpectedAttributeValue.builder().exists(false).build());
        assertRefused(() -> client.putItem(b -> b.tableName(APP).item(key("C#1", "P")).expected(expected)),
                ConditionalCheckFailedException.class, "ConditionalCheckFailedException", "The conditional request failed");
        client.putItem(b -> b.tableName(APP).item(key("C#1", "P")).expected(expected).conditionalOperator("OR"));
        assertThat(get(APP, key("C#1", "P"))).isEqualTo(key("C#1", "P"));
    }
}
