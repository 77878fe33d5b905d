package dev.singletable.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

import com.example.orders.OrderRepository;
import dev.singletable.core.SingleTable;
import dev.singletable.engine.DynamoDbEngine;
import dev.singletable.engine.RequestLog;
import dev.singletable.engine.model.RequestLogEntry;
import java.net.URI;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Delete;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * With {@code singletable.endpoint} the same tests run against an external endpoint — here a second engine over
 * HTTP standing in for DynamoDB Local or real DynamoDB: prefixed tables, the request log filled client-side, a reset
 * that rewrites only what the test touched, and the tables deleted at the end.
 */
class ExternalEndpointTest {
    static final List<String> seen = new CopyOnWriteArrayList<>();
    private DynamoDbEngine external;
    private Map<String, String> configuration;

    @BeforeEach
    void startExternalEndpoint() {
        seen.clear();
        external = DynamoDbEngine.create();
        configuration = Map.of("singletable.endpoint", external.httpEndpoint().toString());
    }

    @AfterEach
    void stopExternalEndpoint() {
        external.close();
    }

    @Test
    void tests_run_against_the_endpoint_on_a_prefixed_table_that_is_deleted_at_the_end() {
        Kit.assertSucceeded(Kit.run(configuration, Writes.class));

        assertThat(seen.get(0)).matches("table singletable-\\d{8}t\\d{6}-[0-9a-f]{6}-" + ProcessHandle.current().pid()
                + "-app of design app at " + external.httpEndpoint() + ", endpoint property too");
        assertThat(external.client().listTables().tableNames()).isEmpty();
    }

    @Test
    void every_kind_of_write_is_undone_before_the_next_test_and_before_all_writes_are_kept() {
        Kit.assertSucceeded(Kit.run(configuration, Writes.class));

        assertThat(seen.subList(1, seen.size())).containsExactly(
                "writes: " + FIXTURE_STATE,
                "log of writes: [DeleteItem, UpdateItem, PutItem, BatchWriteItem, TransactWriteItems]",
                "after writes: Ada absent, Grace absent, customer 99 absent, order 1001 total 1, order 9 present,"
                        + " order 10 present",
                "sees: " + FIXTURE_STATE,
                "log of sees: [GetItem, GetItem, GetItem, GetItem, GetItem, GetItem]");
    }

    @Test
    void the_scan_guard_works_from_the_client_side_log_and_names_the_line_of_application_code() {
        Kit.run(Map.of("singletable.endpoint", configuration.get("singletable.endpoint"), "singletable.scans", "fail",
                "singletable.tablePrefix", "ci-"), Scans.class).testEvents().assertThatEvents()
                .haveExactly(1, event(test("scans"), finishedWithFailure(message("""
                        1 Scan ran on table 'app' (physical name 'ci-app') during Scans.scans(); a single-table design \
                        answers every access pattern with a Query:
                          Scan of the table without filter, called from \
                        com.example.orders.OrderRepository.countEverything(OrderRepository.java:33)
                        Query a key instead, or annotate the test or its class with @AllowScan if it must read \
                        everything."""))));
    }

    @Test
    void with_reset_fork_the_tests_of_a_class_take_turns_on_its_table_reset_between_them_as_nothing_forks_there() {
        Map<String, String> concurrent = new HashMap<>(ParallelTest.ALL_CONCURRENT);
        concurrent.putAll(configuration);

        Kit.assertSucceeded(Kit.run(concurrent, ForkedOutside.class));

        assertThat(seen).containsExactly(FIXTURE_STATE + ", alone on the class's table",
                FIXTURE_STATE + ", alone on the class's table", FIXTURE_STATE + ", alone on the class's table");
    }

    static final String FIXTURE_STATE = "Ada present, Grace present, customer 99 present, order 1001 total 39.9,"
            + " order 9 absent, order 10 absent";

    static Map<String, AttributeValue> key(String pk, String sk) {
        return Map.of("PK", AttributeValue.fromS(pk), "SK", AttributeValue.fromS(sk));
    }

    static String state(DynamoDbClient client, String table) {
        return "Ada " + presence(client, table, key("CUSTOMER#42", "PROFILE"))
                + ", Grace " + presence(client, table, key("CUSTOMER#43", "PROFILE"))
                + ", customer 99 " + presence(client, table, key("CUSTOMER#99", "PROFILE"))
                + ", order 1001 total " + client.getItem(r -> r.tableName(table)
                        .key(key("CUSTOMER#42", "ORDER#00001001"))).item().get("total").n()
                + ", order 9 " + presence(client, table, key("CUSTOMER#42", "ORDER#00000009"))
                + ", order 10 " + presence(client, table, key("CUSTOMER#42", "ORDER#00000010"));
    }

