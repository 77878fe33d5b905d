package com.example.ordersapi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.test.web.servlet.MockMvc;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * A test that needs no table, with the same configuration as the classes that do: Spring caches its context, with
 * the application's own client for the region's DynamoDB, and never hands that context to a class with
 * {@code @SingleTableTest}, whose table is part of its context's cache key.
 */
@SpringBootTest
@AutoConfigureMockMvc
class ApplicationStartsTest {
    @Autowired
    MockMvc mvc;

    @Test
    void refusesAnUnknownStatusRangeWithoutAskingDynamoDb(@Autowired DynamoDbClient client) throws Exception {
        mvc.perform(get("/orders").param("status", "OPEN")).andExpect(status().isBadRequest());

        assertThat(client.serviceClientConfiguration().region().id()).isEqualTo("eu-west-1");
        assertThat(client.serviceClientConfiguration().endpointOverride()).isEmpty();
    }
}
