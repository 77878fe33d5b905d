package dev.singletable.engine.reads;

import static dev.singletable.engine.AttributeValues.item;
import static dev.singletable.engine.AttributeValues.s;
import static dev.singletable.engine.reads.Items.attribute;
import static dev.singletable.engine.reads.Items.gsi;
import static dev.singletable.engine.reads.Items.hash;
import static dev.singletable.engine.reads.Items.projection;
import static dev.singletable.engine.reads.Items.range;
import static dev.singletable.engine.reads.Items.values;
import static org.assertj.core.api.Assertions.assertThat;

import dev.singletable.engine.EngineTest;
import dev.singletable.engine.model.RequestLogEntry;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ComparisonOperator;
import software.amazon.awssdk.services.dynamodb.model.Condition;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.Select;

class ScanTest extends EngineTest {
    private static final int CUSTOMERS = 20;

    @BeforeEach
    void start() {
        client.createTable(Items.onDemand("app").keySchema(hash("PK"), range("SK"))
                .attributeDefinitions(attribute("PK", "S"), attribute("SK", "S"), attribute("GSI1PK", "S"))
                .globalSecondaryIndexes(gsi("GSI1", "GSI1PK", null, projection(ProjectionType.KEYS_ONLY)))
                .build());
        for (int c = 0; c < CUSTOMERS; c++) {
            String pk = "CUSTOMER#" + c;
            client.putItem(b -> b.tableName("app").item(item("PK", pk, "SK", "PROFILE", "kind", "customer")));
            client.putItem(b -> b.tableName("app").item(item("PK", pk, "SK", "ORDER#1", "kind", "order",
                    "GSI1PK", "STATUS#" + (pk.endsWith("1") ? "OPEN" : "DONE"))));
        }
    }

    private ScanResponse scan(Consumer<ScanRequest.Builder> changes) {
        ScanRequest.Builder request = ScanRequest.builder().tableName("app");
        changes.accept(request);
        return client.scan(request.build());
    }

    /** Every item of a scan, following LastEvaluatedKey page by page. */
    private List<Map<String, AttributeValue>> scanAll(Consumer<ScanRequest.Builder> changes) {
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        Map<String, AttributeValue> start = null;
        do {
            Map<String, AttributeValue> after = start;
            ScanResponse page = scan(b -> {
                changes.accept(b);
                b.exclusiveStartKey(after);
            });
            items.addAll(page.items());
            start = page.hasLastEvaluatedKey() ? page.lastEvaluatedKey() : null;
        } while (start != null);
        return items;
    }

    @Test
    void should_return_every_item_of_the_table() {
        ScanResponse response = scan(b -> { });

        assertThat(response.count()).isEqualTo(2 * CUSTOMERS);
        assertThat(response.scannedCount()).isEqualTo(2 * CUSTOMERS);
        assertThat(response.hasLastEvaluatedKey()).isFalse();
    }

    @Test
    void should_filter_after_reading_and_may_filter_on_key_attributes() {
        ScanResponse response = scan(b -> b.filterExpression("SK = :p AND kind = :k")
                .expressionAttributeValues(Map.of(":p", s("PROFILE"), ":k", s("customer"))));

        assertThat(response.count()).isEqualTo(CUSTOMERS);
        assertThat(response.scannedCount()).isEqualTo(2 * CUSTOMERS);
    }

    @Test
    void should_answer_the_legacy_ScanFilter() {
        ScanResponse response = scan(b -> b.scanFilter(Map.of("kind", Condition.builder()
                .comparisonOperator(ComparisonOperator.EQ).attributeValueList(s("order")).build())));

        assertThat(response.count()).isEqualTo(CUSTOMERS);
    }

    @Test
    void should_project_attributes() {
        ScanResponse response = scan(b -> b.projectionExpression("SK").limit(1));

        assertThat(response.items()).containsExactly(item("SK", response.items().get(0).get("SK").s()));
        assertThat(response.items().get(0)).containsOnlyKeys("SK");
    }

    @Test
    void should_count_without_Items() {
        ScanResponse response = scan(b -> b.select(Select.COUNT));

        assertThat(response.hasItems()).isFalse();
        assertThat(response.count()).isEqualTo(2 * CUSTOMERS);
    }

    @Test
    void should_return_every_item_exactly_once_across_pages() {
        List<Map<String, AttributeValue>> items = scanAll(b -> b.limit(3));

        assertThat(items).hasSize(2 * CUSTOMERS).doesNotHaveDuplicates();
    }

