package dev.singletable.engine.internal.expr;

import static dev.singletable.engine.internal.expr.Items.item;
import static dev.singletable.engine.internal.expr.Items.json;
import static dev.singletable.engine.internal.expr.Items.names;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.singletable.engine.internal.DynamoException;
import dev.singletable.engine.internal.value.Value;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Applying update expressions to items and the UPDATED_OLD / UPDATED_NEW views. */
class UpdateApplicationTest {
    private static final Map<String, Value> VALUES = item("{"
            + "':s': {'S': 'new'}, ':one': {'N': '1'}, ':two': {'N': '2'}, ':big': {'N': '9.9999999999999999999999999999999999999E+125'},"
            + "':l': {'L': [{'S': 'z'}]}, ':empty': {'L': []}, ':xy': {'SS': ['x', 'y']}, ':x': {'SS': ['x']},"
            + "':q': {'SS': ['q']}, ':n12': {'NS': ['1', '2']}, ':text': {'S': 't'}}");

    private static final Map<String, Value> ITEM = item("{'pk': {'S': 'k'}, 'n': {'N': '5'}, 's': {'S': 'old'},"
            + "'l': {'L': [{'S': 'a'}, {'S': 'b'}, {'S': 'c'}, {'S': 'd'}]},"
            + "'m': {'M': {'a': {'N': '1'}, 'c': {'L': [{'S': 'c0'}, {'S': 'c1'}]}}},"
            + "'tags': {'SS': ['x', 'y']}}");

    private static Update update(String expression) {
        return ExpressionContext.of(names("#n", "n"), VALUES).parseUpdate(expression);
    }

    private static UpdateResult apply(String expression, Map<String, Value> item) {
        return update(expression).apply(item);
    }

    private static String after(String expression) {
        return json(apply(expression, ITEM).newItem());
    }

    private static void assertFails(String expression, Map<String, Value> item, String message) {
        assertThatThrownBy(() -> apply(expression, item))
                .isInstanceOf(DynamoException.class)
                .hasMessage(message);
    }

    @Test
    void should_set_attributes_and_compute_numbers() {
        assertThat(after("SET s = :s, #n = #n + :two, x = :one - n"))
                .contains("'s':{'S':'new'}", "'n':{'N':'7'}", "'x':{'N':'-4'}");
    }

    @Test
    void should_read_every_value_from_the_old_item() {
        assertThat(after("SET n = :one, x = n")).contains("'n':{'N':'1'}", "'x':{'N':'5'}");
        assertFails("SET y = :one, z = y", ITEM,
                "The provided expression refers to an attribute that does not exist in the item");
    }

    @Test
    void should_refuse_arithmetic_on_missing_or_non_numbers() {
        assertFails("SET hits = hits + :one", ITEM,
                "The provided expression refers to an attribute that does not exist in the item");
        assertFails("SET x = s + :one", ITEM, "An operand in the update expression has an incorrect data type");
        assertFails("SET x = :big + :big", ITEM,
                "Number overflow. Attempting to store a number with magnitude larger than supported range");
    }

    @Test
    void should_default_with_if_not_exists() {
        assertThat(after("SET hits = if_not_exists(hits, :one) + :two, n = if_not_exists(n, :one)"))
                .contains("'hits':{'N':'3'}", "'n':{'N':'5'}");
    }

    @Test
    void should_append_lists() {
        assertThat(after("SET l = list_append(:l, l)")).contains("'l':{'L':[{'S':'z'},{'S':'a'},");
        assertThat(after("SET q = list_append(if_not_exists(q, :empty), :l)")).contains("'q':{'L':[{'S':'z'}]}");
        assertFails("SET x = list_append(s, :l)", ITEM, "An operand in the update expression has an incorrect data type");
    }

    @Test
    void should_set_nested_paths_only_under_existing_parents() {
        assertThat(after("SET m.b = :one, m.c[0] = :s")).contains("'m':{'M':{'a':{'N':'1'},'c':{'L':[{'S':'new'},"
                + "{'S':'c1'}]},'b':{'N':'1'}}}");
        String invalid = "The document path provided in the update expression is invalid for update";
        assertFails("SET nope.b = :one", ITEM, invalid);
        assertFails("SET s.b = :one", ITEM, invalid);
        assertFails("SET m[0] = :one", ITEM, invalid);
        assertFails("SET m.zz.y = :one", ITEM, invalid);
    }

    @Test
    void should_append_indexes_beyond_the_end_in_index_order() {
        assertThat(after("SET l[10] = :s, l[7] = :one, l[1] = :two"))
                .contains("'l':{'L':[{'S':'a'},{'N':'2'},{'S':'c'},{'S':'d'},{'N':'1'},{'S':'new'}]}");
    }

