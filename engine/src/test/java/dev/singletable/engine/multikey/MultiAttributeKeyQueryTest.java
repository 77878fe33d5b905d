package dev.singletable.engine.multikey;

import static dev.singletable.engine.control.ControlAssertions.assertValidation;
import static dev.singletable.engine.control.ControlAssertions.attribute;
import static dev.singletable.engine.control.ControlAssertions.hash;
import static dev.singletable.engine.control.ControlAssertions.range;
import static dev.singletable.engine.multikey.Tasks.INDEX;
import static dev.singletable.engine.multikey.Tasks.TABLE;
import static dev.singletable.engine.multikey.Tasks.gsi;
import static dev.singletable.engine.multikey.Tasks.ids;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.singletable.engine.EngineTest;
import dev.singletable.engine.model.AttributeCondition;
import dev.singletable.engine.model.KeyCondition;
import dev.singletable.engine.model.KeyOperator;
import dev.singletable.engine.model.RequestLogEntry;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ComparisonOperator;
import software.amazon.awssdk.services.dynamodb.model.Condition;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/**
 * Query on a global index keyed on [tenantId, region] then [status, priority (N), dueDate]: every allowed and
 * refused shape of key condition, the order of the sort attributes each by its type, pagination, legacy
 * KeyConditions. In the acme/eu partition the index holds, in order: 4 (DONE, 1), 3 (OPEN, 3, 2026-02-01),
 * 1 (OPEN, 3, 2026-03-10), 2 (OPEN, 10), 8 (OPENED, 1); task 7 has no priority and is not in it.
 */
class MultiAttributeKeyQueryTest extends EngineTest {
    private static final String PARTITION = "tenantId = :t AND #region = :r";

    @BeforeEach
    void seed() {
        client.createTable(Tasks.table(ProjectionType.ALL).build());
        Tasks.seed(client);
    }

    private static AttributeValue s(String value) {
        return AttributeValue.fromS(value);
    }

    private static AttributeValue n(String value) {
        return AttributeValue.fromN(value);
    }

    /** A Query of the acme/eu partition with more key conditions and values (name, value pairs). */
    private QueryResponse query(String more, Object... values) {
        return query(more, b -> { }, values);
    }

    private QueryResponse query(String more, Consumer<QueryRequest.Builder> changes, Object... values) {
        Map<String, AttributeValue> expressionValues = new LinkedHashMap<>(Map.of(":t", s("acme"), ":r", s("eu")));
        for (int i = 0; i < values.length; i += 2) {
            expressionValues.put((String) values[i], (AttributeValue) values[i + 1]);
        }
        Map<String, String> names = new LinkedHashMap<>(Map.of("#region", "region"));
        if (more.contains("#status")) {
            names.put("#status", "status"); // status is a reserved word
        }
        QueryRequest.Builder request = QueryRequest.builder().tableName(TABLE).indexName(INDEX)
                .keyConditionExpression(more.isEmpty() ? PARTITION : PARTITION + " AND " + more)
                .expressionAttributeNames(names).expressionAttributeValues(expressionValues);
        changes.accept(request);
        return client.query(request.build());
    }

    @Test
    void should_read_a_partition_in_the_order_of_the_sort_attributes_each_by_its_type() {
        assertThat(ids(query("").items())).isEqualTo(ids("4", "3", "1", "2", "8"));
        assertThat(ids(query("", b -> b.scanIndexForward(false)).items())).isEqualTo(ids("8", "2", "1", "3", "4"));
    }

    @Test
    void should_read_another_combination_of_partition_values_as_another_partition() {
        QueryResponse us = client.query(b -> b.tableName(TABLE).indexName(INDEX)
                .keyConditionExpression("#region = :r AND tenantId = :t")
                .expressionAttributeNames(Map.of("#region", "region"))
                .expressionAttributeValues(Map.of(":t", s("acme"), ":r", s("us"))));

        assertThat(ids(us.items())).isEqualTo(ids("5"));
    }