    @Test
    void should_keep_partitions_together_in_a_stable_order() {
        List<String> partitions = values(scan(b -> { }).items(), "PK");

        assertThat(values(scanAll(b -> b.limit(7)), "PK")).isEqualTo(partitions);
        for (int i = 0; i < partitions.size(); i += 2) {
            assertThat(partitions.get(i + 1)).isEqualTo(partitions.get(i));
        }
    }

    @Test
    void should_put_every_item_in_exactly_one_segment_of_a_parallel_scan() {
        List<Map<String, AttributeValue>> all = new ArrayList<>();
        for (int segment = 0; segment < 4; segment++) {
            int current = segment;
            all.addAll(scanAll(b -> b.segment(current).totalSegments(4).limit(2)));
        }

        assertThat(all).hasSize(2 * CUSTOMERS).doesNotHaveDuplicates();
    }

    @Test
    void should_scan_only_the_items_an_index_holds_with_index_and_table_keys_in_the_LastEvaluatedKey() {
        ScanResponse page = scan(b -> b.indexName("GSI1").limit(1));

        assertThat(page.lastEvaluatedKey()).containsOnlyKeys("PK", "SK", "GSI1PK");
        assertThat(scanAll(b -> b.indexName("GSI1").limit(3))).hasSize(CUSTOMERS)
                .allSatisfy(item -> assertThat(item).containsOnlyKeys("PK", "SK", "GSI1PK"));
    }

    @Test
    void should_split_an_index_scan_into_segments() {
        List<Map<String, AttributeValue>> all = new ArrayList<>();
        for (int segment = 0; segment < 3; segment++) {
            int current = segment;
            all.addAll(scanAll(b -> b.indexName("GSI1").segment(current).totalSegments(3)));
        }

        assertThat(all).hasSize(CUSTOMERS).doesNotHaveDuplicates();
    }

    private void assertRefused(Consumer<ScanRequest.Builder> changes, String message) {
        Items.assertValidation(() -> scan(changes), message);
        List<RequestLogEntry> entries = engine.requestLog().entries();
        assertThat(entries.get(entries.size() - 1).errorType()).contains("ValidationException");
    }

    @Test
    void should_refuse_a_Segment_not_below_TotalSegments() {
        assertRefused(b -> b.segment(4).totalSegments(4), "The Segment parameter is zero-based and must be less than "
                + "parameter TotalSegments: Segment: 4 is not less than TotalSegments: 4");
    }

    @Test
    void should_refuse_a_Segment_without_TotalSegments() {
        assertRefused(b -> b.segment(0), "The TotalSegments parameter is required but was not present in the request "
                + "when Segment parameter is present");
    }

    @Test
    void should_refuse_TotalSegments_without_Segment() {
        assertRefused(b -> b.totalSegments(2), "The Segment parameter is required but was not present in the request "
                + "when parameter TotalSegments is present");
    }

    @Test
    void should_refuse_a_start_key_from_another_segment() {
        Map<String, AttributeValue> elsewhere = scan(b -> b.segment(1).totalSegments(2).limit(1)).lastEvaluatedKey();

        assertRefused(b -> b.segment(0).totalSegments(2).exclusiveStartKey(elsewhere),
                "The provided starting key is invalid: Invalid ExclusiveStartKey. Please use ExclusiveStartKey with "
                        + "correct Segment. TotalSegments: 2 Segment: 0");
    }

    @Test
    void should_refuse_a_start_key_that_does_not_match_the_schema() {
        assertRefused(b -> b.exclusiveStartKey(item("PK", "CUSTOMER#1")),
                "The provided starting key is invalid: The provided key element does not match the schema");
    }

    @Test
    void should_refuse_Limit_0() {
        assertRefused(b -> b.limit(0), "1 validation error detected: Value '0' at 'limit' failed to satisfy "
                + "constraint: Member must have value greater than or equal to 1");
    }

    @Test
    void should_refuse_SPECIFIC_ATTRIBUTES_without_a_projection() {
        assertRefused(b -> b.select(Select.SPECIFIC_ATTRIBUTES),
                "Must specify the AttributesToGet or ProjectionExpression when choosing to get SPECIFIC_ATTRIBUTES");
    }

    @Test
    void should_refuse_a_consistent_read_on_a_global_index() {
        assertRefused(b -> b.indexName("GSI1").consistentRead(true),
                "Consistent reads are not supported on global secondary indexes");
    }

    @Test
    void should_refuse_an_unknown_index() {
        assertRefused(b -> b.indexName("Nope"), "The table does not have the specified index: Nope");
    }
}
