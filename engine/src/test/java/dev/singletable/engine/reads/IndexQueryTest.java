package dev.singletable.engine.reads;

import static dev.singletable.engine.AttributeValues.item;
import static dev.singletable.engine.AttributeValues.n;
import static dev.singletable.engine.AttributeValues.s;
import static dev.singletable.engine.reads.Items.attribute;
import static dev.singletable.engine.reads.Items.gsi;
import static dev.singletable.engine.reads.Items.hash;
import static dev.singletable.engine.reads.Items.lsi;
import static dev.singletable.engine.reads.Items.projection;
import static dev.singletable.engine.reads.Items.range;
import static dev.singletable.engine.reads.Items.values;
import static org.assertj.core.api.Assertions.assertThat;

import dev.singletable.engine.EngineTest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.Select;

/** Queries on global and local secondary indexes: keys, order, projections, start keys. */
class IndexQueryTest extends EngineTest {

    @BeforeEach
    void start() {
        client.createTable(Items.onDemand("app").keySchema(hash("PK"), range("SK"))
                .attributeDefinitions(attribute("PK", "S"), attribute("SK", "S"), attribute("GSI1PK", "S"),
                        attribute("GSI1SK", "S"), attribute("total", "N"))
                .globalSecondaryIndexes(
                        gsi("GSI1", "GSI1PK", "GSI1SK", projection(ProjectionType.ALL)),
                        gsi("Keys", "GSI1PK", "GSI1SK", projection(ProjectionType.KEYS_ONLY)),
                        gsi("Totals", "GSI1PK", "GSI1SK", projection(ProjectionType.INCLUDE, "total")))
                .localSecondaryIndexes(lsi("ByTotal", "PK", "total", projection(ProjectionType.KEYS_ONLY)))
                .build());
        order("1001", "OPEN", "2026-01-05", "39.9");
        order("1002", "OPEN", "2026-01-03", "120");
        order("1003", "SHIPPED", "2026-01-04", "7");
        order("1004", "OPEN", "2026-01-05", "12");
        client.putItem(b -> b.tableName("app").item(item("PK", "CUSTOMER#42", "SK", "PROFILE", "name", "Ada")));
    }

    private void order(String id, String status, String date, String total) {
        client.putItem(b -> b.tableName("app").item(item("PK", "CUSTOMER#42", "SK", "ORDER#" + id,
                "GSI1PK", "STATUS#" + status, "GSI1SK", date, "total", n(total), "note", "order " + id)));
    }

    private QueryResponse open(String index, java.util.function.Consumer<QueryRequest.Builder> changes) {
        QueryRequest.Builder request = QueryRequest.builder().tableName("app").indexName(index)
                .keyConditionExpression("GSI1PK = :s").expressionAttributeValues(Map.of(":s", s("STATUS#OPEN")));
        changes.accept(request);
        return client.query(request.build());
    }

    @Test
    void should_read_a_global_index_partition_in_index_sort_order() {
        QueryResponse response = open("GSI1", b -> { });

        assertThat(values(response.items(), "SK")).containsExactly("ORDER#1002", "ORDER#1001", "ORDER#1004");
        assertThat(response.items().get(0)).containsEntry("note", s("order 1002"));
    }

    @Test
    void should_leave_items_without_the_index_key_out_of_the_index() {
        QueryResponse response = client.query(b -> b.tableName("app").indexName("ByTotal")
                .keyConditionExpression("PK = :c").expressionAttributeValues(Map.of(":c", s("CUSTOMER#42"))));

        assertThat(values(response.items(), "total")).containsExactly("7", "12", "39.9", "120");
    }

    @Test
    void should_return_table_and_index_keys_in_the_LastEvaluatedKey() {
        QueryResponse response = open("GSI1", b -> b.limit(1));

        assertThat(response.lastEvaluatedKey()).isEqualTo(item("PK", "CUSTOMER#42", "SK", "ORDER#1002",
                "GSI1PK", "STATUS#OPEN", "GSI1SK", "2026-01-03"));
    }

