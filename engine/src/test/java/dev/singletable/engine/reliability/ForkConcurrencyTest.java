package dev.singletable.engine.reliability;

import static dev.singletable.engine.reliability.RandomWrites.n;
import static dev.singletable.engine.reliability.RandomWrites.s;
import static org.assertj.core.api.Assertions.assertThat;

import dev.singletable.engine.DynamoDbEngine;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;

/**
 * A source and several forks written at once by their own threads, while readers query them and new forks are
 * made of the source being written: no table ever shows another's write, a fork made during writes holds the
 * source's writes up to one moment (a prefix of them, no gaps), and at the end each table holds exactly the
 * seed plus its own writes. Work per thread: {@code reliability.concurrency.rounds} (engine/pom.xml).
 */
class ForkConcurrencyTest {
    private static final int FORKS = 4;
    private static final int SEED = 50;
    private static final int WRITES = Integer.getInteger("reliability.concurrency.rounds", 40) * 2;

    private DynamoDbEngine engine;
    private DynamoDbClient client;

    @BeforeEach
    void start() {
        engine = DynamoDbEngine.create();
        client = engine.client();
        client.createTable(b -> b.tableName("source").billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(a -> a.attributeName("pk").attributeType("S"),
                        a -> a.attributeName("sk").attributeType("N"),
                        a -> a.attributeName("writer").attributeType("S"))
                .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH), k -> k.attributeName("sk").keyType(KeyType.RANGE))
                .globalSecondaryIndexes(g -> g.indexName("ByWriter")
                        .keySchema(k -> k.attributeName("writer").keyType(KeyType.HASH),
                                k -> k.attributeName("sk").keyType(KeyType.RANGE))
                        .projection(p -> p.projectionType(ProjectionType.ALL))));
        for (int i = 0; i < SEED; i++) {
            put("source", "seed", i, "seed");
        }
    }

    @AfterEach
    void stop() {
        engine.close();
    }

    @Test
    void should_keep_concurrently_written_forks_and_source_apart() throws Exception {
        List<String> tables = new ArrayList<>(List.of("source"));
        for (int f = 0; f < FORKS; f++) {
            engine.fork("source", "fork-" + f);
            tables.add("fork-" + f);
        }
        AtomicBoolean writing = new AtomicBoolean(true);
        List<Callable<Void>> work = new ArrayList<>();
        for (String table : tables) {
            work.add(() -> {
                for (int i = 0; i < WRITES; i++) {
                    put(table, table, i, table); // its own items, in order
                    if (i % 3 == 0) {            // and the seed items, taken over
                        put(table, "seed", i % SEED, table);
                    }
                }
                return null;
            });
        }
        List<String> midwayForks = new ArrayList<>();
        work.add(() -> { // forks of the source while it is written
            for (int i = 0; writing.get() && i < 20; i++) {
                engine.fork("source", "midway-" + i);
                synchronized (midwayForks) {
                    midwayForks.add("midway-" + i);
                }
                Thread.sleep(2);
            }
            return null;
        });
        for (int r = 0; r < 2; r++) {
            work.add(() -> { // readers: every item a table shows was written by its own writer or is seed
                while (writing.get()) {
                    for (String table : tables) {
                        for (Map<String, AttributeValue> item : client.scan(b -> b.tableName(table)).items()) {
                            assertThat(item.get("writer").s()).as("an item of %s", table).isIn(table, "seed");
                        }
                    }
                }
                return null;
            });
        }

        run(work, writing, tables.size());

        for (String table : tables) {
            assertThat(sorted(table, table)).as("%s's own items", table).hasSize(WRITES);
            for (String other : tables) {
                if (!other.equals(table)) {
                    assertThat(sorted(table, other)).as("%s's items in %s", other, table).isEmpty();
                }
            }
            assertThat(client.describeTable(b -> b.tableName(table)).table().itemCount()).isEqualTo(SEED + WRITES);
        }
        for (String fork : midwayForks) {
            Set<Integer> seen = sorted(fork, "source");
            assertThat(seen).as("the source's writes %s holds", fork)
                    .isEqualTo(seen.isEmpty() ? Set.of() : range(((TreeSet<Integer>) seen).last() + 1));
        }
    }

    /** Runs the work on threads; the first {@code writers} tasks write, and the rest stop when they are done. */
    private static void run(List<Callable<Void>> work, AtomicBoolean writing, int writers) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(work.size());
        try {
            List<Future<Void>> futures = new ArrayList<>();
            work.forEach(task -> futures.add(pool.submit(task)));
            for (int i = 0; i < writers; i++) {
                futures.get(i).get();
            }
            writing.set(false);
            for (Future<Void> future : futures) {
                future.get();
            }
        } finally {
            pool.shutdownNow();
        }
    }

    /** The sort keys of the items a writer wrote under its own partition, as a GSI Query of the table finds them. */
    private Set<Integer> sorted(String table, String writer) {
        Set<Integer> keys = new TreeSet<>();
        client.queryPaginator(b -> b.tableName(table).indexName("ByWriter").keyConditionExpression("writer = :w")
                        .filterExpression("pk = :w").expressionAttributeValues(Map.of(":w", s(writer))))
                .items().forEach(item -> keys.add(Integer.parseInt(item.get("sk").n())));
        return keys;
    }

    private static Set<Integer> range(int size) {
        Set<Integer> range = new TreeSet<>();
        for (int i = 0; i < size; i++) {
            range.add(i);
        }
        return range;
    }

    private void put(String table, String pk, int sk, String writer) {
        client.putItem(b -> b.tableName(table).item(Map.of("pk", s(pk), "sk", n(sk), "writer", s(writer))));
    }
}
