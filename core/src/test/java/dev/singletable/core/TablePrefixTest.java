package dev.singletable.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.singletable.engine.DynamoDbEngine;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * The generated prefix says when, where and as which process a run started; a later run drops only the tables of
 * runs that started before it and have ended, and recognises no other name.
 */
class TablePrefixTest {
    private static final Instant NOW = Instant.parse("2026-01-05T09:30:12Z");
    private static final TablePrefix THIS_RUN = TablePrefix.forThisRun(Clock.fixed(NOW.plusMillis(700), ZoneOffset.UTC));
    private static final String THIS_HOST = THIS_RUN.value().split("-")[2];
    private static final String OTHER_HOST = THIS_HOST.equals("000000") ? "000001" : "000000";

    @Test
    void says_when_where_and_as_which_process_the_run_started() {
        assertThat(THIS_RUN.value()).isEqualTo("singletable-20260105t093012-" + THIS_HOST + "-"
                + ProcessHandle.current().pid() + "-").matches("singletable-\\d{8}t\\d{6}-[0-9a-f]{6}-\\d+-");
        assertThat(TablePrefix.of(THIS_RUN.value() + "orders")).contains(THIS_RUN);
        assertThat(THIS_RUN.started()).isEqualTo(NOW);
        assertThat(THIS_RUN).hasToString("a run started at 2026-01-05T09:30:12Z on this machine as process "
                + ProcessHandle.current().pid());
    }

    @Test
    void recognises_no_name_but_a_generated_prefix_followed_by_a_table_name() {
        for (String name : List.of("orders", "singletable-orders", "singletable-1a2b3c-orders", "ci-orders",
                "singletable-20260105t093012-" + THIS_HOST + "-42-", "singletable-20260105t093012-" + THIS_HOST + "-042-x",
                "singletable-20261399t256161-" + THIS_HOST + "-42-orders", "singletable-20260105t093012-ABCDEF-42-orders",
                "singletable-20260105t093012-" + THIS_HOST + "-99999999999999999999-orders",
                "x-singletable-20260105t093012-" + THIS_HOST + "-42-orders")) {
            assertThat(TablePrefix.of(name)).as(name).isEmpty();
        }
    }

    @Test
    void a_run_on_this_machine_is_over_once_its_process_has_ended() throws Exception {
        Process ended = new ProcessBuilder(java(), "-version").start();
        ended.waitFor();

        assertThat(prefix(NOW.minusSeconds(60), THIS_HOST, ended.pid()).isLeftoverFor(THIS_RUN)).isTrue();
        assertThat(prefix(NOW.minusSeconds(60), THIS_HOST, ProcessHandle.current().pid()).isLeftoverFor(THIS_RUN))
                .as("a run still going").isFalse();
        assertThat(prefix(NOW.minus(TablePrefix.LEFTOVER_AGE), THIS_HOST, ProcessHandle.current().pid())
                .isLeftoverFor(THIS_RUN)).as("a day old: its process id is someone else's by now").isTrue();
    }

    @Test
    void a_run_on_another_machine_is_over_once_it_started_a_day_before() {
        long anyPid = ProcessHandle.current().pid();
        assertThat(prefix(NOW.minus(TablePrefix.LEFTOVER_AGE), OTHER_HOST, anyPid).isLeftoverFor(THIS_RUN)).isTrue();
        assertThat(prefix(NOW.minus(TablePrefix.LEFTOVER_AGE).plusSeconds(1), OTHER_HOST, anyPid + 1_000_000)
                .isLeftoverFor(THIS_RUN)).as("younger than a day, wherever its process is").isFalse();
    }

    @Test
    void a_run_that_started_with_this_one_or_after_it_is_never_over() throws Exception {
        Process ended = new ProcessBuilder(java(), "-version").start();
        ended.waitFor();

        assertThat(THIS_RUN.isLeftoverFor(THIS_RUN)).isFalse();
        assertThat(prefix(NOW, THIS_HOST, ended.pid()).isLeftoverFor(THIS_RUN)).isFalse();
        assertThat(prefix(NOW.plus(Duration.ofDays(3)), OTHER_HOST, 7).isLeftoverFor(THIS_RUN)).isFalse();
    }

    @Test
    void the_provisioner_drops_the_leftovers_and_nothing_else() throws Exception {
        Process ended = new ProcessBuilder(java(), "-version").start();
        ended.waitFor();
        TablePrefix current = TablePrefix.forThisRun();
        String diedHere = name(prefix(current.started().minusSeconds(60), THIS_HOST, ended.pid()), "orders");
        String diedElsewhere = name(prefix(current.started().minus(Duration.ofDays(2)), OTHER_HOST, 7), "orders");
        List<String> bystanders = List.of("orders", "singletable-orders", "singletable-1a2b3c-orders", "ci-orders",
                name(current, "orders"), name(prefix(current.started().minusSeconds(60), THIS_HOST,
                        ProcessHandle.current().pid()), "orders"),
                name(prefix(current.started().minus(Duration.ofHours(2)), OTHER_HOST, 7), "orders"));
        try (DynamoDbEngine engine = DynamoDbEngine.create()) {
            for (String table : bystanders) {
                createTable(engine.client(), table);
            }
            createTable(engine.client(), diedHere);
            createTable(engine.client(), diedElsewhere);

            assertThat(Provisioner.of(engine).dropLeftovers(current)).containsOnlyKeys(diedHere, diedElsewhere);

            assertThat(engine.client().listTables().tableNames()).containsExactlyInAnyOrderElementsOf(bystanders);
        }
    }

    private static TablePrefix prefix(Instant started, String host, long pid) {
        return TablePrefix.of("singletable-" + started.toString().replaceAll("[-:]", "").replace("T", "t")
                .replace("Z", "") + "-" + host + "-" + pid + "-x").orElseThrow();
    }

    private static String name(TablePrefix prefix, String table) {
        return prefix.value() + table;
    }

    private static void createTable(DynamoDbClient client, String name) {
        client.createTable(b -> b.tableName(name).billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(a -> a.attributeName("PK").attributeType(ScalarAttributeType.S))
                .keySchema(k -> k.attributeName("PK").keyType(KeyType.HASH)));
    }

    private static String java() {
        return java.nio.file.Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }
}
