package dev.singletable.engine.internal.durability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.singletable.engine.DynamoDbEngine;
import dev.singletable.engine.JavaProcess;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** One engine at a time keeps a data directory: a second one, in this process or another, is refused at once. */
class DataDirectoryOwnerTest {
    private static final String ONE_AT_A_TIME =
            "; one engine at a time keeps a data directory: stop that one, or choose another directory";
    private static final long THIS_PROCESS = ProcessHandle.current().pid();

    @TempDir
    Path data;

    @Test
    void should_refuse_a_second_engine_in_this_process_and_leave_the_first_unharmed() {
        try (DynamoDbEngine owner = durable(data)) {
            AppTable.create(owner.client());
            put(owner.client(), "first");

            assertThatThrownBy(() -> durable(data))
                    .isInstanceOf(UncheckedIOException.class)
                    .hasMessage("cannot open the data directory " + data + ": it is in use by another engine in this "
                            + "process (pid " + THIS_PROCESS + ")" + ONE_AT_A_TIME);

            put(owner.client(), "second");
        }
        try (DynamoDbEngine next = durable(data)) {
            assertThat(next.client().scan(b -> b.tableName(AppTable.NAME)).count()).isEqualTo(2);
        }
    }

    @Test
    void should_know_the_directory_by_any_of_its_names() throws IOException {
        Path link = Files.createSymbolicLink(data.resolveSibling(data.getFileName() + "-link"), data);
        try (DynamoDbEngine owner = durable(data)) {
            assertThatThrownBy(() -> durable(link)).hasMessageContaining("in use by another engine in this process");
            assertThatThrownBy(() -> durable(data.resolve("..").resolve(data.getFileName())))
                    .hasMessageContaining("in use by another engine in this process");
        } finally {
            Files.delete(link);
        }
    }

    @Test
    void should_refuse_a_second_process_naming_the_owners_pid() {
        try (DynamoDbEngine owner = durable(data)) {
            AppTable.create(owner.client());

            JavaProcess second = JavaProcess.launch(JavaProcess.server("--port", "0", "--data", data.toString()));

            assertThat(second.awaitExit(Duration.ofSeconds(60))).isEqualTo(1);
            assertThat(second.output()).isEqualTo("cannot open the data directory " + data + ": it is in use by process "
                    + THIS_PROCESS + ONE_AT_A_TIME + "\n");
            put(owner.client(), "still served");
        }
    }

    @Test
    void should_refuse_this_process_while_a_server_owns_the_directory_and_take_it_over_once_that_is_killed() {
        try (JavaProcess server = JavaProcess.startServer(data)) {
            try (DynamoDbClient client = JavaProcess.client(server.endpoint())) {
                AppTable.create(client);
                put(client, "written by the server");
            }
            assertThatThrownBy(() -> durable(data)).hasMessage("cannot open the data directory " + data
                    + ": it is in use by process " + server.pid() + ONE_AT_A_TIME);

            server.kill(); // SIGKILL: the process ends without a word, and the OS releases its lock
        }
        try (DynamoDbEngine next = durable(data)) {
            assertThat(next.client().getItem(b -> b.tableName(AppTable.NAME).key(AppTable.key("written by the server"))).hasItem())
                    .isTrue();
        }
    }

    @Test
    void should_give_the_directory_up_when_it_cannot_be_opened() throws IOException {
        try (DynamoDbEngine first = durable(data)) {
            AppTable.create(first.client());
        }
        Files.writeString(data.resolve(Journal.SNAPSHOT), "not a snapshot");

        for (int attempt = 0; attempt < 2; attempt++) { // the second is refused for the damage too, not as in use
            assertThatThrownBy(() -> durable(data)).hasMessageContaining("is damaged; refusing to start with lost data");
        }
    }

    private static DynamoDbEngine durable(Path directory) {
        return DynamoDbEngine.builder().dataDirectory(directory).build();
    }

    private static void put(DynamoDbClient client, String pk) {
        client.putItem(b -> b.tableName(AppTable.NAME).item(AppTable.item(pk, 10)));
    }
}
