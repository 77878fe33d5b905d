package dev.singletable.engine.internal.expr;

import static dev.singletable.engine.internal.expr.Items.item;
import static dev.singletable.engine.internal.expr.Items.json;
import static dev.singletable.engine.internal.expr.Items.tree;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.singletable.engine.internal.DynamoException;
import dev.singletable.engine.internal.value.Value;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The pre-2014 parameters, mapped onto expressions. */
class LegacyTest {
    private static final Map<String, Value> ITEM = item("{'pk': {'S': 'k'}, 'a': {'S': 'abc'}, 'n': {'N': '5'},"
            + "'tags': {'SS': ['x', 'y']}, 'l': {'L': [{'S': 'e0'}]}}");
    private static final KeySchema SCHEMA = new KeySchema(List.of(new KeySchema.Attribute("pk", "S")),
            List.of(new KeySchema.Attribute("sk", "S")));

    private static Condition expected(String json) {
        return Legacy.expected(tree(json), null);
    }

    @Test
    void should_read_expected_values_as_equality_and_exists_false_as_absence() {
        Condition condition = expected("{'a': {'Value': {'S': 'abc'}}, 'b': {'Exists': false},"
                + "'n': {'Exists': true, 'Value': {'N': '5.0'}}}");
        assertThat(condition.test(ITEM)).isTrue();
        assertThat(condition.canonical())
                .isEqualTo("(((a = {S:abc}) AND attribute_not_exists(b)) AND (n = {N:5}))");
        assertThat(condition.topLevelAttributes()).containsExactlyInAnyOrder("a", "b", "n");
        assertThat(expected("{'a': {'Exists': false}}").test(ITEM)).isFalse();
    }

    @Test
    void should_combine_with_the_conditional_operator() {
        String json = "{'a': {'Value': {'S': 'zzz'}}, 'n': {'ComparisonOperator': 'GT',"
                + " 'AttributeValueList': [{'N': '1'}]}}";
        assertThat(Legacy.expected(tree(json), "AND").test(ITEM)).isFalse();
        assertThat(Legacy.expected(tree(json), "OR").test(ITEM)).isTrue();
    }

    @Test
    void should_treat_an_empty_expected_as_always_true() {
        assertThat(expected("{}").test(Map.of())).isTrue();
        assertThat(expected("{}").canonical()).isEmpty();
    }

    @Test
    void should_refuse_inconsistent_exists_and_value() {
        assertThatThrownBy(() -> expected("{'a': {'Exists': true}}"))
                .isInstanceOf(DynamoException.class)
                .hasMessage("One or more parameter values were invalid: "
                        + "Value must be provided when Exists is true for Attribute: a");
        assertThatThrownBy(() -> expected("{'a': {}}"))
                .hasMessage("One or more parameter values were invalid: "
                        + "Value must be provided when Exists is null for Attribute: a");
        assertThatThrownBy(() -> expected("{'a': {'Exists': false, 'Value': {'S': 'x'}}}"))
                .hasMessage("One or more parameter values were invalid: "
                        + "Value cannot be used when Exists is false for Attribute: a");
    }

    @Test
    void should_refuse_mixed_forms_in_expected() {
        assertThatThrownBy(() -> expected("{'a': {'ComparisonOperator': 'EQ', 'Value': {'S': 'x'},"
                + " 'AttributeValueList': [{'S': 'x'}]}}"))
                .hasMessage("One or more parameter values were invalid: "
                        + "Value and AttributeValueList cannot be used together for Attribute: a");
        assertThatThrownBy(() -> expected("{'a': {'ComparisonOperator': 'NULL', 'Exists': false}}"))
                .hasMessage("One or more parameter values were invalid: "
                        + "Exists and ComparisonOperator cannot be used together for Attribute: a");
        assertThatThrownBy(() -> expected("{'a': {'ComparisonOperator': 'GT'}}"))
                .hasMessage("One or more parameter values were invalid: "
                        + "Value or AttributeValueList must be used with ComparisonOperator: GT for Attribute: a");
        assertThatThrownBy(() -> expected("{'a': {'AttributeValueList': [{'S': 'x'}]}}"))
                .hasMessage("One or more parameter values were invalid: "
                        + "AttributeValueList can only be used with a ComparisonOperator for Attribute: a");
    }