    @Test
    void should_remove_by_original_positions() {
        assertThat(after("REMOVE l[1], l[2], s")).contains("'l':{'L':[{'S':'a'},{'S':'d'}]}").doesNotContain("'s'");
        assertThat(after("REMOVE l[0], l[1], l[2], l[3], m.a, m.c")).contains("'l':{'L':[]}", "'m':{'M':{}}");
    }

    @Test
    void should_ignore_missing_leaves_but_not_missing_parents() {
        assertThat(after("REMOVE nope, m.zz, l[9]")).isEqualTo(json(ITEM));
        assertFails("REMOVE nope.y", ITEM, "The document path provided in the update expression is invalid for update");
        assertThat(apply("REMOVE nope.y", Map.of()).newItem()).as("the item does not exist").isEmpty();
    }

    @Test
    void should_add_numbers_and_sets_creating_what_is_missing() {
        assertThat(after("ADD n :two, hits :one, tags :q, fresh :n12, m.a :one"))
                .contains("'n':{'N':'7'}", "'hits':{'N':'1'}", "'tags':{'SS':['x','y','q']}",
                        "'fresh':{'NS':['1','2']}", "'a':{'N':'2'}");
        assertFails("ADD tags :one", ITEM, "An operand in the update expression has an incorrect data type");
        assertFails("ADD n :q", ITEM, "An operand in the update expression has an incorrect data type");
        assertFails("ADD l :q", ITEM, "An operand in the update expression has an incorrect data type");
    }

    @Test
    void should_delete_set_elements_and_the_attribute_when_empty() {
        assertThat(after("DELETE tags :x")).contains("'tags':{'SS':['y']}");
        assertThat(after("DELETE tags :xy")).doesNotContain("tags");
        assertThat(after("DELETE nothing :xy")).isEqualTo(json(ITEM));
        assertFails("DELETE tags :n12", ITEM, "An operand in the update expression has an incorrect data type");
    }

    @Test
    void should_add_and_delete_inside_documents() {
        assertThat(after("ADD m.c[5] :one, m.fresh :x DELETE nope.tags :x"))
                .contains("'c':{'L':[{'S':'c0'},{'S':'c1'},{'N':'1'}]}", "'fresh':{'SS':['x']}");
        assertFails("ADD nope.n :one", ITEM, "The document path provided in the update expression is invalid for update");
    }

    @Test
    void should_remove_inside_lists_before_shifting_them() {
        assertThat(after("REMOVE m.c[0], l[0], l[2]"))
                .contains("'l':{'L':[{'S':'b'},{'S':'d'}]}", "'c':{'L':[{'S':'c1'}]}");
    }

    @Test
    void should_create_items_from_nothing() {
        assertThat(json(apply("SET a = :s ADD c :one", Map.of()).newItem()))
                .isEqualTo("{'a':{'S':'new'},'c':{'N':'1'}}");
    }

    @Test
    void should_know_which_updates_only_remove() {
        assertThat(update("REMOVE a DELETE s :x").onlyRemovesOrDeletes()).isTrue();
        assertThat(update("REMOVE a SET b = :s").onlyRemovesOrDeletes()).isFalse();
        assertThat(update("ADD a :one").onlyRemovesOrDeletes()).isFalse();
    }

    @Test
    void should_name_the_top_level_attributes_it_touches() {
        assertThat(update("SET a.b = c, #n = :one REMOVE l[0] ADD s :x DELETE t :x").topLevelAttributes())
                .containsExactlyInAnyOrder("a", "n", "l", "s", "t");
    }

    @Test
    void should_return_old_and_new_values_of_touched_paths() {
        UpdateResult result = apply("SET s = :s, added = :one, m.c[1] = :text REMOVE n", ITEM);
        assertThat(json(result.updatedOld()))
                .isEqualTo("{'s':{'S':'old'},'m':{'M':{'c':{'L':[{'S':'c1'}]}}},'n':{'N':'5'}}");
        assertThat(json(result.updatedNew()))
                .isEqualTo("{'s':{'S':'new'},'added':{'N':'1'},'m':{'M':{'c':{'L':[{'S':'t'}]}}}}");
    }

    @Test
    void should_report_new_values_the_way_dynamodb_does_for_list_quirks() {
        UpdateResult appended = apply("SET m.c[100] = :text", ITEM);
        assertThat(appended.updatedNew()).as("an append beyond the end is not reported").isEmpty();
        UpdateResult removed = apply("REMOVE l[1], l[3]", ITEM);
        assertThat(json(removed.updatedOld())).isEqualTo("{'l':{'L':[{'S':'b'},{'S':'d'}]}}");
        assertThat(json(removed.updatedNew())).as("the element that shifted into index 1")
                .isEqualTo("{'l':{'L':[{'S':'c'}]}}");
    }

    @Test
    void should_print_the_canonical_form() {
        assertThat(update("remove x set a = b + :one add c :one").canonical())
                .isEqualTo("SET a = (b + :one) REMOVE x ADD c :one");
    }
}
