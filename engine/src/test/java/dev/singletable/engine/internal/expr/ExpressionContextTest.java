package dev.singletable.engine.internal.expr;

import static dev.singletable.engine.internal.expr.Items.item;
import static dev.singletable.engine.internal.expr.Items.names;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.singletable.engine.internal.DynamoException;
import dev.singletable.engine.model.ExpressionKind;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The names and values of one request and the limits on expressions. */
class ExpressionContextTest {

    @Test
    void should_refuse_malformed_keys() {
        assertThatThrownBy(() -> ExpressionContext.of(names("a", "x"), null))
                .isInstanceOf(DynamoException.class)
                .hasMessage("ExpressionAttributeNames contains invalid key: Syntax error; key: \"a\"");
        assertThatThrownBy(() -> ExpressionContext.of(names("#a-b", "x"), null))
                .hasMessage("ExpressionAttributeNames contains invalid key: Syntax error; key: \"#a-b\"");
        assertThatThrownBy(() -> ExpressionContext.of(null, item("{'#v': {'S': 'x'}}")))
                .hasMessage("ExpressionAttributeValues contains invalid key: Syntax error; key: \"#v\"");
    }

    @Test
    void should_accept_keys_of_letters_digits_and_underscores() {
        ExpressionContext context = ExpressionContext.of(names("#1", "a", "#_b", "b"), item("{':_1': {'N': '1'}}"));
        assertThat(context.parseCondition("#1 = :_1 AND #_b <> :_1", ExpressionKind.CONDITION).canonical())
                .isEqualTo("((#1 = :_1) AND (#_b <> :_1))");
    }

    @Test
    void should_refuse_empty_maps() {
        assertThatThrownBy(() -> ExpressionContext.of(Map.of(), null))
                .hasMessage("ExpressionAttributeNames must not be empty");
        assertThatThrownBy(() -> ExpressionContext.of(null, Map.of()))
                .hasMessage("ExpressionAttributeValues must not be empty");
    }

    @Test
    void should_refuse_names_and_values_no_expression_used() {
        ExpressionContext context = ExpressionContext.of(names("#a", "a", "#b", "b", "#c", "c"),
                item("{':x': {'N': '1'}, ':y': {'N': '2'}}"));
        context.parseCondition("#a = :x", ExpressionKind.CONDITION);
        assertThatThrownBy(context::checkAllUsed)
                .isInstanceOf(DynamoException.class)
                .hasMessage("Value provided in ExpressionAttributeNames unused in expressions: keys: {#b, #c}");
        context.parseProjection("#b, #c");
        assertThatThrownBy(context::checkAllUsed)
                .hasMessage("Value provided in ExpressionAttributeValues unused in expressions: keys: {:y}");
    }

    @Test
    void should_count_names_used_by_every_expression_of_the_request() {
        ExpressionContext context = ExpressionContext.of(names("#a", "a", "#b", "b"), item("{':x': {'N': '1'}}"));
        context.parseCondition("attribute_exists(#a) OR #b = :x", ExpressionKind.CONDITION);
        context.checkAllUsed();
        ExpressionContext.empty().checkAllUsed();
    }

    @Test
    void should_refuse_expressions_over_4096_bytes() {
        String fits = "a = :x AND b" + "b".repeat(4096 - 12 - 5) + " = :x";
        ExpressionContext context = ExpressionContext.of(null, item("{':x': {'N': '1'}}"));
        assertThat(fits).hasSize(4096);
        context.parseCondition(fits, ExpressionKind.CONDITION);
        assertThatThrownBy(() -> context.parseCondition(fits + " ", ExpressionKind.FILTER))
                .hasMessage("Invalid FilterExpression: Expression size has exceeded the maximum allowed size; "
                        + "expression size: 4097");
        String multiByte = "a = :x AND b" + "\u00e9".repeat(2045);
        assertThatThrownBy(() -> context.parseCondition(multiByte, ExpressionKind.CONDITION))
                .as("counted in UTF-8 bytes")
                .hasMessage("Invalid ConditionExpression: Expression size has exceeded the maximum allowed size; "
                        + "expression size: 4102");
    }

    @Test
    void should_refuse_more_than_300_operators() {
        ExpressionContext context = ExpressionContext.of(null, item("{':x': {'N': '1'}}"));
        String fits = "a = :x" + " OR a = :x".repeat(149);
        context.parseCondition(fits, ExpressionKind.CONDITION);
        assertThatThrownBy(() -> context.parseCondition(fits + " OR attribute_exists(a)", ExpressionKind.CONDITION))
                .hasMessage("Invalid ConditionExpression: The expression contains too many operators; "
                        + "operator count: 301");
    }

    @Test
    void should_survive_the_deepest_nesting_that_fits_in_4096_bytes() {
        ExpressionContext context = ExpressionContext.of(null, item("{':x': {'L': []}}"));
        String parentheses = "(".repeat(2045) + "a=:x" + ")".repeat(2045);
        assertThatThrownBy(() -> context.parseCondition(parentheses, ExpressionKind.CONDITION))
                .hasMessage("Invalid ConditionExpression: The expression has redundant parentheses;");
        String negations = "NOT ".repeat(1022) + "a=:x";
        assertThatThrownBy(() -> context.parseCondition(negations, ExpressionKind.CONDITION))
                .hasMessage("Invalid ConditionExpression: The expression contains too many operators; "
                        + "operator count: 1023");
        String calls = "SET a = " + "list_append(".repeat(250) + ":x" + ",:x)".repeat(250);
        assertThat(context.parseUpdate(calls).canonical()).startsWith("SET a = list_append(list_append(");
    }

    @Test
    void should_know_its_reserved_words() {
        assertThat(ReservedWords.count()).isEqualTo(573);
        assertThat(ReservedWords.isReserved("Status")).isTrue();
        assertThat(ReservedWords.isReserved("id")).isFalse();
    }
}
