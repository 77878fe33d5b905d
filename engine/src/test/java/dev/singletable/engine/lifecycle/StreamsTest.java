package dev.singletable.engine.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.singletable.engine.Change;
import dev.singletable.engine.DynamoDbEngine;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.GetRecordsResponse;
import software.amazon.awssdk.services.dynamodb.model.OperationType;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ShardIteratorType;
import software.amazon.awssdk.services.dynamodb.model.StreamDescription;
import software.amazon.awssdk.services.dynamodb.model.StreamStatus;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

class StreamsTest {
    static final Instant START = Instant.parse("2026-03-01T10:00:00Z");

    DynamoDbEngine engine;
    DynamoDbClient client;
    DynamoDbStreamsClient streams;

    @BeforeEach
    void start() {
        engine = DynamoDbEngine.builder().clock(Clock.fixed(START, ZoneOffset.UTC)).build();
        client = engine.client();
        streams = engine.streamsClient();
    }

    @AfterEach
    void stop() {
        engine.close();
    }

    @Test
    void should_serve_insert_modify_and_remove_records_in_commit_order_through_the_streams_client() {
        Tables.createWithStream(client, "app", StreamViewType.NEW_AND_OLD_IMAGES);
        client.putItem(b -> b.tableName("app").item(withStatus("OPEN")));
        client.putItem(b -> b.tableName("app").item(withStatus("SHIPPED")));
        client.deleteItem(b -> b.tableName("app").key(Tables.key("ORDER#1", "A")));

        List<Record> records = readAll(streamArn("app"));

        assertThat(records).extracting(Record::eventName)
                .containsExactly(OperationType.INSERT, OperationType.MODIFY, OperationType.REMOVE);
        assertThat(records.get(1).dynamodb().oldImage().get("status").s()).isEqualTo("OPEN");
        assertThat(records.get(1).dynamodb().newImage().get("status").s()).isEqualTo("SHIPPED");
        assertThat(records.get(2).dynamodb().keys()).isEqualTo(Tables.key("ORDER#1", "A"));
        assertThat(records.get(2).dynamodb().hasNewImage()).isFalse();
        assertThat(records).extracting(r -> r.dynamodb().sequenceNumber()).isSorted();
        assertThat(records.get(0).dynamodb().approximateCreationDateTime()).isEqualTo(START);
    }

    @Test
    void should_time_changes_by_the_engine_clock_once_it_has_been_moved() {
        Instant start = START.plusNanos(600_000);
        try (DynamoDbEngine moved = DynamoDbEngine.builder().clock(Clock.fixed(start, ZoneOffset.UTC)).build()) {
            Tables.createWithStream(moved.client(), "app", StreamViewType.NEW_AND_OLD_IMAGES);
            moved.clock().advance(Duration.ofSeconds(90).plusNanos(600_000)); // 1.2 ms past START + 90 s in all

            moved.client().putItem(b -> b.tableName("app").item(withStatus("OPEN")));

            assertThat(moved.changes("app")).extracting(Change::approximateCreationTime)
                    .containsExactly(START.plusSeconds(90).plusMillis(1));
            assertThat(moved.clock().millis()).isEqualTo(moved.clock().instant().toEpochMilli());
        }
    }

    @Test
    void should_describe_the_stream_and_list_it_with_its_table() {
        Tables.createWithStream(client, "app", StreamViewType.KEYS_ONLY);
        String arn = streamArn("app");

        StreamDescription description = streams.describeStream(b -> b.streamArn(arn)).streamDescription();

        assertThat(description.streamStatus()).isEqualTo(StreamStatus.ENABLED);
        assertThat(description.streamViewType()).isEqualTo(StreamViewType.KEYS_ONLY);
        assertThat(description.tableName()).isEqualTo("app");
        assertThat(description.keySchema()).extracting(k -> k.attributeName()).containsExactly("PK", "SK");
        assertThat(description.shards()).hasSize(1);
        assertThat(arn).isEqualTo(client.describeTable(b -> b.tableName("app")).table().latestStreamArn());
    }

    @Test
    void should_keep_only_keys_in_a_keys_only_stream_and_write_no_record_for_a_write_that_changes_nothing() {
        Tables.createWithStream(client, "app", StreamViewType.KEYS_ONLY);
        client.putItem(b -> b.tableName("app").item(withStatus("OPEN")));
        client.putItem(b -> b.tableName("app").item(withStatus("OPEN")));

        List<Record> records = readAll(streamArn("app"));

        assertThat(records).hasSize(1);
        assertThat(records.get(0).dynamodb().hasNewImage()).isFalse();
        assertThat(records.get(0).dynamodb().hasOldImage()).isFalse();
    }

    @Test
    void should_start_a_latest_iterator_after_the_records_already_written() {
        Tables.createWithStream(client, "app", StreamViewType.NEW_IMAGE);
        client.putItem(b -> b.tableName("app").item(withStatus("OPEN")));
        String arn = streamArn("app");
        String shard = streams.describeStream(b -> b.streamArn(arn)).streamDescription().shards().get(0).shardId();
        String latest = streams.getShardIterator(b -> b.streamArn(arn).shardId(shard)
                .shardIteratorType(ShardIteratorType.LATEST)).shardIterator();

        client.putItem(b -> b.tableName("app").item(withStatus("SHIPPED")));
        GetRecordsResponse page = streams.getRecords(b -> b.shardIterator(latest));

        assertThat(page.records()).extracting(r -> r.dynamodb().newImage().get("status").s()).containsExactly("SHIPPED");
        assertThat(page.nextShardIterator()).isNotNull();
    }

