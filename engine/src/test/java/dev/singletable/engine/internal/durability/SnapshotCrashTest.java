package dev.singletable.engine.internal.durability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.singletable.engine.DynamoDbEngine;
import dev.singletable.engine.internal.DynamoException;
import dev.singletable.engine.internal.kernel.Database;
import dev.singletable.engine.internal.storage.Table;
import dev.singletable.engine.internal.value.Value;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * A crash at every step of folding the journal into a snapshot, and of the start-up that follows a crash: before
 * the snapshot is written, halfway through it, before and after each rename, while the journal is replaced or
 * cut back. Each step is found by running the operation once on a disk that lists them, then failed in turn
 * (the disk then takes nothing more, as after a crash). Every time, the next start finds every acknowledged
 * write, and the directory goes on working: a write after it survives the next restart.
 */
class SnapshotCrashTest {
    @TempDir
    Path root;

    private int directories;

    /** What is written, then acknowledged, before the crash; returns the items expected after it. */
    private interface Scenario {
        Map<String, String> run(Path directory, FaultyDisk disk) throws IOException;
    }

    @TestFactory
    Stream<DynamicTest> a_crash_in_the_fold_at_close() throws IOException {
        return crashAtEachStep("the fold at close", this::foldAtClose);
    }

    @TestFactory
    Stream<DynamicTest> a_crash_in_the_fold_once_the_journal_has_grown() throws IOException {
        return crashAtEachStep("the fold after a write", this::foldAfterAWrite);
    }

    @TestFactory
    Stream<DynamicTest> a_crash_in_the_start_that_sets_aside_a_journal_already_in_the_snapshot() throws IOException {
        return crashAtEachStep("the start after a crash between the renames", this::startAfterACrashBetweenTheRenames);
    }

    @TestFactory
    Stream<DynamicTest> a_crash_in_the_start_that_cuts_a_torn_record_off() throws IOException {
        return crashAtEachStep("the start after a torn record", this::startAfterATornRecord);
    }

    /** Lists the scenario's steps on a disk that fails none, then fails each in turn (writes also halfway). */
    private Stream<DynamicTest> crashAtEachStep(String operation, Scenario scenario) throws IOException {
        FaultyDisk recording = FaultyDisk.recording();
        Map<String, String> expected = scenario.run(newDirectory(), recording);
        assertThat(recording.failedStep()).isNull();
        List<String> steps = recording.steps();
        assertThat(steps).as("the steps of " + operation).contains("force the directory");
        List<DynamicTest> tests = new ArrayList<>();
        for (int i = 0; i < steps.size(); i++) {
            int step = i;
            String name = "a crash at step " + (i + 1) + " of " + steps.size() + " of " + operation + ": ";
            tests.add(DynamicTest.dynamicTest(name + steps.get(i),
                    () -> crashAndRecover(scenario, FaultyDisk.failingAt(step))));
            if (steps.get(i).startsWith("write ")) {
                tests.add(DynamicTest.dynamicTest(name + "halfway through " + steps.get(i),
                        () -> crashAndRecover(scenario, FaultyDisk.failingHalfwayAt(step))));
            }
        }
        assertThat(expected).isNotEmpty();
        return tests.stream();
    }

    private void crashAndRecover(Scenario scenario, FaultyDisk disk) throws IOException {
        Path directory = newDirectory();
        Map<String, String> expected = scenario.run(directory, disk);
        assertThat(disk.failedStep()).as("the crash came").isNotNull();
        if (DirectoryLock.ownerOf(directory) != null) {
            Crash.of(directory);
        }

        try (DynamoDbEngine engine = durable(directory)) {
            assertThat(items(engine.client())).isEqualTo(expected);
            assertThat(engine.client().listTables().tableNames()).containsExactly("app", "recreated");
            assertThat(engine.client().scan(b -> b.tableName("recreated")).items())
                    .containsExactly(Map.of("id", AttributeValue.fromS("the second table's")));
            engine.client().putItem(b -> b.tableName("app").item(item("after", "the crash")));
        }
        expected.put("after", "the crash");
        try (DynamoDbEngine engine = durable(directory)) {
            assertThat(items(engine.client())).isEqualTo(expected);
        }
    }

    private Map<String, String> foldAtClose(Path directory, FaultyDisk disk) throws IOException {
        DynamoDbEngine engine = durable(directory);
        Map<String, String> acknowledged = writeAndAcknowledge(engine.client());
        DirectoryLock.ownerOf(directory).disk(disk);
        closeOnFaultyDisk(engine, disk);
        return acknowledged;
    }

