package dev.singletable.engine.control;

import static org.assertj.core.api.Assertions.assertThat;

import dev.singletable.engine.EngineTest;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.DescribeLimitsResponse;
import software.amazon.awssdk.services.dynamodb.model.Endpoint;

/** DescribeEndpoints and DescribeLimits. */
class AccountOperationsTest extends EngineTest {

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
