package com.example.ordersapi;

import static dev.singletable.assertions.SingleTableAssertions.assertThat;
import static dev.singletable.assertions.SingleTableAssertions.assertThatAccessPattern;
import static dev.singletable.assertions.SingleTableAssertions.key;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import dev.singletable.core.SingleTable;
import dev.singletable.engine.RequestLog;
import dev.singletable.junit.SingleTableTest;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.MockMvc;

@SpringBootTest
@AutoConfigureMockMvc
@SingleTableTest(design = "/orders.table.yaml", fixtures = "/orders.fixtures.yaml",
        tableNameProperty = "orders.table-name")
class OrdersApiTest {
    @Autowired
    MockMvc mvc;

    @Autowired
    OrderRepository repository;

    @Test
    void listsTheOrdersOfACustomerWithOneQuery(RequestLog log) throws Exception {
        mvc.perform(get("/customers/42/orders"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$[*].orderId").value(org.hamcrest.Matchers.contains("1002", "1001")));

        assertThat(log).hasNoScans().singleQuery().withPartitionKey("CUSTOMER#42");
    }

    @Test
    void placesAnOrder(SingleTable table) throws Exception {
        mvc.perform(post("/customers/42/orders").contentType(MediaType.APPLICATION_JSON)
                        .content("{\"orderId\": \"1010\", \"total\": 18.00}"))
                .andExpect(status().isCreated())
                .andExpect(header().string("Location", "/customers/42/orders/1010"));

        mvc.perform(get("/customers/42/orders/1010")).andExpect(jsonPath("$.status").value("OPEN"));
        assertThat(table.accessPattern("ordersOfCustomer").with("customerId", 42))
                .returnsKeysInOrder(key("CUSTOMER#42", "ORDER#1010"), key("CUSTOMER#42", "ORDER#1002"),
                        key("CUSTOMER#42", "ORDER#1001"));
    }

    @Test
    void theOrderPlacedByTheTestBeforeIsGone() throws Exception {
        mvc.perform(get("/customers/42/orders/1010")).andExpect(status().isNotFound());
    }

    @Test
    void everyAccessPatternIsAQueryAndTheRepositoryServesThem(SingleTable table) {
        assertThat(table).everyAccessPattern();
        assertThatAccessPattern(table, "ordersOfCustomer").isServedBy(() -> repository.ordersOf("42"),
                order -> key("CUSTOMER#42", "ORDER#" + order.orderId()));
        assertThatAccessPattern(table, "ordersByStatus").isServedBy(() -> repository.ordersByStatus("OPEN",
                "2026-01-01", "2026-01-31"), order -> key("CUSTOMER#" + order.customerId(), "ORDER#"
                        + order.orderId()));
    }
}
