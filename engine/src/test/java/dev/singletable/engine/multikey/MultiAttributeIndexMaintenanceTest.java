package dev.singletable.engine.multikey;

import static dev.singletable.engine.control.ControlAssertions.assertValidation;
import static dev.singletable.engine.multikey.Tasks.INDEX;
import static dev.singletable.engine.multikey.Tasks.TABLE;
import static dev.singletable.engine.multikey.Tasks.ids;
import static dev.singletable.engine.multikey.Tasks.task;
import static org.assertj.core.api.Assertions.assertThat;

import dev.singletable.engine.Change;
import dev.singletable.engine.EngineTest;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

/**
 * Keeping a multi-attribute index in step with the table: an item is in it only with every key attribute, of its
 * declared type; writing any one of them moves the item; deleting it or removing one takes it out.
 */
class MultiAttributeIndexMaintenanceTest extends EngineTest {

    @BeforeEach
    void create() {
        client.createTable(Tasks.table(ProjectionType.ALL)
                .streamSpecification(s -> s.streamEnabled(true).streamViewType("NEW_AND_OLD_IMAGES")).build());
    }

    private static AttributeValue s(String value) {
        return AttributeValue.fromS(value);
    }

    private static Map<String, AttributeValue> key(String id) {
        return Map.of("PK", s("TASK#" + id), "SK", s("TASK"));
    }

    private void put(Map<String, AttributeValue> item) {
        client.putItem(b -> b.tableName(TABLE).item(item));
    }

    /** The ids the index holds for a tenant and region, in index order. */
    private List<String> partition(String tenant, String region) {
        return ids(client.query(b -> b.tableName(TABLE).indexName(INDEX)
                .keyConditionExpression("tenantId = :t AND #region = :r")
                .expressionAttributeNames(Map.of("#region", "region"))
                .expressionAttributeValues(Map.of(":t", s(tenant), ":r", s(region)))).items());
    }

    private long indexCount() {
        return client.describeTable(b -> b.tableName(TABLE)).table().globalSecondaryIndexes().get(0).itemCount();
    }

    @Test
    void should_hold_only_items_with_every_key_attribute() {
        put(task("1", "acme", "eu", "OPEN", "3", "2026-03-10"));
        put(task("2", "acme", null, "OPEN", "3", "2026-03-10"));
        put(task("3", "acme", "eu", null, "3", "2026-03-10"));
        put(task("4", "acme", "eu", "OPEN", "3", null));

        assertThat(partition("acme", "eu")).isEqualTo(ids("1"));
        assertThat(indexCount()).isEqualTo(1);
    }

    @Test
    void should_move_an_item_when_any_key_attribute_changes_and_drop_it_when_one_goes() {
        put(task("1", "acme", "eu", "OPEN", "3", "2026-03-10"));
        put(task("2", "acme", "eu", "OPEN", "5", "2026-03-01"));

        client.updateItem(b -> b.tableName(TABLE).key(key("1")).updateExpression("SET priority = :p")
                .expressionAttributeValues(Map.of(":p", AttributeValue.fromN("9"))));
        assertThat(partition("acme", "eu")).isEqualTo(ids("2", "1"));

        client.updateItem(b -> b.tableName(TABLE).key(key("2")).updateExpression("SET #region = :r")
                .expressionAttributeNames(Map.of("#region", "region")).expressionAttributeValues(Map.of(":r", s("us"))));
        assertThat(partition("acme", "eu")).isEqualTo(ids("1"));
        assertThat(partition("acme", "us")).isEqualTo(ids("2"));

        client.updateItem(b -> b.tableName(TABLE).key(key("1")).updateExpression("REMOVE dueDate"));
        assertThat(partition("acme", "eu")).isEmpty();
        assertThat(indexCount()).isEqualTo(1);

        client.updateItem(b -> b.tableName(TABLE).key(key("1")).updateExpression("SET dueDate = :d")
                .expressionAttributeValues(Map.of(":d", s("2026-04-01"))));
        assertThat(partition("acme", "eu")).isEqualTo(ids("1"));

        client.deleteItem(b -> b.tableName(TABLE).key(key("1")));
        assertThat(partition("acme", "eu")).isEmpty();
        assertThat(indexCount()).isEqualTo(1);
    }

