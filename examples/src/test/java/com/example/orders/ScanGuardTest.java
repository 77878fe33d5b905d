package com.example.orders;

import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

import dev.singletable.core.SingleTable;
import dev.singletable.junit.ScanGuard;
import dev.singletable.junit.SingleTableTest;
import java.math.BigDecimal;
import org.junit.jupiter.api.Test;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.testkit.engine.EngineTestKit;

/** The deliberately bad repository method, and what the Scan guard says about it. */
class ScanGuardTest {

    // tag::scan-guard[]
    @SingleTableTest(design = "orders.table.yaml", fixtures = "orders.fixtures.yaml", scans = ScanGuard.FAIL)
    static class BigOrdersTest {
        @Test
        void findsBigOrders(SingleTable table) {
            new OrderRepository(table.client(), table.name()).ordersAbove(new BigDecimal("50"));
        }
    }
    // end::scan-guard[]

    @Test
    void theGuardFailsATestWhoseCodeScansNamingTheFilterAndTheCaller() {
        // The test kit's run is a run of its own: its coverage is not this build's, so it records none.
        EngineTestKit.engine("junit-jupiter").configurationParameter("singletable.coverage", "off")
                .selectors(DiscoverySelectors.selectClass(BigOrdersTest.class)).execute()
                .testEvents().assertThatEvents().haveExactly(1, event(test("findsBigOrders"), finishedWithFailure(
                        message("""
                                1 Scan ran on table 'orders' during BigOrdersTest.findsBigOrders(); a single-table \
                                design answers every access pattern with a Query:
                                  Scan of the table with filter begins_with(SK, "ORDER#") AND total > 50, called from \
                                com.example.orders.OrderRepository.ordersAbove(OrderRepository.java:197)
                                Query a key instead, or annotate the test or its class with @AllowScan if it must \
                                read everything."""))));
    }
}
