package dev.singletable.cli;

import static dev.singletable.cli.CommandRun.execute;
import static dev.singletable.cli.CommandRun.resource;
import static org.assertj.core.api.Assertions.assertThat;

import dev.singletable.engine.DynamoDbEngine;
import dev.singletable.engine.model.Fault;
import dev.singletable.fixtures.TableDesign;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

class SeedCommandTest {
    private static final String DESIGN = resource("shop.table.yaml");
    private static final String FIXTURES = resource("shop.fixtures.yaml");

    private final DynamoDbEngine engine = DynamoDbEngine.create();
    private final String endpoint = engine.httpEndpoint().toString();

    @TempDir
    Path dir;

    @AfterEach
    void close() {
        engine.close();
    }

    @Test
    void creates_the_table_from_the_design_and_writes_every_item() {
        CommandRun run = execute("seed", DESIGN, FIXTURES, "--endpoint", endpoint, "--create-table");

        assertThat(run.out()).isEqualTo("created table shop at " + endpoint + "\n"
                + "wrote 3 items to table shop at " + endpoint + " in 1 BatchWriteItem call\n");
        assertThat(engine.client().scan(r -> r.tableName("shop")).count()).isEqualTo(3);
        assertThat(engine.client().describeTable(r -> r.tableName("shop")).table().globalSecondaryIndexes())
                .extracting(index -> index.indexName()).containsExactly("GSI1");
        assertThat(run.exitCode()).isEqualTo(Singletable.OK);
    }

    @Test
    void writes_into_an_existing_table_of_the_design_under_another_name() {
        engine.client().createTable(designOf().toCreateTableRequest("shop-demo"));

        CommandRun run = execute("seed", DESIGN, FIXTURES, "--endpoint", endpoint, "--table", "shop-demo");

        assertThat(run.out()).isEqualTo("wrote 3 items to table shop-demo at " + endpoint
                + " in 1 BatchWriteItem call\n");
        assertThat(engine.client().scan(r -> r.tableName("shop-demo")).count()).isEqualTo(3);
    }

    @Test
    void refuses_a_missing_table_without_create_table() {
        CommandRun run = execute("seed", DESIGN, FIXTURES, "--endpoint", endpoint);

        assertThat(run.err()).isEqualTo("singletable seed: table shop does not exist at " + endpoint
                + "; pass --create-table to create it from the design\n");
        assertThat(run.exitCode()).isEqualTo(Singletable.ENDPOINT);
    }

    @Test
    void refuses_to_write_into_a_table_whose_keys_differ_from_the_design() {
        engine.client().createTable(r -> r.tableName("shop").billingMode("PAY_PER_REQUEST")
                .attributeDefinitions(AttributeDefinition.builder().attributeName("id")
                        .attributeType(ScalarAttributeType.S).build())
                .keySchema(KeySchemaElement.builder().attributeName("id").keyType(KeyType.HASH).build()));

        CommandRun run = execute("seed", DESIGN, FIXTURES, "--endpoint", endpoint, "--create-table");

        assertThat(run.err()).isEqualTo("singletable seed: refusing to write into table shop at " + endpoint
                + ": its keys differ from the design " + DESIGN + "\n"
                + "  the table's key: the table has id (S), the design has PK (S), SK (S)\n"
                + "  index GSI1: the table has no such index\n");
        assertThat(engine.client().scan(r -> r.tableName("shop")).count()).isZero();
        assertThat(run.exitCode()).isEqualTo(Singletable.ENDPOINT);
    }

    @Test
    void dry_run_says_what_it_would_do_and_writes_nothing() {
        CommandRun run = execute("seed", DESIGN, FIXTURES, "--endpoint", endpoint, "--create-table", "--dry-run");

        assertThat(run.out()).isEqualTo("would create table shop at " + endpoint + "\n"
                + "would write 3 items to table shop at " + endpoint
                + " in 1 BatchWriteItem call; dry run, nothing written\n");
        assertThat(engine.client().listTables().tableNames()).isEmpty();
        assertThat(run.exitCode()).isEqualTo(Singletable.OK);
    }

    @Test
    void writes_again_what_the_endpoint_left_unprocessed() {
        engine.client().createTable(designOf().toCreateTableRequest("shop"));
        engine.faults().on("BatchWriteItem").times(2).respondWith(Fault.UNPROCESSED);

        CommandRun run = execute("seed", DESIGN, FIXTURES, "--endpoint", endpoint);

        assertThat(run.out()).isEqualTo("wrote 3 items to table shop at " + endpoint
                + " in 3 BatchWriteItem calls (2 of them retried unprocessed items)\n");
        assertThat(engine.client().scan(r -> r.tableName("shop")).count()).isEqualTo(3);
    }

    @Test
    void shows_a_progress_bar_on_standard_error_for_long_runs() throws IOException {
        Path many = Files.writeString(dir.resolve("many.fixtures.yaml"), "items:\n" + IntStream.rangeClosed(1, 120)
                .mapToObj(i -> "  - { entity: Order, customerId: 1, orderId: \"" + i
                        + "\", status: OPEN, createdAt: \"2026-01-01\" }\n")
                .collect(Collectors.joining()));

        CommandRun run = execute("seed", DESIGN, many.toString(), "--endpoint", endpoint, "--create-table");

        assertThat(run.err()).isEqualTo("\r[######------------------------] 25/120 items"
                + "\r[############------------------] 50/120 items"
                + "\r[##################------------] 75/120 items"
                + "\r[#########################-----] 100/120 items"
                + "\r[##############################] 120/120 items\n");
        assertThat(run.out()).endsWith("wrote 120 items to table shop at " + endpoint + " in 5 BatchWriteItem calls\n");
    }

    @Test
    void needs_an_endpoint() {
        CommandRun run = execute("seed", DESIGN, FIXTURES);

        assertThat(run.err()).isEqualTo("""
                singletable seed: Missing required option: '--endpoint=URL'
                Try 'singletable seed --help' for more information.
                """);
        assertThat(run.exitCode()).isEqualTo(Singletable.USAGE);
    }

    @Test
    void exits_3_when_the_endpoint_cannot_be_reached() {
        engine.close();

        CommandRun run = execute("seed", DESIGN, FIXTURES, "--endpoint", endpoint);

        assertThat(run.err()).startsWith("singletable seed: cannot reach the endpoint: ");
        assertThat(run.exitCode()).isEqualTo(Singletable.ENDPOINT);
    }

    private static TableDesign designOf() {
        return TableDesign.load(Path.of(DESIGN));
    }
}
