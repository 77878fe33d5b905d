package dev.singletable.engine.internal.expr;

import static dev.singletable.engine.internal.expr.Items.item;
import static dev.singletable.engine.internal.expr.Items.json;
import static dev.singletable.engine.internal.expr.Items.names;
import static org.assertj.core.api.Assertions.assertThat;

import dev.singletable.engine.internal.value.Value;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Applying projection expressions. */
class ProjectionTest {
    private static final Map<String, Value> ITEM = item("{'pk': {'S': 'k'}, 'a': {'N': '1'},"
            + "'l': {'L': [{'S': 'e0'}, {'S': 'e1'}, {'S': 'e2'}, {'S': 'e3'}]},"
            + "'m': {'M': {'x': {'N': '1'}, 'y': {'L': [{'M': {'z': {'S': 'deep'}, 'w': {'S': 'other'}}}]}}},"
            + "'a.b': {'S': 'dotted'}}");

    private static String project(String expression) {
        return json(ExpressionContext.of(names("#dot", "a.b", "#m", "m"), null).parseProjection(expression)
                .apply(ITEM));
    }

    @Test
    void should_return_only_requested_attributes_that_exist() {
        assertThat(project("a, nope")).isEqualTo("{'a':{'N':'1'}}");
        assertThat(project("nope")).isEqualTo("{}");
    }

    @Test
    void should_not_add_key_attributes() {
        assertThat(project("a")).doesNotContain("pk");
    }

    @Test
    void should_nest_requested_paths_under_their_parents() {
        assertThat(project("#m.y[0].z")).isEqualTo("{'m':{'M':{'y':{'L':[{'M':{'z':{'S':'deep'}}}]}}}}");
        assertThat(project("m.x, m.nope")).isEqualTo("{'m':{'M':{'x':{'N':'1'}}}}");
        assertThat(project("m.nope, a.b")).as("nothing under an existing parent").isEqualTo("{}");
    }

    @Test
    void should_compact_list_elements_in_index_order() {
        assertThat(project("l[3], l[1], l[9]")).isEqualTo("{'l':{'L':[{'S':'e1'},{'S':'e3'}]}}");
    }

    @Test
    void should_read_dots_in_aliases_as_part_of_the_name() {
        assertThat(project("#dot")).isEqualTo("{'a.b':{'S':'dotted'}}");
    }

    @Test
    void should_name_top_level_attributes_and_print_its_canonical_form() {
        Projection projection = ExpressionContext.of(names("#m", "m"), null).parseProjection("a ,#m.x,l[2]");
        assertThat(projection.topLevelAttributes()).containsExactly("a", "m", "l");
        assertThat(projection.canonical()).isEqualTo("a, #m.x, l[2]");
    }
}
