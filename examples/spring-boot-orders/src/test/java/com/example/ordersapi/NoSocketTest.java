package com.example.ordersapi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import dev.singletable.core.SingleTable;
import dev.singletable.engine.RequestLog;
import dev.singletable.engine.model.RequestLogEntry;
import dev.singletable.junit.SingleTableTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledIfSystemProperty;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.test.web.servlet.MockMvc;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** The application's calls reach the engine in-process: they are in the request log, and no socket was opened. */
@SpringBootTest
@AutoConfigureMockMvc
@SingleTableTest(design = "/orders.table.yaml", fixtures = "/orders.fixtures.yaml",
        tableNameProperty = "orders.table-name")
@DisabledIfSystemProperty(named = "singletable.endpoint", matches = ".+",
        disabledReason = "an external endpoint is reached over HTTP")
class NoSocketTest {
    @Autowired
    MockMvc mvc;

    @Test
    void theControllersCallsAreInTheLogAndNoHttpEndpointWasStarted(RequestLog log, SingleTable table,
            @Autowired DynamoDbClient client) throws Exception {
        mvc.perform(get("/customers/42/orders/1001")).andExpect(status().isOk());
        mvc.perform(get("/customers/42/orders")).andExpect(status().isOk());

        assertThat(log.entries()).extracting(RequestLogEntry::operationName).containsExactly("GetItem", "Query");
        assertThat(log.entries()).allSatisfy(entry -> assertThat(entry.table()).contains(table.name()));
        // The bean's endpoint is a host that cannot resolve: its requests never leave the JVM.
        assertThat(client.serviceClientConfiguration().endpointOverride()).hasValueSatisfying(endpoint ->
                assertThat(endpoint.getHost()).endsWith(".invalid"));
        assertThat(System.getProperty("aws.endpointUrlDynamoDb")).isNull();
        assertThat(Thread.getAllStackTraces().keySet()).extracting(Thread::getName)
                .noneMatch(name -> name.startsWith("singletable-http-") || name.startsWith("HTTP-Dispatcher"));
    }
}