    @Test
    void should_keep_a_fork_and_its_source_index_apart_when_items_move() {
        put(task("1", "acme", "eu", "OPEN", "3", "2026-03-10"));
        put(task("2", "acme", "eu", "OPEN", "5", "2026-03-01"));
        engine.fork(TABLE, "tasks-fork");

        client.updateItem(b -> b.tableName("tasks-fork").key(key("1")).updateExpression("SET #region = :r")
                .expressionAttributeNames(Map.of("#region", "region")).expressionAttributeValues(Map.of(":r", s("us"))));
        client.putItem(b -> b.tableName(TABLE).item(task("3", "acme", "eu", "OPEN", "1", "2026-02-01")));

        assertThat(partition("acme", "eu")).isEqualTo(ids("3", "1", "2"));
        assertThat(ids(client.query(b -> b.tableName("tasks-fork").indexName(INDEX)
                .keyConditionExpression("tenantId = :t AND #region = :r")
                .expressionAttributeNames(Map.of("#region", "region"))
                .expressionAttributeValues(Map.of(":t", s("acme"), ":r", s("eu")))).items())).isEqualTo(ids("2"));
    }

    @Test
    void should_refuse_a_key_attribute_of_another_type_or_empty_and_change_nothing() {
        put(task("1", "acme", "eu", "OPEN", "3", "2026-03-10"));
        Map<String, AttributeValue> wrongType = new LinkedHashMap<>(task("1", "acme", "eu", "OPEN", null, "2026-03-10"));
        wrongType.put("priority", s("high"));
        Map<String, AttributeValue> empty = task("1", "acme", "", "OPEN", "3", "2026-03-10");

        assertValidation("One or more parameter values were invalid: Type mismatch for Index Key priority Expected: N "
                + "Actual: S IndexName: " + INDEX, () -> put(wrongType));
        assertValidation("One or more parameter values are not valid. A value specified for a secondary index key is "
                + "not supported. The AttributeValue for a key attribute cannot contain an empty string value. "
                + "IndexName: " + INDEX + ", IndexKey: region", () -> put(empty));
        assertThat(partition("acme", "eu")).isEqualTo(ids("1"));
    }

    @Test
    void should_charge_the_index_for_items_it_holds_only() {
        ConsumedCapacity indexed = client.putItem(b -> b.tableName(TABLE)
                .item(task("1", "acme", "eu", "OPEN", "3", "2026-03-10"))
                .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES)).consumedCapacity();
        ConsumedCapacity sparse = client.putItem(b -> b.tableName(TABLE)
                .item(task("2", "acme", "eu", "OPEN", null, "2026-03-10"))
                .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES)).consumedCapacity();
        ConsumedCapacity moved = client.updateItem(b -> b.tableName(TABLE).key(key("1"))
                .updateExpression("SET #status = :s").expressionAttributeNames(Map.of("#status", "status"))
                .expressionAttributeValues(Map.of(":s", s("DONE")))
                .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES)).consumedCapacity();

        assertThat(indexed.globalSecondaryIndexes().get(INDEX).capacityUnits()).isEqualTo(1.0);
        assertThat(sparse.globalSecondaryIndexes()).isEmpty();
        assertThat(moved.globalSecondaryIndexes().get(INDEX).capacityUnits()).isEqualTo(2.0);
        assertThat(client.query(b -> b.tableName(TABLE).indexName(INDEX)
                .keyConditionExpression("tenantId = :t AND #region = :r")
                .expressionAttributeNames(Map.of("#region", "region"))
                .expressionAttributeValues(Map.of(":t", s("acme"), ":r", s("eu")))
                .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES)).consumedCapacity()
                .globalSecondaryIndexes()).containsOnlyKeys(INDEX);
    }

    @Test
    void should_stream_the_table_changes_that_move_items_in_the_index() {
        put(task("1", "acme", "eu", "OPEN", "3", "2026-03-10"));
        client.updateItem(b -> b.tableName(TABLE).key(key("1")).updateExpression("SET #region = :r")
                .expressionAttributeNames(Map.of("#region", "region")).expressionAttributeValues(Map.of(":r", s("us"))));

        List<Change> changes = engine.changes(TABLE);
        assertThat(changes).extracting(Change::eventName).containsExactly("INSERT", "MODIFY");
        assertThat(changes.get(1).keys()).isEqualTo(key("1"));
        assertThat(changes.get(1).oldImage().orElseThrow()).containsEntry("region", s("eu"));
        assertThat(changes.get(1).newImage().orElseThrow()).containsEntry("region", s("us"));
        assertThat(partition("acme", "us")).isEqualTo(ids("1"));
    }
}
