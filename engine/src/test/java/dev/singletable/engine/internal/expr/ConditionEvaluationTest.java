package dev.singletable.engine.internal.expr;

import static dev.singletable.engine.internal.expr.Items.item;
import static dev.singletable.engine.internal.expr.Items.names;
import static org.assertj.core.api.Assertions.assertThat;

import dev.singletable.engine.internal.value.Value;
import dev.singletable.engine.model.ExpressionKind;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Evaluation of conditions against one item. */
class ConditionEvaluationTest {
    private static final Map<String, Value> ITEM = item("{"
            + "'s': {'S': 'abc'}, 'n': {'N': '10'}, 'b': {'B': 'AQID'}, 't': {'BOOL': true}, 'z': {'NULL': true},"
            + "'ss': {'SS': ['x', 'y']}, 'ns': {'NS': ['1', '2.50']}, 'bs': {'BS': ['AQ==']},"
            + "'l': {'L': [{'S': 'x'}, {'N': '1'}, {'M': {'k': {'S': 'v'}}}]},"
            + "'m': {'M': {'k': {'S': 'v'}, 'n': {'N': '1'}, 'deep': {'L': [{'N': '5'}]}}},"
            + "'emoji': {'S': '\uD83D\uDE00a'}, 'blank': {'S': ''}}");

    private static final Map<String, Value> VALUES = item("{"
            + "':abc': {'S': 'abc'}, ':ab': {'S': 'ab'}, ':bc': {'S': 'bc'}, ':x': {'S': 'x'}, ':ten': {'N': '10.0'},"
            + "':one': {'N': '1'}, ':two': {'N': '2'}, ':three': {'N': '3'}, ':twohalf': {'N': '2.5'},"
            + "':b12': {'B': 'AQI='}, ':b23': {'B': 'AgM='}, ':b1': {'B': 'AQ=='}, ':true': {'BOOL': true},"
            + "':m': {'M': {'n': {'N': '1.0'}, 'k': {'S': 'v'}, 'deep': {'L': [{'N': '5'}]}}},"
            + "':ssyx': {'SS': ['y', 'x']}, ':kv': {'M': {'k': {'S': 'v'}}},"
            + "':S': {'S': 'S'}, ':SS': {'S': 'SS'}, ':NULL': {'S': 'NULL'}, ':M': {'S': 'M'}, ':N': {'S': 'N'}}");

    private static boolean holds(String expression) {
        return holds(expression, ITEM);
    }

    private static boolean holds(String expression, Map<String, Value> item) {
        return ExpressionContext.of(names("#s", "s", "#dot", "m.k"), VALUES)
                .parseCondition(expression, ExpressionKind.CONDITION).test(item);
    }

    @Test
    void should_compare_values_of_one_type() {
        assertThat(holds("s = :abc")).isTrue();
        assertThat(holds("n = :ten")).as("numbers compare numerically").isTrue();
        assertThat(holds("n > :two")).isTrue();
        assertThat(holds("s < :bc")).isTrue();
        assertThat(holds("b < :b23")).isTrue();
        assertThat(holds("s BETWEEN :ab AND :bc")).isTrue();
        assertThat(holds("n BETWEEN :one AND :two")).isFalse();
    }

    @Test
    void should_treat_comparisons_across_types_as_false_except_not_equal() {
        assertThat(holds("s = :one")).isFalse();
        assertThat(holds("s < :one")).isFalse();
        assertThat(holds("s >= :one")).isFalse();
        assertThat(holds("s <> :one")).isTrue();
        assertThat(holds("t > :one")).as("ordering on BOOL").isFalse();
    }

    @Test
    void should_treat_missing_attributes_per_operator() {
        assertThat(holds("absent = :one")).isFalse();
        assertThat(holds("absent <> :one")).isTrue();
        assertThat(holds("absent <> unknown_b")).as("both absent").isTrue();
        assertThat(holds("absent = unknown_b")).as("both absent").isFalse();
        assertThat(holds("absent < :one")).isFalse();
        assertThat(holds("absent BETWEEN :one AND :two")).isFalse();
        assertThat(holds("absent IN (:one, :two)")).isFalse();
        assertThat(holds("begins_with(absent, :ab)")).isFalse();
        assertThat(holds("contains(absent, :x)")).isFalse();
        assertThat(holds("size(absent) >= :one")).isFalse();
    }