    @Test
    void should_resume_after_a_sequence_number() {
        Tables.createWithStream(client, "app", StreamViewType.NEW_IMAGE);
        client.putItem(b -> b.tableName("app").item(withStatus("OPEN")));
        client.putItem(b -> b.tableName("app").item(withStatus("SHIPPED")));
        String arn = streamArn("app");
        List<Record> all = readAll(arn);
        String shard = streams.describeStream(b -> b.streamArn(arn)).streamDescription().shards().get(0).shardId();

        String after = streams.getShardIterator(b -> b.streamArn(arn).shardId(shard)
                .shardIteratorType(ShardIteratorType.AFTER_SEQUENCE_NUMBER)
                .sequenceNumber(all.get(0).dynamodb().sequenceNumber())).shardIterator();

        assertThat(streams.getRecords(b -> b.shardIterator(after)).records()).containsExactly(all.get(1));
    }

    @Test
    void should_mark_ttl_deletions_as_made_by_the_service() {
        Tables.createWithStream(client, "app", StreamViewType.OLD_IMAGE);
        client.updateTimeToLive(b -> b.tableName("app").timeToLiveSpecification(t -> t.enabled(true).attributeName("ttl")));
        Map<String, AttributeValue> item = new HashMap<>(Tables.key("SESSION#1", "S"));
        item.put("ttl", AttributeValue.fromN(Long.toString(START.getEpochSecond() + 10)));
        client.putItem(b -> b.tableName("app").item(item));

        engine.clock().advance(Duration.ofMinutes(1));

        Record removal = readAll(streamArn("app")).get(1);
        assertThat(removal.eventName()).isEqualTo(OperationType.REMOVE);
        assertThat(removal.userIdentity().principalId()).isEqualTo("dynamodb.amazonaws.com");
        assertThat(removal.userIdentity().type()).isEqualTo("Service");
        List<Change> changes = engine.changes("app");
        assertThat(changes).extracting(Change::eventName).containsExactly("INSERT", "REMOVE");
        assertThat(changes.get(1).byTimeToLive()).isTrue();
        assertThat(changes.get(1).oldImage()).hasValue(item);
    }

    @Test
    void should_keep_changes_for_tests_but_serve_no_stream_for_a_table_without_one() {
        Tables.createOrders(client, "plain");
        client.putItem(b -> b.tableName("plain").item(withStatus("OPEN")));
        client.putItem(b -> b.tableName("plain").item(withStatus("SHIPPED")));

        List<Change> changes = engine.changes("plain");
        assertThat(changes).extracting(Change::eventName).containsExactly("INSERT", "MODIFY");
        assertThat(changes.get(1).oldImage().orElseThrow().get("status").s()).isEqualTo("OPEN");
        assertThat(changes.get(1).newImage().orElseThrow().get("status").s()).isEqualTo("SHIPPED");
        assertThat(streams.listStreams(b -> b.tableName("plain")).streams()).isEmpty();
    }

    @Test
    void should_refuse_an_unknown_stream_and_a_forged_iterator() {
        assertThatThrownBy(() -> streams.describeStream(b -> b.streamArn("arn:aws:dynamodb:us-east-1:000000000000:table/missing/stream/2026-03-01T10:00:00.000")))
                .isInstanceOf(ResourceNotFoundException.class)
                .hasMessageStartingWith("Requested resource not found: Stream: arn:aws:dynamodb:us-east-1:000000000000:table/missing/stream/2026-03-01T10:00:00.000 not found");
        assertThatThrownBy(() -> streams.getRecords(b -> b.shardIterator("bm90LWFuLWl0ZXJhdG9y")))
                .isInstanceOfSatisfying(DynamoDbException.class,
                        e -> assertThat(e.awsErrorDetails().errorCode()).isEqualTo("ValidationException"));
    }

    @Test
    void should_not_record_the_undo_of_a_rollback() {
        Tables.createWithStream(client, "app", StreamViewType.NEW_IMAGE);
        engine.checkpoint("app");
        client.putItem(b -> b.tableName("app").item(withStatus("OPEN")));

        engine.rollback("app");

        assertThat(engine.changes("app")).extracting(Change::eventName).containsExactly("INSERT");
    }

    private String streamArn(String table) {
        return streams.listStreams(b -> b.tableName(table)).streams().get(0).streamArn();
    }

    private List<Record> readAll(String arn) {
        String shard = streams.describeStream(b -> b.streamArn(arn)).streamDescription().shards().get(0).shardId();
        String iterator = streams.getShardIterator(b -> b.streamArn(arn).shardId(shard)
                .shardIteratorType(ShardIteratorType.TRIM_HORIZON)).shardIterator();
        return streams.getRecords(b -> b.shardIterator(iterator)).records();
    }

    private static Map<String, AttributeValue> withStatus(String status) {
        Map<String, AttributeValue> item = new HashMap<>(Tables.key("ORDER#1", "A"));
        item.put("status", AttributeValue.fromS(status));
        return item;
    }
}
