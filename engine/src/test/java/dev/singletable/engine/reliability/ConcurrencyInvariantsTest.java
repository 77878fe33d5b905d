package dev.singletable.engine.reliability;

import static dev.singletable.engine.reliability.RandomWrites.n;
import static dev.singletable.engine.reliability.RandomWrites.s;
import static org.assertj.core.api.Assertions.assertThat;

import dev.singletable.engine.DynamoDbEngine;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.ItemResponse;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * More threads than cores hammer one engine: no increment is lost, no transfer creates or destroys money, and
 * no reader sees half of an atomic change, whether the change is a transaction or a rollback to a checkpoint.
 * Work per thread: {@code reliability.concurrency.rounds} (engine/pom.xml).
 */
class ConcurrencyInvariantsTest {
    private static final String TABLE = "counters";
    private static final int THREADS = 8;
    private static final int ROUNDS = Integer.getInteger("reliability.concurrency.rounds", 40);
    private static final int ACCOUNTS = 10;
    private static final long OPENING_BALANCE = 100;

    private DynamoDbEngine engine;
    private DynamoDbClient client;

    @BeforeEach
    void start() {
        engine = DynamoDbEngine.create();
        client = engine.client();
        client.createTable(b -> b.tableName(TABLE).billingMode(BillingMode.PAY_PER_REQUEST)
                .keySchema(k -> k.attributeName("id").keyType(KeyType.HASH))
                .attributeDefinitions(a -> a.attributeName("id").attributeType("S")));
    }

    @AfterEach
    void stop() {
        engine.close();
    }

    @Test
    void should_count_every_conditional_read_modify_write_increment_exactly_once() throws Exception {
        client.putItem(b -> b.tableName(TABLE).item(Map.of("id", s("counter"), "n", n(0))));
        AtomicLong retries = new AtomicLong();

        runOnAllThreads(() -> {
            for (int i = 0; i < ROUNDS; i++) {
                while (!tryIncrement()) {
                    retries.incrementAndGet(); // another thread wrote between our read and our write
                }
            }
        });

        assertThat(counter()).isEqualTo(THREADS * ROUNDS);
        System.out.printf("concurrency: %d threads x %d conditional increments = %d, %d retries%n", THREADS, ROUNDS,
                counter(), retries.get());
    }

    private boolean tryIncrement() {
        long current = counter();
        try {
            client.updateItem(b -> b.tableName(TABLE).key(Map.of("id", s("counter")))
                    .updateExpression("SET n = n + :one").conditionExpression("n = :expected")
                    .expressionAttributeValues(Map.of(":one", n(1), ":expected", n(current))));
            return true;
        } catch (ConditionalCheckFailedException e) {
            return false;
        }
    }

    private long counter() {
        return Long.parseLong(client.getItem(b -> b.tableName(TABLE).key(Map.of("id", s("counter")))
                .consistentRead(true)).item().get("n").n());
    }

    @Test
    void should_count_every_atomic_add_exactly_once() throws Exception {
        runOnAllThreads(() -> {
            for (int i = 0; i < ROUNDS; i++) {
                client.updateItem(b -> b.tableName(TABLE).key(Map.of("id", s("counter")))
                        .updateExpression("ADD n :one").expressionAttributeValues(Map.of(":one", n(1))));
            }
        });

        assertThat(counter()).isEqualTo(THREADS * ROUNDS);
    }

    @Test
    void should_keep_the_total_of_concurrent_transfers_in_every_transactional_read() throws Exception {
        for (int i = 0; i < ACCOUNTS; i++) {
            client.putItem(account(i, OPENING_BALANCE));
        }
        AtomicLong transfers = new AtomicLong();
        AtomicLong cancelled = new AtomicLong();
        AtomicLong reads = new AtomicLong();

        runWritersAndReaders(THREADS / 2, () -> {
            ThreadLocalRandom random = ThreadLocalRandom.current();
            int from = random.nextInt(ACCOUNTS);
            int to = (from + 1 + random.nextInt(ACCOUNTS - 1)) % ACCOUNTS;
            long amount = 1 + random.nextInt(30);
            try {
                client.transactWriteItems(b -> b.transactItems(
                        move(from, -amount, "balance >= :amount"), move(to, amount, null)));
                transfers.incrementAndGet();
            } catch (TransactionCanceledException e) {
                cancelled.incrementAndGet(); // not enough money, or a conflicting transaction: nothing moved
            }
        }, () -> {
            assertThat(balances().stream().mapToLong(Long::longValue).sum())
                    .as("total seen by a TransactGetItems").isEqualTo(ACCOUNTS * OPENING_BALANCE);
            reads.incrementAndGet();
        });

        assertThat(balances()).allSatisfy(balance -> assertThat(balance).isNotNegative());
        System.out.printf("concurrency: %d transfers, %d cancelled, %d consistent TransactGetItems reads of %d"
                + " accounts%n", transfers.get(), cancelled.get(), reads.get(), ACCOUNTS);
    }

