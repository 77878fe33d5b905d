package dev.singletable.junit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.singletable.core.SingleTable;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Classes of one design and fixtures take turns on a table instead of each creating and seeding one: a class finds
 * exactly the fixtures, whatever the class before it wrote, and a class that changed what a reset does not undo
 * (items written before its first test, the table's settings) leaves its table to be dropped, not handed on. The
 * table's id (DescribeTable's TableId, new for every table created) tells a table handed on from a new one.
 */
class TablePoolTest {
    static final List<String> seen = new CopyOnWriteArrayList<>();
    /** What {@link Reads} sees on a table in the fixture state. */
    static final String READS_FIXTURES = "Reads: app, 4 items, customer 99 absent";
    static final Map<String, AttributeValue> NEW_CUSTOMER = Map.of("PK", AttributeValue.fromS("CUSTOMER#99"),
            "SK", AttributeValue.fromS("PROFILE"));

    @BeforeEach
    void forget() {
        seen.clear();
    }

    @Test
    void the_next_class_of_the_design_takes_the_same_table_back_in_its_fixture_state() {
        Kit.assertSucceeded(Kit.run(Writes.class, Reads.class));

        assertThat(seen).containsExactly(
                "Writes: app, 4 items",
                READS_FIXTURES);
        assertThat(Writes.tableId).isEqualTo(Reads.tableId);
    }

    @Test
    void a_class_that_wrote_before_its_first_test_keeps_its_writes_and_the_next_class_gets_a_new_table() {
        Kit.assertSucceeded(Kit.run(WritesBeforeAll.class, Reads.class));

        assertThat(seen).containsExactly(
                "WritesBeforeAll first: 5 items",
                "WritesBeforeAll second: 5 items",
                READS_FIXTURES);
        assertThat(WritesBeforeAll.tableId).isNotEqualTo(Reads.tableId);
    }

    @Test
    void a_class_that_changed_the_table_itself_leaves_the_next_class_a_new_table() {
        Kit.assertSucceeded(Kit.run(Reconfigures.class, Reads.class));

        assertThat(seen).containsExactly("Reconfigures: time to live on", READS_FIXTURES);
        assertThat(Reconfigures.tableId).isNotEqualTo(Reads.tableId);
        assertThat(Reads.timeToLive).isEqualTo("DISABLED");
    }

    @Test
    void a_class_of_other_fixtures_gets_a_table_of_its_own_and_sees_no_free_table_of_the_others() {
        Kit.assertSucceeded(Kit.run(Reads.class, CustomersOnly.class));

        assertThat(seen).containsExactly(
                READS_FIXTURES,
                "CustomersOnly: app, 2 items, tables [app]");
        assertThat(CustomersOnly.tableId).isNotEqualTo(Reads.tableId);
    }

    @Test
    void a_class_whose_tests_take_forks_hands_the_table_on_without_what_it_wrote_before_them() {
        Kit.assertSucceeded(Kit.run(ForksAfterBeforeAll.class, Reads.class));

        assertThat(seen).containsExactly("ForksAfterBeforeAll: 5 items", READS_FIXTURES);
        assertThat(ForksAfterBeforeAll.tableId).isEqualTo(Reads.tableId);
    }

    @Test
    void a_table_declared_in_a_static_field_is_leased_as_well() {
        Kit.assertSucceeded(Kit.run(Writes.class, DeclaredInAField.class));

        assertThat(seen).containsExactly("Writes: app, 4 items", "DeclaredInAField: app, 4 items");
        assertThat(DeclaredInAField.tableId).isEqualTo(Writes.tableId);
    }

    static int count(DynamoDbClient client, String table) {
        return client.scan(r -> r.tableName(table)).count();
    }

    static String tableId(SingleTable table) {
        return table.client().describeTable(r -> r.tableName(table.name())).table().tableId();
    }

    static void addCustomer(SingleTable table) {
        table.client().putItem(r -> r.tableName(table.name()).item(Map.of("PK", NEW_CUSTOMER.get("PK"),
                "SK", NEW_CUSTOMER.get("SK"), "entity", AttributeValue.fromS("Customer"))));
    }

    @Tag("test-case")
    @AllowScan("counts the items")
    @SingleTableTest(design = "orders.table.yaml", fixtures = {"customers.yaml", "orders.yaml"})
    static class Writes {
        static String tableId;

