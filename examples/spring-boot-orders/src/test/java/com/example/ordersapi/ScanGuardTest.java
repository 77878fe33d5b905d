package com.example.ordersapi;

import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import dev.singletable.junit.ScanGuard;
import dev.singletable.junit.SingleTableTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.test.web.servlet.MockMvc;

/** The report nobody designed for Scans, and a test that calls it fails naming the repository's line. */
class ScanGuardTest {

    @Tag("test-case")
    @SpringBootTest
    @AutoConfigureMockMvc
    @SingleTableTest(design = "/orders.table.yaml", fixtures = "/orders.fixtures.yaml",
            tableNameProperty = "orders.table-name", scans = ScanGuard.FAIL)
    static class BigOrdersTest {
        @Autowired
        MockMvc mvc;

        @Test
        void listsBigOrders() throws Exception {
            mvc.perform(get("/orders/above").param("total", "50")).andExpect(status().isOk());
        }
    }

    @Test
    void aTestWhoseRequestMakesTheRepositoryScanFailsNamingTheRepositorysLine() {
        EngineTestKit.engine("junit-jupiter").selectors(DiscoverySelectors.selectClass(BigOrdersTest.class)).execute()
                .testEvents().assertThatEvents().haveExactly(1, event(test("listsBigOrders"), finishedWithFailure(
                        message(m -> m.matches("(?s)1 Scan ran on table 'orders'.* during BigOrdersTest.listsBigOrders\\(\\);"
                                + " a single-table design answers every access pattern with a Query:\n"
                                + "  Scan of the table with filter begins_with\\(SK, \"ORDER#\"\\) AND total > 50,"
                                + " called from com.example.ordersapi.OrderRepository.ordersAbove\\(OrderRepository"
                                + "\\.java:\\d+\\)\n.*")))));
    }
}
