package dev.singletable.engine.internal.ops.items;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.singletable.engine.internal.DynamoException;
import dev.singletable.engine.internal.kernel.Database;
import dev.singletable.engine.internal.storage.IndexDef;
import dev.singletable.engine.internal.storage.KeyDef;
import dev.singletable.engine.internal.storage.Orders;
import dev.singletable.engine.internal.storage.Table;
import dev.singletable.engine.internal.value.SdkItemEncoder;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * engine.load checks a batch against the table ahead of its write; the write keeps those checks only while the table
 * and its settings are the ones they were made against, and checks the batch again when they are not.
 */
class CheckedAheadTest {
    private static final IndexDef BY_STATUS = new IndexDef("ByStatus", true, List.of(new KeyDef("status", "S")),
            List.of(), "ALL", List.of());

    private final Database database = new Database(Clock.systemUTC());
    private final Table table = new Table(Orders.metadata("app"));

    CheckedAheadTest() {
        database.add(table);
    }

    @Test
    void should_write_a_batch_checked_against_the_table_as_it_is() {
        BatchWriteItem.LoadTarget target = BatchWriteItem.LoadTarget.of(table);

        BatchWriteItem.LoadBatch batch = BatchWriteItem.checkedAhead(List.of(order(1, "status", "OPEN")), target);
        BatchWriteItem.LoadTarget next = BatchWriteItem.putAll(database, batch);

        assertThat(batch.writes()).hasSize(1);
        assertThat(table.itemCount()).isEqualTo(1);
        assertThat(next).isEqualTo(target);
    }

    @Test
    void should_check_again_a_batch_checked_before_an_index_was_added() {
        BatchWriteItem.LoadTarget before = BatchWriteItem.LoadTarget.of(table);
        BatchWriteItem.LoadBatch batch = BatchWriteItem.checkedAhead(List.of(order(1, "status", 7)), before);
        table.addIndex(BY_STATUS); // status is now an index key, of type S

        assertThat(batch.refused()).as("checked against the table without the index").isNull();
        assertThatThrownBy(() -> BatchWriteItem.putAll(database, batch)).isInstanceOf(DynamoException.class)
                .hasMessageContaining("Type mismatch for Index Key status Expected: S Actual: N IndexName: ByStatus");
        assertThat(table.itemCount()).isZero();
    }

    @Test
    void should_check_again_a_batch_refused_before_an_index_was_removed() {
        table.addIndex(BY_STATUS);
        BatchWriteItem.LoadTarget before = BatchWriteItem.LoadTarget.of(table);
        BatchWriteItem.LoadBatch batch = BatchWriteItem.checkedAhead(List.of(order(1, "status", 7)), before);
        table.removeIndex("ByStatus");

        assertThat(batch.refused()).as("checked against the table with the index").isNotNull();
        BatchWriteItem.putAll(database, batch);

        assertThat(table.itemCount()).isEqualTo(1);
    }

    @Test
    void should_check_again_a_batch_checked_against_a_table_since_deleted_and_created_again() {
        BatchWriteItem.LoadTarget before = BatchWriteItem.LoadTarget.of(table);
        BatchWriteItem.LoadBatch batch = BatchWriteItem.checkedAhead(List.of(order(1, "status", 7)), before);
        database.remove("app");
        Table again = new Table(Orders.metadata("app", BY_STATUS));
        database.add(again);

        assertThatThrownBy(() -> BatchWriteItem.putAll(database, batch)).isInstanceOf(DynamoException.class)
                .hasMessageContaining("Type mismatch for Index Key status");
        assertThat(again.itemCount()).isZero();
        assertThat(table.itemCount()).isZero();
    }

    /** An order read as engine.load reads it for the table as it is now, keeping the values its checks look up. */
    private BatchWriteItem.WriteRequest order(int n, String name, Object value) {
        AttributeValue attribute = value instanceof String s ? AttributeValue.fromS(s)
                : AttributeValue.fromN(value.toString());
        BatchWriteItem.LoadTarget target = BatchWriteItem.LoadTarget.of(table);
        SdkItemEncoder encoder = new SdkItemEncoder(target.namesChecked());
        return BatchWriteItem.loadedPut("app", encoder, Map.of("PK", AttributeValue.fromS("C#" + n),
                "SK", AttributeValue.fromS("O#" + n), name, attribute), target);
    }
}