    @Test
    void should_see_every_attribute_missing_on_a_missing_item() {
        assertThat(holds("attribute_not_exists(s)", Map.of())).isTrue();
        assertThat(holds("attribute_exists(s)", Map.of())).isFalse();
        assertThat(holds("s <> :abc", Map.of())).isTrue();
    }

    @Test
    void should_compare_deeply() {
        assertThat(holds("m = :m")).as("maps ignore order, numbers normalise").isTrue();
        assertThat(holds("ss = :ssyx")).as("sets ignore order").isTrue();
        assertThat(holds("l[2] = :kv")).isTrue();
        assertThat(holds("m.deep[0] = l[1]")).isFalse();
    }

    @Test
    void should_apply_logical_operators() {
        assertThat(holds("s = :abc AND n = :ten")).isTrue();
        assertThat(holds("s = :x OR n = :ten")).isTrue();
        assertThat(holds("NOT s = :x")).isTrue();
        assertThat(holds("n IN (:one, :ten)")).isTrue();
        assertThat(holds("n IN (:one, :abc)")).isFalse();
    }

    @Test
    void should_follow_nested_paths_and_aliases() {
        assertThat(holds("attribute_exists(m.deep[0])")).isTrue();
        assertThat(holds("attribute_exists(m.deep[1])")).isFalse();
        assertThat(holds("attribute_exists(s.k)")).as("a step into a scalar").isFalse();
        assertThat(holds("#s = :abc")).isTrue();
        assertThat(holds("attribute_exists(#dot)")).as("an alias is one name, dots included").isFalse();
    }

    @Test
    void should_check_attribute_types() {
        assertThat(holds("attribute_type(s, :S)")).isTrue();
        assertThat(holds("attribute_type(ss, :SS)")).isTrue();
        assertThat(holds("attribute_type(z, :NULL)")).isTrue();
        assertThat(holds("attribute_type(m, :M)")).isTrue();
        assertThat(holds("attribute_type(s, :N)")).isFalse();
        assertThat(holds("attribute_type(absent, :S)")).isFalse();
    }

    @Test
    void should_match_prefixes_of_strings_and_binaries_only() {
        assertThat(holds("begins_with(s, :ab)")).isTrue();
        assertThat(holds("begins_with(s, :bc)")).isFalse();
        assertThat(holds("begins_with(b, :b12)")).isTrue();
        assertThat(holds("begins_with(b, :b23)")).isFalse();
        assertThat(holds("begins_with(b, :ab)")).as("S prefix of B").isFalse();
    }

    @Test
    void should_find_substrings_members_and_elements() {
        assertThat(holds("contains(s, :bc)")).isTrue();
        assertThat(holds("contains(b, :b23)")).isTrue();
        assertThat(holds("contains(ss, :x)")).isTrue();
        assertThat(holds("contains(ns, :twohalf)")).isTrue();
        assertThat(holds("contains(ns, :three)")).isFalse();
        assertThat(holds("contains(bs, :b1)")).isTrue();
        assertThat(holds("contains(l, :kv)")).as("list elements compare deeply").isTrue();
        assertThat(holds("contains(l, :one)")).isTrue();
        assertThat(holds("contains(m, :kv)")).as("maps contain nothing").isFalse();
        assertThat(holds("contains(ss, :one)")).as("wrong element type").isFalse();
    }

    @Test
    void should_measure_sizes() {
        assertThat(holds("size(s) = :three")).isTrue();
        assertThat(holds("size(emoji) = :three")).as("UTF-16 code units").isTrue();
        assertThat(holds("size(b) = :three")).isTrue();
        assertThat(holds("size(ss) = :two")).isTrue();
        assertThat(holds("size(l) = :three")).isTrue();
        assertThat(holds("size(m) = :three")).isTrue();
        assertThat(holds("size(blank) < :one")).isTrue();
        assertThat(holds("size(n) >= :one")).as("numbers have no size").isFalse();
        assertThat(holds("size(n) <> :one")).as("no size is a absent operand").isTrue();
    }

    @Test
    void should_name_the_top_level_attributes_it_reads() {
        Condition condition = ExpressionContext.of(names("#s", "s"), VALUES)
                .parseCondition("#s = :abc AND (size(l[0]) > :one OR contains(m.k, n))", ExpressionKind.FILTER);
        assertThat(condition.topLevelAttributes()).containsExactlyInAnyOrder("s", "l", "m", "n");
    }
}