    private static software.amazon.awssdk.services.dynamodb.model.PutItemRequest account(int i, long balance) {
        return software.amazon.awssdk.services.dynamodb.model.PutItemRequest.builder().tableName(TABLE)
                .item(Map.of("id", s("account" + i), "balance", n(balance))).build();
    }

    private static TransactWriteItem move(int account, long delta, String condition) {
        return TransactWriteItem.builder().update(u -> u.tableName(TABLE).key(Map.of("id", s("account" + account)))
                .updateExpression("ADD balance :delta").conditionExpression(condition)
                .expressionAttributeValues(condition == null ? Map.of(":delta", n(delta))
                        : Map.of(":delta", n(delta), ":amount", n(-delta)))).build();
    }

    private List<Long> balances() {
        List<TransactGetItem> gets = new ArrayList<>();
        for (int i = 0; i < ACCOUNTS; i++) {
            int account = i;
            gets.add(TransactGetItem.builder().get(g -> g.tableName(TABLE).key(Map.of("id", s("account" + account))))
                    .build());
        }
        return client.transactGetItems(b -> b.transactItems(gets)).responses().stream()
                .map(ItemResponse::item).map(item -> Long.parseLong(item.get("balance").n())).toList();
    }

    @Test
    void should_never_show_half_of_a_rollback_or_of_a_paired_write() throws Exception {
        writePair(0);
        engine.checkpoint(TABLE);
        AtomicLong version = new AtomicLong();
        AtomicLong rollbacks = new AtomicLong();
        AtomicLong reads = new AtomicLong();

        // one writer: a rollback from other threads would race with the version it counts on
        runWritersAndReaders(1, () -> {
            long next = version.incrementAndGet();
            writePair(next);
            if (next % 7 == 0) {
                engine.checkpoint(TABLE);
            } else if (next % 5 == 0) {
                engine.rollback(TABLE);
                rollbacks.incrementAndGet();
            }
        }, () -> {
            List<Map<String, AttributeValue>> pair = client.transactGetItems(b -> b.transactItems(
                    get("left"), get("right"))).responses().stream().map(ItemResponse::item).toList();
            assertThat(pair.get(0).get("v")).as("left and right read together").isEqualTo(pair.get(1).get("v"));
            reads.incrementAndGet();
        });

        System.out.printf("concurrency: %d paired writes, %d rollbacks, %d TransactGetItems reads never saw half%n",
                version.get(), rollbacks.get(), reads.get());
    }

    private void writePair(long value) {
        client.transactWriteItems(b -> b.transactItems(
                TransactWriteItem.builder().put(p -> p.tableName(TABLE).item(Map.of("id", s("left"), "v", n(value))))
                        .build(),
                TransactWriteItem.builder().put(p -> p.tableName(TABLE).item(Map.of("id", s("right"), "v", n(value))))
                        .build()));
    }

    private static TransactGetItem get(String id) {
        return TransactGetItem.builder().get(g -> g.tableName(TABLE).key(Map.of("id", s(id)))).build();
    }

    // ---- running threads ---------------------------------------------------------------------------------------

    /** Runs the task on {@link #THREADS} threads at once and rethrows the first failure. */
    private static void runOnAllThreads(ThrowingRunnable task) throws Exception {
        List<Callable<Void>> tasks = new ArrayList<>();
        for (int i = 0; i < THREADS; i++) {
            tasks.add(() -> {
                task.run();
                return null;
            });
        }
        runAll(tasks);
    }

    /**
     * Runs {@code writers} threads doing {@link #ROUNDS} writes each while the other threads read until the
     * writers are done; every read checks its invariant.
     */
    private static void runWritersAndReaders(int writers, ThrowingRunnable write, ThrowingRunnable read)
            throws Exception {
        AtomicBoolean writing = new AtomicBoolean(true);
        AtomicLong writersLeft = new AtomicLong(writers);
        List<Callable<Void>> tasks = new ArrayList<>();
        for (int i = 0; i < THREADS; i++) {
            boolean writer = i < writers;
            tasks.add(() -> {
                if (writer) {
                    try {
                        for (int round = 0; round < ROUNDS * THREADS / writers; round++) {
                            write.run();
                        }
                    } finally {
                        if (writersLeft.decrementAndGet() == 0) {
                            writing.set(false);
                        }
                    }
                } else {
                    while (writing.get()) {
                        read.run();
                    }
                }
                return null;
            });
        }
        runAll(tasks);
    }

    private static void runAll(List<Callable<Void>> tasks) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(tasks.size());
        try {
            for (Future<Void> result : pool.invokeAll(tasks)) {
                result.get();
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @FunctionalInterface
    private interface ThrowingRunnable {
        void run() throws Exception;
    }
}