    @Test
    void should_accept_a_single_value_with_a_comparison_operator_in_expected() {
        assertThat(expected("{'n': {'ComparisonOperator': 'GE', 'Value': {'N': '5'}}}").test(ITEM)).isTrue();
    }

    @Test
    void should_evaluate_every_comparison_operator() {
        assertThat(filter("n", "BETWEEN", "{'N': '1'}, {'N': '5'}")).isTrue();
        assertThat(filter("n", "IN", "{'N': '4'}, {'N': '5'}")).isTrue();
        assertThat(filter("n", "NE", "{'N': '5'}")).isFalse();
        assertThat(filter("n", "LE", "{'N': '5'}")).isTrue();
        assertThat(filter("n", "LT", "{'N': '5'}")).isFalse();
        assertThat(filter("a", "BEGINS_WITH", "{'S': 'ab'}")).isTrue();
        assertThat(filter("tags", "CONTAINS", "{'S': 'x'}")).isTrue();
        assertThat(filter("tags", "NOT_CONTAINS", "{'S': 'x'}")).isFalse();
        assertThat(filter("a", "NOT_NULL", "")).isTrue();
        assertThat(filter("zz", "NULL", "")).isTrue();
    }

    private static boolean filter(String attribute, String operator, String values) {
        return Legacy.filter(tree("{'" + attribute + "': {'ComparisonOperator': '" + operator
                + "', 'AttributeValueList': [" + values + "]}}"), null).test(ITEM);
    }

    @Test
    void should_refuse_wrong_argument_counts_and_mixed_types() {
        assertThatThrownBy(() -> filter("n", "EQ", ""))
                .hasMessage("One or more parameter values were invalid: "
                        + "Invalid number of argument(s) for the EQ ComparisonOperator");
        assertThatThrownBy(() -> filter("n", "NULL", "{'N': '1'}"))
                .hasMessage("One or more parameter values were invalid: "
                        + "Invalid number of argument(s) for the NULL ComparisonOperator");
        assertThatThrownBy(() -> filter("n", "BETWEEN", "{'N': '1'}, {'S': '5'}"))
                .hasMessage("One or more parameter values were invalid: "
                        + "AttributeValues inside AttributeValueList must be of same type");
        assertThatThrownBy(() -> filter("n", "LT", "{'SS': ['5']}"))
                .hasMessage("One or more parameter values were invalid: "
                        + "ComparisonOperator LT is not valid for SS AttributeValue type");
        assertThatThrownBy(() -> filter("n", "BEGINS_WITH", "{'N': '5'}"))
                .hasMessage("One or more parameter values were invalid: "
                        + "ComparisonOperator BEGINS_WITH is not valid for N AttributeValue type");
        assertThatThrownBy(() -> filter("n", "BETWEEN", "{'N': '6'}, {'N': '5'}"))
                .hasMessage("The BETWEEN condition was provided a range where the lower bound is greater than "
                        + "the upper bound");
    }

    @Test
    void should_put_delete_and_add_including_list_appends() {
        Update update = Legacy.attributeUpdates(tree("{'a': {'Action': 'PUT', 'Value': {'S': 'new'}},"
                + "'n': {'Action': 'ADD', 'Value': {'N': '2'}}, 'tags': {'Action': 'DELETE', 'Value': {'SS': ['x']}},"
                + "'l': {'Action': 'ADD', 'Value': {'L': [{'S': 'e1'}]}}, 'pk2': {'Value': {'S': 'put'}},"
                + "'gone': {'Action': 'DELETE'}}"));
        assertThat(json(update.apply(ITEM).newItem())).isEqualTo("{'pk':{'S':'k'},'a':{'S':'new'},'n':{'N':'7'},"
                + "'tags':{'SS':['y']},'l':{'L':[{'S':'e0'},{'S':'e1'}]},'pk2':{'S':'put'}}");
        assertThat(update.topLevelAttributes()).containsExactlyInAnyOrder("a", "n", "tags", "l", "pk2", "gone");
        assertThat(Legacy.attributeUpdates(tree("{'a': {'Action': 'DELETE'}}")).onlyRemovesOrDeletes()).isTrue();
        assertThat(Legacy.attributeUpdates(tree("{}")).apply(Map.of()).newItem()).isEmpty();
    }

