package dev.singletable.engine.lifecycle;

import static dev.singletable.engine.AttributeValues.item;
import static dev.singletable.engine.AttributeValues.n;
import static dev.singletable.engine.AttributeValues.s;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import dev.singletable.engine.Change;
import dev.singletable.engine.DynamoDbEngine;
import dev.singletable.engine.EngineTest;
import dev.singletable.engine.model.Operation;
import dev.singletable.engine.model.RequestLogEntry;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.ShardIteratorType;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveStatus;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * engine.fork: a table holding what another holds, under its own name, seen through every client and behaving as
 * any table does; writes on either side never reach the other; dropping it leaves the source as it was.
 */
class ForkTest extends EngineTest {

    @Test
    void should_hold_the_source_items_and_index_entries_under_its_own_name() {
        createOrders("app", null);
        seed("app", 40);

        engine.fork("app", "app-fork");

        assertThat(client.listTables().tableNames()).containsExactly("app", "app-fork");
        TableDescription source = describe("app");
        TableDescription fork = describe("app-fork");
        assertThat(fork.tableName()).isEqualTo("app-fork");
        assertThat(fork.tableArn()).isEqualTo("arn:aws:dynamodb:us-east-1:000000000000:table/app-fork");
        assertThat(fork.tableId()).isNotEqualTo(source.tableId());
        assertThat(fork.itemCount()).isEqualTo(40);
        assertThat(fork.tableSizeBytes()).isEqualTo(source.tableSizeBytes());
        assertThat(fork.keySchema()).isEqualTo(source.keySchema());
        assertThat(fork.globalSecondaryIndexes()).extracting(i -> i.indexName() + " " + i.itemCount())
                .containsExactly("GSI1 40", "ByCustomer 40");
        assertThat(fork.localSecondaryIndexes()).extracting(i -> i.indexName() + " " + i.itemCount())
                .containsExactly("ByTotal 40");
        for (String index : new String[] {null, "GSI1", "ByCustomer", "ByTotal"}) {
            assertThat(scan("app-fork", index)).as("Scan of %s", index).isEqualTo(scan("app", index));
        }
        assertThat(queryGsi1("app-fork", "STATUS#OPEN")).isEqualTo(queryGsi1("app", "STATUS#OPEN")).hasSize(20);
    }

    @Test
    void should_never_show_writes_to_the_fork_in_the_source_nor_the_other_way() {
        createOrders("app", null);
        seed("app", 10);
        engine.fork("app", "app-fork");

        client.putItem(b -> b.tableName("app-fork").item(order(100, "OPEN")));
        client.updateItem(b -> b.tableName("app-fork").key(key(0)).updateExpression("SET #s = :s")
                .expressionAttributeNames(Map.of("#s", "GSI1PK"))
                .expressionAttributeValues(Map.of(":s", s("STATUS#SHIPPED"))));
        client.deleteItem(b -> b.tableName("app-fork").key(key(2)));
        client.executeStatement(b -> b.statement("DELETE FROM \"app-fork\" WHERE PK = 'CUSTOMER#3' AND SK = 'ORDER#3'"));
        client.transactWriteItems(b -> b.transactItems(t -> t.put(p -> p.tableName("app-fork").item(order(101, "OPEN")))));
        client.putItem(b -> b.tableName("app").item(order(200, "OPEN")));
        client.deleteItem(b -> b.tableName("app").key(key(4)));

        assertThat(keys(scan("app", null))).containsExactlyInAnyOrder(0, 1, 2, 3, 5, 6, 7, 8, 9, 200);
        assertThat(keys(scan("app-fork", null))).containsExactlyInAnyOrder(0, 1, 4, 5, 6, 7, 8, 9, 100, 101);
        assertThat(keys(queryGsi1("app", "STATUS#OPEN"))).containsExactlyInAnyOrder(0, 2, 6, 8, 200);
        assertThat(keys(queryGsi1("app-fork", "STATUS#OPEN"))).containsExactlyInAnyOrder(4, 6, 8, 100, 101);
        assertThat(keys(queryGsi1("app", "STATUS#SHIPPED"))).containsExactlyInAnyOrder(1, 3, 5, 7, 9);
        assertThat(keys(queryGsi1("app-fork", "STATUS#SHIPPED"))).containsExactlyInAnyOrder(0, 1, 5, 7, 9);
        assertThat(describe("app").itemCount()).isEqualTo(10);
        assertThat(describe("app-fork").itemCount()).isEqualTo(10);
    }

