package dev.singletable.engine.internal.expr;

import static org.assertj.core.api.Assertions.assertThat;

import dev.singletable.engine.internal.value.Value;
import dev.singletable.engine.model.KeyOperator;
import org.junit.jupiter.api.Test;

/** Sort-key conditions of a Query, in DynamoDB's order of S (UTF-8 bytes), N and B (unsigned). */
class SortConditionTest {
    private static final Value.S A = new Value.S("a");
    private static final Value.S B = new Value.S("b");

    @Test
    void should_compare_in_key_order() {
        assertThat(new SortCondition("sk", KeyOperator.LT, B, null).test(A)).isTrue();
        assertThat(new SortCondition("sk", KeyOperator.GE, B, null).test(A)).isFalse();
        assertThat(new SortCondition("sk", KeyOperator.EQ, Value.N.of("1.0"), null).test(Value.N.of(1))).isTrue();
        assertThat(new SortCondition("sk", KeyOperator.GT, new Value.S("\uFFFF"), null).test(new Value.S("\uD83D\uDE00")))
                .as("UTF-8 order, not UTF-16").isTrue();
        assertThat(new SortCondition("sk", KeyOperator.GT, new Value.B(new byte[] {0x7f}), null)
                .test(new Value.B(new byte[] {(byte) 0x80}))).as("unsigned bytes").isTrue();
    }

    @Test
    void should_include_both_bounds_of_between() {
        SortCondition between = new SortCondition("sk", KeyOperator.BETWEEN, A, B);
        assertThat(between.test(A)).isTrue();
        assertThat(between.test(B)).isTrue();
        assertThat(between.test(new Value.S("c"))).isFalse();
    }

    @Test
    void should_match_prefixes() {
        SortCondition prefix = new SortCondition("sk", KeyOperator.BEGINS_WITH, new Value.S("ORDER#"), null);
        assertThat(prefix.test(new Value.S("ORDER#1"))).isTrue();
        assertThat(prefix.test(new Value.S("ORD"))).isFalse();
        assertThat(prefix.canonical()).isEqualTo("begins_with(sk, {S:ORDER#})");
    }
}
