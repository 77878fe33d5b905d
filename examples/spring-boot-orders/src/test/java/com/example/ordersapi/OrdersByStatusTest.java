package com.example.ordersapi;

import static dev.singletable.assertions.SingleTableAssertions.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import dev.singletable.engine.RequestLog;
import dev.singletable.junit.SingleTableTest;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.MockMvc;

/**
 * Runs at the same time as {@link OrdersApiTest} (classes run in parallel): the two get tables of their own, and
 * the orders one places never show up in the other's lists.
 */
@SpringBootTest
@AutoConfigureMockMvc
@SingleTableTest(design = "/orders.table.yaml", fixtures = "/orders.fixtures.yaml",
        tableNameProperty = "orders.table-name")
class OrdersByStatusTest {
    @Autowired
    MockMvc mvc;

    @Test
    void openOrdersOfJanuaryNewestFirstWithOneQueryOnGsi1(RequestLog log) throws Exception {
        mvc.perform(get("/orders").param("status", "OPEN").param("from", "2026-01-01").param("to", "2026-01-31"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$[*].orderId").value(contains("1004", "1001")));

        assertThat(log).hasNoScans().singleQuery().onIndex("GSI1");
    }

    @Test
    void aNewOrderIsListedUnderItsStatus() throws Exception {
        mvc.perform(post("/customers/7/orders").contentType(MediaType.APPLICATION_JSON)
                .content("{\"orderId\": \"2001\", \"total\": 5}")).andExpect(status().isCreated());

        mvc.perform(get("/orders").param("status", "OPEN").param("from", "2026-01-01").param("to", "2999-12-31"))
                .andExpect(jsonPath("$[0].orderId").value("2001"));
    }

    @Test
    void aBadDayIsRefusedBeforeTheTableIsAsked(RequestLog log) throws Exception {
        mvc.perform(get("/orders").param("status", "OPEN").param("from", "January").param("to", "2026-01-31"))
                .andExpect(status().isBadRequest());

        assertThat(log).hasOperationCount("Query", 0);
    }
}
