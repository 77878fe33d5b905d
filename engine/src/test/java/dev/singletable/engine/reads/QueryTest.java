package dev.singletable.engine.reads;

import static dev.singletable.engine.AttributeValues.item;
import static dev.singletable.engine.AttributeValues.n;
import static dev.singletable.engine.AttributeValues.s;
import static dev.singletable.engine.reads.Items.createTable;
import static dev.singletable.engine.reads.Items.values;
import static org.assertj.core.api.Assertions.assertThat;

import dev.singletable.engine.EngineTest;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ComparisonOperator;
import software.amazon.awssdk.services.dynamodb.model.Condition;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.Select;

class QueryTest extends EngineTest {

    @BeforeEach
    void start() {
        createTable(client, "app");
        for (String sk : List.of("A", "B", "C", "D", "E")) {
            client.putItem(b -> b.tableName("app").item(item("PK", "P#1", "SK", sk, "color", sk.equals("C") ? "red" : "blue")));
        }
        client.putItem(b -> b.tableName("app").item(item("PK", "P#2", "SK", "A")));
    }

    private QueryResponse query(String keyCondition, Map<String, AttributeValue> values) {
        return client.query(b -> b.tableName("app").keyConditionExpression(keyCondition).expressionAttributeValues(values));
    }

    @Test
    void should_return_the_items_of_one_partition_in_sort_key_order() {
        QueryResponse response = query("PK = :p", Map.of(":p", s("P#1")));

        assertThat(values(response.items(), "SK")).containsExactly("A", "B", "C", "D", "E");
        assertThat(response.count()).isEqualTo(5);
        assertThat(response.scannedCount()).isEqualTo(5);
        assertThat(response.hasLastEvaluatedKey()).isFalse();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "SK = :a            | B",
            "SK < :a            | A",
            "SK <= :a           | A B",
            "SK > :a            | C D E",
            "SK >= :a           | B C D E",
            "SK BETWEEN :a AND :b | B C D",
            ":a < SK            | C D E",
            ":b >= SK           | A B C D",
    })
    void should_select_the_sort_key_range_of_each_operator(String sortCondition, String expected) {
        QueryResponse response = query("PK = :p AND " + sortCondition, sortCondition.contains(":b")
                ? sortCondition.contains(":a") ? Map.of(":p", s("P#1"), ":a", s("B"), ":b", s("D"))
                : Map.of(":p", s("P#1"), ":b", s("D"))
                : Map.of(":p", s("P#1"), ":a", s("B")));

        assertThat(values(response.items(), "SK")).containsExactlyElementsOf(Arrays.asList(expected.split(" ")));
        assertThat(response.scannedCount()).isEqualTo(response.count());
    }

    @Test
    void should_select_sort_keys_by_prefix_with_begins_with() {
        client.putItem(b -> b.tableName("app").item(item("PK", "P#1", "SK", "ORDER#1")));
        client.putItem(b -> b.tableName("app").item(item("PK", "P#1", "SK", "ORDER#2")));
        client.putItem(b -> b.tableName("app").item(item("PK", "P#1", "SK", "ORDES")));

        QueryResponse response = query("PK = :p AND begins_with(SK, :prefix)", Map.of(":p", s("P#1"), ":prefix", s("ORDER#")));

        assertThat(values(response.items(), "SK")).containsExactly("ORDER#1", "ORDER#2");
    }

    @Test
    void should_read_backwards_when_ScanIndexForward_is_false() {
        QueryResponse response = client.query(b -> b.tableName("app").keyConditionExpression("PK = :p AND SK <= :d")
                .expressionAttributeValues(Map.of(":p", s("P#1"), ":d", s("D"))).scanIndexForward(false));

        assertThat(values(response.items(), "SK")).containsExactly("D", "C", "B", "A");
    }

    @Test
    void should_answer_a_partition_without_items_with_empty_Items() {
        QueryResponse response = query("PK = :p", Map.of(":p", s("P#9")));

        assertThat(response.hasItems()).isTrue();
        assertThat(response.items()).isEmpty();
        assertThat(response.count()).isZero();
        assertThat(response.scannedCount()).isZero();
    }

    @Test
    void should_answer_a_sort_key_range_on_a_partition_without_items_with_empty_Items() {
        QueryResponse between = query("PK = :p AND SK BETWEEN :a AND :b", Map.of(":p", s("P#9"), ":a", s("A"), ":b", s("C")));
        QueryResponse prefix = query("PK = :p AND begins_with(SK, :a)", Map.of(":p", s("P#9"), ":a", s("A")));

        assertThat(between.items()).isEmpty();
        assertThat(prefix.items()).isEmpty();
    }

    @Test
    void should_count_Limit_against_items_read_before_the_filter() {
        QueryResponse response = client.query(b -> b.tableName("app").keyConditionExpression("PK = :p")
                .filterExpression("color = :red").limit(3)
                .expressionAttributeValues(Map.of(":p", s("P#1"), ":red", s("red"))));

        assertThat(values(response.items(), "SK")).containsExactly("C");
        assertThat(response.count()).isEqualTo(1);
        assertThat(response.scannedCount()).isEqualTo(3);
        assertThat(response.lastEvaluatedKey()).isEqualTo(item("PK", "P#1", "SK", "C"));
    }

    @Test
    void should_return_a_LastEvaluatedKey_when_Limit_is_reached_even_with_nothing_left() {
        QueryResponse response = client.query(b -> b.tableName("app").keyConditionExpression("PK = :p").limit(1)
                .expressionAttributeValues(Map.of(":p", s("P#2"))));

        assertThat(response.count()).isEqualTo(1);
        assertThat(response.lastEvaluatedKey()).isEqualTo(item("PK", "P#2", "SK", "A"));
    }

    @Test
    void should_return_an_empty_page_with_a_LastEvaluatedKey_when_the_filter_drops_every_item_read() {
        QueryResponse response = client.query(b -> b.tableName("app").keyConditionExpression("PK = :p")
                .filterExpression("color = :red").limit(2)
                .expressionAttributeValues(Map.of(":p", s("P#1"), ":red", s("red"))));

        assertThat(response.items()).isEmpty();
        assertThat(response.scannedCount()).isEqualTo(2);
        assertThat(response.lastEvaluatedKey()).isEqualTo(item("PK", "P#1", "SK", "B"));
    }

    @Test
    void should_resume_strictly_after_the_ExclusiveStartKey() {
        QueryResponse response = client.query(b -> b.tableName("app").keyConditionExpression("PK = :p")
                .exclusiveStartKey(item("PK", "P#1", "SK", "B"))
                .expressionAttributeValues(Map.of(":p", s("P#1"))));

        assertThat(values(response.items(), "SK")).containsExactly("C", "D", "E");
    }

    @Test
    void should_resume_backwards_after_the_ExclusiveStartKey() {
        QueryResponse response = client.query(b -> b.tableName("app").keyConditionExpression("PK = :p")
                .scanIndexForward(false).exclusiveStartKey(item("PK", "P#1", "SK", "D"))
                .expressionAttributeValues(Map.of(":p", s("P#1"))));

        assertThat(values(response.items(), "SK")).containsExactly("C", "B", "A");
    }

    @Test
    void should_accept_a_start_key_that_is_not_an_item() {
        QueryResponse response = client.query(b -> b.tableName("app").keyConditionExpression("PK = :p")
                .exclusiveStartKey(item("PK", "P#1", "SK", "BB"))
                .expressionAttributeValues(Map.of(":p", s("P#1"))));

        assertThat(values(response.items(), "SK")).containsExactly("C", "D", "E");
    }

    @Test
    void should_return_only_the_projected_attributes() {
        QueryResponse response = client.query(b -> b.tableName("app").keyConditionExpression("PK = :p AND SK = :c")
                .projectionExpression("#c, nothere").expressionAttributeNames(Map.of("#c", "color"))
                .expressionAttributeValues(Map.of(":p", s("P#1"), ":c", s("C"))));

        assertThat(response.items()).containsExactly(item("color", "red"));
    }

    @Test
    void should_return_counts_without_Items_for_Select_COUNT() {
        QueryResponse response = client.query(b -> b.tableName("app").keyConditionExpression("PK = :p")
                .select(Select.COUNT).filterExpression("color = :blue")
                .expressionAttributeValues(Map.of(":p", s("P#1"), ":blue", s("blue"))));

        assertThat(response.hasItems()).isFalse();
        assertThat(response.count()).isEqualTo(4);
        assertThat(response.scannedCount()).isEqualTo(5);
    }

    @Test
    void should_answer_the_legacy_KeyConditions_QueryFilter_and_AttributesToGet() {
        QueryResponse response = client.query(QueryRequest.builder().tableName("app")
                .keyConditions(Map.of(
                        "PK", Condition.builder().comparisonOperator(ComparisonOperator.EQ).attributeValueList(s("P#1")).build(),
                        "SK", Condition.builder().comparisonOperator(ComparisonOperator.GE).attributeValueList(s("B")).build()))
                .queryFilter(Map.of("color", Condition.builder().comparisonOperator(ComparisonOperator.EQ)
                        .attributeValueList(s("blue")).build()))
                .attributesToGet("SK")
                .build());

        assertThat(response.items()).containsExactly(item("SK", "B"), item("SK", "D"), item("SK", "E"));
        assertThat(response.scannedCount()).isEqualTo(4);
    }

    @Test
    void should_return_the_one_item_of_a_partition_on_a_table_without_sort_key() {
        client.createTable(Items.onDemand("users").keySchema(Items.hash("id"))
                .attributeDefinitions(Items.attribute("id", "N")).build());
        client.putItem(b -> b.tableName("users").item(item("id", n("7"), "name", "Ada")));

        QueryResponse response = client.query(b -> b.tableName("users").keyConditionExpression("id = :id")
                .expressionAttributeValues(Map.of(":id", n("7.0"))));

        assertThat(response.items()).containsExactly(item("id", n("7"), "name", "Ada"));
    }
}
