package dev.singletable.engine.control;

import static org.assertj.core.api.Assertions.assertThat;

import dev.singletable.engine.DynamoDbEngine;
import dev.singletable.engine.Transport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.DescribeLimitsResponse;
import software.amazon.awssdk.services.dynamodb.model.Endpoint;

/** DescribeEndpoints and DescribeLimits. */
@ParameterizedClass
@EnumSource(Transport.class)
class AccountOperationsTest {
    @Parameter
    Transport transport;

    DynamoDbEngine engine;
    DynamoDbClient client;

    @BeforeEach
    void start() {
        engine = DynamoDbEngine.create();
        client = transport.client(engine);
    }

    @AfterEach
    void stop() {
        engine.close();
    }

    @Test
    void should_describe_the_regional_endpoint() {
        assertThat(client.describeEndpoints().endpoints()).containsExactly(
                Endpoint.builder().address("dynamodb.us-east-1.amazonaws.com").cachePeriodInMinutes(1440L).build());
    }

    @Test
    void should_describe_the_default_capacity_limits() {
        DescribeLimitsResponse limits = client.describeLimits();

        assertThat(limits.accountMaxReadCapacityUnits()).isEqualTo(80_000);
        assertThat(limits.accountMaxWriteCapacityUnits()).isEqualTo(80_000);
        assertThat(limits.tableMaxReadCapacityUnits()).isEqualTo(40_000);
        assertThat(limits.tableMaxWriteCapacityUnits()).isEqualTo(40_000);
    }
}