    @Test
    void should_page_through_entries_that_share_an_index_sort_key() {
        List<String> seen = new ArrayList<>();
        Map<String, AttributeValue> start = null;
        do {
            Map<String, AttributeValue> after = start;
            QueryResponse page = open("GSI1", b -> b.limit(1).scanIndexForward(false).exclusiveStartKey(after));
            seen.addAll(values(page.items(), "SK"));
            start = page.hasLastEvaluatedKey() ? page.lastEvaluatedKey() : null;
        } while (start != null);

        assertThat(seen).hasSize(3).containsExactlyInAnyOrder("ORDER#1001", "ORDER#1002", "ORDER#1004")
                .endsWith("ORDER#1002");
    }

    @Test
    void should_select_an_index_sort_key_range() {
        QueryResponse response = open("GSI1", b -> b.keyConditionExpression("GSI1PK = :s AND GSI1SK > :d")
                .expressionAttributeValues(Map.of(":s", s("STATUS#OPEN"), ":d", s("2026-01-03"))));

        assertThat(values(response.items(), "SK")).containsExactlyInAnyOrder("ORDER#1001", "ORDER#1004");
    }

    @Test
    void should_select_an_index_sort_key_up_to_and_including_a_value() {
        QueryResponse response = open("GSI1", b -> b.keyConditionExpression("GSI1PK = :s AND GSI1SK <= :d")
                .scanIndexForward(false)
                .expressionAttributeValues(Map.of(":s", s("STATUS#OPEN"), ":d", s("2026-01-05"))));

        assertThat(values(response.items(), "GSI1SK")).containsExactly("2026-01-05", "2026-01-05", "2026-01-03");
    }

    @Test
    void should_return_only_keys_from_a_KEYS_ONLY_index() {
        QueryResponse response = open("Keys", b -> b.limit(1));

        assertThat(response.items()).containsExactly(item("PK", "CUSTOMER#42", "SK", "ORDER#1002",
                "GSI1PK", "STATUS#OPEN", "GSI1SK", "2026-01-03"));
    }

    @Test
    void should_return_keys_and_included_attributes_from_an_INCLUDE_index() {
        QueryResponse response = open("Totals", b -> b.limit(1));

        assertThat(response.items()).containsExactly(item("PK", "CUSTOMER#42", "SK", "ORDER#1002",
                "GSI1PK", "STATUS#OPEN", "GSI1SK", "2026-01-03", "total", n("120")));
    }

    @Test
    void should_project_attributes_an_INCLUDE_index_holds() {
        QueryResponse response = open("Totals", b -> b.limit(1).projectionExpression("SK, #t")
                .expressionAttributeNames(Map.of("#t", "total")));

        assertThat(response.items()).containsExactly(item("SK", "ORDER#1002", "total", n("120")));
    }

    @Test
    void should_return_projected_attributes_of_a_local_index_by_default() {
        QueryResponse response = client.query(b -> b.tableName("app").indexName("ByTotal").limit(1)
                .keyConditionExpression("PK = :c").expressionAttributeValues(Map.of(":c", s("CUSTOMER#42"))));

        assertThat(response.items()).containsExactly(item("PK", "CUSTOMER#42", "SK", "ORDER#1003", "total", n("7")));
    }

    @Test
    void should_fetch_unprojected_attributes_of_a_local_index_from_the_table() {
        QueryResponse response = client.query(b -> b.tableName("app").indexName("ByTotal").limit(1)
                .projectionExpression("note").returnConsumedCapacity(ReturnConsumedCapacity.INDEXES)
                .keyConditionExpression("PK = :c").expressionAttributeValues(Map.of(":c", s("CUSTOMER#42"))));

        assertThat(response.items()).containsExactly(item("note", "order 1003"));
        assertThat(response.consumedCapacity().table().capacityUnits()).isEqualTo(0.5);
        assertThat(response.consumedCapacity().localSecondaryIndexes().get("ByTotal").capacityUnits()).isEqualTo(0.5);
        assertThat(response.consumedCapacity().capacityUnits()).isEqualTo(1.0);
    }

    @Test
    void should_fetch_whole_items_for_ALL_ATTRIBUTES_on_a_local_index() {
        QueryResponse response = client.query(b -> b.tableName("app").indexName("ByTotal").limit(1)
                .select(Select.ALL_ATTRIBUTES).consistentRead(true)
                .keyConditionExpression("PK = :c").expressionAttributeValues(Map.of(":c", s("CUSTOMER#42"))));

        assertThat(response.items().get(0)).containsEntry("note", s("order 1003")).hasSize(6);
    }
}