    @Test
    void should_serve_equalities_on_leading_sort_attributes_and_any_condition_on_the_last() {
        assertThat(ids(query("#status = :s", ":s", s("OPEN")).items())).isEqualTo(ids("3", "1", "2"));
        assertThat(ids(query("#status = :s AND priority = :p", ":s", s("OPEN"), ":p", n("3")).items()))
                .isEqualTo(ids("3", "1"));
        assertThat(ids(query("#status = :s AND priority = :p AND dueDate = :d", ":s", s("OPEN"), ":p", n("3"),
                ":d", s("2026-03-10")).items())).isEqualTo(ids("1"));
        assertThat(ids(query("#status = :s AND priority >= :p", ":s", s("OPEN"), ":p", n("5")).items()))
                .isEqualTo(ids("2"));
        assertThat(ids(query("#status = :s AND priority > :p", ":s", s("OPEN"), ":p", n("3")).items()))
                .isEqualTo(ids("2"));
        assertThat(ids(query("#status = :s AND priority < :p", ":s", s("OPEN"), ":p", n("10")).items()))
                .isEqualTo(ids("3", "1"));
        assertThat(ids(query("#status = :s AND priority <= :p", ":s", s("OPEN"), ":p", n("3")).items()))
                .isEqualTo(ids("3", "1"));
        assertThat(ids(query("#status = :s AND priority BETWEEN :low AND :high", ":s", s("OPEN"), ":low", n("1"),
                ":high", n("4")).items())).isEqualTo(ids("3", "1"));
        assertThat(ids(query("#status = :s AND priority = :p AND dueDate > :d", ":s", s("OPEN"), ":p", n("3"),
                ":d", s("2026-02-15")).items())).isEqualTo(ids("1"));
        assertThat(ids(query("#status = :s AND priority = :p AND begins_with(dueDate, :d)", ":s", s("OPEN"),
                ":p", n("3"), ":d", s("2026-02")).items())).isEqualTo(ids("3"));
    }

    @Test
    void should_serve_a_range_on_the_first_sort_attribute_alone() {
        assertThat(ids(query("begins_with(#status, :s)", ":s", s("OPEN")).items())).isEqualTo(ids("3", "1", "2", "8"));
        assertThat(ids(query("#status < :s", ":s", s("OPEN")).items())).isEqualTo(ids("4"));
        assertThat(ids(query("#status <= :s", ":s", s("OPEN")).items())).isEqualTo(ids("4", "3", "1", "2"));
        assertThat(ids(query("#status > :s", ":s", s("OPEN")).items())).isEqualTo(ids("8"));
        assertThat(ids(query("#status >= :s", ":s", s("OPEN")).items())).isEqualTo(ids("3", "1", "2", "8"));
        assertThat(ids(query("#status BETWEEN :a AND :b", ":a", s("E"), ":b", s("OPEN")).items()))
                .isEqualTo(ids("3", "1", "2"));
    }

    @Test
    void should_refuse_a_partition_attribute_without_an_equality() {
        assertValidation("Query condition missed key schema element: region", () -> client.query(b -> b
                .tableName(TABLE).indexName(INDEX).keyConditionExpression("tenantId = :t")
                .expressionAttributeValues(Map.of(":t", s("acme")))));
        assertValidation("Query key condition not supported", () -> client.query(b -> b
                .tableName(TABLE).indexName(INDEX).keyConditionExpression("tenantId = :t AND begins_with(#region, :r)")
                .expressionAttributeNames(Map.of("#region", "region"))
                .expressionAttributeValues(Map.of(":t", s("acme"), ":r", s("e")))));
    }

