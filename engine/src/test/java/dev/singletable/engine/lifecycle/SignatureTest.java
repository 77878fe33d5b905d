package dev.singletable.engine.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.singletable.engine.DynamoDbEngine;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.ContentStreamProvider;
import software.amazon.awssdk.http.SdkHttpFullRequest;
import software.amazon.awssdk.http.SdkHttpMethod;
import software.amazon.awssdk.http.SdkHttpRequest;
import software.amazon.awssdk.http.auth.aws.signer.AwsV4FamilyHttpSigner;
import software.amazon.awssdk.http.auth.aws.signer.AwsV4HttpSigner;
import software.amazon.awssdk.http.auth.spi.signer.HttpSigner;
import software.amazon.awssdk.identity.spi.AwsCredentialsIdentity;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;

/**
 * With credentials configured, the HTTP endpoint serves only requests signed with them (SigV4), and dated within
 * 15 minutes of its clock, as DynamoDB does.
 */
class SignatureTest {
    private static final DateTimeFormatter AMZ_DATE = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'")
            .withZone(ZoneOffset.UTC);

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
    void should_refuse_a_signature_dated_more_than_15_minutes_ago_in_dynamodbs_words() throws Exception {
        Instant signed = Instant.now().minus(Duration.ofMinutes(20));

        assertRefused(sendSigned(signed), "Signature expired: (\\w+) is now earlier than (\\w+) \\((\\w+) - 15 min\\.\\)",
                signed, Duration.ofMinutes(-15));
    }

    @Test
    void should_refuse_a_signature_dated_more_than_15_minutes_ahead_in_dynamodbs_words() throws Exception {
        Instant signed = Instant.now().plus(Duration.ofMinutes(20));

        assertRefused(sendSigned(signed), "Signature not yet current: (\\w+) is still later than (\\w+) "
                + "\\((\\w+) \\+ 15 min\\.\\)", signed, Duration.ofMinutes(15));
    }

    /**
     * An InvalidSignatureException whose message names the signature's date, the bound it crossed and the server's
     * time; the bound is the server's time (now, give or take the test's run) moved by {@code skew}.
     */
    private static void assertRefused(HttpResponse<String> response, String message, Instant signed, Duration skew) {
        assertThat(response.statusCode()).isEqualTo(400);
        Matcher matcher = Pattern.compile("\\{\"__type\":\"com\\.amazon\\.coral\\.service#InvalidSignatureException\","
                + "\"message\":\"" + message + "\"}").matcher(response.body());
        assertThat(matcher.matches()).as(response.body()).isTrue();
        assertThat(matcher.group(1)).isEqualTo(AMZ_DATE.format(signed));
        Instant now = AMZ_DATE.parse(matcher.group(3), Instant::from);
        assertThat(now).isBetween(Instant.now().minusSeconds(60), Instant.now().plusSeconds(1));
        assertThat(AMZ_DATE.parse(matcher.group(2), Instant::from)).isEqualTo(now.plus(skew));
    }

    @Test
    void should_serve_a_signature_dated_within_15_minutes_either_way() throws Exception {
        assertThat(sendSigned(Instant.now().minus(Duration.ofMinutes(14))).statusCode()).isEqualTo(200);
        assertThat(sendSigned(Instant.now().plus(Duration.ofMinutes(14))).statusCode()).isEqualTo(200);
    }

    /** A ListTables signed with the configured key by the SDK's own signer, as if the client's clock showed {@code date}. */
    private HttpResponse<String> sendSigned(Instant date) throws Exception {
        byte[] body = "{}".getBytes(StandardCharsets.UTF_8);
        SdkHttpFullRequest request = SdkHttpFullRequest.builder().method(SdkHttpMethod.POST).uri(engine.httpEndpoint())
                .putHeader("Content-Type", "application/x-amz-json-1.0")
                .putHeader("X-Amz-Target", "DynamoDB_20120810.ListTables").build();
        SdkHttpRequest signed = AwsV4HttpSigner.create().sign(r -> r
                .identity(AwsCredentialsIdentity.create("AKIDEXAMPLE", "wJalrXUtnFEMI"))
                .request(request)
                .payload(ContentStreamProvider.fromByteArray(body))
                .putProperty(AwsV4FamilyHttpSigner.SERVICE_SIGNING_NAME, "dynamodb")
                .putProperty(AwsV4HttpSigner.REGION_NAME, "us-east-1")
                .putProperty(HttpSigner.SIGNING_CLOCK, Clock.fixed(date, ZoneOffset.UTC))).request();
        HttpRequest.Builder http = HttpRequest.newBuilder(engine.httpEndpoint())
                .POST(HttpRequest.BodyPublishers.ofByteArray(body));
        signed.forEachHeader((name, values) -> {
            if (!name.equalsIgnoreCase("Host")) {
                http.header(name, values.get(0));
            }
        });
        return HttpClient.newHttpClient().send(http.build(), HttpResponse.BodyHandlers.ofString());
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
