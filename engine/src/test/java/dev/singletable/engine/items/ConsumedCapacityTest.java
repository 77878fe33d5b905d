package dev.singletable.engine.items;

import static dev.singletable.engine.AttributeValues.item;
import static dev.singletable.engine.AttributeValues.n;
import static org.assertj.core.api.Assertions.assertThat;

import dev.singletable.engine.model.RequestLogEntry;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.Parameter;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ItemCollectionMetrics;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/** ConsumedCapacity of writes and reads by key. */
class ConsumedCapacityTest extends ItemsTestBase {
    /** An item of {@code SIMPLE} of exactly this many bytes. */
    private static Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> sized(String id, int bytes) {
        return item("id", id, "p", "x".repeat(bytes - 2 - id.length() - 1));
    }

    @Test
    void should_report_nothing_unless_asked() {
        assertThat(client.putItem(b -> b.tableName(SIMPLE).item(sized("a", 100))).consumedCapacity()).isNull();
    }

    @Test
    void should_charge_writes_in_1_kb_units_of_the_larger_item() {
        ConsumedCapacity first = client.putItem(b -> b.tableName(SIMPLE).item(sized("a", 2049))
                .returnConsumedCapacity("TOTAL")).consumedCapacity();
        ConsumedCapacity smaller = client.putItem(b -> b.tableName(SIMPLE).item(sized("a", 100))
                .returnConsumedCapacity("TOTAL")).consumedCapacity();
        assertThat(first.capacityUnits()).isEqualTo(3.0);
        assertThat(first.tableName()).isEqualTo(SIMPLE);
        assertThat(first.readCapacityUnits()).isNull();
        assertThat(smaller.capacityUnits()).isEqualTo(3.0);
    }

    @Test
    void should_charge_one_unit_for_deleting_a_missing_item_and_for_a_failed_condition() {
        assertThat(client.deleteItem(b -> b.tableName(SIMPLE).key(item("id", "none"))
                .returnConsumedCapacity("TOTAL")).consumedCapacity().capacityUnits()).isEqualTo(1.0);
        put(SIMPLE, sized("a", 3000));
        try {
            client.putItem(b -> b.tableName(SIMPLE).item(sized("a", 10)).conditionExpression("attribute_not_exists(id)"));
        } catch (software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException expected) {
            // the failed write still consumed the existing item's size
        }
        assertThat(lastEntry().consumedCapacity()).hasValue(3.0);
    }

    @Test
    void should_charge_reads_in_4_kb_units_halved_when_eventually_consistent() {
        put(SIMPLE, sized("a", 4097));
        assertThat(client.getItem(b -> b.tableName(SIMPLE).key(item("id", "a")).consistentRead(true)
                .returnConsumedCapacity("TOTAL")).consumedCapacity().capacityUnits()).isEqualTo(2.0);
        assertThat(client.getItem(b -> b.tableName(SIMPLE).key(item("id", "a"))
                .returnConsumedCapacity("TOTAL")).consumedCapacity().capacityUnits()).isEqualTo(1.0);
    }

    @Test
    void should_charge_a_read_of_a_missing_item() {
        assertThat(client.getItem(b -> b.tableName(SIMPLE).key(item("id", "none")).returnConsumedCapacity("TOTAL"))
                .consumedCapacity().capacityUnits()).isEqualTo(0.5);
        assertThat(client.getItem(b -> b.tableName(SIMPLE).key(item("id", "none")).consistentRead(true)
                .returnConsumedCapacity("TOTAL")).consumedCapacity().capacityUnits()).isEqualTo(1.0);
    }

    @Test
    void should_break_writes_down_by_index_with_indexes() {
        ConsumedCapacity consumed = client.putItem(b -> b.tableName(APP)
                .item(item("PK", "C#1", "SK", "P", "GSI1PK", "g", "GSI1SK", "s", "score", n("3")))
                .returnConsumedCapacity("INDEXES")).consumedCapacity();
        assertThat(consumed.table().capacityUnits()).isEqualTo(1.0);
        assertThat(consumed.globalSecondaryIndexes()).containsOnlyKeys("GSI1", "ByScore");
        assertThat(consumed.capacityUnits()).isEqualTo(3.0);
        assertThat(consumed.hasLocalSecondaryIndexes()).isFalse();
    }

    @Test
    void should_not_charge_an_index_the_item_is_not_in() {
        ConsumedCapacity consumed = client.putItem(b -> b.tableName(APP).item(key("C#1", "P"))
                .returnConsumedCapacity("INDEXES")).consumedCapacity();
        assertThat(consumed.capacityUnits()).isEqualTo(1.0);
        assertThat(consumed.hasGlobalSecondaryIndexes()).isFalse();
    }