    /** The journal is folded as soon as it holds anything: after the record of the write is on disk. */
    private Map<String, String> foldAfterAWrite(Path directory, FaultyDisk disk) throws IOException {
        Map<String, String> acknowledged;
        try (DynamoDbEngine engine = durable(directory)) {
            acknowledged = writeAndAcknowledge(engine.client());
        }
        Database database = new Database(Clock.systemUTC());
        Journal journal = Journal.open(directory, database, 1, warning -> { });
        journal.disk(disk);
        Table table = database.table("app");
        try {
            database.write(() -> table.put(Map.of("PK", new Value.S("folded"), "v", new Value.S("with the journal"))));
        } catch (DynamoException e) {
            assertThat(e.type()).isEqualTo("InternalServerError");
        }
        if (disk.failedStep() == null || !disk.failedStep().equals("write journal.log")) {
            acknowledged.put("folded", "with the journal"); // its record was on disk before the fold began
        }
        journal.stop();
        return acknowledged;
    }

    private Map<String, String> startAfterACrashBetweenTheRenames(Path directory, FaultyDisk disk) throws IOException {
        DynamoDbEngine engine = durable(directory);
        Map<String, String> acknowledged = writeAndAcknowledge(engine.client());
        FaultyDisk betweenTheRenames = FaultyDisk.failingAt(foldSteps().indexOf("create journal.log.new"));
        DirectoryLock.ownerOf(directory).disk(betweenTheRenames);
        closeOnFaultyDisk(engine, betweenTheRenames);
        return startOnFaultyDisk(directory, disk, acknowledged);
    }

    private Map<String, String> startAfterATornRecord(Path directory, FaultyDisk disk) throws IOException {
        DynamoDbEngine engine = durable(directory);
        Map<String, String> acknowledged = writeAndAcknowledge(engine.client());
        DirectoryLock.ownerOf(directory).disk(FaultyDisk.failingHalfwayAt(0));
        try (DynamoDbClient once = engine.clientBuilder().overrideConfiguration(c -> c.retryStrategy(r -> r.maxAttempts(1)))
                .build()) {
            assertThatThrownBy(() -> once.putItem(b -> b.tableName("app").item(item("torn", "never answered"))))
                    .hasMessageContaining("The engine stopped");
        }
        Crash.of(directory);
        return startOnFaultyDisk(directory, disk, acknowledged);
    }

    private static Map<String, String> startOnFaultyDisk(Path directory, FaultyDisk disk, Map<String, String> expected) {
        try {
            Journal.open(directory, new Database(Clock.systemUTC()), Long.MAX_VALUE, warning -> { }, disk).stop();
        } catch (IOException e) {
            assertThat(e).hasMessage(FaultyDisk.DISK_FULL);
        }
        return expected;
    }

    /** The steps of a fold at close, in order. */
    private List<String> foldSteps() throws IOException {
        FaultyDisk recording = FaultyDisk.recording();
        foldAtClose(newDirectory(), recording);
        return recording.steps();
    }

    private static void closeOnFaultyDisk(DynamoDbEngine engine, FaultyDisk disk) {
        try {
            engine.close();
        } catch (UncheckedIOException e) {
            assertThat(disk.failedStep()).isNotNull();
            assertThat(e).hasMessageContaining(FaultyDisk.DISK_FULL);
        }
    }

    /**
     * Items put, changed and deleted, and a table deleted and created again with another key, each write
     * answered; returns the items of table app, by key.
     */
    private static Map<String, String> writeAndAcknowledge(DynamoDbClient client) {
        createTable(client, "app", "PK");
        createTable(client, "recreated", "PK");
        Map<String, String> items = new TreeMap<>();
        for (int i = 0; i < 20; i++) {
            String pk = "item" + i;
            client.putItem(b -> b.tableName("app").item(item(pk, "v" + pk)));
            items.put(pk, "v" + pk);
        }
        client.putItem(b -> b.tableName("recreated").item(item("gone", "with the first table")));
        client.putItem(b -> b.tableName("app").item(item("item3", "changed")));
        items.put("item3", "changed");
        client.deleteItem(b -> b.tableName("app").key(Map.of("PK", AttributeValue.fromS("item7"))));
        items.remove("item7");
        client.deleteTable(b -> b.tableName("recreated"));
        createTable(client, "recreated", "id");
        client.putItem(b -> b.tableName("recreated").item(Map.of("id", AttributeValue.fromS("the second table's"))));
        return items;
    }

    private static void createTable(DynamoDbClient client, String table, String key) {
        client.createTable(b -> b.tableName(table).billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(a -> a.attributeName(key).attributeType(ScalarAttributeType.S))
                .keySchema(k -> k.attributeName(key).keyType(KeyType.HASH)));
    }

    private static Map<String, String> items(DynamoDbClient client) {
        Map<String, String> items = new TreeMap<>();
        client.scanPaginator(b -> b.tableName("app")).items().forEach(i -> items.put(i.get("PK").s(), i.get("v").s()));
        return items;
    }

    private static Map<String, AttributeValue> item(String pk, String value) {
        return Map.of("PK", AttributeValue.fromS(pk), "v", AttributeValue.fromS(value));
    }

    private Path newDirectory() throws IOException {
        return Files.createDirectory(root.resolve("data" + ++directories));
    }

    private static DynamoDbEngine durable(Path directory) {
        return DynamoDbEngine.builder().dataDirectory(directory).build();
    }
}
