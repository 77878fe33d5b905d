package dev.singletable.core;

import dev.singletable.core.internal.CreateTableJson;
import dev.singletable.engine.DynamoDbEngine;
import dev.singletable.fixtures.IndexDesign;
import dev.singletable.fixtures.KeyAttribute;
import dev.singletable.fixtures.TableDesign;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.DeleteRequest;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.IndexStatus;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * The one way the toolkit makes a design's table and fills it, on the embedded engine and on any endpoint alike:
 * create the table from the design and wait until it and every index are {@code ACTIVE}; write items in batches
 * of 25 with one retry policy and progress; delete items; check an existing table's keys; drop it.
 *
 * <pre>{@code
 * Provisioner provisioner = Provisioner.of(client);            // any endpoint
 * provisioner.createTable(design, "orders");
 * SeedResult result = provisioner.write("orders", fixtures.itemMaps(), (written, total) -> { });
 * }</pre>
 *
 * <p>Retries: what a {@code BatchWriteItem} leaves unprocessed is sent again after an exponential backoff with
 * equal jitter (50 ms doubled per retry, at most 5 s, half of it random), up to 10 calls a batch; then a
 * {@link SeedException} says how many items were written. On the embedded engine items are written without the
 * SDK round trip and without request log entries ({@link DynamoDbEngine#load}), which never leaves items
 * unprocessed, and tables are created and dropped the same way ({@link DynamoDbEngine#createTable(String)},
 * {@link DynamoDbEngine#drop}).
 */
public final class Provisioner {

    /** DynamoDB's limit of requests in one {@code BatchWriteItem}. */
    public static final int BATCH_SIZE = 25;
    /** How long a table and its indexes may take to become ACTIVE. */
    static final Duration ACTIVE_WAIT = Duration.ofMinutes(10);
    private static final Duration LONGEST_POLL = Duration.ofSeconds(5);

    /** Null with an engine, whose client is asked for when a call needs it: building one is not free. */
    private final DynamoDbClient client;
    private final DynamoDbEngine engine;
    private final Retries retries;
    private final Sleeper sleeper;

    /** The retry policy of batch writes. */
    record Retries(int maxAttempts, Duration baseDelay, Duration maxDelay) {
        static final Retries DEFAULT = new Retries(10, Duration.ofMillis(50), Duration.ofSeconds(5));

        Retries {
            if (maxAttempts < 1) {
                throw new IllegalArgumentException("maxAttempts must be at least 1, got " + maxAttempts);
            }
            Objects.requireNonNull(baseDelay, "baseDelay");
            Objects.requireNonNull(maxDelay, "maxDelay");
        }

        /** Exponential backoff with equal jitter: half the delay fixed, half random, so that retries spread. */
        long delayMillis(int retry) {
            long exponential = baseDelay.toMillis() << Math.min(retry - 1, 30);
            long capped = Math.min(maxDelay.toMillis(), Math.max(0, exponential));
            long half = capped / 2;
            return half + (capped - half == 0 ? 0 : ThreadLocalRandom.current().nextLong(capped - half + 1));
        }
    }

    /** Waits between attempts; tests pass one that records the delays instead. */
    @FunctionalInterface
    interface Sleeper {
        void sleep(long millis) throws InterruptedException;
    }

    Provisioner(DynamoDbClient client, DynamoDbEngine engine, Retries retries, Sleeper sleeper) {
        if (client == null && engine == null) {
            throw new NullPointerException("client");
        }
        this.client = client;
        this.engine = engine;
        this.retries = retries;
        this.sleeper = sleeper;
    }

    /**
     * @param client a client for any DynamoDB endpoint (its requests are the provisioner's: use one that logs
     *               nothing a test would count)
     * @return a provisioner that creates, writes and drops through the client
     */
    public static Provisioner of(DynamoDbClient client) {
        return new Provisioner(client, null, Retries.DEFAULT, Thread::sleep);
    }

    /**
     * @param engine the embedded engine
     * @return a provisioner that creates and drops tables and writes items through the engine's own API: without
     *         the SDK round trip and without request log entries
     */
    public static Provisioner of(DynamoDbEngine engine) {
        return new Provisioner(null, Objects.requireNonNull(engine, "engine"), Retries.DEFAULT, Thread::sleep);
    }

    /**
     * Creates the table, writes the items, and on any failure drops the table again: no half-made table is left
     * for a later run to trip over.
     *
     * @param design the design
     * @param name   the physical table name
     * @param items  the items, written in order
     * @return what the writing did
     * @throws SeedException when a batch stays unprocessed; the table is dropped
     */
    public SeedResult provision(TableDesign design, String name, List<Map<String, AttributeValue>> items) {
        createTable(design, name);
        try {
            return write(name, items, SeedProgress.NONE);
        } catch (RuntimeException e) {
            dropTable(name);
            throw e;
        }
    }

    /**
     * Creates the table from the design (on-demand billing, every index) and waits until the table and each of
     * its global secondary indexes are {@code ACTIVE}: at once on the embedded engine, after polling on a real
     * endpoint, where a GSI may still be {@code CREATING} when its table is active.
     *
     * @param design the design
     * @param name   the physical table name
     * @throws IllegalStateException when the table is not active after 10 minutes; the table is dropped
     */
    public void createTable(TableDesign design, String name) {
        if (engine != null) {
            engine.createTable(CreateTableJson.of(design, name)); // ACTIVE at once
            return;
        }
        client().createTable(design.toCreateTableRequest(name));
        try {
            awaitActive(name);
        } catch (RuntimeException e) {
            dropTable(name);
            throw e;
        }
    }

    private DynamoDbClient client() {
        return client != null ? client : engine.client();
    }

    private void awaitActive(String name) {
        awaitUntil(() -> active(client().describeTable(r -> r.tableName(name)).table()),
                "table " + name + " and its indexes are not ACTIVE after " + ACTIVE_WAIT.toMinutes() + " minutes",
                "waiting for table " + name + " to become ACTIVE was interrupted");
    }

    /** An endpoint deletes a table in the background: its name is free for a new table only once it is gone. */
    private void awaitGone(String name) {
        awaitUntil(() -> describe(name).isEmpty(),
                "table " + name + " is still being deleted after " + ACTIVE_WAIT.toMinutes() + " minutes",
                "waiting for table " + name + " to be deleted was interrupted");
    }

    private void awaitUntil(BooleanSupplier done, String timedOut, String interrupted) {
        Instant deadline = Instant.now().plus(ACTIVE_WAIT);
        long pause = 100;
        while (!done.getAsBoolean()) {
            if (Instant.now().isAfter(deadline)) {
                throw new IllegalStateException(timedOut);
            }
            pause(pause, interrupted, 0);
            pause = Math.min(LONGEST_POLL.toMillis(), pause * 2);
        }
    }

    private static boolean active(TableDescription table) {
        return table.tableStatus() == TableStatus.ACTIVE && table.globalSecondaryIndexes().stream()
                .map(GlobalSecondaryIndexDescription::indexStatus).allMatch(IndexStatus.ACTIVE::equals);
    }

    /**
     * @param name a physical table name
     * @return the table's description, or empty when there is no such table
     */
    public Optional<TableDescription> describe(String name) {
        try {
            return Optional.of(client().describeTable(r -> r.tableName(name)).table());
        } catch (ResourceNotFoundException e) {
            return Optional.empty();
        }
    }

    /**
     * How an existing table's keys differ from the design's: the table's and every index's key attributes and
     * their types. Items written into a table of another shape would land where no access pattern finds them.
     *
     * @param table  an existing table's description
     * @param design the design
     * @return one line per difference, e.g. {@code index GSI1: the table has no such index}; empty when the table
     *         has the design's keys and indexes
     */
    public static List<String> differences(TableDescription table, TableDesign design) {
        Map<String, String> types = table.attributeDefinitions().stream().collect(Collectors.toMap(
                AttributeDefinition::attributeName, AttributeDefinition::attributeTypeAsString));
        List<String> differences = new ArrayList<>();
        compare("the table's key", keys(table.keySchema(), types),
                keys(List.of(design.partitionKey()), design.sortKey().stream().toList()), differences);
        for (IndexDesign index : design.indexes()) {
            Optional<List<KeySchemaElement>> actual = Stream.concat(
                    table.globalSecondaryIndexes().stream().filter(i -> i.indexName().equals(index.name()))
                            .map(i -> i.keySchema()),
                    table.localSecondaryIndexes().stream().filter(i -> i.indexName().equals(index.name()))
                            .map(i -> i.keySchema())).findFirst();
            if (actual.isEmpty()) {
                differences.add("index " + index.name() + ": the table has no such index");
            } else {
                compare("index " + index.name(), keys(actual.get(), types),
                        keys(index.partitionKey(), index.sortKey()), differences);
            }
        }
        return differences;
    }

    private static void compare(String what, String actual, String designed, List<String> differences) {
        if (!actual.equals(designed)) {
            differences.add(what + ": the table has " + actual + ", the design has " + designed);
        }
    }

    private static String keys(List<KeySchemaElement> schema, Map<String, String> types) {
        return Stream.of(KeyType.HASH, KeyType.RANGE)
                .flatMap(type -> schema.stream().filter(k -> k.keyType() == type))
                .map(k -> k.attributeName() + " (" + types.getOrDefault(k.attributeName(), "?") + ")")
                .collect(Collectors.joining(", "));
    }

    private static String keys(List<KeyAttribute> partition, List<KeyAttribute> sort) {
        return Stream.concat(partition.stream(), sort.stream()).map(k -> k.name() + " (" + k.type() + ")")
                .collect(Collectors.joining(", "));
    }

    /**
     * Writes items with {@code BatchWriteItem}, 25 a call, in order.
     *
     * @param name     the physical table name
     * @param items    the items
     * @param progress told after every call
     * @return what was done
     * @throws SeedException when a batch still has unprocessed items after the last attempt
     */
    public SeedResult write(String name, List<Map<String, AttributeValue>> items, SeedProgress progress) {
        if (engine != null) {
            if (progress == SeedProgress.NONE) {
                // nobody counts the batches: one load, in the same batches with the same errors, which checks each
                // batch after its first while reading it (a load a batch at a time checks each again to write it)
                engine.load(name, items);
            } else {
                for (int from = 0; from < items.size(); from += BATCH_SIZE) {
                    int to = Math.min(items.size(), from + BATCH_SIZE);
                    engine.load(name, items.subList(from, to));
                    progress.written(to, items.size());
                }
            }
            return new SeedResult(items.size(), (items.size() + BATCH_SIZE - 1) / BATCH_SIZE, 0);
        }
        List<WriteRequest> puts = items.stream()
                .map(item -> WriteRequest.builder().putRequest(PutRequest.builder().item(item).build()).build())
                .toList();
        return send(name, puts, progress, "BatchWriteItem on table " + name);
    }

    /**
     * Deletes items by key with {@code BatchWriteItem}, 25 a call, retried like {@link #write}.
     *
     * @param name the physical table name
     * @param keys the items' primary keys
     * @throws SeedException when a batch still has unprocessed deletes after the last attempt
     */
    public void delete(String name, List<Map<String, AttributeValue>> keys) {
        List<WriteRequest> deletes = keys.stream()
                .map(key -> WriteRequest.builder().deleteRequest(DeleteRequest.builder().key(key).build()).build())
                .toList();
        send(name, deletes, SeedProgress.NONE, "deleting from table " + name);
    }

    private SeedResult send(String name, List<WriteRequest> writes, SeedProgress progress, String what) {
        int written = 0;
        int calls = 0;
        int retried = 0;
        for (int start = 0; start < writes.size(); start += BATCH_SIZE) {
            List<WriteRequest> pending = writes.subList(start, Math.min(writes.size(), start + BATCH_SIZE));
            for (int attempt = 1; !pending.isEmpty(); attempt++) {
                if (attempt > 1) {
                    if (attempt > retries.maxAttempts()) {
                        throw new SeedException(what + " still left " + pending.size() + " items unprocessed after "
                                + retries.maxAttempts() + " attempts; " + written + " of " + writes.size()
                                + " items were written", written);
                    }
                    pause(retries.delayMillis(attempt - 1), what + " was interrupted after " + written + " items", written);
                    retried++;
                }
                List<WriteRequest> sent = pending;
                BatchWriteItemResponse response = client().batchWriteItem(b -> b.requestItems(Map.of(name, sent)));
                calls++;
                pending = response.hasUnprocessedItems()
                        ? response.unprocessedItems().getOrDefault(name, List.of()) : List.of();
                written += sent.size() - pending.size();
                progress.written(written, writes.size());
            }
        }
        return new SeedResult(written, calls, retried);
    }

    private void pause(long millis, String interrupted, int written) {
        try {
            sleeper.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SeedException(interrupted, written);
        }
    }

    /**
     * Drops the tables that runs which ended without dropping them (their JVM died) left on the endpoint: names
     * that start with a prefix the toolkit generated for a run older than {@code current} that has ended
     * ({@link TablePrefix#isLeftoverFor}). Every other table — without such a prefix, with a prefix a user
     * configured, of this run, of a run still going — is never touched.
     *
     * @param current the prefix of the run that asks
     * @return the tables dropped, each with the run that left it, in the order of their names
     */
    public Map<String, TablePrefix> dropLeftovers(TablePrefix current) {
        Map<String, TablePrefix> leftovers = new LinkedHashMap<>();
        for (String name : client().listTablesPaginator().tableNames()) {
            TablePrefix.of(name).filter(prefix -> prefix.isLeftoverFor(current))
                    .ifPresent(prefix -> leftovers.put(name, prefix));
        }
        leftovers.keySet().forEach(this::delete); // no wait: their names are not used again
        return leftovers;
    }

    /**
     * Deletes the table and waits until it is gone, so that a table of the same name can be created at once (an
     * endpoint other than the embedded engine deletes in the background); a table that is already gone is no
     * error.
     *
     * @param name the physical table name
     * @throws IllegalStateException when the table is still being deleted after 10 minutes
     */
    public void dropTable(String name) {
        if (delete(name) && engine == null) {
            awaitGone(name);
        }
    }

    /** Starts deleting the table; false when there is none. */
    private boolean delete(String name) {
        try {
            if (engine != null) {
                engine.drop(name);
            } else {
                client().deleteTable(r -> r.tableName(name));
            }
            return true;
        } catch (ResourceNotFoundException e) {
            return false; // gone already: what dropping asks for
        }
    }
}
