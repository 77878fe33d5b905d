package dev.singletable.engine.multikey;

import static dev.singletable.engine.multikey.Tasks.INDEX;
import static dev.singletable.engine.multikey.Tasks.TABLE;
import static dev.singletable.engine.multikey.Tasks.ids;
import static org.assertj.core.api.Assertions.assertThat;

import dev.singletable.engine.EngineTest;
import dev.singletable.engine.model.Access;
import dev.singletable.engine.model.RequestLogEntry;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ExecuteStatementResponse;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/** Scan, parallel Scan, PartiQL and projections on a multi-attribute index (the tasks of {@link Tasks#seed}). */
class MultiAttributeIndexReadsTest extends EngineTest {
    /** Every task but 7, which has no priority. */
    private static final List<String> INDEXED = ids("1", "2", "3", "4", "5", "6", "8");

    private void seed(ProjectionType projection) {
        client.createTable(Tasks.table(projection).build());
        Tasks.seed(client);
    }

    private static AttributeValue s(String value) {
        return AttributeValue.fromS(value);
    }

    private RequestLogEntry lastRequest() {
        List<RequestLogEntry> entries = engine.requestLog().entries();
        return entries.get(entries.size() - 1);
    }

    @Test
    void should_scan_every_item_the_index_holds_page_by_page() {
        seed(ProjectionType.ALL);
        List<String> read = new ArrayList<>();
        Map<String, AttributeValue> start = null;
        do {
            Map<String, AttributeValue> from = start;
            ScanResponse page = client.scan(b -> b.tableName(TABLE).indexName(INDEX).limit(2).exclusiveStartKey(from));
            read.addAll(ids(page.items()));
            start = page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty() ? page.lastEvaluatedKey() : null;
            if (start != null) {
                assertThat(start).containsOnlyKeys("PK", "SK", "tenantId", "region", "status", "priority", "dueDate");
            }
        } while (start != null);

        assertThat(read).containsExactlyInAnyOrderElementsOf(INDEXED);
    }

    @Test
    void should_split_the_index_between_parallel_scan_segments() {
        seed(ProjectionType.ALL);
        List<String> read = new ArrayList<>();
        for (int segment = 0; segment < 3; segment++) {
            int s = segment;
            read.addAll(ids(client.scan(b -> b.tableName(TABLE).indexName(INDEX).segment(s).totalSegments(3))
                    .items()));
        }

        assertThat(read).containsExactlyInAnyOrderElementsOf(INDEXED);
    }

    @Test
    void should_select_one_partition_as_a_query_and_the_rest_as_a_scan() {
        seed(ProjectionType.ALL);

        ExecuteStatementResponse partition = client.executeStatement(b -> b.statement("SELECT * FROM \"" + TABLE
                + "\".\"" + INDEX + "\" WHERE tenantId = ? AND region = ?").parameters(s("acme"), s("eu")));
        Access partitionAccess = lastRequest().access().orElseThrow();
        ExecuteStatementResponse tenant = client.executeStatement(b -> b.statement("SELECT * FROM \"" + TABLE
                + "\".\"" + INDEX + "\" WHERE tenantId = ?").parameters(s("acme")));

        assertThat(ids(partition.items())).isEqualTo(ids("4", "3", "1", "2", "8"));
        assertThat(partitionAccess).isEqualTo(Access.QUERY);
        assertThat(ids(tenant.items())).containsExactlyInAnyOrder("1", "2", "3", "4", "5", "8");
        assertThat(lastRequest().access()).contains(Access.SCAN);
    }

    @Test
    void should_order_a_partition_selected_by_the_first_sort_attribute() {
        seed(ProjectionType.ALL);

        ExecuteStatementResponse descending = client.executeStatement(b -> b.statement("SELECT * FROM \"" + TABLE
                + "\".\"" + INDEX + "\" WHERE tenantId = 'acme' AND region = 'eu' ORDER BY status DESC"));

        assertThat(ids(descending.items())).isEqualTo(ids("8", "2", "1", "3", "4"));
    }

    @Test
    void should_project_the_table_key_and_every_index_key_attribute_of_a_keys_only_index() {
        seed(ProjectionType.KEYS_ONLY);

        QueryResponse response = client.query(b -> b.tableName(TABLE).indexName(INDEX)
                .keyConditionExpression("tenantId = :t AND #region = :r")
                .expressionAttributeNames(Map.of("#region", "region"))
                .expressionAttributeValues(Map.of(":t", s("acme"), ":r", s("us"))));

        assertThat(response.items()).hasSize(1);
        assertThat(response.items().get(0)).containsOnlyKeys("PK", "SK", "tenantId", "region", "status", "priority",
                "dueDate");
    }
}
