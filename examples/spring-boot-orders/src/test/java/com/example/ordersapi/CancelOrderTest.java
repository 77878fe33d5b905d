package com.example.ordersapi;

import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import dev.singletable.junit.SingleTableTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledIfSystemProperty;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.test.web.servlet.MockMvc;

/** Cancelling is a transaction: the order's status and its place on GSI1 change together, only while it is open. */
@SpringBootTest
@AutoConfigureMockMvc
@SingleTableTest(design = "/orders.table.yaml", fixtures = "/orders.fixtures.yaml",
        tableNameProperty = "orders.table-name")
@DisabledIfSystemProperty(named = "peer", matches = "dynalite",
        disabledReason = "dynalite has no TransactWriteItems")
class CancelOrderTest {
    @Autowired
    MockMvc mvc;

    @Test
    void anOpenOrderIsCancelledAndListedUnderItsNewStatus() throws Exception {
        mvc.perform(post("/customers/42/orders/1001/cancel")).andExpect(status().isNoContent());

        mvc.perform(get("/customers/42/orders/1001")).andExpect(jsonPath("$.status").value("CANCELLED"));
        mvc.perform(get("/orders").param("status", "CANCELLED").param("from", "2026-01-01").param("to", "2026-01-31"))
                .andExpect(jsonPath("$[0].orderId").value("1001"));
    }

    @Test
    void anOrderThatIsNotOpenCannotBeCancelled() throws Exception {
        mvc.perform(post("/customers/42/orders/1002/cancel")).andExpect(status().isConflict());

        mvc.perform(get("/customers/42/orders/1002")).andExpect(jsonPath("$.status").value("SHIPPED"));
    }
}
