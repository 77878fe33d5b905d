package dev.singletable.engine.reads;

import static dev.singletable.engine.AttributeValues.item;
import static dev.singletable.engine.AttributeValues.s;
import static dev.singletable.engine.reads.Items.attribute;
import static dev.singletable.engine.reads.Items.gsi;
import static dev.singletable.engine.reads.Items.hash;
import static dev.singletable.engine.reads.Items.padding;
import static dev.singletable.engine.reads.Items.projection;
import static dev.singletable.engine.reads.Items.range;
import static org.assertj.core.api.Assertions.assertThat;

import dev.singletable.engine.EngineTest;
import dev.singletable.engine.model.RequestLogEntry;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

/**
 * A Query costs the sizes of all items read (before the filter) summed, rounded up to 4 KB units once, halved
 * when eventually consistent. (A Scan is charged partition by partition: {@link ScanCapacityTest}.)
 */
class ConsumedCapacityTest extends EngineTest {
    /** Three items of 3,000 bytes: 9,000 bytes read, three 4 KB units. */
    private static final int ITEM_BYTES = 3_000;

    @BeforeEach
    void start() {
        client.createTable(Items.onDemand("app").keySchema(hash("PK"), range("SK"))
                .attributeDefinitions(attribute("PK", "S"), attribute("SK", "S"), attribute("GSI1PK", "S"))
                .globalSecondaryIndexes(gsi("GSI1", "GSI1PK", null, projection(ProjectionType.KEYS_ONLY))).build());
        for (String sk : List.of("A", "B", "C")) {
            // PK(2) + P(1) + SK(2) + sk(1) + GSI1PK(6) + G(1) + pad(3) = 16 bytes besides the padding
            client.putItem(b -> b.tableName("app").item(item("PK", "P", "SK", sk, "GSI1PK", "G",
                    "pad", padding(ITEM_BYTES - 16))));
        }
    }

    private QueryResponse query(boolean consistent, String filter, ReturnConsumedCapacity mode) {
        return client.query(b -> b.tableName("app").keyConditionExpression("PK = :p").consistentRead(consistent)
                .filterExpression(filter).returnConsumedCapacity(mode)
                .expressionAttributeValues(filter == null ? Map.of(":p", s("P")) : Map.of(":p", s("P"), ":none", s("none"))));
    }

    @Test
    void should_charge_the_summed_size_in_4_KB_units_for_a_consistent_query() {
        assertThat(query(true, null, ReturnConsumedCapacity.TOTAL).consumedCapacity())
                .isEqualTo(ConsumedCapacity.builder().tableName("app").capacityUnits(3.0).build());
    }

    @Test
    void should_charge_half_for_an_eventually_consistent_query() {
        assertThat(query(false, null, ReturnConsumedCapacity.TOTAL).consumedCapacity().capacityUnits()).isEqualTo(1.5);
    }

    @Test
    void should_charge_items_the_filter_drops() {
        QueryResponse response = query(true, "GSI1PK = :none", ReturnConsumedCapacity.TOTAL);

        assertThat(response.count()).isZero();
        assertThat(response.consumedCapacity().capacityUnits()).isEqualTo(3.0);
    }

    @Test
    void should_charge_half_a_unit_for_a_query_that_reads_nothing() {
        QueryResponse response = client.query(b -> b.tableName("app").keyConditionExpression("PK = :p")
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL).expressionAttributeValues(Map.of(":p", s("none"))));

        assertThat(response.consumedCapacity().capacityUnits()).isEqualTo(0.5);
    }

    @Test
    void should_leave_ConsumedCapacity_out_unless_asked() {
        assertThat(query(true, null, ReturnConsumedCapacity.NONE).consumedCapacity()).isNull();
    }

    @Test
    void should_charge_a_global_index_query_to_the_index() {
        QueryResponse response = client.query(b -> b.tableName("app").indexName("GSI1")
                .keyConditionExpression("GSI1PK = :g").returnConsumedCapacity(ReturnConsumedCapacity.INDEXES)
                .expressionAttributeValues(Map.of(":g", s("G"))));

        assertThat(response.consumedCapacity().table().capacityUnits()).isZero();
        assertThat(response.consumedCapacity().globalSecondaryIndexes().get("GSI1").capacityUnits()).isEqualTo(0.5);
        assertThat(response.consumedCapacity().capacityUnits()).isEqualTo(0.5);
    }

    @Test
    void should_record_the_capacity_in_the_log_even_when_the_client_did_not_ask() {
        query(true, null, ReturnConsumedCapacity.NONE);

        List<RequestLogEntry> entries = engine.requestLog().entries();
        assertThat(entries.get(entries.size() - 1).consumedCapacity()).hasValue(3.0);
    }
}
