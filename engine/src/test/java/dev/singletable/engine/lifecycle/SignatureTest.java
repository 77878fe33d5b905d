package dev.singletable.engine.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.singletable.engine.DynamoDbEngine;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;

/** With credentials configured, the HTTP endpoint serves only requests signed with them (SigV4). */
class SignatureTest {
    DynamoDbEngine engine;

    @BeforeEach
    void start() {
        engine = DynamoDbEngine.builder().credentials("AKIDEXAMPLE", "wJalrXUtnFEMI").build();
    }

    @AfterEach
    void stop() {
        engine.close();
    }

    @Test
    void should_serve_a_request_signed_with_the_configured_key() {
        Tables.createOrders(client("AKIDEXAMPLE", "wJalrXUtnFEMI"), "app");

        assertThat(client("AKIDEXAMPLE", "wJalrXUtnFEMI").listTables().tableNames()).containsExactly("app");
    }

    @Test
    void should_refuse_a_wrong_secret_with_invalid_signature() {
        assertThatThrownBy(() -> client("AKIDEXAMPLE", "not-the-secret").listTables())
                .isInstanceOfSatisfying(DynamoDbException.class, e -> {
                    assertThat(e.awsErrorDetails().errorCode()).isEqualTo("InvalidSignatureException");
                    assertThat(e.awsErrorDetails().errorMessage()).startsWith(
                            "The request signature we calculated does not match the signature you provided.");
                });
        assertThat(engine.requestLog().entries()).allSatisfy(e ->
                assertThat(e.errorType()).hasValue("InvalidSignatureException"));
    }

    @Test
    void should_refuse_an_unknown_access_key() {
        assertThatThrownBy(() -> client("AKIDOTHER", "wJalrXUtnFEMI").listTables())
                .isInstanceOfSatisfying(DynamoDbException.class, e -> {
                    assertThat(e.awsErrorDetails().errorCode()).isEqualTo("UnrecognizedClientException");
                    assertThat(e.awsErrorDetails().errorMessage())
                            .isEqualTo("The security token included in the request is invalid.");
                });
    }

    @Test
    void should_refuse_an_unsigned_request() throws Exception {
        HttpResponse<String> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(engine.httpEndpoint())
                .header("X-Amz-Target", "DynamoDB_20120810.ListTables")
                .header("Content-Type", "application/x-amz-json-1.0")
                .POST(HttpRequest.BodyPublishers.ofString("{}")).build(), HttpResponse.BodyHandlers.ofString());

        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(response.body()).isEqualTo("{\"__type\":\"com.amazon.coral.service#MissingAuthenticationTokenException\","
                + "\"message\":\"Request is missing Authentication Token\"}");
    }

    @Test
    void should_not_check_signatures_on_the_in_memory_transport() {
        assertThat(engine.client().listTables().tableNames()).isEmpty();
    }

    private DynamoDbClient client(String accessKeyId, String secret) {
        return DynamoDbClient.builder().endpointOverride(engine.httpEndpoint())
                .httpClient(UrlConnectionHttpClient.create()).region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create(accessKeyId, secret)))
                .overrideConfiguration(c -> c.retryStrategy(r -> r.maxAttempts(1)))
                .build();
    }
}
