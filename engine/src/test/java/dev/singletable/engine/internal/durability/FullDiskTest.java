package dev.singletable.engine.internal.durability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import dev.singletable.engine.JavaProcess;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.InternalServerErrorException;

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
                AppTable.create(client);
                InternalServerErrorException full = null;
                for (int i = 0; full == null; i++) {
                    String key = "ITEM#" + i;
                    try {
                        client.putItem(b -> b.tableName(AppTable.NAME).item(AppTable.item(key, 1000)));
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
                assertThat(AppTable.keys(client)).containsExactlyInAnyOrderElementsOf(acknowledged);
                client.putItem(b -> b.tableName(AppTable.NAME).item(AppTable.item("after the restart", 1000)));
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
}