    @Test
    void should_fork_a_fork_as_it_is_when_forked() {
        createOrders("app", null);
        seed("app", 3);
        engine.fork("app", "first");
        client.putItem(b -> b.tableName("first").item(order(10, "OPEN")));

        engine.fork("first", "second");
        client.putItem(b -> b.tableName("first").item(order(11, "OPEN")));
        client.putItem(b -> b.tableName("second").item(order(12, "OPEN")));

        assertThat(keys(scan("app", null))).containsExactlyInAnyOrder(0, 1, 2);
        assertThat(keys(scan("first", null))).containsExactlyInAnyOrder(0, 1, 2, 10, 11);
        assertThat(keys(scan("second", null))).containsExactlyInAnyOrder(0, 1, 2, 10, 12);
    }

    @Test
    void should_expire_items_by_its_own_time_to_live_on_the_engine_clock() {
        createOrders("app", null);
        client.updateTimeToLive(b -> b.tableName("app")
                .timeToLiveSpecification(t -> t.enabled(true).attributeName("expiresAt")));
        long soon = engine.clock().instant().plus(Duration.ofMinutes(1)).getEpochSecond();
        client.putItem(b -> b.tableName("app").item(withExpiry(order(1, "OPEN"), soon)));
        client.putItem(b -> b.tableName("app").item(order(2, "OPEN")));
        engine.fork("app", "app-fork");
        client.putItem(b -> b.tableName("app-fork").item(withExpiry(order(3, "OPEN"), soon)));
        client.putItem(b -> b.tableName("app-fork").item(order(1, "KEPT")));

        assertThat(client.describeTimeToLive(b -> b.tableName("app-fork")).timeToLiveDescription()
                .timeToLiveStatus()).isEqualTo(TimeToLiveStatus.ENABLED);
        engine.clock().advance(Duration.ofMinutes(2));

        assertThat(keys(scan("app", null))).containsExactly(2);
        assertThat(keys(scan("app-fork", null))).containsExactlyInAnyOrder(1, 2);
        assertThat(engine.changes("app-fork")).filteredOn(Change::byTimeToLive)
                .extracting(change -> change.keys().get("PK").s()).containsExactly("CUSTOMER#3");
        assertThat(engine.changes("app")).filteredOn(Change::byTimeToLive)
                .extracting(change -> change.keys().get("PK").s()).containsExactly("CUSTOMER#1");
    }

    @Test
    void should_have_a_new_stream_of_its_own_when_the_source_has_one() {
        createOrders("app", StreamViewType.NEW_IMAGE);
        client.putItem(b -> b.tableName("app").item(order(1, "OPEN")));
        engine.fork("app", "app-fork");

        client.putItem(b -> b.tableName("app-fork").item(order(2, "OPEN")));
        client.putItem(b -> b.tableName("app").item(order(3, "OPEN")));

        TableDescription fork = describe("app-fork");
        assertThat(fork.streamSpecification().streamViewType()).isEqualTo(StreamViewType.NEW_IMAGE);
        assertThat(fork.latestStreamArn()).startsWith("arn:aws:dynamodb:us-east-1:000000000000:table/app-fork/stream/");
        assertThat(records(fork.latestStreamArn())).extracting(r -> r.dynamodb().keys().get("PK").s())
                .containsExactly("CUSTOMER#2");
        assertThat(records(describe("app").latestStreamArn())).extracting(r -> r.dynamodb().keys().get("PK").s())
                .containsExactly("CUSTOMER#1", "CUSTOMER#3");
        assertThat(engine.changes("app-fork")).extracting(change -> change.keys().get("PK").s())
                .containsExactly("CUSTOMER#2");
    }

