package dev.singletable.engine.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import dev.singletable.engine.JavaProcess;
import dev.singletable.engine.reliability.WriterLog.ItemWrite;
import dev.singletable.engine.reliability.WriterLog.Outcome;
import dev.singletable.engine.reliability.WriterLog.Read;
import dev.singletable.engine.reliability.WriterLog.Write;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * Several writer processes ({@link ConditionalWriter}) write conditionally over HTTP to the same few keys of a
 * table with two GSIs, while the test kills the server (SIGKILL) again and again and starts it on its data
 * directory. Afterwards, from the logs of every write sent and the table as the last start found it:
 * <ul>
 * <li>each item's history, followed back from its last write through the write each one replaced, holds every
 * acknowledged write to it, no write answered as refused, and versions that rise by one: no acknowledged write
 * was lost and no condition was broken (two writes that both replaced the same one cannot both be in it);</li>
 * <li>a transaction is in the histories of all its items or of none;</li>
 * <li>every consistent read found a write of its item's history, never one older than a write to the item
 * acknowledged before the read was sent;</li>
 * <li>each GSI holds exactly the table's items that have its keys.</li>
 * </ul>
 * Writes that got no answer (the server died) may or may not be there. {@code reliability.writers.processes},
 * {@code reliability.writers.seconds} (engine/pom.xml; 0, the normal build's, skips it) size it;
 * {@code -Dreliability.seed} fixes the kills and the writes.
 */
class ManyWritersTest {
    private static final int WRITERS = Integer.getInteger("reliability.writers.processes", 4);
    private static final int SECONDS = Integer.getInteger("reliability.writers.seconds", 0);
    /** How long the server serves before it is killed: at random between the two. */
    private static final Duration LEAST_LIFE = Duration.ofMillis(1000);
    private static final Duration MOST_LIFE = Duration.ofMillis(4000);

    @TempDir
    Path directory;

    @Test
    void should_keep_every_acknowledged_write_and_every_condition_while_the_server_is_killed_again_and_again()
            throws Exception {
        Assumptions.assumeTrue(SECONDS > 0, "runs in the soak profile (mvn -B verify -Psoak -pl engine "
                + "-Dtest=ManyWritersTest) or with -Dreliability.writers.seconds: its processes take longer to start "
                + "than the normal build allows");
        long seed = Long.getLong("reliability.seed", System.nanoTime());
        Random random = new Random(seed);
        Path data = Files.createDirectory(directory.resolve("data"));
        int port = freePort();
        int kills = 0;
        JavaProcess server = JavaProcess.startServer(data, port);
        try (DynamoDbClient client = JavaProcess.client(server.endpoint())) {
            createTable(client);
        }
        List<JavaProcess> writers = new ArrayList<>();
        for (int i = 0; i < WRITERS; i++) {
            writers.add(JavaProcess.launch(JavaProcess.java(ConditionalWriter.class, server.endpoint().toString(),
                    "w" + i, Integer.toString(SECONDS), Long.toString(seed + i), log(i).toString())));
        }
        try {
            for (JavaProcess writer : writers) {
                writer.awaitLine(ConditionalWriter.READY);
            }
            long writing = System.nanoTime();
            while (writers.stream().anyMatch(JavaProcess::isAlive)) {
                Thread.sleep(LEAST_LIFE.toMillis() + random.nextInt((int) (MOST_LIFE.toMillis() - LEAST_LIFE.toMillis())));
                server.kill();
                kills++;
                server = JavaProcess.startServer(data, port);
            }
            server.kill(); // the last start, too, recovers from a crash
            kills++;
            server = JavaProcess.startServer(data, port);
            double seconds = (System.nanoTime() - writing) / 1e9;
            List<Write> attempts = new ArrayList<>();
            List<Read> reads = new ArrayList<>();
            long requests = 0;
            for (int i = 0; i < WRITERS; i++) {
                JavaProcess writer = writers.get(i);
                assertThat(writer.awaitExit(Duration.ofSeconds(10))).as("w%d's exit code; it said:%n%s", i, writer.output())
                        .isZero();
                requests += Long.parseLong(writer.awaitLine(ConditionalWriter.REQUESTS)
                        .substring(ConditionalWriter.REQUESTS.length()));
                WriterLog log = WriterLog.load(log(i));
                attempts.addAll(log.writes());
                reads.addAll(log.reads());
            }
            Map<String, Map<String, AttributeValue>> table;
            try (DynamoDbClient client = JavaProcess.client(server.endpoint())) {
                table = scan(client, null);
                assertIndexHoldsExactly(client, "GSI1", "g1pk", table);
                assertIndexHoldsExactly(client, "GSI2", "g2pk", table);
            }
            Map<String, ItemWrite> applied = assertHistories(attempts, table);
            assertReads(reads, attempts, applied);
            int checked = (int) attempts.stream().filter(a -> a.outcome() == Outcome.ACKNOWLEDGED).count();

            System.out.printf("many writers (seed %d): %d writer processes, %d requests, %d writes sent "
                            + "(%d acknowledged, %d refused, %d unanswered), %d kills of the server, %.1f s, "
                            + "%d acknowledged writes found in their items' histories, %d reads checked against them%n",
                    seed, WRITERS, requests, attempts.size(), checked, count(attempts, Outcome.REFUSED),
                    count(attempts, Outcome.UNKNOWN), kills, seconds, checked, reads.size());
            assertThat(kills).isGreaterThanOrEqualTo(2);
            assertThat(count(attempts, Outcome.ACKNOWLEDGED)).isPositive();
        } finally {
            writers.forEach(JavaProcess::close);
            server.close();
        }
    }

    /**
     * Follows each item's history back from the write that left it, and checks it against what the writers
     * were told; returns the writes in the histories, by token.
     */
    private static Map<String, ItemWrite> assertHistories(List<Write> attempts, Map<String, Map<String, AttributeValue>> table) {
        Map<String, ItemWrite> writes = new HashMap<>();
        Map<String, Outcome> outcomes = new HashMap<>();
        for (Write attempt : attempts) {
            for (ItemWrite write : attempt.items()) {
                writes.put(write.token(), write);
                outcomes.put(write.token(), attempt.outcome());
            }
        }
        Map<String, ItemWrite> applied = new HashMap<>();
        for (Map.Entry<String, Map<String, AttributeValue>> entry : table.entrySet()) {
            Map<String, AttributeValue> item = entry.getValue();
            ItemWrite last = writes.get(item.get("token").s());
            assertThat(last).as("the write that left %s", entry.getKey()).isNotNull();
            assertThat(item.get("g1pk").s()).isEqualTo(last.g1pk());
            assertThat(item.containsKey("g2pk") ? item.get("g2pk").s() : WriterLog.NONE).isEqualTo(last.g2pk());
            assertThat(Integer.parseInt(item.get("version").n())).isEqualTo(last.version());
            for (ItemWrite write = last; write != null; write = writes.get(write.previous())) {
                assertThat(write.key()).as("a write in the history of %s", entry.getKey()).isEqualTo(entry.getKey());
                assertThat(outcomes.get(write.token())).as("%s, in the history of %s", write, entry.getKey())
                        .isNotEqualTo(Outcome.REFUSED);
                ItemWrite before = writes.get(write.previous());
                assertThat(write.version()).as("the version %s gave %s", write.token(), entry.getKey())
                        .isEqualTo(before == null ? 1 : before.version() + 1);
                if (before == null) {
                    assertThat(write.previous()).as("the first write of %s", entry.getKey()).isEqualTo(WriterLog.NONE);
                }
                applied.put(write.token(), write);
            }
        }
        for (Write attempt : attempts) {
            long inHistory = attempt.items().stream().filter(write -> applied.containsKey(write.token())).count();
            assertThat(inHistory).as("items of %s in their histories", attempt).isIn(0L, (long) attempt.items().size());
            if (attempt.outcome() == Outcome.ACKNOWLEDGED) {
                assertThat(inHistory).as("acknowledged, so in its items' histories: %s", attempt).isPositive();
            }
        }
        return applied;
    }

    /**
     * Each read found a write of the item's history (a write read was never lost afterwards), and never one older
     * than a write to the item acknowledged before the read was sent (an acknowledged write, once lost in a
     * crash, shows here even when later writes hide it from the table's last state).
     */
    private static void assertReads(List<Read> reads, List<Write> attempts, Map<String, ItemWrite> applied) {
        Map<String, TreeMap<Long, Integer>> acknowledgedVersions = new HashMap<>();
        for (Write attempt : attempts) {
            if (attempt.outcome() == Outcome.ACKNOWLEDGED) {
                for (ItemWrite write : attempt.items()) {
                    acknowledgedVersions.computeIfAbsent(write.key(), k -> new TreeMap<>())
                            .merge(attempt.answeredAt(), write.version(), Math::max);
                }
            }
        }
        for (Read read : reads) {
            if (!read.token().equals(WriterLog.NONE)) {
                assertThat(applied.get(read.token())).as("the write %s read, in the history", read).isNotNull()
                        .extracting(ItemWrite::version).isEqualTo(read.version());
            }
            int newestAcknowledged = acknowledgedVersions.getOrDefault(read.key(), new TreeMap<>())
                    .headMap(read.sentAt()).values().stream().max(Integer::compare).orElse(0);
            assertThat(read.version()).as("%s, sent after version %d was acknowledged", read, newestAcknowledged)
                    .isGreaterThanOrEqualTo(newestAcknowledged);
        }
    }

    /** The index holds exactly the table's items that carry its partition key: same keys, same attributes. */
    private static void assertIndexHoldsExactly(DynamoDbClient client, String index, String partitionKey,
            Map<String, Map<String, AttributeValue>> table) {
        Map<String, Map<String, AttributeValue>> expected = new TreeMap<>();
        table.forEach((key, item) -> {
            if (item.containsKey(partitionKey)) {
                expected.put(key, item);
            }
        });
        assertThat(scan(client, index)).as(index).isEqualTo(expected);
    }

    private static Map<String, Map<String, AttributeValue>> scan(DynamoDbClient client, String index) {
        Map<String, Map<String, AttributeValue>> items = new TreeMap<>();
        client.scanPaginator(b -> b.tableName(ConditionalWriter.TABLE).indexName(index).consistentRead(index == null))
                .items().forEach(item -> items.put(item.get("PK").s() + "/" + item.get("SK").s(), item));
        return items;
    }

    private static void createTable(DynamoDbClient client) {
        client.createTable(b -> b.tableName(ConditionalWriter.TABLE).billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(a -> a.attributeName("PK").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("SK").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("g1pk").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("g1sk").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("g2pk").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("g2sk").attributeType(ScalarAttributeType.N))
                .keySchema(k -> k.attributeName("PK").keyType(KeyType.HASH), k -> k.attributeName("SK").keyType(KeyType.RANGE))
                .globalSecondaryIndexes(
                        g -> g.indexName("GSI1").keySchema(k -> k.attributeName("g1pk").keyType(KeyType.HASH),
                                k -> k.attributeName("g1sk").keyType(KeyType.RANGE)).projection(p -> p.projectionType(ProjectionType.ALL)),
                        g -> g.indexName("GSI2").keySchema(k -> k.attributeName("g2pk").keyType(KeyType.HASH),
                                k -> k.attributeName("g2sk").keyType(KeyType.RANGE)).projection(p -> p.projectionType(ProjectionType.ALL))));
    }

    private static long count(List<Write> attempts, Outcome outcome) {
        return attempts.stream().filter(a -> a.outcome() == outcome).count();
    }

    private Path log(int writer) {
        return directory.resolve("w" + writer + ".log");
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
