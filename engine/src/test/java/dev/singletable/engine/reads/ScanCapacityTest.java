package dev.singletable.engine.reads;

import static dev.singletable.engine.AttributeValues.item;
import static dev.singletable.engine.reads.Items.attribute;
import static dev.singletable.engine.reads.Items.gsi;
import static dev.singletable.engine.reads.Items.hash;
import static dev.singletable.engine.reads.Items.padding;
import static dev.singletable.engine.reads.Items.projection;
import static dev.singletable.engine.reads.Items.range;
import static org.assertj.core.api.Assertions.assertThat;

import dev.singletable.engine.EngineTest;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/**
 * A Scan is charged as DynamoDB charges it: partition by partition, each partition the page covers rounded up
 * to whole 4 KB units on its own and at least one. An on-demand table starts with four partitions (its initial
 * 12,000 reads per second at 3,000 per partition), so scanning one tiny item costs 4 units, 2 when eventually
 * consistent; a table provisioned with a few units has one partition and costs the textbook 1 and 0.5.
 */
class ScanCapacityTest extends EngineTest {

    private void create(Consumer<CreateTableRequest.Builder> changes) {
        CreateTableRequest.Builder table = Items.onDemand("app").keySchema(hash("PK"), range("SK"))
                .attributeDefinitions(attribute("PK", "S"), attribute("SK", "S"), attribute("GSI1PK", "S"))
                .globalSecondaryIndexes(gsi("GSI1", "GSI1PK", null, projection(ProjectionType.KEYS_ONLY)));
        changes.accept(table);
        client.createTable(table.build());
    }

    private void put(String pk, String sk, int padding) {
        client.putItem(b -> b.tableName("app").item(item("PK", pk, "SK", sk, "GSI1PK", "G", "pad", padding(padding))));
    }

    private double scan(Consumer<ScanRequest.Builder> changes) {
        ScanRequest.Builder request = ScanRequest.builder().tableName("app")
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL);
        changes.accept(request);
        return client.scan(request.build()).consumedCapacity().capacityUnits();
    }

    @Test
    void should_charge_each_of_the_four_partitions_of_an_on_demand_table_for_one_tiny_item() {
        create(table -> { });
        put("P", "A", 10);

        assertThat(scan(b -> b.consistentRead(true))).isEqualTo(4.0);
        assertThat(scan(b -> b.consistentRead(false))).isEqualTo(2.0);
    }

    @Test
    void should_charge_the_partitions_of_an_empty_table_too() {
        create(table -> { });

        assertThat(scan(b -> b.consistentRead(true))).isEqualTo(4.0);
    }

    @Test
    void should_charge_a_table_provisioned_with_a_few_units_as_one_partition() {
        create(table -> table.billingMode(BillingMode.PROVISIONED)
                .provisionedThroughput(t -> t.readCapacityUnits(5L).writeCapacityUnits(5L))
                .globalSecondaryIndexes(gsi("GSI1", "GSI1PK", null, projection(ProjectionType.KEYS_ONLY)).toBuilder()
                        .provisionedThroughput(t -> t.readCapacityUnits(5L).writeCapacityUnits(5L)).build()));
        put("P", "A", 10);

        assertThat(scan(b -> b.consistentRead(true))).isEqualTo(1.0);
        assertThat(scan(b -> b.consistentRead(false))).isEqualTo(0.5);
    }

    @Test
    void should_round_each_partition_up_on_its_own() {
        create(table -> { });
        for (String sk : List.of("A", "B", "C")) {
            put("P", sk, 3_000); // 9,000 bytes in one partition: three units there, one in each of the others
        }

        assertThat(scan(b -> b.consistentRead(true))).isEqualTo(6.0);
    }

    @Test
    void should_charge_more_partitions_when_the_table_is_warmer() {
        create(table -> table.warmThroughput(w -> w.readUnitsPerSecond(30_000L)));

        assertThat(scan(b -> b.consistentRead(true))).isEqualTo(10.0);
    }

    @Test
    void should_charge_a_parallel_scan_segment_for_the_partitions_its_hash_range_covers() {
        create(table -> { });

        List<Double> quarters = new ArrayList<>();
        for (int segment = 0; segment < 4; segment++) {
            int s = segment;
            quarters.add(scan(b -> b.consistentRead(true).segment(s).totalSegments(4)));
        }

        assertThat(quarters).containsExactly(1.0, 1.0, 1.0, 1.0);
        assertThat(scan(b -> b.consistentRead(true).segment(1).totalSegments(2))).isEqualTo(2.0);
    }

    @Test
    void should_charge_the_partition_a_page_stopped_in_again_on_the_next_page() {
        create(table -> { });
        put("P", "A", 10);

        ScanResponse first = client.scan(b -> b.tableName("app").consistentRead(true).limit(1)
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
        ScanResponse second = client.scan(b -> b.tableName("app").consistentRead(true).limit(1)
                .exclusiveStartKey(first.lastEvaluatedKey()).returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));

        assertThat(second.lastEvaluatedKey()).isEmpty();
        assertThat(first.consumedCapacity().capacityUnits() + second.consumedCapacity().capacityUnits()).isEqualTo(5.0);
    }

    @Test
    void should_charge_a_scan_of_a_global_index_by_the_index_partitions() {
        create(table -> { });
        put("P", "A", 10);

        ScanResponse response = client.scan(b -> b.tableName("app").indexName("GSI1")
                .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES));

        assertThat(response.consumedCapacity().globalSecondaryIndexes().get("GSI1").capacityUnits()).isEqualTo(2.0);
        assertThat(response.consumedCapacity().capacityUnits()).isEqualTo(2.0);
    }
}