    @Test
    void should_start_an_empty_stream_when_made_again_under_a_deleted_fork_name_at_the_same_time() {
        engine.close(); // this test's engine has a clock that stands still
        engine = DynamoDbEngine.builder().clock(Clock.fixed(Instant.parse("2026-05-01T00:00:00Z"), ZoneOffset.UTC))
                .build();
        client = transport.client(engine);
        createOrders("app", StreamViewType.KEYS_ONLY);
        engine.fork("app", "app-fork");
        client.putItem(b -> b.tableName("app-fork").item(order(1, "OPEN")));
        String first = describe("app-fork").latestStreamArn();
        client.deleteTable(b -> b.tableName("app-fork")); // its stream stays readable, as DynamoDB keeps it

        engine.fork("app", "app-fork");

        String second = describe("app-fork").latestStreamArn();
        assertThat(second).isNotEqualTo(first);
        assertThat(records(second)).isEmpty();
        assertThat(records(first)).hasSize(1);
    }

    @Test
    void should_forget_its_stream_and_records_when_dropped_by_the_engine_and_leave_the_source_stream_alone() {
        createOrders("app", StreamViewType.NEW_IMAGE);
        client.putItem(b -> b.tableName("app").item(order(1, "OPEN")));
        engine.fork("app", "app-fork");
        client.putItem(b -> b.tableName("app-fork").item(order(2, "OPEN")));
        String forkStream = describe("app-fork").latestStreamArn();
        String sourceStream = describe("app").latestStreamArn();

        engine.drop("app-fork");

        DynamoDbStreamsClient streams = transport.streamsClient(engine);
        assertThat(streams.listStreams().streams()).extracting(s -> s.streamArn()).containsExactly(sourceStream);
        assertThatThrownBy(() -> streams.describeStream(b -> b.streamArn(forkStream)))
                .isInstanceOf(ResourceNotFoundException.class)
                .hasMessageContaining("Stream: " + forkStream + " not found");
        assertThat(engine.changes("app-fork")).isEmpty();
        assertThat(records(sourceStream)).extracting(r -> r.dynamodb().keys().get("PK").s())
                .containsExactly("CUSTOMER#1");
    }

    @Test
    void should_have_no_stream_when_the_source_has_none_enabled() {
        createOrders("app", StreamViewType.KEYS_ONLY);
        client.updateTable(b -> b.tableName("app").streamSpecification(s -> s.streamEnabled(false)));

        engine.fork("app", "app-fork");

        TableDescription fork = describe("app-fork");
        assertThat(fork.streamSpecification()).isNull();
        assertThat(fork.latestStreamArn()).isNull();
    }

    @Test
    void should_log_its_requests_under_its_name_and_charge_its_own_capacity() {
        client.createTable(b -> b.tableName("app").billingMode(BillingMode.PROVISIONED)
                .provisionedThroughput(t -> t.readCapacityUnits(7L).writeCapacityUnits(3L))
                .attributeDefinitions(a -> a.attributeName("PK").attributeType(ScalarAttributeType.S))
                .keySchema(k -> k.attributeName("PK").keyType(KeyType.HASH)));
        engine.fork("app", "app-fork");
        engine.requestLog().clear();

        PutItemResponse put = client.putItem(b -> b.tableName("app-fork").item(item("PK", "a", "note", "x".repeat(1500)))
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));

