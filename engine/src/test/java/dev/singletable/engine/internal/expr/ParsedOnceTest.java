package dev.singletable.engine.internal.expr;

import static dev.singletable.engine.internal.expr.Items.item;
import static dev.singletable.engine.internal.expr.Items.json;
import static dev.singletable.engine.internal.expr.Items.names;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.singletable.engine.internal.DynamoException;
import dev.singletable.engine.internal.value.Value;
import dev.singletable.engine.model.ExpressionKind;
import dev.singletable.engine.model.KeyOperator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * One parse of a text serves every request that writes it: the answers and the errors come from each request's
 * own names and values, whichever request parsed the text first. Each scenario runs its two requests in both
 * orders, each order on a text of its own, so that the second request of each order meets a warm cache.
 */
class ParsedOnceTest {
    /** A suffix per use, so that no other test has parsed this test's texts before it. */
    private static final AtomicInteger TEXTS = new AtomicInteger();

    private static ExpressionContext context(Map<String, String> names, String values) {
        return ExpressionContext.of(names, values == null ? null : item(values));
    }

    /** Runs both requests on the text, first then second, and on a twin text (same meaning), second then first. */
    private static void bothOrders(String text, Consumer<String> first, Consumer<String> second) {
        String firstOrder = text + " ".repeat(1 + TEXTS.getAndIncrement() % 2);
        first.accept(firstOrder);
        second.accept(firstOrder);
        first.accept(firstOrder);
        String secondOrder = "  " + text + " ".repeat(1 + TEXTS.getAndIncrement() % 2);
        second.accept(secondOrder);
        first.accept(secondOrder);
        second.accept(secondOrder);
    }

    private static void conditionFails(String text, ExpressionContext context, String message) {
        assertThatThrownBy(() -> context.parseCondition(text, ExpressionKind.CONDITION))
                .isInstanceOf(DynamoException.class)
                .hasMessage(message);
    }

    @Test
    void should_evaluate_one_condition_text_with_each_requests_names_and_values() {
        Map<String, Value> order = item("{'status': {'S': 'OPEN'}, 'total': {'N': '12'}}");
        bothOrders("#f = :v",
                text -> assertThat(context(names("#f", "status"), "{':v': {'S': 'OPEN'}}")
                        .parseCondition(text, ExpressionKind.CONDITION).test(order)).isTrue(),
                text -> assertThat(context(names("#f", "total"), "{':v': {'S': 'OPEN'}}")
                        .parseCondition(text, ExpressionKind.CONDITION).test(order)).isFalse());
        bothOrders("#f BETWEEN :lo AND :hi",
                text -> assertThat(context(names("#f", "total"), "{':lo': {'N': '10'}, ':hi': {'N': '20'}}")
                        .parseCondition(text, ExpressionKind.FILTER).test(order)).isTrue(),
                text -> assertThat(context(names("#f", "total"), "{':lo': {'N': '13'}, ':hi': {'N': '20'}}")
                        .parseCondition(text, ExpressionKind.FILTER).test(order)).isFalse());
    }

    @Test
    void should_report_undefined_placeholders_per_request() {
        bothOrders("#f = :v",
                text -> conditionFails(text, context(null, "{':v': {'S': 'x'}}"),
                        "Invalid ConditionExpression: An expression attribute name used in the document path is not "
                                + "defined; attribute name: #f"),
                text -> assertThat(context(names("#f", "a"), "{':v': {'S': 'x'}}")
                        .parseCondition(text, ExpressionKind.CONDITION).canonical()).isEqualTo("(#f = :v)"));
        bothOrders("#f = :v",
                text -> conditionFails(text, context(names("#f", "a"), "{':w': {'S': 'x'}}"),
                        "Invalid ConditionExpression: An expression attribute value used in expression is not "
                                + "defined; attribute value: :v"),
                text -> context(names("#f", "a"), "{':v': {'S': 'x'}}").parseCondition(text, ExpressionKind.CONDITION));
    }

