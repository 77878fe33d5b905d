package dev.singletable.junit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.singletable.core.SingleTable;
import dev.singletable.core.TablePrefix;
import dev.singletable.engine.DynamoDbEngine;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * On an external endpoint (a second engine over HTTP standing in for an emulator) a run drops the tables that
 * runs which ended left behind — here one whose JVM died in the middle of a test — and no other table: tables
 * without the generated prefix, with a prefix of the user's or an older version's, of a run still going, or of a
 * run elsewhere younger than a day keep their items through resets, drops, the clean-up and the crash.
 */
class LeftoverTablesTest {
    private static final String DIED_ELSEWHERE = "singletable-" + DateTimeFormatter.ofPattern("uuuuMMdd't'HHmmss")
            .withZone(ZoneOffset.UTC).format(Instant.now().minus(Duration.ofDays(2))) + "-000000-7-app";
    private static final TablePrefix STILL_GOING = TablePrefix.forThisRun();

    private DynamoDbEngine endpoint;
    private List<String> bystanders;

    @BeforeEach
    void startTheEndpointWithTablesOfOthers() {
        endpoint = DynamoDbEngine.create();
        bystanders = List.of("app", "singletable-app", "singletable-1a2b3c-app", "ci-app",
                STILL_GOING.value() + "app", "singletable-" + DateTimeFormatter.ofPattern("uuuuMMdd't'HHmmss")
                        .withZone(ZoneOffset.UTC).format(Instant.now().minus(Duration.ofHours(2))) + "-000000-7-app");
        for (String table : bystanders) {
            createTableWithAnItem(table);
        }
    }

    @AfterEach
    void stopTheEndpoint() {
        endpoint.close();
    }

    @Test
    void a_run_drops_what_a_run_that_died_left_behind_and_no_table_of_anyone_else() throws Exception {
        Process crashed = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), DyingRun.class.getName(),
                endpoint.httpEndpoint().toString()).inheritIO().start();
        assertThat(crashed.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(crashed.exitValue()).as("the run died in the middle of a test").isEqualTo(DyingRun.DIED);
        List<String> leftBehind = tables().keySet().stream()
                .filter(t -> !bystanders.contains(t) && !t.equals(DIED_ELSEWHERE)).toList();
        assertThat(leftBehind).singleElement().asString().startsWith("singletable-").endsWith("-" + crashed.pid() + "-app");
        createTableWithAnItem(DIED_ELSEWHERE);
        Map<String, List<String>> before = tables();
        waitForTheSecondAfter(TablePrefix.of(leftBehind.get(0)).orElseThrow().started());

        EngineExecutionResults next = Kit.assertSucceeded(Kit.run(Map.of("singletable.endpoint",
                endpoint.httpEndpoint().toString()), WritesAndResets.class));

        assertThat(Kit.reports(next)).containsExactlyInAnyOrder(
                Map.of("singletable.dropLeftovers", "dropped table " + leftBehind.get(0) + " at "
                        + endpoint.httpEndpoint() + ", left behind by " + TablePrefix.of(leftBehind.get(0)).orElseThrow()
                        + ", which has ended"),
                Map.of("singletable.dropLeftovers", "dropped table " + DIED_ELSEWHERE + " at " + endpoint.httpEndpoint()
                        + ", left behind by " + TablePrefix.of(DIED_ELSEWHERE).orElseThrow() + ", which has ended"));
        Map<String, List<String>> after = tables();
        assertThat(after.keySet()).containsExactlyInAnyOrderElementsOf(bystanders);
        bystanders.forEach(table -> assertThat(after.get(table)).as(table).isEqualTo(before.get(table)));
    }

    @Test
    void with_dropLeftovers_false_a_run_drops_nothing() {
        createTableWithAnItem(DIED_ELSEWHERE);
        Map<String, List<String>> before = tables();

        EngineExecutionResults run = Kit.assertSucceeded(Kit.run(Map.of("singletable.endpoint",
                endpoint.httpEndpoint().toString(), "singletable.dropLeftovers", "false"), WritesAndResets.class));

        assertThat(Kit.reports(run)).isEmpty();
        assertThat(tables()).isEqualTo(before);
    }

    /**
     * A prefix names its run's start to the second, and a run never takes a run that started in the same second as
     * itself for ended; a fast machine starts, crashes and ends the dying run within one second.
     */
    private static void waitForTheSecondAfter(Instant started) throws InterruptedException {
        while (!Instant.now().truncatedTo(ChronoUnit.SECONDS).isAfter(started)) {
            Thread.sleep(20);
        }
    }

    /** Every table on the endpoint with the keys of its items. */
    private Map<String, List<String>> tables() {
        Map<String, List<String>> tables = new TreeMap<>();
        for (String table : endpoint.client().listTables().tableNames()) {
            List<String> keys = new ArrayList<>();
            endpoint.client().scanPaginator(b -> b.tableName(table)).items().forEach(i -> keys.add(i.get("PK").s()
                    + "/" + i.get("SK").s()));
            tables.put(table, keys.stream().sorted().toList());
        }
        return tables;
    }

    private void createTableWithAnItem(String table) {
        DynamoDbClient client = endpoint.client();
        client.createTable(b -> b.tableName(table).billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(a -> a.attributeName("PK").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("SK").attributeType(ScalarAttributeType.S))
                .keySchema(k -> k.attributeName("PK").keyType(KeyType.HASH), k -> k.attributeName("SK").keyType(KeyType.RANGE)));
        client.putItem(b -> b.tableName(table).item(ExternalEndpointTest.key("CUSTOMER#42", "PROFILE")));
    }

    /** Writes to the run's own table in each test; the extension resets it between them and drops it after. */
    @Tag("test-case")
    @SingleTableTest(design = "orders.table.yaml", fixtures = "customers.yaml")
    static class WritesAndResets {
        @Test
        void deletes(SingleTable table, DynamoDbClient client) {
            client.deleteItem(b -> b.tableName(table.name()).key(ExternalEndpointTest.key("CUSTOMER#42", "PROFILE")));
        }

        @Test
        void adds(SingleTable table, DynamoDbClient client) {
            client.putItem(b -> b.tableName(table.name()).item(ExternalEndpointTest.key("CUSTOMER#7", "PROFILE")));
        }
    }

    /** A run, in a JVM of its own, that dies in the middle of a test: after writing, before any reset or drop. */
    static final class DyingRun {
        static final int DIED = 77;

        public static void main(String[] args) {
            Kit.run(Map.of("singletable.endpoint", args[0]), Dies.class);
        }

        @Tag("test-case")
        @SingleTableTest(design = "orders.table.yaml", fixtures = "customers.yaml")
        static class Dies {
            @Test
            void dies(SingleTable table, DynamoDbClient client) {
                client.putItem(b -> b.tableName(table.name()).item(ExternalEndpointTest.key("CUSTOMER#7", "PROFILE")));
                Runtime.getRuntime().halt(DIED);
            }
        }
    }
}