        assertThat(engine.requestLog().entries()).extracting(RequestLogEntry::operation, RequestLogEntry::table)
                .containsExactly(tuple(Operation.PUT_ITEM, Optional.of("app-fork")));
        assertThat(put.consumedCapacity().tableName()).isEqualTo("app-fork");
        assertThat(put.consumedCapacity().capacityUnits()).isEqualTo(2.0);
        assertThat(describe("app-fork").provisionedThroughput().readCapacityUnits()).isEqualTo(7L);
    }

    @Test
    void should_be_dropped_by_delete_table_or_by_the_engine_leaving_its_source_as_it_was() {
        createOrders("app", null);
        seed("app", 5);
        engine.fork("app", "by-request");
        engine.fork("app", "by-engine");
        client.putItem(b -> b.tableName("by-request").item(order(50, "OPEN")));

        client.deleteTable(b -> b.tableName("by-request"));
        engine.drop("by-engine");

        assertThat(client.listTables().tableNames()).containsExactly("app");
        assertThat(keys(scan("app", null))).containsExactlyInAnyOrder(0, 1, 2, 3, 4);
        assertThatThrownBy(() -> client.getItem(b -> b.tableName("by-request").key(key(50))))
                .isInstanceOf(ResourceNotFoundException.class);
        engine.fork("app", "by-request");
        assertThat(keys(scan("by-request", null))).containsExactlyInAnyOrder(0, 1, 2, 3, 4);
    }

    @Test
    void should_drop_a_protected_table_through_the_engine_but_not_by_request() {
        createOrders("app", null);
        client.updateTable(b -> b.tableName("app").deletionProtectionEnabled(true));
        engine.fork("app", "app-fork");

        assertThatThrownBy(() -> client.deleteTable(b -> b.tableName("app-fork")))
                .isInstanceOfSatisfying(DynamoDbException.class, e -> assertThat(e.awsErrorDetails().errorMessage())
                        .startsWith("Resource cannot be deleted as it is currently protected against deletion"));
        engine.drop("app-fork");

        assertThat(client.listTables().tableNames()).containsExactly("app");
    }

    @Test
    void should_refuse_a_missing_source_a_taken_name_and_an_invalid_name_and_change_nothing() {
        createOrders("app", null);

        assertThatThrownBy(() -> engine.fork("nope", "app-fork")).isInstanceOfSatisfying(DynamoDbException.class,
                e -> assertThat(e.awsErrorDetails().errorCode() + ": " + e.awsErrorDetails().errorMessage())
                        .isEqualTo("ResourceNotFoundException: Requested resource not found: Table: nope not found"));
        assertThatThrownBy(() -> engine.fork("app", "app")).isInstanceOfSatisfying(DynamoDbException.class,
                e -> assertThat(e.awsErrorDetails().errorCode() + ": " + e.awsErrorDetails().errorMessage())
                        .isEqualTo("ResourceInUseException: Table already exists: app"));
        assertThatThrownBy(() -> engine.fork("app", "no spaces")).isInstanceOfSatisfying(DynamoDbException.class,
                e -> assertThat(e.awsErrorDetails().errorCode()).isEqualTo("ValidationException"));
        assertThatThrownBy(() -> engine.drop("nope")).isInstanceOfSatisfying(DynamoDbException.class,
                e -> assertThat(e.awsErrorDetails().errorCode()).isEqualTo("ResourceNotFoundException"));
        assertThat(client.listTables().tableNames()).containsExactly("app");
    }

    @Test
    void should_start_without_the_source_checkpoint_and_leave_the_source_rollback_alone() {
        createOrders("app", null);
        seed("app", 2);
        engine.checkpoint("app");
        client.putItem(b -> b.tableName("app").item(order(7, "OPEN")));
        engine.fork("app", "app-fork");

        engine.rollback("app");

        assertThat(keys(scan("app", null))).containsExactlyInAnyOrder(0, 1);
        assertThat(keys(scan("app-fork", null))).containsExactlyInAnyOrder(0, 1, 7);
        assertThatThrownBy(() -> engine.rollback("app-fork")).isInstanceOf(IllegalStateException.class)
                .hasMessage("no checkpoint on table app-fork");
    }

    // ---- the table: PK/SK; GSI1 (ALL), ByCustomer (hash only, KEYS_ONLY), LSI ByTotal (INCLUDE) --------------

    private void createOrders(String name, StreamViewType stream) {
        client.createTable(b -> {
            b.tableName(name).billingMode(BillingMode.PAY_PER_REQUEST)
                    .attributeDefinitions(a -> a.attributeName("PK").attributeType(ScalarAttributeType.S),
                            a -> a.attributeName("SK").attributeType(ScalarAttributeType.S),
                            a -> a.attributeName("GSI1PK").attributeType(ScalarAttributeType.S),
                            a -> a.attributeName("GSI1SK").attributeType(ScalarAttributeType.S),
                            a -> a.attributeName("customer").attributeType(ScalarAttributeType.S),
                            a -> a.attributeName("total").attributeType(ScalarAttributeType.N))
                    .keySchema(k -> k.attributeName("PK").keyType(KeyType.HASH),
                            k -> k.attributeName("SK").keyType(KeyType.RANGE))
                    .globalSecondaryIndexes(g -> g.indexName("GSI1")
                                    .keySchema(k -> k.attributeName("GSI1PK").keyType(KeyType.HASH),
                                            k -> k.attributeName("GSI1SK").keyType(KeyType.RANGE))
                                    .projection(p -> p.projectionType(ProjectionType.ALL)),
                            g -> g.indexName("ByCustomer")
                                    .keySchema(k -> k.attributeName("customer").keyType(KeyType.HASH))
                                    .projection(p -> p.projectionType(ProjectionType.KEYS_ONLY)))
                    .localSecondaryIndexes(l -> l.indexName("ByTotal")
                            .keySchema(k -> k.attributeName("PK").keyType(KeyType.HASH),
                                    k -> k.attributeName("total").keyType(KeyType.RANGE))
                            .projection(p -> p.projectionType(ProjectionType.INCLUDE).nonKeyAttributes("GSI1PK")));
            if (stream != null) {
                b.streamSpecification(s -> s.streamEnabled(true).streamViewType(stream));
            }
        });
    }

    private void seed(String table, int items) {
        for (int i = 0; i < items; i++) {
            int n = i;
            client.putItem(b -> b.tableName(table).item(order(n, n % 2 == 0 ? "OPEN" : "SHIPPED")));
        }
    }

    private static Map<String, AttributeValue> order(int n, String status) {
        return item("PK", "CUSTOMER#" + n, "SK", "ORDER#" + n, "GSI1PK", "STATUS#" + status,
                "GSI1SK", String.format("2026-01-%02d#%d", 1 + n % 28, n), "customer", "C" + n % 3,
                "total", n(Integer.toString(n * 3)));
    }

    private static Map<String, AttributeValue> withExpiry(Map<String, AttributeValue> item, long epochSeconds) {
        Map<String, AttributeValue> expiring = new java.util.LinkedHashMap<>(item);
        expiring.put("expiresAt", n(Long.toString(epochSeconds)));
        return expiring;
    }

    private static Map<String, AttributeValue> key(int n) {
        return item("PK", "CUSTOMER#" + n, "SK", "ORDER#" + n);
    }

    private TableDescription describe(String table) {
        return client.describeTable(b -> b.tableName(table)).table();
    }

    private List<Map<String, AttributeValue>> scan(String table, String index) {
        return client.scanPaginator(b -> b.tableName(table).indexName(index).limit(7)).items().stream().toList();
    }

    private List<Map<String, AttributeValue>> queryGsi1(String table, String status) {
        return client.queryPaginator(b -> b.tableName(table).indexName("GSI1").keyConditionExpression("GSI1PK = :s")
                .expressionAttributeValues(Map.of(":s", s(status))).limit(3)).items().stream().toList();
    }

    /** The order numbers of items, from their PK. */
    private static List<Integer> keys(List<Map<String, AttributeValue>> items) {
        return items.stream().map(i -> Integer.parseInt(i.get("PK").s().substring("CUSTOMER#".length()))).toList();
    }

    private List<Record> records(String streamArn) {
        DynamoDbStreamsClient streams = transport.streamsClient(engine);
        String shard = streams.describeStream(b -> b.streamArn(streamArn)).streamDescription().shards().get(0).shardId();
        String iterator = streams.getShardIterator(b -> b.streamArn(streamArn).shardId(shard)
                .shardIteratorType(ShardIteratorType.TRIM_HORIZON)).shardIterator();
        return streams.getRecords(b -> b.shardIterator(iterator)).records();
    }
}
