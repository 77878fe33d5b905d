package dev.singletable.engine.internal.durability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import dev.singletable.engine.DynamoDbEngine;
import dev.singletable.engine.internal.kernel.Database;
import dev.singletable.engine.internal.storage.KeyDef;
import dev.singletable.engine.internal.storage.Table;
import dev.singletable.engine.internal.storage.TableMetadata;
import dev.singletable.engine.internal.storage.TableSettings;
import dev.singletable.engine.internal.value.Value;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.Tag;

class JournalTest {
    @TempDir
    Path data;

    @Test
    void should_find_tables_items_and_indexes_as_they_were_after_a_clean_close() {
        try (DynamoDbEngine engine = durable()) {
            createTable(engine.client());
            put(engine.client(), "CUSTOMER#1", "PROFILE", "Ada");
            engine.client().deleteItem(b -> b.tableName("app").key(key("CUSTOMER#1", "PROFILE")));
            put(engine.client(), "CUSTOMER#2", "PROFILE", "Bob");
        }

        try (DynamoDbEngine engine = durable()) {
            DynamoDbClient client = engine.client();
            assertThat(client.getItem(b -> b.tableName("app").key(key("CUSTOMER#1", "PROFILE"))).hasItem()).isFalse();
            assertThat(client.getItem(b -> b.tableName("app").key(key("CUSTOMER#2", "PROFILE"))).item().get("name").s())
                    .isEqualTo("Bob");
            assertThat(client.query(b -> b.tableName("app").indexName("ByName").keyConditionExpression("#n = :n")
                    .expressionAttributeNames(Map.of("#n", "name"))
                    .expressionAttributeValues(Map.of(":n", AttributeValue.fromS("Bob")))).count()).isEqualTo(1);
        }
    }

    @Test
    void should_reload_an_attribute_name_of_65535_bytes() {
        String name = "n".repeat(65_535);
        try (DynamoDbEngine engine = durable()) {
            createTable(engine.client());
            engine.client().putItem(b -> b.tableName("app").item(Map.of("PK", AttributeValue.fromS("P"),
                    "SK", AttributeValue.fromS("S"), name, AttributeValue.fromS("long"))));
        }

        try (DynamoDbEngine engine = durable()) {
            assertThat(engine.client().getItem(b -> b.tableName("app").key(key("P", "S"))).item().get(name))
                    .isEqualTo(AttributeValue.fromS("long"));
        }
    }

    @Test
    void should_keep_every_answered_write_without_a_close() throws IOException {
        DynamoDbEngine crashed = durable();
        createTable(crashed.client());
        for (int i = 0; i < 20; i++) {
            put(crashed.client(), "CUSTOMER#" + i, "PROFILE", "n" + i);
        }
        crash(); // no close: the journal alone must hold what was answered

        try (DynamoDbEngine engine = durable()) {
            assertThat(engine.client().scan(b -> b.tableName("app")).count()).isEqualTo(20);
        }
    }

    @Test
    void should_restore_a_fork_with_its_own_items_from_the_journal_and_then_from_a_snapshot() throws IOException {
        DynamoDbEngine crashed = durable();
        createTable(crashed.client());
        put(crashed.client(), "CUSTOMER#1", "PROFILE", "Ada");
        crashed.fork("app", "fork");
        crashed.client().putItem(b -> b.tableName("fork").item(Map.of("PK", AttributeValue.fromS("CUSTOMER#2"),
                "SK", AttributeValue.fromS("PROFILE"), "name", AttributeValue.fromS("Bob"))));
        put(crashed.client(), "CUSTOMER#3", "PROFILE", "Cy");
        crash(); // no close: the fork comes back from the journal, replayed after its source's writes before it

        for (int start = 0; start < 2; start++) {
            try (DynamoDbEngine engine = durable()) { // the first close folds the journal into a snapshot
                DynamoDbClient client = engine.client();
                assertThat(client.scan(b -> b.tableName("app")).items()).extracting(i -> i.get("name").s())
                        .containsExactlyInAnyOrder("Ada", "Cy");
                assertThat(client.scan(b -> b.tableName("fork")).items()).extracting(i -> i.get("name").s())
                        .containsExactlyInAnyOrder("Ada", "Bob");
                assertThat(client.query(b -> b.tableName("fork").indexName("ByName").keyConditionExpression("#n = :n")
                        .expressionAttributeNames(Map.of("#n", "name"))
                        .expressionAttributeValues(Map.of(":n", AttributeValue.fromS("Bob")))).count()).isEqualTo(1);
            }
        }
    }

    @Test
    void should_drop_a_torn_last_record_and_keep_everything_before_it() throws IOException {
        DynamoDbEngine crashed = durable();
        createTable(crashed.client());
        put(crashed.client(), "CUSTOMER#1", "PROFILE", "Ada");
        crash();
        byte[] torn = RecordFile.frame("[{\"op\":\"put\"}]".getBytes());
        Files.write(data.resolve("journal.log"), java.util.Arrays.copyOf(torn, torn.length - 3), StandardOpenOption.APPEND);

        try (DynamoDbEngine engine = durable()) {
            assertThat(engine.client().scan(b -> b.tableName("app")).count()).isEqualTo(1);
            put(engine.client(), "CUSTOMER#2", "PROFILE", "Bob");
        }
        try (DynamoDbEngine engine = durable()) {
            assertThat(engine.client().scan(b -> b.tableName("app")).count()).isEqualTo(2);
        }
    }

