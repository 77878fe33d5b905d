package dev.singletable.engine.items;

import static dev.singletable.engine.AttributeValues.item;
import static dev.singletable.engine.AttributeValues.n;
import static dev.singletable.engine.AttributeValues.s;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.Parameter;
import software.amazon.awssdk.services.dynamodb.model.AttributeAction;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.AttributeValueUpdate;

/**
 * How UpdateItem refuses what DynamoDB refuses: function names as written, names that are no token of its lexer,
 * ADD and DELETE of another type (worded differently for expressions and for AttributeUpdates), and arithmetic
 * whose result a Number cannot hold.
 */
class UpdateExpressionRulesTest extends ItemsTestBase {
    static final Map<String, AttributeValue> KEY = item("id", "x");

    @BeforeEach
    void storeItem() {
        put(SIMPLE, item("id", "x", "n", n("1"), "s", s("text"), "ss", AttributeValue.fromSs(List.of("a")),
                "ns", AttributeValue.fromNs(List.of("1"))));
    }

    private void update(String expression, Map<String, AttributeValue> values) {
        client.updateItem(b -> b.tableName(SIMPLE).key(KEY).updateExpression(expression)
                .expressionAttributeValues(values.isEmpty() ? null : values));
    }

    private void legacy(String attribute, AttributeAction action, AttributeValue value) {
        client.updateItem(b -> b.tableName(SIMPLE).key(KEY).attributeUpdates(Map.of(attribute,
                AttributeValueUpdate.builder().action(action).value(value).build())));
    }

    @Test
    void should_match_function_names_as_written_and_refuse_unknown_ones() {
        assertValidation(() -> update("SET a = IF_NOT_EXISTS(a, :v)", Map.of(":v", s("1"))),
                "Invalid UpdateExpression: Invalid function name; function: IF_NOT_EXISTS");
        assertValidation(() -> update("SET a = foo(a, :v)", Map.of(":v", s("1"))),
                "Invalid UpdateExpression: Invalid function name; function: foo");

        update("SET a = if_not_exists(a, :v)", Map.of(":v", s("1")));

        assertThat(get(SIMPLE, KEY)).containsEntry("a", s("1"));
    }

    @Test
    void should_refuse_a_bare_name_that_starts_with_an_underscore_or_a_digit() {
        assertValidation(() -> update("SET _123 = :v", Map.of(":v", s("1"))),
                "Invalid UpdateExpression: Syntax error; token: \"_\", near: \"SET _123\"");
        assertValidation(() -> update("SET _abc = :v", Map.of(":v", s("1"))),
                "Invalid UpdateExpression: Syntax error; token: \"_\", near: \"SET _abc\"");
        assertValidation(() -> update("SET a = _f(n)", Map.of()),
                "Invalid UpdateExpression: Syntax error; token: \"_\", near: \"= _f\"");
        assertValidation(() -> update("SET 123a = :v", Map.of(":v", s("1"))),
                "Invalid UpdateExpression: Syntax error; token: \"123\", near: \"SET 123a\"");

        update("SET A123_ = :v, Alpha_Numeric_1 = :v", Map.of(":v", s("1")));

        assertThat(get(SIMPLE, KEY)).containsEntry("A123_", s("1")).containsEntry("Alpha_Numeric_1", s("1"));
    }

    @Test
    void should_call_an_expression_add_or_delete_of_another_type_an_incorrect_operand() {
        String message = "An operand in the update expression has an incorrect data type";
        assertValidation(() -> update("ADD s :v", Map.of(":v", n("1"))), message);
        assertValidation(() -> update("ADD ss :v", Map.of(":v", AttributeValue.fromNs(List.of("1")))), message);
        assertValidation(() -> update("DELETE ss :v", Map.of(":v", AttributeValue.fromNs(List.of("1")))),
                message);
        assertValidation(() -> update("DELETE n :v", Map.of(":v", AttributeValue.fromNs(List.of("1")))),
                message);
    }

    @Test
    void should_call_an_attribute_updates_add_or_delete_of_another_type_a_type_mismatch() {
        String message = "Type mismatch for attribute to update";
        AttributeValue numbers = AttributeValue.fromNs(List.of("1"));
        assertValidation(() -> legacy("ss", AttributeAction.ADD, numbers), message);
        assertValidation(() -> legacy("ns", AttributeAction.ADD, n("1")), message);
        assertValidation(() -> legacy("ss", AttributeAction.DELETE, numbers), message);
        assertValidation(() -> legacy("n", AttributeAction.DELETE, numbers), message);

        legacy("ns", AttributeAction.ADD, AttributeValue.fromNs(List.of("2")));

        assertThat(get(SIMPLE, KEY).get("ns").ns()).containsExactlyInAnyOrder("1", "2");
    }

    @Test
    void should_refuse_arithmetic_whose_result_needs_more_than_38_digits_or_is_out_of_range() {
        assertValidation(() -> update("SET n = n + :tiny", Map.of(":tiny", n("1E-38"))),
                "Attempting to store more than 38 significant digits in a Number");
        assertValidation(() -> update("ADD n :big", Map.of(":big", n("1E+100"))),
                "Attempting to store more than 38 significant digits in a Number");
        assertValidation(() -> update("SET n = :big + :big", Map.of(":big", n("9.9999999999999999999999999999999999999E+125"))),
                "Number overflow. Attempting to store a number with magnitude larger than supported range");

        update("SET n = n + :tiny", Map.of(":tiny", n("1E-37")));

        assertThat(get(SIMPLE, KEY).get("n").n()).isEqualTo("1.0000000000000000000000000000000000001");
    }
}