    @Test
    void should_check_operand_types_and_distinct_operands_against_each_requests_bindings() {
        bothOrders("#f < :v",
                text -> conditionFails(text, context(names("#f", "a"), "{':v': {'SS': ['x']}}"),
                        "Invalid ConditionExpression: Incorrect operand type for operator or function; "
                                + "operator or function: <, operand type: SS"),
                text -> context(names("#f", "a"), "{':v': {'S': 'x'}}").parseCondition(text, ExpressionKind.CONDITION));
        bothOrders("#a = #b",
                text -> conditionFails(text, context(names("#a", "x", "#b", "x"), null),
                        "Invalid ConditionExpression: The first operand must be distinct from the remaining operands "
                                + "for this operator or function; operator: =, first operand: [x]"),
                text -> context(names("#a", "x", "#b", "y"), null).parseCondition(text, ExpressionKind.CONDITION));
    }

    @Test
    void should_keep_dynamodbs_order_between_the_texts_problems_and_the_bindings() {
        // the first condition with a problem wins: an undefined name in the first beats a bad type in the second
        bothOrders("#a = :x AND b < :y",
                text -> conditionFails(text, context(null, "{':x': {'S': 'x'}, ':y': {'SS': ['y']}}"),
                        "Invalid ConditionExpression: An expression attribute name used in the document path is not "
                                + "defined; attribute name: #a"),
                text -> conditionFails(text, context(names("#a", "a"), "{':x': {'S': 'x'}, ':y': {'SS': ['y']}}"),
                        "Invalid ConditionExpression: Incorrect operand type for operator or function; "
                                + "operator or function: <, operand type: SS"));
        // a reserved word, found while parsing, beats an undefined value; a misused function beats both
        bothOrders("status = :v",
                text -> conditionFails(text, context(null, "{':w': {'S': 'x'}}"),
                        "Invalid ConditionExpression: Attribute name is a reserved keyword; reserved keyword: status"),
                text -> conditionFails(text, context(null, "{':v': {'S': 'x'}}"),
                        "Invalid ConditionExpression: Attribute name is a reserved keyword; reserved keyword: status"));
        bothOrders("size(a) AND status = :v",
                text -> conditionFails(text, context(null, "{':w': {'S': 'x'}}"),
                        "Invalid ConditionExpression: The function is not allowed to be used this way in an "
                                + "expression; function: size"),
                text -> conditionFails(text, context(null, "{':v': {'S': 'x'}}"),
                        "Invalid ConditionExpression: The function is not allowed to be used this way in an "
                                + "expression; function: size"));
    }

    @Test
    void should_mark_only_the_names_and_values_each_request_used() {
        bothOrders("#a = :x",
                text -> {
                    ExpressionContext context = context(names("#a", "a", "#b", "b"), "{':x': {'S': 'x'}}");
                    context.parseCondition(text, ExpressionKind.CONDITION);
                    assertThatThrownBy(context::checkAllUsed).hasMessage(
                            "Value provided in ExpressionAttributeNames unused in expressions: keys: {#b}");
                },
                text -> {
                    ExpressionContext context = context(names("#a", "a"), "{':x': {'S': 'x'}}");
                    context.parseCondition(text, ExpressionKind.CONDITION);
                    context.checkAllUsed();
                });
    }

    @Test
    void should_apply_one_update_text_with_each_requests_names_and_values() {
        Map<String, Value> old = item("{'id': {'S': '1'}, 'n': {'N': '1'}, 'm': {'N': '5'}}");
        bothOrders("SET #t = :v ADD #c :one",
                text -> assertThat(json(context(names("#t", "title", "#c", "n"), "{':v': {'S': 'a'}, ':one': {'N': '1'}}")
                        .parseUpdate(text).apply(old).newItem()))
                        .isEqualTo("{'id':{'S':'1'},'n':{'N':'2'},'m':{'N':'5'},'title':{'S':'a'}}"),
                text -> assertThat(json(context(names("#t", "label", "#c", "m"), "{':v': {'S': 'b'}, ':one': {'N': '10'}}")
                        .parseUpdate(text).apply(old).newItem()))
                        .isEqualTo("{'id':{'S':'1'},'n':{'N':'1'},'m':{'N':'15'},'label':{'S':'b'}}"));
        bothOrders("SET #a = :v, #b = :v",
                text -> assertThatThrownBy(() -> context(names("#a", "x", "#b", "x"), "{':v': {'S': 'a'}}")
                        .parseUpdate(text))
                        .hasMessage("Invalid UpdateExpression: Two document paths overlap with each other; must remove "
                                + "or rewrite one of these paths; path one: [x], path two: [x]"),
                text -> context(names("#a", "x", "#b", "y"), "{':v': {'S': 'a'}}").parseUpdate(text));
        bothOrders("ADD #c :one",
                text -> assertThatThrownBy(() -> context(names("#c", "n"), "{':one': {'S': '1'}}").parseUpdate(text))
                        .hasMessage("Invalid UpdateExpression: Incorrect operand type for operator or function; "
                                + "operator: ADD, operand type: STRING"),
                text -> context(names("#c", "n"), "{':one': {'N': '1'}}").parseUpdate(text));
    }

