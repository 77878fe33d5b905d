package dev.singletable.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedSuccessfully;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.instanceOf;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

import com.example.orders.OrderRepository;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.opentest4j.AssertionFailedError;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** A Scan during a test fails it, warns about it, or passes, by the guard in force; @AllowScan permits it. */
class ScanGuardTest {
    static final String OPEN_ORDERS_SCAN = """
            1 Scan ran on table 'app' during %s.scans(); a single-table design answers every access pattern with a \
            Query:
              Scan of index 'GSI1' with filter status = "OPEN", called from \
            com.example.orders.OrderRepository.openOrdersByScan(OrderRepository.java:20)
            Query a key instead, or annotate the test or its class with @AllowScan if it must read everything.""";

    @Test
    void fail_fails_the_test_naming_table_index_filter_and_caller() {
        EngineExecutionResults results = Kit.run(Fail.class);

        results.testEvents().assertThatEvents()
                .haveExactly(1, event(test("scans"), finishedWithFailure(instanceOf(AssertionFailedError.class),
                        message(OPEN_ORDERS_SCAN.formatted("Fail")))))
                .haveExactly(1, event(test("queries"), finishedSuccessfully()));
    }

    @Test
    void several_scans_are_listed_one_per_line() {
        EngineExecutionResults results = Kit.run(ScansTwice.class);

        results.testEvents().assertThatEvents().haveExactly(1, event(test("scans"), finishedWithFailure(message("""
                2 Scans ran on table 'app' during ScansTwice.scans(); a single-table design answers every access \
                pattern with a Query:
                  Scan of index 'GSI1' with filter status = "OPEN", called from \
                com.example.orders.OrderRepository.openOrdersByScan(OrderRepository.java:20)
                  Scan of the table without filter, called from \
                com.example.orders.OrderRepository.countEverything(OrderRepository.java:33)
                Query a key instead, or annotate the test or its class with @AllowScan if it must read everything."""))));
    }

    @Test
    void warn_passes_the_test_and_publishes_the_message_as_a_report_entry() {
        EngineExecutionResults results = Kit.assertSucceeded(Kit.run(Warn.class));

        assertThat(Kit.reports(results)).containsExactly(Map.of("singletable.scans", OPEN_ORDERS_SCAN.formatted("Warn")));
    }

    @Test
    void allow_does_not_look() {
        EngineExecutionResults results = Kit.assertSucceeded(Kit.run(Allow.class));

        assertThat(Kit.reports(results)).isEmpty();
    }

    @Test
    void allow_scan_on_the_method_or_the_class_permits_the_scan_under_fail() {
        EngineExecutionResults results = Kit.assertSucceeded(Kit.run(AllowedOnMethod.class, AllowedOnClass.class));

        assertThat(results.testEvents().succeeded().count()).isEqualTo(2);
    }

    @Test
    void the_configuration_parameter_decides_for_classes_that_do_not_choose() {
        Kit.run(Map.of("singletable.scans", "fail"), Configured.class).testEvents().assertThatEvents()
                .haveExactly(1, event(test("scans"), finishedWithFailure(message(OPEN_ORDERS_SCAN.formatted(
                        "Configured")))));
    }

    @Test
    void without_the_configuration_parameter_the_guard_warns() {
        EngineExecutionResults results = Kit.assertSucceeded(Kit.run(Configured.class));

        assertThat(Kit.reports(results)).containsExactly(Map.of("singletable.scans",
                OPEN_ORDERS_SCAN.formatted("Configured")));
    }

    @Test
    void a_configuration_parameter_that_is_not_a_mode_is_named() {
        Kit.run(Map.of("singletable.scans", "sometimes"), Configured.class).testEvents().assertThatEvents()
                .haveExactly(1, event(test("scans"), finishedWithFailure(
                        instanceOf(ExtensionConfigurationException.class),
                        message("configuration parameter singletable.scans is 'sometimes'; expected fail, warn or"
                                + " allow"))));
    }

    @Tag("test-case")
    @SingleTableTest(design = "orders.table.yaml", fixtures = {"customers.yaml", "orders.yaml"},
            scans = ScanGuard.FAIL)
    static class Fail {
        @Test
        void scans(DynamoDbClient client) {
            new OrderRepository(client, "app").openOrdersByScan();
        }

        @Test
        void queries(DynamoDbClient client) {
            new OrderRepository(client, "app").openOrders();
        }
    }

    @Tag("test-case")
    @SingleTableTest(design = "orders.table.yaml", scans = ScanGuard.FAIL)
    static class ScansTwice {
        @Test
        void scans(DynamoDbClient client) {
            new OrderRepository(client, "app").openOrdersByScan();
            new OrderRepository(client, "app").countEverything();
        }
    }

    @Tag("test-case")
    @SingleTableTest(design = "orders.table.yaml", fixtures = {"customers.yaml", "orders.yaml"},
            scans = ScanGuard.WARN)
    static class Warn {
        @Test
        void scans(DynamoDbClient client) {
            new OrderRepository(client, "app").openOrdersByScan();
        }
    }

    @Tag("test-case")
    @SingleTableTest(design = "orders.table.yaml", scans = ScanGuard.ALLOW)
    static class Allow {
        @Test
        void scans(DynamoDbClient client) {
            new OrderRepository(client, "app").openOrdersByScan();
        }
    }

    @Tag("test-case")
    @SingleTableTest(design = "orders.table.yaml", scans = ScanGuard.FAIL)
    static class AllowedOnMethod {
        @Test
        @AllowScan("the export reads everything")
        void scans(DynamoDbClient client) {
            new OrderRepository(client, "app").countEverything();
        }
    }

    @Tag("test-case")
    @AllowScan
    @SingleTableTest(design = "orders.table.yaml", scans = ScanGuard.FAIL)
    static class AllowedOnClass {
        @Test
        void scans(DynamoDbClient client) {
            new OrderRepository(client, "app").countEverything();
        }
    }

    @Tag("test-case")
    @SingleTableTest(design = "orders.table.yaml", fixtures = {"customers.yaml", "orders.yaml"})
    static class Configured {
        @Test
        void scans(DynamoDbClient client) {
            new OrderRepository(client, "app").openOrdersByScan();
        }
    }
}