    static String presence(DynamoDbClient client, String table, Map<String, AttributeValue> key) {
        return client.getItem(r -> r.tableName(table).key(key)).hasItem() ? "present" : "absent";
    }

    static List<String> operations(RequestLog log) {
        return log.entries().stream().map(RequestLogEntry::operationName).toList();
    }

    @Tag("test-case")
    @SingleTableTest(design = "orders.table.yaml", fixtures = {"customers.yaml", "orders.yaml"})
    @TestMethodOrder(MethodOrderer.OrderAnnotation.class)
    static class Writes {
        @BeforeAll
        static void addCustomer(DynamoDbClient client, SingleTable table) {
            client.putItem(r -> r.tableName(table.name()).item(key("CUSTOMER#99", "PROFILE")));
        }

        @Test
        @Order(1)
        void writes(SingleTable table, DynamoDbClient client, RequestLog log, URI endpoint) {
            seen.add("table " + table.name() + " of design " + table.design().tableName() + " at " + endpoint
                    + (endpoint.toString().equals(System.getProperty("aws.endpointUrlDynamoDb"))
                            ? ", endpoint property too" : ", endpoint property missing"));
            String name = table.name();
            seen.add("writes: " + state(client, name));
            client.deleteItem(r -> r.tableName(name).key(key("CUSTOMER#42", "PROFILE")));
            client.updateItem(r -> r.tableName(name).key(key("CUSTOMER#42", "ORDER#00001001"))
                    .updateExpression("SET #t = :t").expressionAttributeNames(Map.of("#t", "total"))
                    .expressionAttributeValues(Map.of(":t", AttributeValue.fromN("1"))));
            client.putItem(r -> r.tableName(name).item(key("CUSTOMER#42", "ORDER#00000009")));
            client.batchWriteItem(r -> r.requestItems(Map.of(name, List.of(WriteRequest.builder()
                    .putRequest(PutRequest.builder().item(key("CUSTOMER#42", "ORDER#00000010")).build()).build()))));
            client.transactWriteItems(r -> r.transactItems(TransactWriteItem.builder()
                    .delete(Delete.builder().tableName(name).key(key("CUSTOMER#43", "PROFILE")).build()).build(),
                    TransactWriteItem.builder().delete(Delete.builder().tableName(name)
                            .key(key("CUSTOMER#99", "PROFILE")).build()).build()));
            seen.add("log of writes: " + operations(log).stream().filter(o -> !o.equals("GetItem")).toList());
            seen.add("after writes: " + state(client, name));
        }

        @Test
        @Order(2)
        void sees(SingleTable table, DynamoDbClient client, RequestLog log) {
            seen.add("sees: " + state(client, table.name()));
            seen.add("log of sees: " + operations(log));
        }
    }

    @Tag("test-case")
    @SingleTableTest(design = "orders.table.yaml")
    static class Scans {
        @Test
        void scans(SingleTable table) {
            new OrderRepository(table.client(), table.name()).countEverything();
        }
    }

    @Tag("test-case")
    @SingleTableTest(design = "orders.table.yaml", fixtures = {"customers.yaml", "orders.yaml"}, reset = Reset.FORK)
    static class ForkedOutside extends ParallelTest.TakesTurns {
        static final AtomicInteger running = new AtomicInteger();

        @BeforeAll
        static void addCustomer(SingleTable table) {
            table.client().putItem(r -> r.tableName(table.name()).item(key("CUSTOMER#99", "PROFILE")));
        }

        /** Looks, changes, and stays long enough for another test of the class to start, were it allowed to. */
        @Override
        void turn(SingleTable table) throws InterruptedException {
            int now = running.incrementAndGet();
            try {
                String state = state(table.client(), table.name());
                table.client().deleteItem(r -> r.tableName(table.name()).key(key("CUSTOMER#42", "PROFILE")));
                table.client().putItem(r -> r.tableName(table.name()).item(key("CUSTOMER#42", "ORDER#00000009")));
                Thread.sleep(40);
                seen.add(state + (now == 1 ? ", alone" : ", beside another test") + " on "
                        + (table.name().endsWith("-app") ? "the class's table" : table.name()));
            } finally {
                running.decrementAndGet();
            }
        }
    }
}
