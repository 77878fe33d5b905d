package dev.singletable.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

import com.example.orders.OrderRepository;
import dev.singletable.core.SingleTable;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The builder in a static field gives a class one table; in an instance field, every test its own. */
class ProgrammaticTest {
    static final List<String> seen = new CopyOnWriteArrayList<>();
    static final Map<String, AttributeValue> ADA = Map.of("PK", AttributeValue.fromS("CUSTOMER#42"),
            "SK", AttributeValue.fromS("PROFILE"));

    @BeforeEach
    void forget() {
        seen.clear();
    }

    @Test
    void a_static_field_gives_the_class_one_table_configured_by_the_builder() {
        Kit.run(StaticField.class).testEvents().assertThatEvents()
                .haveExactly(1, event(test("scans"), finishedWithFailure(message(m -> m.startsWith(
                        "1 Scan ran on table 'app' during StaticField.scans()")))));

        assertThat(seen).containsExactly("deletes: Ada present", "scans: Ada absent");
    }

    @Test
    void an_instance_field_gives_every_test_a_fresh_table() {
        Kit.assertSucceeded(Kit.run(InstanceField.class));

        assertThat(seen).containsExactly("deletes: Ada present in app", "sees: Ada present in app");
    }

    @Test
    void nested_classes_share_the_table_of_the_class_that_declares_it() {
        Kit.assertSucceeded(Kit.run(Outer.class));

        assertThat(seen).containsExactly("outer: Ada present in app", "inner: Ada present in app");
    }

    static String ada(DynamoDbClient client, String table) {
        return "Ada " + (client.getItem(r -> r.tableName(table).key(ADA)).hasItem() ? "present" : "absent");
    }

    @Tag("test-case")
    @TestMethodOrder(MethodOrderer.OrderAnnotation.class)
    static class StaticField {
        @RegisterExtension
        static SingleTableExtension db = SingleTableExtension.builder()
                .design("orders.table.yaml")
                .fixtures("customers.yaml", "orders.yaml")
                .reset(Reset.PER_CLASS)
                .scans(ScanGuard.FAIL)
                .build();

        @Test
        @Order(1)
        void deletes(SingleTable table) {
            seen.add("deletes: " + ada(table.client(), table.name()));
            table.client().deleteItem(r -> r.tableName(table.name()).key(ADA));
        }

        @Test
        @Order(2)
        void scans(SingleTable table) {
            seen.add("scans: " + ada(table.client(), table.name()));
            new OrderRepository(table.client(), table.name()).countEverything();
        }
    }

    @Tag("test-case")
    @TestMethodOrder(MethodOrderer.OrderAnnotation.class)
    static class InstanceField {
        @RegisterExtension
        SingleTableExtension db = SingleTableExtension.builder().design("orders.table.yaml").fixtures("customers.yaml")
                .build();

        @Test
        @Order(1)
        void deletes(SingleTable table) {
            seen.add("deletes: " + ada(table.client(), table.name()) + " in " + table.name());
            table.client().deleteItem(r -> r.tableName(table.name()).key(ADA));
        }

        @Test
        @Order(2)
        void sees(SingleTable table) {
            seen.add("sees: " + ada(table.client(), table.name()) + " in " + table.name());
        }
    }

    @Tag("test-case")
    @SingleTableTest(design = "orders.table.yaml", fixtures = "customers.yaml")
    static class Outer {
        @Test
        void outer(SingleTable table) {
            seen.add("outer: " + ada(table.client(), table.name()) + " in " + table.name());
            table.client().deleteItem(r -> r.tableName(table.name()).key(ADA));
        }

        @Nested
        class Inner {
            @Test
            void inner(SingleTable table) {
                seen.add("inner: " + ada(table.client(), table.name()) + " in " + table.name());
            }
        }
    }
}
