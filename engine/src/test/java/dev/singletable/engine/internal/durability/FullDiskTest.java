package dev.singletable.engine.internal.durability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import dev.singletable.engine.JavaProcess;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.InternalServerErrorException;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * A real full disk: the server keeps its data directory on a file system of 2 MiB (a tmpfs mounted in a mount
 * namespace of its own, so that nothing needs root), nearly filled beforehand. Writes go on until the disk is
 * full: that write is answered InternalServerError, the server stops (exit code 1, saying why), and once space
 * is freed the restarted server has every acknowledged write and takes new ones. Skipped where the machine
 * cannot make such a file system (no unshare, no user namespaces).
 */
class FullDiskTest {
    /**
     * Runs in the namespace, given the mount point and the server's command: mounts the small file system, fills
     * all of it but 64 KiB, serves until the server stops, frees the space, and serves again.
     */
    private static final String SCRIPT = """
            mount -t tmpfs -o size=2m singletable-full-disk "$0" || exit 97
            head -c 2031616 /dev/zero > "$0/filler"
            "$@" --data "$0/data"
            echo "server exited $?"
            rm "$0/filler"
            exec "$@" --data "$0/data"
            """;

    @TempDir
    Path mountPoint;

    @Test
    void should_answer_the_write_that_fills_the_disk_with_an_error_stop_and_recover_every_acknowledged_write()
            throws Exception {
        Assumptions.assumeTrue(smallFileSystemsCanBeMounted(),
                "this machine cannot mount a small file system for a test (needs Linux, unshare and user namespaces)");
        List<String> command = new ArrayList<>(List.of("unshare", "--user", "--map-root-user", "--mount",
                "sh", "-c", SCRIPT, mountPoint.toString()));
        command.addAll(JavaProcess.server("--port", "0"));
        List<String> acknowledged = new ArrayList<>();
        try (JavaProcess server = JavaProcess.launch(command)) {
            try (DynamoDbClient client = JavaProcess.client(server.awaitEndpoint())) {
                createTable(client);
                InternalServerErrorException full = null;
                for (int i = 0; full == null; i++) {
                    String key = "ITEM#" + i;
                    try {
                        client.putItem(b -> b.tableName("app").item(item(key)));
                        acknowledged.add(key);
                    } catch (InternalServerErrorException e) {
                        full = e;
                    }
                    if (i > 10_000) {
                        fail("the disk never filled up; the server said:\n" + server.output());
                    }
                }
                assertThat(full.statusCode()).isEqualTo(500);
                assertThat(full.awsErrorDetails().errorMessage()).startsWith("The engine stopped: its data directory ")
                        .contains("failed (No space left on device)");
            }
            assertThat(server.awaitLine("server exited ")).isEqualTo("server exited 1");
            assertThat(server.output()).contains("The engine stopped: its data directory ");

            try (DynamoDbClient client = JavaProcess.client(server.awaitEndpoint())) { // restarted, space freed
                List<String> found = new ArrayList<>();
                client.scanPaginator(b -> b.tableName("app")).items().forEach(item -> found.add(item.get("PK").s()));
                assertThat(found).containsExactlyInAnyOrderElementsOf(acknowledged);
                List<String> indexed = new ArrayList<>();
                client.scanPaginator(b -> b.tableName("app").indexName("GSI1")).items()
                        .forEach(item -> indexed.add(item.get("PK").s()));
                assertThat(indexed).containsExactlyInAnyOrderElementsOf(found);
                client.putItem(b -> b.tableName("app").item(item("after the restart")));
            }
        }
        assertThat(acknowledged).hasSizeGreaterThan(5);
    }

    private static boolean smallFileSystemsCanBeMounted() throws IOException, InterruptedException {
        if (!System.getProperty("os.name").startsWith("Linux")) {
            return false;
        }
        Path probe = java.nio.file.Files.createTempDirectory("singletable-mount-probe");
        try {
            Process process = new ProcessBuilder("unshare", "--user", "--map-root-user", "--mount", "sh", "-c",
                    "mount -t tmpfs -o size=1m probe \"$0\"", probe.toString())
                    .redirectErrorStream(true).start();
            process.getInputStream().transferTo(java.io.OutputStream.nullOutputStream());
            return process.waitFor(30, TimeUnit.SECONDS) && process.exitValue() == 0;
        } catch (IOException noUnshare) {
            return false;
        } finally {
            java.nio.file.Files.delete(probe);
        }
    }

    private static void createTable(DynamoDbClient client) {
        client.createTable(b -> b.tableName("app").billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(a -> a.attributeName("PK").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("GSI1PK").attributeType(ScalarAttributeType.S))
                .keySchema(k -> k.attributeName("PK").keyType(KeyType.HASH))
                .globalSecondaryIndexes(g -> g.indexName("GSI1").keySchema(k -> k.attributeName("GSI1PK").keyType(KeyType.HASH))
                        .projection(p -> p.projectionType(ProjectionType.ALL))));
    }

    private static Map<String, AttributeValue> item(String pk) {
        return Map.of("PK", AttributeValue.fromS(pk), "GSI1PK", AttributeValue.fromS("ALL"),
                "payload", AttributeValue.fromS("x".repeat(1000)));
    }
}
