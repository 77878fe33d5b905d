package dev.singletable.engine.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.singletable.engine.DynamoDbEngine;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.GetRecordsRequest;
import software.amazon.awssdk.services.dynamodb.model.GetRecordsResponse;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.ShardIteratorType;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/** engine.load: BatchWriteItem's rules without the SDK round trip and without request-log entries. */
class BulkLoadTest {
    /** Items of a large load, and the keys they are written under. */
    private static final int MANY = 3_000;
    private static final int KEYS = 1_000;
    DynamoDbEngine engine;

    @BeforeEach
    void start() {
        engine = DynamoDbEngine.create();
        Tables.createOrders(engine.client(), "app");
        engine.requestLog().clear();
    }

    @AfterEach
    void stop() {
        engine.close();
    }

    @Test
    void should_write_every_item_and_its_index_entries_without_logging_requests() {
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            Map<String, AttributeValue> item = new HashMap<>(Tables.key("CUSTOMER#" + i, "ORDER#1"));
            item.put("GSI1PK", AttributeValue.fromS("STATUS#OPEN"));
            item.put("GSI1SK", AttributeValue.fromS(String.format("2026-01-%02d", 1 + i % 28)));
            items.add(item);
        }

        engine.load("app", items);

        assertThat(engine.requestLog().entries()).isEmpty();
        assertThat(engine.client().scan(b -> b.tableName("app")).count()).isEqualTo(60);
        assertThat(engine.client().query(b -> b.tableName("app").indexName("GSI1").keyConditionExpression("GSI1PK = :s")
                .expressionAttributeValues(Map.of(":s", AttributeValue.fromS("STATUS#OPEN")))).count()).isEqualTo(60);
    }

    /** Values the SDK sends as they are, which DynamoDB refuses; load reads them without the wire. */
    static Stream<Arguments> badItems() {
        AttributeValue deep = AttributeValue.fromS("x");
        for (int i = 0; i < 32; i++) {
            deep = AttributeValue.fromL(List.of(deep));
        }
        return Stream.of(
                Arguments.of("an empty string set", AttributeValue.fromSs(List.of())),
                Arguments.of("a number set with duplicates", AttributeValue.fromNs(List.of("1", "1.0"))),
                Arguments.of("a binary set with duplicates", AttributeValue.fromBs(List.of(
                        SdkBytes.fromUtf8String("a"), SdkBytes.fromUtf8String("a")))),
                Arguments.of("NULL false", AttributeValue.fromNul(false)),
                Arguments.of("a number that is not one", AttributeValue.fromN("1e")),
                Arguments.of("a number too large", AttributeValue.fromN("1E+126")),
                Arguments.of("two types", AttributeValue.builder().s("x").n("1").build()),
                Arguments.of("no type", AttributeValue.builder().build()),
                Arguments.of("33 levels of nesting", deep),
                Arguments.of("an item over 400 KB", AttributeValue.fromS("x".repeat(409_600))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badItems")
    void should_refuse_a_bad_value_as_put_item_does_over_the_wire(String what, AttributeValue value) {
        Map<String, AttributeValue> item = new HashMap<>(Tables.key("CUSTOMER#1", "PROFILE"));
        item.put("value", value);
        assertRefusedAsPutItemRefusesIt(item);
    }

    @Test
    void should_refuse_an_item_with_dynamodb_error_and_write_nothing_of_its_batch() {
        Map<String, AttributeValue> bad = new HashMap<>(Tables.key("CUSTOMER#2", "PROFILE"));
        bad.put("GSI1PK", AttributeValue.fromN("7"));

        assertThatThrownBy(() -> engine.load("app", List.of(Tables.key("CUSTOMER#1", "PROFILE"), bad)))
                .isInstanceOfSatisfying(DynamoDbException.class, e -> {
                    assertThat(e.awsErrorDetails().errorCode()).isEqualTo("ValidationException");
                    assertThat(e.awsErrorDetails().errorMessage()).isEqualTo("One or more parameter values were invalid: "
                            + "Type mismatch for Index Key GSI1PK Expected: S Actual: N IndexName: GSI1");
                });
        assertThat(engine.client().scan(b -> b.tableName("app")).count()).isZero();
    }

    /** Items whose key DynamoDB refuses, which load reads as PutItem reads them. */
    static Stream<Arguments> badKeys() {
        return Stream.of(
                Arguments.of("no partition key", Map.of("SK", AttributeValue.fromS("PROFILE"))),
                Arguments.of("no sort key", Map.of("PK", AttributeValue.fromS("CUSTOMER#1"))),
                Arguments.of("a number partition key", Map.of("PK", AttributeValue.fromN("1"),
                        "SK", AttributeValue.fromS("PROFILE"))),
                Arguments.of("an empty sort key", Map.of("PK", AttributeValue.fromS("CUSTOMER#1"),
                        "SK", AttributeValue.fromS(""))),
                Arguments.of("an empty partition key and a missing sort key", Map.of("PK", AttributeValue.fromS(""))),
                Arguments.of("a partition key over 2048 bytes", Map.of("PK", AttributeValue.fromS("x".repeat(2049)),
                        "SK", AttributeValue.fromS("PROFILE"))),
                Arguments.of("a sort key over 1024 bytes", Map.of("PK", AttributeValue.fromS("CUSTOMER#1"),
                        "SK", AttributeValue.fromS("x".repeat(1025)))),
                Arguments.of("an empty attribute name", Map.of("PK", AttributeValue.fromS("CUSTOMER#1"),
                        "SK", AttributeValue.fromS("PROFILE"), "", AttributeValue.fromS("x"))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badKeys")
    void should_refuse_a_bad_key_as_put_item_does_over_the_wire(String what, Map<String, AttributeValue> item) {
        assertRefusedAsPutItemRefusesIt(item);
    }

    /** load refuses the item with the error PutItem answers over the wire, and writes nothing. */
    private void assertRefusedAsPutItemRefusesIt(Map<String, AttributeValue> item) {
        DynamoDbException overTheWire = catchThrowableOfType(DynamoDbException.class,
                () -> engine.client().putItem(b -> b.tableName("app").item(item)));

        assertThatThrownBy(() -> engine.load("app", List.of(item))).isInstanceOfSatisfying(DynamoDbException.class,
                e -> assertThat(e.awsErrorDetails().errorCode() + ": " + e.awsErrorDetails().errorMessage())
                        .isEqualTo(overTheWire.awsErrorDetails().errorCode() + ": "
                                + overTheWire.awsErrorDetails().errorMessage()));
        assertThat(engine.client().scan(b -> b.tableName("app")).count()).isZero();
    }

    @Test
    void should_refuse_a_key_twice_in_a_batch_of_25_as_batch_write_item_does_and_keep_the_batches_before() {
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            items.add(Tables.key("CUSTOMER#" + i, "PROFILE"));
        }
        items.set(27, Tables.key("CUSTOMER#26", "PROFILE")); // the second batch names CUSTOMER#26 twice

        assertThatThrownBy(() -> engine.load("app", items)).isInstanceOfSatisfying(DynamoDbException.class, e -> {
            assertThat(e.awsErrorDetails().errorCode()).isEqualTo("ValidationException");
            assertThat(e.awsErrorDetails().errorMessage()).isEqualTo("Provided list of item keys contains duplicates");
        });
        assertThat(engine.client().scan(b -> b.tableName("app")).items())
                .extracting(item -> item.get("PK").s())
                .containsExactlyInAnyOrderElementsOf(items.subList(0, 25).stream().map(i -> i.get("PK").s()).toList());
    }

    @Test
    void should_keep_an_item_of_many_attributes_as_put_item_does() {
        Map<String, AttributeValue> item = new HashMap<>(Tables.key("CUSTOMER#1", "PROFILE"));
        for (int i = 0; i < 40; i++) {
            item.put("a" + i, i % 2 == 0 ? AttributeValue.fromS("v" + i) : AttributeValue.fromN(i + ".50"));
        }
        item.put("GSI1PK", AttributeValue.fromS("STATUS#OPEN"));
        item.put("GSI1SK", AttributeValue.fromS("2026-01-01"));
        engine.client().putItem(b -> b.tableName("app").item(item));
        Map<String, AttributeValue> put = engine.client().getItem(b -> b.tableName("app").key(Tables.key("CUSTOMER#1",
                "PROFILE"))).item();
        engine.client().deleteItem(b -> b.tableName("app").key(Tables.key("CUSTOMER#1", "PROFILE")));

        engine.load("app", List.of(item));

        assertThat(engine.client().getItem(b -> b.tableName("app").key(Tables.key("CUSTOMER#1", "PROFILE"))).item())
                .isEqualTo(put);
        assertThat(engine.client().query(b -> b.tableName("app").indexName("GSI1").keyConditionExpression("GSI1PK = :s")
                .expressionAttributeValues(Map.of(":s", AttributeValue.fromS("STATUS#OPEN")))).items())
                .containsExactly(put);
    }

    @Test
    void should_tell_each_loaded_change_in_order_with_its_keys_and_images() {
        engine.load("app", List.of(Tables.key("CUSTOMER#1", "PROFILE"), Tables.key("CUSTOMER#2", "PROFILE")));
        Map<String, AttributeValue> changed = new HashMap<>(Tables.key("CUSTOMER#1", "PROFILE"));
        changed.put("total", AttributeValue.fromN("10"));
        engine.load("app", List.of(changed));

        assertThat(engine.changes("app")).extracting(c -> c.eventName() + " " + c.keys().get("PK").s() + " "
                        + c.oldImage().map(i -> i.keySet().size()).orElse(0) + " "
                        + c.newImage().map(i -> i.get("total") == null ? "-" : i.get("total").n()).orElse(""))
                .containsExactly("INSERT CUSTOMER#1 0 -", "INSERT CUSTOMER#2 0 -", "MODIFY CUSTOMER#1 2 10");
    }

    /**
     * A load large enough to be read on a second thread while it is written: 120 batches of 25 here, over
     * {@value #KEYS} keys, each written three times.
     */
    private static List<Map<String, AttributeValue>> manyItems() {
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        for (int i = 0; i < MANY; i++) {
            Map<String, AttributeValue> item = new HashMap<>(Tables.key("CUSTOMER#" + i % KEYS, "PROFILE"));
            item.put("seq", AttributeValue.fromN(Integer.toString(i)));
            items.add(item);
        }
        return items;
    }

    @Test
    void should_write_a_large_load_in_order_so_that_the_last_item_of_a_key_wins_and_changes_come_in_order() {
        List<Map<String, AttributeValue>> items = manyItems();

        engine.load("app", items);

        assertThat(engine.client().scan(b -> b.tableName("app")).items())
                .extracting(item -> item.get("PK").s() + "=" + item.get("seq").n())
                .containsExactlyInAnyOrderElementsOf(items.subList(MANY - KEYS, MANY).stream()
                        .map(item -> item.get("PK").s() + "=" + item.get("seq").n()).toList());
        assertThat(engine.changes("app")).extracting(c -> c.eventName() + " " + c.newImage().orElseThrow().get("seq").n())
                .containsExactlyElementsOf(items.stream().map(item -> {
                    int seq = Integer.parseInt(item.get("seq").n());
                    return (seq < KEYS ? "INSERT " : "MODIFY ") + seq;
                }).toList());
        assertThat(Thread.getAllStackTraces().keySet()).extracting(Thread::getName).doesNotContain("singletable-load");
    }

    @Test
    void should_refuse_a_bad_item_late_in_a_large_load_and_keep_exactly_the_batches_before_its_own() {
        List<Map<String, AttributeValue>> items = manyItems();
        Map<String, AttributeValue> bad = new HashMap<>(items.get(2_777));
        bad.put("value", AttributeValue.fromNs(List.of("1", "1.0")));
        items.set(2_777, bad); // batch 112 of 120, items 2,775 to 2,799
        DynamoDbException overTheWire = catchThrowableOfType(DynamoDbException.class,
                () -> engine.client().putItem(b -> b.tableName("app").item(bad)));
        engine.requestLog().clear();
        engine.client().deleteTable(b -> b.tableName("app"));
        Tables.createOrders(engine.client(), "app");

        assertThatThrownBy(() -> engine.load("app", items)).isInstanceOfSatisfying(DynamoDbException.class,
                e -> assertThat(e.awsErrorDetails().errorMessage())
                        .isEqualTo(overTheWire.awsErrorDetails().errorMessage()));
        assertThat(engine.changes("app")).extracting(c -> c.newImage().orElseThrow().get("seq").n())
                .containsExactlyElementsOf(items.subList(0, 2_775).stream().map(item -> item.get("seq").n()).toList());
        assertThat(engine.client().scan(b -> b.tableName("app")).count()).isEqualTo(KEYS);
    }

    /** Items whose table or index keys DynamoDB refuses; a large load checks them on its reading thread. */
    static Stream<Arguments> badKeysLate() {
        Map<String, AttributeValue> numberIndexKey = new HashMap<>(Tables.key("CUSTOMER#1", "PROFILE"));
        numberIndexKey.put("GSI1PK", AttributeValue.fromN("7"));
        Map<String, AttributeValue> emptyIndexKey = new HashMap<>(Tables.key("CUSTOMER#1", "PROFILE"));
        emptyIndexKey.put("GSI1SK", AttributeValue.fromS(""));
        Map<String, AttributeValue> longIndexKey = new HashMap<>(Tables.key("CUSTOMER#1", "PROFILE"));
        longIndexKey.put("GSI1PK", AttributeValue.fromS("x".repeat(2049)));
        return Stream.concat(badKeys(), Stream.of(Arguments.of("a number index key", numberIndexKey),
                Arguments.of("an empty index sort key", emptyIndexKey),
                Arguments.of("an index partition key over 2048 bytes", longIndexKey)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badKeysLate")
    void should_refuse_a_bad_key_late_in_a_large_load_as_put_item_does_and_keep_the_batches_before(
            String what, Map<String, AttributeValue> bad) {
        List<Map<String, AttributeValue>> items = manyItems();
        items.set(2_777, bad); // batch 112 of 120, items 2,775 to 2,799
        DynamoDbException overTheWire = catchThrowableOfType(DynamoDbException.class,
                () -> engine.client().putItem(b -> b.tableName("app").item(bad)));

        assertThatThrownBy(() -> engine.load("app", items)).isInstanceOfSatisfying(DynamoDbException.class,
                e -> assertThat(e.awsErrorDetails().errorCode() + ": " + e.awsErrorDetails().errorMessage())
                        .isEqualTo(overTheWire.awsErrorDetails().errorCode() + ": "
                                + overTheWire.awsErrorDetails().errorMessage()));
        assertThat(engine.changes("app")).hasSize(2_775);
    }

    @Test
    void should_write_index_entries_of_a_large_load_read_ahead() {
        List<Map<String, AttributeValue>> items = manyItems();
        items.forEach(item -> {
            int seq = Integer.parseInt(item.get("seq").n());
            item.put("GSI1PK", AttributeValue.fromS("SEQ#" + seq % 10));
            item.put("GSI1SK", AttributeValue.fromS(item.get("PK").s()));
        });

        engine.load("app", items);

        assertThat(engine.client().query(b -> b.tableName("app").indexName("GSI1").keyConditionExpression("GSI1PK = :s")
                .expressionAttributeValues(Map.of(":s", AttributeValue.fromS("SEQ#3")))).items())
                .extracting(item -> item.get("seq").n())
                .containsExactlyInAnyOrderElementsOf(items.subList(MANY - KEYS, MANY).stream()
                        .map(item -> item.get("seq").n()).filter(seq -> seq.endsWith("3")).toList());
    }

    @Test
    void should_stream_the_changes_of_a_load_once_the_table_has_a_stream() {
        List<Map<String, AttributeValue>> items = manyItems();
        engine.load("app", items.subList(0, KEYS));
        String stream = engine.client().updateTable(b -> b.tableName("app").streamSpecification(s -> s
                .streamEnabled(true).streamViewType("NEW_IMAGE"))).tableDescription().latestStreamArn();

        engine.load("app", items.subList(KEYS, MANY));

        try (DynamoDbStreamsClient streams = engine.streamsClient()) {
            String shard = streams.describeStream(b -> b.streamArn(stream)).streamDescription().shards().get(0)
                    .shardId();
            String iterator = streams.getShardIterator(b -> b.streamArn(stream).shardId(shard)
                    .shardIteratorType(ShardIteratorType.TRIM_HORIZON)).shardIterator();
            List<Record> records = new ArrayList<>();
            while (records.size() < MANY - KEYS) { // a GetRecords call returns at most 1,000 records
                GetRecordsResponse page = streams.getRecords(GetRecordsRequest.builder().shardIterator(iterator)
                        .build());
                assertThat(page.records()).isNotEmpty();
                records.addAll(page.records());
                iterator = page.nextShardIterator();
            }
            assertThat(records).extracting(r -> r.eventName() + " " + r.dynamodb().newImage().get("seq").n())
                    .containsExactlyElementsOf(items.subList(KEYS, MANY).stream()
                            .map(item -> "MODIFY " + item.get("seq").n()).toList());
        }
    }

    @Test
    void should_report_the_first_refusal_of_a_large_load_when_later_batches_are_bad_too() {
        List<Map<String, AttributeValue>> items = manyItems();
        items.set(1_510, Tables.key("CUSTOMER#1", "")); // batch 61: an empty sort key
        items.set(2_990, Map.of("PK", AttributeValue.fromS("CUSTOMER#1"))); // batch 120: no sort key

        assertThatThrownBy(() -> engine.load("app", items)).isInstanceOfSatisfying(DynamoDbException.class,
                e -> assertThat(e.awsErrorDetails().errorMessage()).contains("empty string value")
                        .contains("SK"));
        assertThat(engine.changes("app")).hasSize(1_500);
    }
}
