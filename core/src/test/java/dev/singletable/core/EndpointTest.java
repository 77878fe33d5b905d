package dev.singletable.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.singletable.engine.DynamoDbEngine;
import java.net.URI;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsCredentials;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** The one endpoint policy: AWS or emulator, credentials, region, and clients that reach the endpoint. */
class EndpointTest {

    @AfterEach
    void clearProperties() {
        System.clearProperty("aws.region");
        System.clearProperty("aws.accessKeyId");
        System.clearProperty("aws.secretAccessKey");
    }

    @Test
    void aws_hosts_are_dynamodb_and_every_other_host_is_an_emulator() {
        assertThat(Endpoint.parse("https://dynamodb.eu-west-1.amazonaws.com").isAws()).isTrue();
        assertThat(Endpoint.parse("https://dynamodb.cn-north-1.amazonaws.com.cn").isAws()).isTrue();
        assertThat(Endpoint.parse("https://dynamodb.us-east-1.api.aws").isAws()).isTrue();
        assertThat(Endpoint.parse("http://localhost:8000").isAws()).isFalse();
        assertThat(Endpoint.parse("http://localstack:4566").isAws()).isFalse();
        assertThat(Endpoint.parse("http://amazonaws.com.example:8000").isAws()).isFalse();
    }

    @Test
    void leftover_tables_are_dropped_on_an_emulator_unless_asked_not_to_and_on_dynamodb_only_when_asked() {
        Endpoint aws = Endpoint.parse("https://dynamodb.eu-west-1.amazonaws.com");
        Endpoint emulator = Endpoint.parse("http://localhost:8000");

        assertThat(aws.dropsLeftovers(Optional.empty())).isFalse();
        assertThat(aws.dropsLeftovers(Optional.of(true))).isTrue();
        assertThat(emulator.dropsLeftovers(Optional.empty())).isTrue();
        assertThat(emulator.dropsLeftovers(Optional.of(false))).isFalse();
    }

    @Test
    void anything_but_an_http_url_with_a_host_is_refused() {
        assertThatThrownBy(() -> Endpoint.parse("localhost:8000")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("'localhost:8000' is not an endpoint; expected an http:// or https:// URL such as"
                        + " http://localhost:8000");
        assertThatThrownBy(() -> Endpoint.of(URI.create("ftp://host"))).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void loopback_is_this_machine_only() {
        assertThat(Endpoint.isLoopback("127.0.0.1")).isTrue();
        assertThat(Endpoint.isLoopback("localhost")).isTrue();
        assertThat(Endpoint.isLoopback("0.0.0.0")).isFalse();
        assertThat(Endpoint.isLoopback("no-such-host.invalid")).isFalse();
    }

    @Test
    void a_configured_region_wins_and_system_settings_come_next() {
        Endpoint emulator = Endpoint.parse("http://localhost:8000");
        assertThat(emulator.region(Optional.of("eu-west-3"))).contains(Region.EU_WEST_3);
        System.setProperty("aws.region", "ap-south-1");
        assertThat(emulator.region(Optional.empty())).contains(Region.AP_SOUTH_1);
        assertThat(Endpoint.parse("https://dynamodb.ap-south-1.amazonaws.com").region(Optional.empty()))
                .contains(Region.AP_SOUTH_1);
    }

    @Test
    void an_emulator_takes_configured_credentials_and_otherwise_needs_none() {
        Endpoint emulator = Endpoint.parse("http://localhost:8000");
        assertThat(emulator.credentials().resolveCredentials()).isNotNull();
        System.setProperty("aws.accessKeyId", "AKIDEXAMPLE");
        System.setProperty("aws.secretAccessKey", "secret");
        AwsCredentials credentials = emulator.credentials().resolveCredentials();
        assertThat(credentials.accessKeyId()).isEqualTo("AKIDEXAMPLE");
    }

    @Test
    void a_client_by_the_policy_reaches_the_endpoint() {
        try (DynamoDbEngine engine = DynamoDbEngine.create();
                DynamoDbClient client = Endpoint.of(engine.httpEndpoint()).client(Region.US_EAST_1)) {
            Provisioner.of(engine).provision(Resources.ordersDesign(), "orders", java.util.List.of());

            assertThat(client.listTables().tableNames()).containsExactly("orders");
            assertThat(client.serviceClientConfiguration().overrideConfiguration().apiCallAttemptTimeout())
                    .contains(Endpoint.ATTEMPT_TIMEOUT);
        }
    }
}