    @Test
    void should_charge_two_index_writes_when_the_index_key_changes() {
        put(APP, item("PK", "C#1", "SK", "P", "score", n("1")));
        ConsumedCapacity consumed = client.updateItem(b -> b.tableName(APP).key(key("C#1", "P"))
                .updateExpression("SET score = :s").expressionAttributeValues(Map.of(":s", n("2")))
                .returnConsumedCapacity("INDEXES")).consumedCapacity();
        assertThat(consumed.globalSecondaryIndexes().get("ByScore").capacityUnits()).isEqualTo(2.0);
    }

    @Test
    void should_report_a_list_per_table_for_batches_each_item_rounded() {
        List<ConsumedCapacity> consumed = client.batchWriteItem(b -> b.returnConsumedCapacity("TOTAL")
                .requestItems(Map.of(SIMPLE, List.of(putRequest(sized("a", 1500)), putRequest(sized("b", 10))))))
                .consumedCapacity();
        assertThat(consumed).hasSize(1);
        assertThat(consumed.get(0).tableName()).isEqualTo(SIMPLE);
        assertThat(consumed.get(0).capacityUnits()).isEqualTo(3.0);
        List<ConsumedCapacity> reads = client.batchGetItem(b -> b.returnConsumedCapacity("TOTAL")
                .requestItems(Map.of(SIMPLE, KeysAndAttributes.builder()
                        .keys(item("id", "a"), item("id", "b"), item("id", "none")).build()))).consumedCapacity();
        assertThat(reads.get(0).capacityUnits()).isEqualTo(1.5);
    }

    @Test
    void should_double_transactional_writes_and_split_them() {
        List<ConsumedCapacity> consumed = client.transactWriteItems(b -> b.returnConsumedCapacity("TOTAL")
                .transactItems(TransactWriteItem.builder().put(p -> p.tableName(SIMPLE).item(sized("a", 1500))).build()))
                .consumedCapacity();
        assertThat(consumed.get(0).capacityUnits()).isEqualTo(4.0);
        assertThat(consumed.get(0).writeCapacityUnits()).isEqualTo(4.0);
        assertThat(consumed.get(0).readCapacityUnits()).isNull();
    }

    @Test
    void should_charge_a_condition_check_as_two_reads_and_break_transactions_down_by_index() {
        put(SIMPLE, item("id", "exists"));
        ConsumedCapacity consumed = client.transactWriteItems(b -> b.returnConsumedCapacity("INDEXES").transactItems(
                TransactWriteItem.builder().conditionCheck(c -> c.tableName(SIMPLE).key(item("id", "exists"))
                        .conditionExpression("attribute_exists(id)")).build(),
                TransactWriteItem.builder().put(p -> p.tableName(APP)
                        .item(item("PK", "C#1", "SK", "P", "score", n("1")))).build())).consumedCapacity().stream()
                .filter(c -> c.tableName().equals(APP)).findFirst().orElseThrow();
        assertThat(consumed.capacityUnits()).isEqualTo(4.0);
        assertThat(consumed.table().writeCapacityUnits()).isEqualTo(2.0);
        assertThat(consumed.globalSecondaryIndexes().get("ByScore").writeCapacityUnits()).isEqualTo(2.0);
        assertThat(lastEntry().consumedCapacity()).hasValue(6.0);
    }

    @Test
    void should_log_the_capacity_even_when_not_asked() {
        put(SIMPLE, sized("a", 2049));
        assertThat(lastEntry().consumedCapacity()).hasValue(3.0);
    }

    @Test
    void should_report_item_collection_metrics_for_tables_with_an_lsi() {
        ItemCollectionMetrics metrics = client.putItem(b -> b.tableName(EVENTS)
                .item(item("PK", "E#1", "at", n("1"), "kind", "click")).returnItemCollectionMetrics("SIZE"))
                .itemCollectionMetrics();
        assertThat(metrics.itemCollectionKey()).isEqualTo(item("PK", "E#1"));
        assertThat(metrics.sizeEstimateRangeGB()).containsExactly(0.0, 1.0);
        assertThat(client.putItem(b -> b.tableName(SIMPLE).item(item("id", "x")).returnItemCollectionMetrics("SIZE"))
                .itemCollectionMetrics()).isNull();
    }

    private RequestLogEntry lastEntry() {
        List<RequestLogEntry> entries = engine.requestLog().entries();
        return entries.get(entries.size() - 1);
    }

    private static WriteRequest putRequest(Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> item) {
        return WriteRequest.builder().putRequest(PutRequest.builder().item(item).build()).build();
    }
}
