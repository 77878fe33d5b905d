package dev.singletable.junit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.singletable.core.SingleTable;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** One engine per run, one table per class holding its fixtures before all tests, handed on or dropped after them. */
class LifecycleTest {
    static final List<String> events = new CopyOnWriteArrayList<>();

    @BeforeEach
    void forget() {
        events.clear();
    }

    @Test
    void the_table_is_created_and_seeded_before_all_tests_and_user_callbacks_see_it() {
        Kit.assertSucceeded(Kit.run(Lifecycle.class));

        assertThat(events).containsExactly(
                "@BeforeAll: table app has 4 items",
                "@BeforeEach: table app has 4 items",
                "first test: 4 items",
                "@BeforeEach: table app has 4 items",
                "second test: 4 items",
                "@AfterAll: table app has 4 items");
    }

    @Test
    void after_a_class_the_next_finds_only_its_own_table_under_the_logical_name() {
        Kit.assertSucceeded(Kit.run(Lifecycle.class, NextClass.class));

        assertThat(events).last().isEqualTo("next class: tables [app], its own table app has 4 items");
    }

    @Test
    void one_engine_serves_every_class_of_a_run() {
        assertThat(Kit.run(Lifecycle.class, NextClass.class).testEvents().succeeded().count()).isEqualTo(3);

        assertThat(Lifecycle.client).isSameAs(NextClass.client);
    }

    static int count(DynamoDbClient client, String table) {
        return client.scan(r -> r.tableName(table)).count();
    }

    @Tag("test-case")
    @AllowScan("counts the items")
    @SingleTableTest(design = "orders.table.yaml", fixtures = {"customers.yaml", "orders.yaml"})
    @TestMethodOrder(MethodOrderer.OrderAnnotation.class)
    static class Lifecycle {
        @SingleTableResource
        static DynamoDbClient client;

        @BeforeAll
        static void beforeAll(SingleTable table) {
            events.add("@BeforeAll: table " + table.name() + " has " + count(table.client(), table.name()) + " items");
        }

        @BeforeEach
        void beforeEach(SingleTable table) {
            events.add("@BeforeEach: table " + table.name() + " has " + count(table.client(), table.name()) + " items");
        }

        @Test
        @Order(1)
        void first(SingleTable table) {
            events.add("first test: " + count(table.client(), table.name()) + " items");
        }

        @Test
        @Order(2)
        void second(SingleTable table) {
            events.add("second test: " + count(table.client(), table.name()) + " items");
        }

        @AfterAll
        static void afterAll(SingleTable table) {
            events.add("@AfterAll: table " + table.name() + " has " + count(table.client(), table.name()) + " items");
        }
    }

    @Tag("test-case")
    @AllowScan("counts the items")
    @SingleTableTest(design = "orders.table.yaml", fixtures = {"customers.yaml", "orders.yaml"})
    static class NextClass {
        @SingleTableResource
        static DynamoDbClient client;

        @Test
        void seesOnlyItsOwnTable(SingleTable table) {
            events.add("next class: tables " + client.listTables().tableNames() + ", its own table " + table.name()
                    + " has " + count(client, table.name()) + " items");
        }
    }

    static Map<String, AttributeValue> key(String pk, String sk) {
        return Map.of("PK", AttributeValue.fromS(pk), "SK", AttributeValue.fromS(sk));
    }
}
