package dev.singletable.junit;

import static dev.singletable.junit.ResetTest.key;
import static dev.singletable.junit.ResetTest.presence;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedSuccessfully;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.instanceOf;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

import dev.singletable.core.SingleTable;
import dev.singletable.engine.FaultInjector;
import dev.singletable.engine.RequestLog;
import dev.singletable.engine.model.Fault;
import dev.singletable.engine.model.RequestLogEntry;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.opentest4j.AssertionFailedError;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * With {@code reset = FORK} every test has a fork of the class's table at the fixture state, under a name of its
 * own, so the tests of a class run at the same time and never see each other's writes.
 */
class ForkTest {
    static final Set<String> seen = new ConcurrentSkipListSet<>();
    /** The tests that must be alive at once wait here, so the run proves they ran at the same time. */
    static CyclicBarrier together;
    static CountDownLatch changed;

    @BeforeEach
    void forget() {
        seen.clear();
        together = new CyclicBarrier(2);
        changed = new CountDownLatch(1);
    }

    @Test
    void two_tests_of_one_class_running_at_the_same_time_never_see_each_others_writes() {
        Kit.assertSucceeded(Kit.run(ParallelTest.ALL_CONCURRENT, SideBySide.class));

        assertThat(new TreeSet<>(seen)).containsExactly(
                "after the class: only table app is left",
                "left: own marker only, customer 42 present, on fork app.left of app, log: [PutItem, Scan, GetItem]",
                "right: own marker only, customer 42 absent, on fork app.right of app, log: [DeleteItem, PutItem,"
                        + " Scan, GetItem]");
    }

    @Test
    void a_fork_starts_at_the_fixture_state_and_before_all_writes_even_after_other_tests_wrote() {
        Kit.assertSucceeded(Kit.run(Sequence.class));

        assertThat(seen).containsExactly(
                "1 changes: customer 42 present, customer 99 present, order 9 absent",
                "2 sees: customer 42 present, customer 99 present, order 9 absent");
    }

    @Test
    void with_methods_concurrent_a_fork_still_starts_at_the_fixture_state_whatever_the_others_wrote() {
        Kit.assertSucceeded(Kit.run(ParallelTest.ALL_CONCURRENT, Sequence.class));

        assertThat(seen).containsExactly(
                "1 changes: customer 42 present, customer 99 present, order 9 absent",
                "2 sees: customer 42 present, customer 99 present, order 9 absent");
    }

    @Test
    void the_scan_guard_of_a_test_sees_only_the_scans_on_its_fork() {
        Kit.run(ParallelTest.ALL_CONCURRENT, Scans.class).testEvents().assertThatEvents()
                .haveExactly(1, event(test("scans"), finishedWithFailure(instanceOf(AssertionFailedError.class),
                        message(m -> m.startsWith("1 Scan ran on table 'app' (physical name 'app.scans') during"
                                + " Scans.scans()")))))
                .haveExactly(1, event(test("queries"), finishedSuccessfully()));
    }

    @Test
    void a_fork_is_reachable_over_http_under_its_name_and_its_fault_rules_end_with_it() {
        Kit.assertSucceeded(Kit.run(OverHttp.class));

        assertThat(seen).containsExactly(
                "repetition 1 on app.over_http: Ada over HTTP, no fault left",
                "repetition 2 on app.over_http: Ada over HTTP, no fault left");
    }

    @Test
    void a_test_that_writes_to_the_class_table_fails_saying_where_its_writes_went() {
        Kit.run(KeepsTheClassTable.class).testEvents().assertThatEvents().haveExactly(1, event(test("writes"),
                finishedWithFailure(instanceOf(AssertionFailedError.class), message("1 write (PutItem) reached table"
                        + " 'app', the class's table, during KeepsTheClassTable.writes(); with reset = FORK this test"
                        + " has a fork of its own, 'app.writes', and every later fork starts from the class's table:"
                        + " take the table's name from the SingleTable the test is given (a parameter, a"
                        + " @SingleTableResource field or @BeforeEach), not from @BeforeAll or a constructor"))));
    }

    static String marker(SingleTable table, String who) throws Exception {
        table.client().putItem(r -> r.tableName(table.name()).item(key("MARK#" + who, "MARK")));
        together.await(30, TimeUnit.SECONDS);
        List<String> markers = table.client().scan(r -> r.tableName(table.name())).items().stream()
                .map(item -> item.get("PK").s()).filter(pk -> pk.startsWith("MARK#")).toList();
        return markers.equals(List.of("MARK#" + who)) ? "own marker only" : "markers " + markers;
    }

    static String operations(RequestLog log) {
        return log.entries().stream().map(RequestLogEntry::operationName).toList().toString();
    }

