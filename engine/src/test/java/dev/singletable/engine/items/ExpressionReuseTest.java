package dev.singletable.engine.items;

import static dev.singletable.engine.AttributeValues.item;
import static dev.singletable.engine.AttributeValues.n;
import static dev.singletable.engine.AttributeValues.s;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.Parameter;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;

/**
 * The engine parses an expression text once, yet every request that writes it is answered with its own names
 * and values: an update, its condition and a Query that repeat the same texts with other bindings, and the errors
 * that depend on the bindings, in between successful calls.
 */
class ExpressionReuseTest extends ItemsTestBase {
    private static final String UPDATE = "SET #f = :v ADD #c :one";
    private static final String CONDITION = "attribute_exists(#k) AND #g <> :v";

    private void update(String id, Map<String, String> names, Map<String, AttributeValue> values) {
        client.updateItem(b -> b.tableName(SIMPLE).key(item("id", id)).updateExpression(UPDATE)
                .conditionExpression(CONDITION).expressionAttributeNames(names).expressionAttributeValues(values)
                .returnValues(ReturnValue.UPDATED_NEW));
    }

    @Test
    void should_apply_the_same_texts_with_each_requests_names_and_values() {
        put(SIMPLE, item("id", "1", "title", "old", "label", "keep"));

        update("1", Map.of("#f", "title", "#c", "visits", "#k", "id", "#g", "title"),
                Map.of(":v", s("new"), ":one", n("1")));
        update("1", Map.of("#f", "label", "#c", "edits", "#k", "id", "#g", "label"),
                Map.of(":v", s("changed"), ":one", n("5")));

        assertThat(get(SIMPLE, item("id", "1"))).isEqualTo(
                item("id", "1", "title", "new", "label", "changed", "visits", n("1"), "edits", n("5")));
    }

    @Test
    void should_refuse_by_each_requests_bindings_between_calls_that_succeed() {
        put(SIMPLE, item("id", "1", "title", "old"));
        Map<String, String> names = Map.of("#f", "title", "#c", "visits", "#k", "id", "#g", "title");
        update("1", names, Map.of(":v", s("new"), ":one", n("1")));

        assertValidation(() -> update("1", Map.of("#f", "title", "#c", "visits", "#k", "id"),
                        Map.of(":v", s("newer"), ":one", n("1"))),
                "Invalid ConditionExpression: An expression attribute name used in the document path is not defined; "
                        + "attribute name: #g");
        assertValidation(() -> update("1", names, Map.of(":v", s("newer"), ":one", s("1"))),
                "Invalid UpdateExpression: Incorrect operand type for operator or function; operator: ADD, "
                        + "operand type: STRING");
        assertValidation(() -> update("1", Map.of("#f", "title", "#c", "title", "#k", "id", "#g", "title"),
                        Map.of(":v", s("newer"), ":one", n("1"))),
                "Invalid UpdateExpression: Two document paths overlap with each other; must remove or rewrite one of "
                        + "these paths; path one: [title], path two: [title]");
        assertRefused(() -> update("1", names, Map.of(":v", s("new"), ":one", n("1"))),
                ConditionalCheckFailedException.class, "ConditionalCheckFailedException", "The conditional request failed");
        update("1", names, Map.of(":v", s("newest"), ":one", n("2")));

        assertThat(get(SIMPLE, item("id", "1"))).isEqualTo(item("id", "1", "title", "newest", "visits", n("3")));
    }

    @Test
    void should_query_with_the_same_key_condition_and_other_values() {
        put(APP, item("PK", "A", "SK", "ORDER#1"));
        put(APP, item("PK", "A", "SK", "NOTE#1"));
        put(APP, item("PK", "B", "SK", "ORDER#2"));
        String keyCondition = "#p = :p AND begins_with(#s, :prefix)";
        Map<String, String> names = Map.of("#p", "PK", "#s", "SK");

        var a = client.query(b -> b.tableName(APP).keyConditionExpression(keyCondition).expressionAttributeNames(names)
                .expressionAttributeValues(Map.of(":p", s("A"), ":prefix", s("ORDER#"))));
        var b = client.query(q -> q.tableName(APP).keyConditionExpression(keyCondition).expressionAttributeNames(names)
                .expressionAttributeValues(Map.of(":p", s("B"), ":prefix", s("ORDER#"))));
        var notes = client.query(q -> q.tableName(APP).keyConditionExpression(keyCondition)
                .expressionAttributeNames(names).expressionAttributeValues(Map.of(":p", s("A"), ":prefix", s("NOTE#"))));

        assertThat(a.items()).containsExactly(item("PK", "A", "SK", "ORDER#1"));
        assertThat(b.items()).containsExactly(item("PK", "B", "SK", "ORDER#2"));
        assertThat(notes.items()).containsExactly(item("PK", "A", "SK", "NOTE#1"));
    }
}
