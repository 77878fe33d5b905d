package dev.singletable.engine.internal.durability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.singletable.engine.DynamoDbEngine;
import dev.singletable.engine.Transport;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.InternalServerErrorException;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * The disk fails a write while the engine serves (full, an I/O error): the write is answered InternalServerError,
 * never as done; the engine stops, answering every later request the same; the journal stays readable; and the
 * next engine on the directory finds every acknowledged write, and the failed one whole or not at all.
 */
@ParameterizedClass
@EnumSource(Transport.class)
class DiskFaultTest {
    @Parameter
    Transport transport;

    @TempDir
    Path data;

    private DynamoDbEngine engine;
    private DynamoDbClient client;
    private final List<String> acknowledged = new ArrayList<>();

    @BeforeEach
    void startWithAcknowledgedWrites() {
        engine = DynamoDbEngine.builder().dataDirectory(data).build();
        client = transport.clientBuilder(engine).overrideConfiguration(c -> c.retryStrategy(r -> r.maxAttempts(1)))
                .build();
        AppTable.create(client);
        for (String pk : List.of("A", "B", "C")) {
            client.putItem(b -> b.tableName(AppTable.NAME).item(AppTable.item(pk, 100)));
            acknowledged.add(pk);
        }
    }

    @AfterEach
    void close() {
        client.close();
        engine.close();
    }

    @Test
    void should_stop_when_the_disk_fills_up_in_the_middle_of_a_record_and_recover_without_it() throws Exception {
        Journal journal = DirectoryLock.ownerOf(data);
        journal.disk(FaultyDisk.failingHalfwayAt(0)); // the record of the next write: half of it reaches the disk

        assertThatThrownBy(this::writeThreeItemsInOneTransaction)
                .isInstanceOfSatisfying(InternalServerErrorException.class, e -> {
                    assertThat(e.statusCode()).isEqualTo(500);
                    assertThat(e.awsErrorDetails().errorMessage()).isEqualTo("The engine stopped: its data directory "
                            + data + " failed (No space left on device). Start it again once the disk is writable: "
                            + "it recovers every write it answered.");
                });
        assertStopped();
        assertThat(RecordFile.read(data.resolve(Journal.JOURNAL)).tornTail()).as("readable, up to the torn record")
                .isTrue();

        assertThat(itemsAfterRestart()).containsExactlyInAnyOrderElementsOf(acknowledged);
    }

    @Test
    void should_stop_when_the_disk_fails_to_flush_a_record_and_recover_it_whole() throws Exception {
        DirectoryLock.ownerOf(data).disk(FaultyDisk.failingAt(1)); // the record is written, its flush fails

        assertThatThrownBy(this::writeThreeItemsInOneTransaction).isInstanceOf(InternalServerErrorException.class);
        assertStopped();

        // a failed flush leaves the outcome unknown (the 500 said so); here the record reached the file whole
        assertThat(itemsAfterRestart()).containsExactlyInAnyOrder("A", "B", "C", "T1", "T2", "T3");
    }

    private void writeThreeItemsInOneTransaction() {
        List<TransactWriteItem> puts = new ArrayList<>();
        for (String pk : List.of("T1", "T2", "T3")) {
            puts.add(TransactWriteItem.builder().put(p -> p.tableName(AppTable.NAME).item(AppTable.item(pk, 100))).build());
        }
        client.transactWriteItems(b -> b.transactItems(puts));
    }

    /** Every later request, a read too, is refused: the tables in memory may hold what the disk does not. */
    private void assertStopped() throws InterruptedException {
        assertThatThrownBy(() -> client.getItem(b -> b.tableName(AppTable.NAME).key(AppTable.key("A"))))
                .isInstanceOf(InternalServerErrorException.class).hasMessageContaining("The engine stopped");
        assertThatThrownBy(() -> client.putItem(b -> b.tableName(AppTable.NAME).item(AppTable.item("D", 100))))
                .isInstanceOf(InternalServerErrorException.class).hasMessageContaining("The engine stopped");
        assertThat(engine.awaitStop()).hasValueSatisfying(failure -> assertThat(failure)
                .contains("No space left on device"));
    }

    /** Closes the stopped engine (which writes nothing more), starts another on the directory: what it holds. */
    private List<String> itemsAfterRestart() {
        engine.close();
        engine = DynamoDbEngine.builder().dataDirectory(data).build();
        client = transport.client(engine);
        return AppTable.keys(client);
    }
}