    @Tag("test-case")
    @AllowScan("looks at every item")
    @SingleTableTest(design = "orders.table.yaml", fixtures = "customers.yaml", reset = Reset.FORK)
    static class SideBySide {
        @Test
        void left(SingleTable table, RequestLog log) throws Exception {
            String markers = marker(table, "left");
            seen.add("left: " + markers + ", customer 42 " + presence(table, key("CUSTOMER#42", "PROFILE"))
                    + ", on fork " + table.name() + " of " + table.design().tableName() + ", log: "
                    + operations(log));
        }

        @Test
        void right(SingleTable table, RequestLog log) throws Exception {
            table.client().deleteItem(r -> r.tableName(table.name()).key(key("CUSTOMER#42", "PROFILE")));
            String markers = marker(table, "right");
            seen.add("right: " + markers + ", customer 42 " + presence(table, key("CUSTOMER#42", "PROFILE"))
                    + ", on fork " + table.name() + " of " + table.design().tableName() + ", log: "
                    + operations(log));
        }

        @AfterAll
        static void tablesLeft(DynamoDbClient client) {
            seen.add("after the class: only table" + (client.listTables().tableNames().size() == 1 ? " " : "s ")
                    + String.join(", ", client.listTables().tableNames()) + " is left");
        }
    }

    @Tag("test-case")
    @SingleTableTest(design = "orders.table.yaml", fixtures = {"customers.yaml", "orders.yaml"}, reset = Reset.FORK)
    @TestMethodOrder(MethodOrderer.OrderAnnotation.class)
    static class Sequence {
        @BeforeAll
        static void addCustomer(SingleTable table) {
            table.client().putItem(r -> r.tableName(table.name()).item(key("CUSTOMER#99", "PROFILE")));
        }

        static String state(SingleTable table) {
            return "customer 42 " + presence(table, key("CUSTOMER#42", "PROFILE")) + ", customer 99 "
                    + presence(table, key("CUSTOMER#99", "PROFILE")) + ", order 9 "
                    + presence(table, key("CUSTOMER#42", "ORDER#00000009"));
        }

        @Test
        @Order(1)
        void changes(SingleTable table) {
            seen.add("1 changes: " + state(table));
            table.client().deleteItem(r -> r.tableName(table.name()).key(key("CUSTOMER#42", "PROFILE")));
            table.client().deleteItem(r -> r.tableName(table.name()).key(key("CUSTOMER#99", "PROFILE")));
            table.client().putItem(r -> r.tableName(table.name()).item(key("CUSTOMER#42", "ORDER#00000009")));
            changed.countDown();
        }

        @Test
        @Order(2)
        void sees(SingleTable table) throws Exception {
            changed.await(30, TimeUnit.SECONDS); // run concurrently, it waits for the other test's changes
            seen.add("2 sees: " + state(table));
        }
    }

    @Tag("test-case")
    @SingleTableTest(design = "orders.table.yaml", fixtures = "customers.yaml", reset = Reset.FORK,
            scans = ScanGuard.FAIL)
    static class Scans {
        @Test
        void scans(SingleTable table) throws Exception {
            table.client().scan(r -> r.tableName(table.name()));
            together.await(30, TimeUnit.SECONDS);
        }

        @Test
        void queries(SingleTable table) throws Exception {
            together.await(30, TimeUnit.SECONDS);
            table.client().query(r -> r.tableName(table.name()).keyConditionExpression("PK = :pk")
                    .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS("CUSTOMER#42"))));
        }
    }

    @Tag("test-case")
    @SingleTableTest(design = "orders.table.yaml", fixtures = "customers.yaml", reset = Reset.FORK)
    static class OverHttp {
        @RepeatedTest(2)
        void over_http(SingleTable table, URI endpoint, FaultInjector faults, DynamoDbClient client) {
            try (DynamoDbClient http = DynamoDbClient.builder().endpointOverride(endpoint).region(Region.US_EAST_1)
                    .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("a", "b")))
                    .httpClient(UrlConnectionHttpClient.create()).build()) {
                String name = http.getItem(r -> r.tableName(table.name()).key(key("CUSTOMER#42", "PROFILE")))
                        .item().get("name").s();
                boolean faultLeft;
                try {
                    client.getItem(r -> r.tableName(table.name()).key(key("CUSTOMER#42", "PROFILE")));
                    faultLeft = false;
                } catch (RuntimeException e) {
                    faultLeft = true;
                }
                seen.add("repetition " + (seen.size() + 1) + " on " + table.name() + ": " + name.split(" ")[0]
                        + " over HTTP, " + (faultLeft ? "a fault left by the test before" : "no fault left"));
                faults.on("GetItem").onTable(table.name()).respondWith(Fault.INTERNAL_ERROR);
            }
        }
    }

    @Tag("test-case")
    @SingleTableTest(design = "orders.table.yaml", fixtures = "customers.yaml", reset = Reset.FORK)
    static class KeepsTheClassTable {
        static String classTable;

        @BeforeAll
        static void keep(SingleTable table) {
            classTable = table.name();
        }

        @Test
        void writes(DynamoDbClient client) {
            client.putItem(r -> r.tableName(classTable).item(key("CUSTOMER#99", "PROFILE")));
        }
    }
}
