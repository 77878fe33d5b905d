package dev.singletable.cli;

import static dev.singletable.cli.CommandRun.execute;
import static dev.singletable.cli.CommandRun.resource;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code singletable export} against the engine served over HTTP, as against any endpoint. */
class ExportCommandTest {
    private static final String DESIGN = resource("shop.table.yaml");
    private static final String FIXTURES = resource("shop.fixtures.yaml");

    @TempDir
    Path dir;

    private ServerInThread server;
    private String endpoint;

    @BeforeEach
    void serve() throws InterruptedException {
        server = ServerInThread.start("serve", DESIGN, FIXTURES, "--port", "0");
        endpoint = server.endpoint().toString();
    }

    @AfterEach
    void stop() throws Exception {
        server.stop();
    }

    @Test
    void writes_the_table_as_fixtures_in_entity_form() throws IOException {
        Path out = dir.resolve("exported").resolve("shop.fixtures.yaml");

        CommandRun run = execute("export", DESIGN, "--endpoint", endpoint, "-o", out.toString());

        assertThat(run.out()).isEqualTo("wrote " + out + ": 3 items (Order 2, Customer 1) from table shop at "
                + endpoint + "\n");
        assertThat(Files.readString(out)).isEqualTo("""
                items:
                  - entity: Order
                    customerId: 42
                    orderId: "1001"
                    status: OPEN
                    createdAt: 2026-01-05
                    total: 39.9
                  - entity: Order
                    customerId: 42
                    orderId: "1002"
                    status: SHIPPED
                    createdAt: 2026-01-12
                    total: 12.5
                  - entity: Customer
                    customerId: 42
                    name: Ada Lovelace
                """);
        assertThat(run.exitCode()).isEqualTo(Singletable.OK);
    }

    @Test
    void gives_the_same_file_after_seeding_the_export_into_a_fresh_table_and_exporting_that() throws IOException {
        Path first = dir.resolve("first.yaml");
        Path second = dir.resolve("second.yaml");
        execute("seed", DESIGN, resource("more.fixtures.yaml"), "--endpoint", endpoint);

        execute("export", DESIGN, "--endpoint", endpoint, "--segments", "3", "-o", first.toString());
        CommandRun seed = execute("seed", DESIGN, first.toString(), "--endpoint", endpoint, "--table", "shop-copy",
                "--create-table");
        CommandRun export = execute("export", DESIGN, "--endpoint", endpoint, "--table", "shop-copy", "-o",
                second.toString());

        assertThat(seed.exitCode()).isEqualTo(Singletable.OK);
        assertThat(export.exitCode()).isEqualTo(Singletable.OK);
        assertThat(Files.readString(second)).isEqualTo(Files.readString(first)).contains("entity: Order");
    }

    @Test
    void takes_one_item_collection_or_a_sample_of_whole_collections() {
        execute("seed", DESIGN, resource("more.fixtures.yaml"), "--endpoint", endpoint);

        CommandRun collection = execute("export", DESIGN, "--endpoint", endpoint, "--partition", "CUSTOMER#42");
        CommandRun sample = execute("export", DESIGN, "--endpoint", endpoint, "--sample", "1");

        assertThat(collection.err()).isEqualTo("exported 3 items (Order 2, Customer 1) from table shop at " + endpoint
                + "\n");
        assertThat(collection.out()).startsWith("items:\n  - entity: Order\n    customerId: 42\n");
        assertThat(sample.err()).matches("exported \\d items? \\(.*\\) from table shop at " + endpoint + "\n");
        assertThat(sample.exitCode()).isEqualTo(Singletable.OK);
    }

    @Test
    void records_an_expectation_for_each_pattern_when_asked() throws IOException {
        Path out = dir.resolve("shop.fixtures.yaml");

        CommandRun run = execute("export", DESIGN, "--endpoint", endpoint, "--expectations", "-o", out.toString());

        assertThat(run.out()).isEqualTo("wrote " + out + ": 3 items (Order 2, Customer 1) from table shop at "
                + endpoint + ", 3 expectations taken from what the access patterns return on them (review them)\n");
        assertThat(execute("verify", DESIGN, out.toString()).exitCode()).isEqualTo(Singletable.OK);
    }

    @Test
    void refuses_a_table_of_another_shape_and_a_missing_table() throws IOException {
        Path other = Files.writeString(dir.resolve("other.table.yaml"), "table: shop\nkey: { partition: id }\n");

        CommandRun shape = execute("export", other.toString(), "--endpoint", endpoint);
        CommandRun missing = execute("export", DESIGN, "--endpoint", endpoint, "--table", "nothing");

        assertThat(shape.err()).startsWith("singletable export: refusing to export table shop at " + endpoint
                + ": its keys differ from the design " + other + "\n  the table's key: ");
        assertThat(shape.exitCode()).isEqualTo(Singletable.ENDPOINT);
        assertThat(missing.err()).isEqualTo("singletable export: table nothing does not exist at " + endpoint + "\n");
        assertThat(missing.exitCode()).isEqualTo(Singletable.ENDPOINT);
    }

    @Test
    void exits_2_on_options_it_cannot_use() {
        CommandRun segments = execute("export", DESIGN, "--endpoint", endpoint, "--segments", "0");
        CommandRun both = execute("export", DESIGN, "--endpoint", endpoint, "--sample", "2", "--partition", "A");

        assertThat(segments.err()).isEqualTo("singletable export: --segments must be 1 to 1000000, got 0\n");
        assertThat(segments.exitCode()).isEqualTo(Singletable.USAGE);
        assertThat(both.err()).startsWith("singletable export: Error: --partition=VALUE, --sample=N are mutually"
                + " exclusive");
        assertThat(both.exitCode()).isEqualTo(Singletable.USAGE);
    }
}
