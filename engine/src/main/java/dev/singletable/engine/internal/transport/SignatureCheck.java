package dev.singletable.engine.internal.transport;

import dev.singletable.engine.internal.DynamoException;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import software.amazon.awssdk.http.ContentStreamProvider;
import software.amazon.awssdk.http.SdkHttpFullRequest;
import software.amazon.awssdk.http.SdkHttpMethod;
import software.amazon.awssdk.http.auth.aws.signer.AwsV4FamilyHttpSigner;
import software.amazon.awssdk.http.auth.aws.signer.AwsV4HttpSigner;
import software.amazon.awssdk.http.auth.spi.signer.HttpSigner;
import software.amazon.awssdk.http.auth.spi.signer.SignedRequest;
import software.amazon.awssdk.identity.spi.AwsCredentialsIdentity;

/**
 * Checks SigV4 signatures for an endpoint that is reachable beyond loopback: signs the request again with the
 * SDK's own signer, the caller's date and the configured secret, and compares. No cryptography of ours. As DynamoDB
 * does, it refuses a signature dated more than 15 minutes before or after its own clock (the SDKs then correct their
 * clock from the response's Date header and sign again).
 */
public final class SignatureCheck {
    private static final Duration ALLOWED_SKEW = Duration.ofMinutes(15);
    private static final Pattern AUTHORIZATION = Pattern.compile(
            "AWS4-HMAC-SHA256 Credential=([^/]+)/(\\d{8})/([^/]+)/([^/]+)/aws4_request,\\s*"
                    + "SignedHeaders=([^,]+),\\s*Signature=([0-9a-f]+)");
    private static final DateTimeFormatter AMZ_DATE = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'")
            .withZone(ZoneOffset.UTC);

    private final String accessKeyId;
    private final String secretAccessKey;
    private final Clock clock;

    /** Checks against the system clock: clients sign with real time, whatever time the engine's clock shows. */
    public SignatureCheck(String accessKeyId, String secretAccessKey) {
        this(accessKeyId, secretAccessKey, Clock.systemUTC());
    }

    SignatureCheck(String accessKeyId, String secretAccessKey, Clock clock) {
        this.accessKeyId = accessKeyId;
        this.secretAccessKey = secretAccessKey;
        this.clock = clock;
    }

    /** Refuses the request with DynamoDB's error unless it carries a valid, current signature by the configured key. */
    void verify(String method, String target, Headers headers, byte[] body) {
        String authorization = headers.first("Authorization");
        if (authorization == null) {
            throw DynamoException.accessDenied("MissingAuthenticationTokenException",
                    "Request is missing Authentication Token");
        }
        Matcher m = AUTHORIZATION.matcher(authorization);
        if (!m.find()) {
            throw DynamoException.accessDenied("IncompleteSignatureException",
                    "Authorization header requires 'Credential', 'Signature' and 'SignedHeaders' parameters.");
        }
        if (!m.group(1).equals(accessKeyId)) {
            throw DynamoException.accessDenied("UnrecognizedClientException",
                    "The security token included in the request is invalid.");
        }
        Instant date = signingDate(headers);
        checkCurrent(date);
        SdkHttpFullRequest.Builder request = SdkHttpFullRequest.builder()
                .method(SdkHttpMethod.fromValue(method))
                .uri(uri(headers.first("Host"), target));
        for (String name : m.group(5).split(";")) {
            String value = headers.first(name);
            if (value != null) {
                request.putHeader(name, value);
            }
        }
        SignedRequest signed = AwsV4HttpSigner.create().sign(r -> r
                .identity(AwsCredentialsIdentity.create(accessKeyId, secretAccessKey))
                .request(request.build())
                .payload(ContentStreamProvider.fromByteArray(body))
                .putProperty(AwsV4FamilyHttpSigner.SERVICE_SIGNING_NAME, m.group(4))
                .putProperty(AwsV4HttpSigner.REGION_NAME, m.group(3))
                .putProperty(HttpSigner.SIGNING_CLOCK, Clock.fixed(date, ZoneOffset.UTC)));
        String expected = signed.request().firstMatchingHeader("Authorization").orElse("");
        if (!expected.endsWith("Signature=" + m.group(6))) {
            throw mismatch();
        }
    }

    private static DynamoException mismatch() {
        return DynamoException.accessDenied("InvalidSignatureException",
                "The request signature we calculated does not match the signature you provided. Check your AWS "
                        + "Secret Access Key and signing method. Consult the service documentation for details.");
    }

    /** The request's URI as the client signed it, from its Host header and request target. */
    private static URI uri(String host, String target) {
        try {
            return new URI("http://" + host + target);
        } catch (URISyntaxException e) {
            throw mismatch();
        }
    }

    /** DynamoDB's wording, with its dates: the signature's, the bound it crossed, and the server's time. */
    private void checkCurrent(Instant date) {
        Instant now = clock.instant();
        if (date.isBefore(now.minus(ALLOWED_SKEW))) {
            throw DynamoException.accessDenied("InvalidSignatureException", "Signature expired: "
                    + AMZ_DATE.format(date) + " is now earlier than " + AMZ_DATE.format(now.minus(ALLOWED_SKEW))
                    + " (" + AMZ_DATE.format(now) + " - 15 min.)");
        }
        if (date.isAfter(now.plus(ALLOWED_SKEW))) {
            throw DynamoException.accessDenied("InvalidSignatureException", "Signature not yet current: "
                    + AMZ_DATE.format(date) + " is still later than " + AMZ_DATE.format(now.plus(ALLOWED_SKEW))
                    + " (" + AMZ_DATE.format(now) + " + 15 min.)");
        }
    }

    private static Instant signingDate(Headers headers) {
        String date = headers.first("X-Amz-Date");
        try {
            return AMZ_DATE.parse(date == null ? "" : date, Instant::from);
        } catch (DateTimeParseException e) {
            throw DynamoException.accessDenied("IncompleteSignatureException",
                    "Authorization header requires existence of either a 'X-Amz-Date' or a 'Date' header.");
        }
    }
}