        @Test
        void writes(SingleTable table) {
            seen.add("Writes: " + table.name() + ", " + count(table.client(), table.name()) + " items");
            addCustomer(table);
            table.client().deleteItem(r -> r.tableName(table.name()).key(Map.of(
                    "PK", AttributeValue.fromS("CUSTOMER#42"), "SK", AttributeValue.fromS("PROFILE"))));
            tableId = tableId(table);
        }
    }

    @Tag("test-case")
    @AllowScan("counts the items")
    @SingleTableTest(design = "orders.table.yaml", fixtures = {"customers.yaml", "orders.yaml"})
    static class Reads {
        static String tableId;
        static String timeToLive;

        @Test
        void reads(SingleTable table) {
            seen.add("Reads: " + table.name() + ", " + count(table.client(), table.name()) + " items, customer 99 "
                    + (table.client().getItem(r -> r.tableName(table.name()).key(NEW_CUSTOMER)).hasItem()
                            ? "present" : "absent"));
            tableId = tableId(table);
            timeToLive = table.client().describeTimeToLive(r -> r.tableName(table.name())).timeToLiveDescription()
                    .timeToLiveStatusAsString();
        }
    }

    @Tag("test-case")
    @AllowScan("counts the items")
    @SingleTableTest(design = "orders.table.yaml", fixtures = {"customers.yaml", "orders.yaml"})
    @TestMethodOrder(MethodOrderer.MethodName.class)
    static class WritesBeforeAll {
        static String tableId;

        @BeforeAll
        static void addCustomer99(SingleTable table) {
            addCustomer(table);
            tableId = tableId(table);
        }

        @Test
        void first(SingleTable table) {
            seen.add("WritesBeforeAll first: " + count(table.client(), table.name()) + " items");
            table.client().deleteItem(r -> r.tableName(table.name()).key(NEW_CUSTOMER));
        }

        @Test
        void second(SingleTable table) {
            seen.add("WritesBeforeAll second: " + count(table.client(), table.name()) + " items");
        }
    }

    @Tag("test-case")
    @SingleTableTest(design = "orders.table.yaml", fixtures = {"customers.yaml", "orders.yaml"})
    static class Reconfigures {
        static String tableId;

        @Test
        void turnsOnTimeToLive(SingleTable table) {
            table.client().updateTimeToLive(r -> r.tableName(table.name())
                    .timeToLiveSpecification(s -> s.attributeName("expiresAt").enabled(true)));
            seen.add("Reconfigures: time to live " + (table.client().describeTimeToLive(r -> r.tableName(
                    table.name())).timeToLiveDescription().timeToLiveStatusAsString().equals("ENABLED") ? "on" : "off"));
            tableId = tableId(table);
        }
    }

    @Tag("test-case")
    @AllowScan("counts the items")
    @SingleTableTest(design = "orders.table.yaml", fixtures = "customers.yaml")
    static class CustomersOnly {
        static String tableId;

        @Test
        void reads(SingleTable table) {
            seen.add("CustomersOnly: " + table.name() + ", " + count(table.client(), table.name()) + " items, tables "
                    + table.client().listTables().tableNames());
            tableId = tableId(table);
        }
    }

    @Tag("test-case")
    @AllowScan("counts the items")
    @SingleTableTest(design = "orders.table.yaml", fixtures = {"customers.yaml", "orders.yaml"}, reset = Reset.FORK)
    static class ForksAfterBeforeAll {
        static String tableId;

        @BeforeAll
        static void addCustomer99(SingleTable table) {
            addCustomer(table);
            tableId = tableId(table);
        }

        @Test
        void seesIt(SingleTable table) {
            seen.add("ForksAfterBeforeAll: " + count(table.client(), table.name()) + " items");
        }
    }

    @Tag("test-case")
    @AllowScan("counts the items")
    static class DeclaredInAField {
        @RegisterExtension
        static SingleTableExtension db = SingleTableExtension.builder().design("orders.table.yaml")
                .fixtures("customers.yaml", "orders.yaml").build();
        static String tableId;

        @Test
        void reads(SingleTable table) {
            seen.add("DeclaredInAField: " + table.name() + ", " + count(table.client(), table.name()) + " items");
            tableId = tableId(table);
        }
    }
}