    @Test
    void should_refuse_a_sort_attribute_skipped_a_later_one_without_the_earlier_or_a_range_before_the_last() {
        String message = "Query key condition not supported: RANGE key attribute %s must have an equality condition"
                + " because RANGE key attribute %s has a condition";
        assertValidation(String.format(message, "status", "priority"),
                () -> query("priority = :p", ":p", n("3")));
        assertValidation(String.format(message, "status", "dueDate"),
                () -> query("dueDate = :d", ":d", s("2026-03-10")));
        assertValidation(String.format(message, "priority", "dueDate"),
                () -> query("#status = :s AND dueDate = :d", ":s", s("OPEN"), ":d", s("2026-03-10")));
        assertValidation(String.format(message, "status", "priority"),
                () -> query("#status > :s AND priority = :p", ":s", s("A"), ":p", n("3")));
        assertValidation(String.format(message, "status", "priority"),
                () -> query("begins_with(#status, :s) AND priority > :p", ":s", s("OP"), ":p", n("3")));
    }

    @Test
    void should_refuse_or_a_filter_on_a_key_attribute_and_a_value_of_another_type() {
        assertValidation("Invalid operator used in KeyConditionExpression: OR",
                () -> query("(#status = :s OR #status = :s2)", ":s", s("OPEN"), ":s2", s("DONE")));
        assertValidation("Filter Expression can only contain non-primary key attributes: Primary key attribute: "
                + "priority", () -> query("#status = :s", b -> b.filterExpression("priority > :p"),
                        ":s", s("OPEN"), ":p", n("3")));
        assertValidation("One or more parameter values were invalid: Condition parameter type does not match schema"
                + " type", () -> query("#status = :s AND priority = :p", ":s", s("OPEN"), ":p", s("3")));
        assertValidation("Invalid KeyConditionExpression: The BETWEEN operator requires upper bound to be greater"
                + " than or equal to lower bound; lower bound operand: AttributeValue: {N:9}, upper bound operand:"
                + " AttributeValue: {N:3}", () -> query("#status = :s AND priority BETWEEN :lo AND :hi", ":s",
                        s("OPEN"), ":lo", n("9"), ":hi", n("3")));
    }

    @Test
    void should_page_with_every_key_attribute_of_the_index_and_the_table_in_the_last_evaluated_key() {
        List<String> read = new ArrayList<>();
        Map<String, AttributeValue> start = null;
        int pages = 0;
        do {
            Map<String, AttributeValue> from = start;
            QueryResponse page = query("", b -> b.limit(2).exclusiveStartKey(from));
            read.addAll(ids(page.items()));
            start = page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty() ? page.lastEvaluatedKey() : null;
            if (start != null) {
                assertThat(start).containsOnlyKeys("PK", "SK", "tenantId", "region", "status", "priority", "dueDate");
            }
            pages++;
        } while (start != null);

        assertThat(read).isEqualTo(ids("4", "3", "1", "2", "8"));
        assertThat(pages).isEqualTo(3);
    }

    @Test
    void should_page_through_a_range_backwards() {
        QueryResponse first = query("#status = :s", b -> b.limit(1).scanIndexForward(false), ":s", s("OPEN"));
        QueryResponse second = query("#status = :s", b -> b.limit(5).scanIndexForward(false)
                .exclusiveStartKey(first.lastEvaluatedKey()), ":s", s("OPEN"));

        assertThat(ids(first.items())).isEqualTo(ids("2"));
        assertThat(ids(second.items())).isEqualTo(ids("1", "3"));
    }

    @Test
    void should_refuse_a_start_key_without_every_key_attribute() {
        Map<String, AttributeValue> start = new LinkedHashMap<>(query("", b -> b.limit(1)).lastEvaluatedKey());
        start.remove("region");

        assertValidation("The provided starting key is invalid", () -> query("", b -> b.exclusiveStartKey(start)));
    }