    @Test
    void should_project_one_text_with_each_requests_names() {
        Map<String, Value> item = item("{'a': {'S': 'x'}, 'b': {'S': 'y'}, 'c': {'S': 'z'}}");
        bothOrders("#p, #q",
                text -> assertThat(json(context(names("#p", "a", "#q", "b"), null).parseProjection(text).apply(item)))
                        .isEqualTo("{'a':{'S':'x'},'b':{'S':'y'}}"),
                text -> assertThatThrownBy(() -> context(names("#p", "c", "#q", "c"), null).parseProjection(text))
                        .hasMessage("Invalid ProjectionExpression: Two document paths overlap with each other; must "
                                + "remove or rewrite one of these paths; path one: [c], path two: [c]"));
    }

    @Test
    void should_read_one_key_condition_text_with_each_requests_values() {
        KeySchema schema = new KeySchema(List.of(new KeySchema.Attribute("PK", "S")),
                List.of(new KeySchema.Attribute("SK", "S")));
        bothOrders("#pk = :pk AND begins_with(#sk, :p)",
                text -> {
                    KeyCondition key = context(names("#pk", "PK", "#sk", "SK"), "{':pk': {'S': 'A'}, ':p': {'S': 'x'}}")
                            .parseKeyCondition(text, schema);
                    assertThat(key.partition()).isEqualTo(Map.of("PK", new Value.S("A")));
                    assertThat(key.range()).isEqualTo(new SortCondition("SK", KeyOperator.BEGINS_WITH,
                            new Value.S("x"), null));
                },
                text -> assertThatThrownBy(() -> context(names("#pk", "PK", "#sk", "SK"),
                        "{':pk': {'N': '1'}, ':p': {'S': 'x'}}").parseKeyCondition(text, schema))
                        .hasMessage("One or more parameter values were invalid: Condition parameter type does not "
                                + "match schema type"));
    }

    @Test
    void should_refuse_a_syntax_error_every_time_whatever_the_bindings() {
        String message = "Invalid ConditionExpression: Syntax error; token: \"=\", near: \"= = :v\"";
        String text = "#f = = :v" + " ".repeat(TEXTS.getAndIncrement() % 2);
        conditionFails(text, context(names("#f", "a"), "{':v': {'S': 'x'}}"), message);
        conditionFails(text, context(names("#f", "a"), "{':v': {'S': 'x'}}"), message);
        conditionFails(text, context(null, null), message);
    }

    @Test
    void should_not_keep_a_text_that_failed_to_parse() {
        AtomicInteger parses = new AtomicInteger();
        ParseCache<Parser.Parsed<Ast.Cond>> cache = new ParseCache<>(text -> {
            parses.incrementAndGet();
            return Parser.condition(text, ExpressionKind.CONDITION);
        });
        for (int i = 0; i < 2; i++) {
            assertThatThrownBy(() -> cache.get("a = = :v")).hasMessageContaining("Syntax error");
        }
        assertThat(parses).hasValue(2);
        assertThat(cache.size()).isZero();
        Parser.Parsed<Ast.Cond> parsed = cache.get("a = :v");
        assertThat(cache.get("a = :v")).isSameAs(parsed);
        assertThat(parses).hasValue(3);
    }

    @Test
    void should_stay_bounded_and_keep_the_texts_in_use() {
        AtomicInteger parses = new AtomicInteger();
        ParseCache<Parser.Parsed<List<Ast.Path>>> cache = new ParseCache<>(text -> {
            parses.incrementAndGet();
            return Parser.projection(text);
        });
        Parser.Parsed<List<Ast.Path>> hot = cache.get("hot");
        for (int i = 0; i < 5 * ParseCache.GENERATION; i++) {
            cache.get("a" + i);
            assertThat(cache.get("hot")).isSameAs(hot);
            assertThat(cache.size()).isLessThanOrEqualTo(2 * ParseCache.GENERATION + 1);
        }
        assertThat(parses).as("the text in use was parsed once").hasValue(1 + 5 * ParseCache.GENERATION);
    }
}
