package dev.singletable.engine.internal.expr;

import static dev.singletable.engine.internal.expr.Items.item;
import static dev.singletable.engine.internal.expr.Items.json;
import static dev.singletable.engine.internal.expr.Items.names;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.singletable.engine.internal.value.Value;
import dev.singletable.engine.model.ExpressionKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * A text bound as one that passed the checks before (the same names, values of the same types) is not checked
 * again; every other binding is, so each request still gets DynamoDB's verdict on its own names and values: other
 * types, other names, checks that read a value itself, many bindings of one text, and callers at once.
 */
class CheckedOnceTest {
    /** A suffix per use, so that no other test has checked this test's texts before it. */
    private static final AtomicInteger TEXTS = new AtomicInteger();

    private static String fresh(String text) {
        return text + " ".repeat(1 + TEXTS.getAndIncrement());
    }

    private static ExpressionContext context(Map<String, String> names, String values) {
        return ExpressionContext.of(names, values == null ? null : item(values));
    }

    @Test
    void should_check_again_a_binding_of_other_value_types() {
        String text = fresh("SET #n = if_not_exists(#n, :zero) + :one");
        Map<String, Value> old = item("{'id': {'S': '1'}}");
        for (int i = 0; i < 3; i++) {
            assertThat(json(context(names("#n", "visits"), "{':zero': {'N': '0'}, ':one': {'N': '1'}}")
                    .parseUpdate(text).apply(old).newItem())).isEqualTo("{'id':{'S':'1'},'visits':{'N':'1'}}");
            assertThatThrownBy(() -> context(names("#n", "visits"), "{':zero': {'N': '0'}, ':one': {'S': '1'}}")
                    .parseUpdate(text))
                    .hasMessage("Invalid UpdateExpression: Incorrect operand type for operator or function; "
                            + "operator or function: +, operand type: S");
        }
    }

    @Test
    void should_check_again_a_binding_of_other_names() {
        String text = fresh("SET #a = :v REMOVE #b");
        for (int i = 0; i < 3; i++) {
            context(names("#a", "x", "#b", "y"), "{':v': {'S': 'a'}}").parseUpdate(text);
            assertThatThrownBy(() -> context(names("#a", "x", "#b", "x"), "{':v': {'S': 'a'}}").parseUpdate(text))
                    .hasMessage("Invalid UpdateExpression: Two document paths overlap with each other; must remove "
                            + "or rewrite one of these paths; path one: [x], path two: [x]");
        }
    }

    @Test
    void should_check_every_time_what_reads_a_value_itself() {
        String between = fresh("#f BETWEEN :lo AND :hi");
        String type = fresh("attribute_type(#f, :t)");
        for (int i = 0; i < 3; i++) {
            context(names("#f", "a"), "{':lo': {'N': '1'}, ':hi': {'N': '2'}}")
                    .parseCondition(between, ExpressionKind.CONDITION);
            assertThatThrownBy(() -> context(names("#f", "a"), "{':lo': {'N': '3'}, ':hi': {'N': '2'}}")
                    .parseCondition(between, ExpressionKind.CONDITION))
                    .hasMessage("Invalid ConditionExpression: The BETWEEN operator requires upper bound to be greater "
                            + "than or equal to lower bound; lower bound operand: AttributeValue: {N:3}, upper bound "
                            + "operand: AttributeValue: {N:2}");
            context(names("#f", "a"), "{':t': {'S': 'S'}}").parseCondition(type, ExpressionKind.CONDITION);
            assertThatThrownBy(() -> context(names("#f", "a"), "{':t': {'S': 'X'}}")
                    .parseCondition(type, ExpressionKind.CONDITION))
                    .hasMessage("Invalid ConditionExpression: Invalid attribute type name found; type: X, valid "
                            + "types: {B,NULL,SS,BOOL,L,BS,N,NS,S,M}");
        }
    }

    @Test
    void should_check_every_binding_past_those_it_keeps() {
        String text = fresh("SET #a = :v, #b = :v");
        for (int round = 0; round < 2; round++) {
            for (int i = 0; i < 2 * Parser.Parsed.MAX_CHECKED; i++) {
                context(names("#a", "a" + i, "#b", "b" + i), "{':v': {'S': 'a'}}").parseUpdate(text);
                String same = "c" + i;
                assertThatThrownBy(() -> context(names("#a", same, "#b", same), "{':v': {'S': 'a'}}")
                        .parseUpdate(text)).hasMessageContaining("Two document paths overlap with each other");
            }
        }
    }

    @Test
    void should_give_callers_at_once_each_their_own_verdict() throws Exception {
        String text = fresh("SET #n = :v + :one");
        ExecutorService threads = Executors.newFixedThreadPool(4);
        try {
            List<Future<Integer>> results = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                int thread = t;
                Callable<Integer> calls = () -> {
                    int refused = 0;
                    for (int i = 0; i < 500; i++) {
                        boolean valid = (i + thread) % 2 == 0;
                        ExpressionContext context = context(names("#n", "n"),
                                valid ? "{':v': {'N': '1'}, ':one': {'N': '1'}}" : "{':v': {'N': '1'}, ':one': {'L': []}}");
                        try {
                            context.parseUpdate(text);
                        } catch (RuntimeException e) {
                            assertThat(valid).as("a valid binding refused: " + e.getMessage()).isFalse();
                            assertThat(e).hasMessage("Invalid UpdateExpression: Incorrect operand type for operator "
                                    + "or function; operator or function: +, operand type: L");
                            refused++;
                        }
                    }
                    return refused;
                };
                results.add(threads.submit(calls));
            }
            for (Future<Integer> result : results) {
                assertThat(result.get()).as("each invalid binding refused").isEqualTo(250);
            }
        } finally {
            threads.shutdownNow();
        }
    }
}
