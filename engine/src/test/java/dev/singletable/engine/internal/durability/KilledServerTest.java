package dev.singletable.engine.internal.durability;

import static org.assertj.core.api.Assertions.assertThat;

import dev.singletable.engine.JavaProcess;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** SIGKILL in the middle of a stream of writes: every acknowledged write survives, nothing else appears. */
class KilledServerTest {
    @TempDir
    Path data;

    @Test
    void should_keep_every_acknowledged_write_when_the_server_is_killed() throws Exception {
        JavaProcess server = JavaProcess.startServer(data);
        List<String> acknowledged = new ArrayList<>();
        try (DynamoDbClient client = JavaProcess.client(server.endpoint())) {
            AppTable.create(client);
            Thread killer = new Thread(() -> {
                sleep(150);
                server.kill(); // SIGKILL on Unix: no shutdown hook runs
            });
            for (int i = 0; i < 100_000 && server.isAlive(); i++) {
                if (i == 100) {
                    killer.start(); // once writes stream steadily, kill the server in the middle of them
                }
                String key = "ITEM#" + i;
                try {
                    client.putItem(b -> b.tableName(AppTable.NAME).item(AppTable.item(key, 200)));
                    acknowledged.add(key);
                } catch (RuntimeException killed) {
                    break;
                }
            }
            killer.join();
        }
        assertThat(acknowledged).isNotEmpty();

        try (JavaProcess restarted = JavaProcess.startServer(data);
             DynamoDbClient client = JavaProcess.client(restarted.endpoint())) {
            List<String> found = AppTable.keys(client);
            assertThat(found).containsAll(acknowledged);
            // at most the one write that was in flight when the process died may also be there
            assertThat(found.size()).isBetween(acknowledged.size(), acknowledged.size() + 1);
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
