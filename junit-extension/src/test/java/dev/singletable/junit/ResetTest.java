package dev.singletable.junit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.singletable.core.SingleTable;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Before each test the table is back to its fixture state: what a test changed, the next one does not see. */
class ResetTest {
    static final List<String> seen = new CopyOnWriteArrayList<>();

    @BeforeEach
    void forget() {
        seen.clear();
    }

    @Test
    void per_test_a_deleted_item_is_back_an_updated_one_restored_and_a_new_one_gone_in_the_next_test() {
        Kit.assertSucceeded(Kit.run(PerTest.class));

        assertThat(seen).containsExactly(
                "changes: customer 42 present, order 1001 total 39.9, order 9 absent",
                "sees: customer 42 present, order 1001 total 39.9, order 9 absent");
    }

    @Test
    void per_test_what_before_all_methods_wrote_belongs_to_the_fixture_state() {
        Kit.assertSucceeded(Kit.run(BeforeAllWrites.class));

        assertThat(seen).containsExactly("first: customer 99 present", "second: customer 99 present");
    }

    @Test
    void per_test_fixtures_of_a_method_exist_for_that_test_only() {
        Kit.assertSucceeded(Kit.run(MethodFixtures.class));

        assertThat(seen).containsExactly(
                "with @Fixtures: order 2001 present, 6 fixture items, katherine present",
                "without: order 2001 absent, 4 fixture items, katherine absent");
    }

    @Test
    void per_class_a_test_sees_what_the_tests_before_it_changed() {
        Kit.assertSucceeded(Kit.run(PerClass.class));

        assertThat(seen).containsExactly("deletes: customer 42 present", "sees: customer 42 absent");
    }

    static Map<String, AttributeValue> key(String pk, String sk) {
        return Map.of("PK", AttributeValue.fromS(pk), "SK", AttributeValue.fromS(sk));
    }

    static String customer42(SingleTable table) {
        return "customer 42 " + presence(table, key("CUSTOMER#42", "PROFILE"));
    }

    static String presence(SingleTable table, Map<String, AttributeValue> key) {
        return table.client().getItem(r -> r.tableName(table.name()).key(key)).hasItem() ? "present" : "absent";
    }

    static String state(SingleTable table) {
        DynamoDbClient client = table.client();
        return customer42(table) + ", order 1001 total "
                + client.getItem(r -> r.tableName(table.name()).key(key("CUSTOMER#42", "ORDER#00001001"))).item()
                        .get("total").n()
                + ", order 9 " + presence(table, key("CUSTOMER#42", "ORDER#00000009"));
    }

    @Tag("test-case")
    @SingleTableTest(design = "orders.table.yaml", fixtures = {"customers.yaml", "orders.yaml"})
    @TestMethodOrder(MethodOrderer.OrderAnnotation.class)
    static class PerTest {
        @Test
        @Order(1)
        void changes(SingleTable table, DynamoDbClient client) {
            seen.add("changes: " + state(table));
            client.deleteItem(r -> r.tableName(table.name()).key(key("CUSTOMER#42", "PROFILE")));
            client.updateItem(r -> r.tableName(table.name()).key(key("CUSTOMER#42", "ORDER#00001001"))
                    .updateExpression("SET #t = :t").expressionAttributeNames(Map.of("#t", "total"))
                    .expressionAttributeValues(Map.of(":t", AttributeValue.fromN("1"))));
            client.putItem(r -> r.tableName(table.name()).item(key("CUSTOMER#42", "ORDER#00000009")));
        }

        @Test
        @Order(2)
        void sees(SingleTable table) {
            seen.add("sees: " + state(table));
        }
    }

    @Tag("test-case")
    @SingleTableTest(design = "orders.table.yaml", fixtures = "customers.yaml")
    @TestMethodOrder(MethodOrderer.OrderAnnotation.class)
    static class BeforeAllWrites {
        @BeforeAll
        static void addCustomer(SingleTable table) {
            table.client().putItem(r -> r.tableName(table.name()).item(key("CUSTOMER#99", "PROFILE")));
        }

        @Test
        @Order(1)
        void first(SingleTable table) {
            seen.add("first: customer 99 " + presence(table, key("CUSTOMER#99", "PROFILE")));
            table.client().deleteItem(r -> r.tableName(table.name()).key(key("CUSTOMER#99", "PROFILE")));
        }

        @Test
        @Order(2)
        void second(SingleTable table) {
            seen.add("second: customer 99 " + presence(table, key("CUSTOMER#99", "PROFILE")));
        }
    }

    @Tag("test-case")
    @SingleTableTest(design = "orders.table.yaml", fixtures = {"customers.yaml", "orders.yaml"})
    @TestMethodOrder(MethodOrderer.OrderAnnotation.class)
    static class MethodFixtures {
        @Test
        @Order(1)
        @Fixtures({"cancelled-order.yaml", "package-relative.yaml"})
        void withFixtures(SingleTable table) {
            seen.add("with @Fixtures: order 2001 " + presence(table, key("CUSTOMER#43", "ORDER#00002001")) + ", "
                    + table.fixtures().items().size() + " fixture items, katherine "
                    + presence(table, key("CUSTOMER#44", "PROFILE")));
        }

        @Test
        @Order(2)
        void without(SingleTable table) {
            seen.add("without: order 2001 " + presence(table, key("CUSTOMER#43", "ORDER#00002001")) + ", "
                    + table.fixtures().items().size() + " fixture items, katherine "
                    + presence(table, key("CUSTOMER#44", "PROFILE")));
        }
    }

    @Tag("test-case")
    @SingleTableTest(design = "orders.table.yaml", fixtures = "customers.yaml", reset = Reset.PER_CLASS)
    @TestMethodOrder(MethodOrderer.OrderAnnotation.class)
    static class PerClass {
        @Test
        @Order(1)
        void deletes(SingleTable table) {
            seen.add("deletes: " + customer42(table));
            table.client().deleteItem(r -> r.tableName(table.name()).key(key("CUSTOMER#42", "PROFILE")));
        }

        @Test
        @Order(2)
        void sees(SingleTable table) {
            seen.add("sees: " + customer42(table));
        }
    }
}