    @Test
    void should_serve_legacy_key_conditions_by_the_same_rules() {
        QueryResponse legacy = client.query(b -> b.tableName(TABLE).indexName(INDEX).keyConditions(Map.of(
                "tenantId", equalTo(s("acme")), "region", equalTo(s("eu")), "status", equalTo(s("OPEN")),
                "priority", Condition.builder().comparisonOperator(ComparisonOperator.GE)
                        .attributeValueList(n("5")).build())));

        assertThat(ids(legacy.items())).isEqualTo(ids("2"));
        assertValidation("Query key condition not supported: RANGE key attribute status must have an equality "
                + "condition because RANGE key attribute priority has a condition", () -> client.query(b -> b
                .tableName(TABLE).indexName(INDEX).keyConditions(Map.of("tenantId", equalTo(s("acme")),
                        "region", equalTo(s("eu")), "priority", equalTo(n("3"))))));
    }

    private static Condition equalTo(AttributeValue value) {
        return Condition.builder().comparisonOperator(ComparisonOperator.EQ).attributeValueList(value).build();
    }

    @Test
    void should_log_the_condition_on_each_key_attribute_in_key_order() {
        query("priority >= :p AND #status = :s", ":s", s("OPEN"), ":p", n("5"));

        List<RequestLogEntry> entries = engine.requestLog().entries();
        KeyCondition logged = entries.get(entries.size() - 1).keyCondition().orElseThrow();
        assertThat(logged.partitionKey()).extracting(AttributeCondition::attribute, AttributeCondition::operator)
                .containsExactly(tuple("tenantId", KeyOperator.EQ), tuple("region", KeyOperator.EQ));
        assertThat(logged.sortKey()).extracting(AttributeCondition::attribute, AttributeCondition::operator)
                .containsExactly(tuple("status", KeyOperator.EQ), tuple("priority", KeyOperator.GE));
        assertThat(logged.sortCondition().orElseThrow().operand()).isEqualTo(n("5"));
    }

    @Test
    void should_order_numbers_numerically_and_binaries_by_unsigned_bytes_after_an_equal_number() {
        client.createTable(b -> b.tableName("scores").billingMode("PAY_PER_REQUEST").keySchema(hash("id"))
                .attributeDefinitions(attribute("id", ScalarAttributeType.S), attribute("player", ScalarAttributeType.S), attribute("score", ScalarAttributeType.N),
                        attribute("badge", ScalarAttributeType.B))
                .globalSecondaryIndexes(gsi("ByPlayer", ProjectionType.KEYS_ONLY, hash("player"), range("score"),
                        range("badge"))));
        String[][] scores = {{"a", "10", "01"}, {"b", "-1.5", "00"}, {"c", "2", "ff"}, {"d", "2", "0001"},
            {"e", "0", "02"}, {"f", "1E+10", "01"}, {"g", "-10", "01"}, {"h", "2", "00"}};
        for (String[] score : scores) {
            client.putItem(b -> b.tableName("scores").item(Map.of("id", s(score[0]), "player", s("ada"),
                    "score", n(score[1]), "badge", AttributeValue.fromB(SdkBytes.fromByteArray(hex(score[2]))))));
        }

        QueryResponse ordered = client.query(b -> b.tableName("scores").indexName("ByPlayer")
                .keyConditionExpression("player = :p").expressionAttributeValues(Map.of(":p", s("ada"))));
        QueryResponse twos = client.query(b -> b.tableName("scores").indexName("ByPlayer")
                .keyConditionExpression("player = :p AND score = :s AND badge > :b")
                .expressionAttributeValues(Map.of(":p", s("ada"), ":s", n("2"),
                        ":b", AttributeValue.fromB(SdkBytes.fromByteArray(hex("00"))))));

        assertThat(ordered.items()).extracting(item -> item.get("id").s())
                .containsExactly("g", "b", "e", "h", "d", "c", "a", "f");
        assertThat(twos.items()).extracting(item -> item.get("id").s()).containsExactly("d", "c");
    }

    private static byte[] hex(String text) {
        byte[] bytes = new byte[text.length() / 2];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) Integer.parseInt(text.substring(2 * i, 2 * i + 2), 16);
        }
        return bytes;
    }
}