    @Test
    void should_require_a_value_except_for_delete() {
        assertThatThrownBy(() -> Legacy.attributeUpdates(tree("{'a': {'Action': 'PUT'}}")))
                .hasMessage("One or more parameter values were invalid: "
                        + "Only DELETE action is allowed when no attribute value is specified");
    }

    @Test
    void should_add_numbers_sets_and_lists_and_delete_from_sets_only() {
        assertThatThrownBy(() -> Legacy.attributeUpdates(tree("{'a': {'Action': 'ADD', 'Value': {'S': 'x'}}}")))
                .hasMessage("One or more parameter values were invalid: Action ADD is not supported for the type S");
        assertThatThrownBy(() -> Legacy.attributeUpdates(tree("{'a': {'Action': 'DELETE', 'Value': {'N': '1'}}}")))
                .hasMessage("One or more parameter values were invalid: "
                        + "Action DELETE is not supported for the type N");
    }

    @Test
    void should_map_key_conditions() {
        KeyCondition condition = Legacy.keyConditions(tree("{"
                + "'sk': {'ComparisonOperator': 'BEGINS_WITH', 'AttributeValueList': [{'S': 'OR'}]},"
                + "'pk': {'ComparisonOperator': 'EQ', 'AttributeValueList': [{'S': 'k'}]}}"), SCHEMA);
        assertThat(condition.canonical()).isEqualTo("((pk = {S:k}) AND begins_with(sk, {S:OR}))");
        assertThat(condition.range().test(new Value.S("ORDER#1"))).isTrue();
    }

    @Test
    void should_refuse_key_conditions_that_cannot_use_the_index() {
        assertThatThrownBy(() -> Legacy.keyConditions(tree("{'pk': {'ComparisonOperator': 'NE',"
                + " 'AttributeValueList': [{'S': 'k'}]}}"), SCHEMA))
                .hasMessage("Attempted conditional constraint is not an indexable operation");
        assertThatThrownBy(() -> Legacy.keyConditions(tree("{'sk': {'ComparisonOperator': 'EQ',"
                + " 'AttributeValueList': [{'S': 'k'}]}}"), SCHEMA))
                .hasMessage("Query condition missed key schema element: pk");
    }

    @Test
    void should_map_key_conditions_on_a_key_of_several_attributes() {
        KeySchema schema = new KeySchema(List.of(new KeySchema.Attribute("tenant", "S"), new KeySchema.Attribute("region", "S")),
                List.of(new KeySchema.Attribute("status", "S"), new KeySchema.Attribute("due", "N")));
        KeyCondition condition = Legacy.keyConditions(tree("{"
                + "'due': {'ComparisonOperator': 'GT', 'AttributeValueList': [{'N': '5'}]},"
                + "'region': {'ComparisonOperator': 'EQ', 'AttributeValueList': [{'S': 'eu'}]},"
                + "'status': {'ComparisonOperator': 'EQ', 'AttributeValueList': [{'S': 'OPEN'}]},"
                + "'tenant': {'ComparisonOperator': 'EQ', 'AttributeValueList': [{'S': 'acme'}]}}"), schema);
        assertThat(condition.canonical()).isEqualTo(
                "((((tenant = {S:acme}) AND (region = {S:eu})) AND (status = {S:OPEN})) AND (due > {N:5}))");
        assertThatThrownBy(() -> Legacy.keyConditions(tree("{"
                + "'tenant': {'ComparisonOperator': 'EQ', 'AttributeValueList': [{'S': 'acme'}]},"
                + "'region': {'ComparisonOperator': 'EQ', 'AttributeValueList': [{'S': 'eu'}]},"
                + "'due': {'ComparisonOperator': 'GT', 'AttributeValueList': [{'N': '5'}]}}"), schema))
                .hasMessage("Query key condition not supported: RANGE key attribute status must have an equality "
                        + "condition because RANGE key attribute due has a condition");
    }

    @Test
    void should_project_attributes_to_get() {
        assertThat(json(Legacy.attributesToGet(tree("['a', 'zz', 'n']")).apply(ITEM)))
                .isEqualTo("{'a':{'S':'abc'},'n':{'N':'5'}}");
        assertThatThrownBy(() -> Legacy.attributesToGet(tree("['a', 'n', 'a']")))
                .hasMessage("One or more parameter values were invalid: Duplicate value in attribute name: a");
        assertThatThrownBy(() -> Legacy.attributesToGet(tree("[]")))
                .isInstanceOf(DynamoException.class);
    }
}