    @Test
    void should_refuse_to_start_on_damage_before_the_last_record() throws IOException {
        DynamoDbEngine crashed = durable();
        createTable(crashed.client());
        put(crashed.client(), "CUSTOMER#1", "PROFILE", "Ada");
        put(crashed.client(), "CUSTOMER#2", "PROFILE", "Bob");
        crash();
        Path log = data.resolve("journal.log");
        byte[] bytes = Files.readAllBytes(log);
        bytes[12] ^= 0x5A; // inside the first record's payload
        Files.write(log, bytes);

        assertThatThrownBy(this::durable)
                .isInstanceOf(UncheckedIOException.class)
                .hasMessageContaining("damaged record 1 at byte 0")
                .hasMessageContaining("refusing to start with lost data");
    }

    @Test
    void should_fold_the_journal_into_a_snapshot_when_it_grows_and_recover_from_both() throws IOException {
        Database database = new Database(Clock.systemUTC());
        Journal.open(data, database, 1, warning -> { });
        TableSettings onDemand = TableSettings.of(TableSettings.Throughput.of(0, 0),
                new TableSettings.BillingSummary("PAY_PER_REQUEST", null), null, false, Map.of());
        Table table = new Table(new TableMetadata("app", Database.arnOf("app"), "id", 0, new KeyDef("PK", "S"), null,
                Map.of("PK", "S"), List.of(), Map.of(), onDemand, null));
        database.write(() -> {
            database.add(table);
            return null;
        });
        database.write(() -> table.put(Map.of("PK", new Value.S("a"))));

        assertThat(RecordFile.read(data.resolve("journal.log")).records()).as("the journal's generation, no change")
                .hasSize(1);
        assertThat(data.resolve("snapshot.db")).exists();

        database.write(() -> table.put(Map.of("PK", new Value.S("b"))));
        crash();
        Database recovered = new Database(Clock.systemUTC());
        Journal.open(data, recovered, Long.MAX_VALUE, warning -> { });
        assertThat(recovered.table("app").itemCount()).isEqualTo(2);
    }

    /**
     * A data directory written by the engine before table settings were typed records (a snapshot, then a journal
     * of what changed after it), with the descriptions a client saw then: the same tables come back, described
     * alike, except that times are plain numbers again where that engine, once restarted, wrote exponents.
     */
    @Test
    void should_open_a_data_directory_written_before_table_settings_were_typed() throws Exception {
        String written = "/durability/written-before-typed-settings/";
        for (String file : List.of("snapshot.db", "journal.log")) {
            try (InputStream in = JournalTest.class.getResourceAsStream(written + file)) {
                Files.copy(in, data.resolve(file));
            }
        }

        try (DynamoDbEngine engine = durable()) {
            HttpClient http = HttpClient.newHttpClient();
            for (String table : List.of("provisioned", "ondemand")) {
                HttpResponse<String> described = http.send(HttpRequest.newBuilder(engine.httpEndpoint())
                        .header("X-Amz-Target", "DynamoDB_20120810.DescribeTable")
                        .header("Content-Type", "application/x-amz-json-1.0")
                        .POST(HttpRequest.BodyPublishers.ofString("{\"TableName\":\"" + table + "\"}")).build(),
                        HttpResponse.BodyHandlers.ofString());
                try (InputStream expected = JournalTest.class.getResourceAsStream(written + table + ".description.json")) {
                    assertThat(described.body()).isEqualTo(new String(expected.readAllBytes(), StandardCharsets.UTF_8).trim());
                }
            }
            DynamoDbClient client = engine.client();
            assertThat(client.listTagsOfResource(b -> b.resourceArn(Database.arnOf("provisioned"))).tags())
                    .extracting(Tag::key, Tag::value).containsExactly(tuple("team", "orders"));
            assertThat(client.listTagsOfResource(b -> b.resourceArn(Database.arnOf("ondemand"))).tags())
                    .extracting(Tag::key, Tag::value).containsExactly(tuple("b", "2"));
            assertThat(client.describeTimeToLive(b -> b.tableName("provisioned")).timeToLiveDescription().attributeName())
                    .isEqualTo("expires");
            assertThat(client.query(b -> b.tableName("provisioned").indexName("GSI2").keyConditionExpression("#n = :n")
                    .expressionAttributeNames(Map.of("#n", "name"))
                    .expressionAttributeValues(Map.of(":n", AttributeValue.fromS("Ada")))).count()).isEqualTo(1);
        }
    }

    private void crash() throws IOException {
        Crash.of(data);
    }

    private DynamoDbEngine durable() {
        return DynamoDbEngine.builder().dataDirectory(data).build();
    }

    private static void createTable(DynamoDbClient client) {
        client.createTable(b -> b.tableName("app").billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(a -> a.attributeName("PK").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("SK").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("name").attributeType(ScalarAttributeType.S))
                .keySchema(k -> k.attributeName("PK").keyType(KeyType.HASH), k -> k.attributeName("SK").keyType(KeyType.RANGE))
                .globalSecondaryIndexes(g -> g.indexName("ByName").keySchema(k -> k.attributeName("name").keyType(KeyType.HASH))
                        .projection(p -> p.projectionType(ProjectionType.KEYS_ONLY))));
    }

    private static void put(DynamoDbClient client, String pk, String sk, String name) {
        client.putItem(b -> b.tableName("app").item(Map.of("PK", AttributeValue.fromS(pk), "SK", AttributeValue.fromS(sk),
                "name", AttributeValue.fromS(name))));
    }

    private static Map<String, AttributeValue> key(String pk, String sk) {
        return Map.of("PK", AttributeValue.fromS(pk), "SK", AttributeValue.fromS(sk));
    }
}
