package dev.singletable.engine.internal.transport;

import dev.singletable.engine.internal.DynamoException;
import java.net.URI;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
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
 * SDK's own signer, the caller's date and the configured secret, and compares. No cryptography of ours.
 */
public final class SignatureCheck {
    private static final Pattern AUTHORIZATION = Pattern.compile(
            "AWS4-HMAC-SHA256 Credential=([^/]+)/(\\d{8})/([^/]+)/([^/]+)/aws4_request,\\s*"
                    + "SignedHeaders=([^,]+),\\s*Signature=([0-9a-f]+)");
    private static final DateTimeFormatter AMZ_DATE = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'")
            .withZone(ZoneOffset.UTC);

    private final String accessKeyId;
    private final String secretAccessKey;

    public SignatureCheck(String accessKeyId, String secretAccessKey) {
        this.accessKeyId = accessKeyId;
        this.secretAccessKey = secretAccessKey;
    }

    /** Refuses the request with DynamoDB's error unless it carries a valid signature by the configured key. */
    public void verify(String method, URI uri, Map<String, List<String>> headers, byte[] body) {
        String authorization = header(headers, "Authorization");
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
        SdkHttpFullRequest.Builder request = SdkHttpFullRequest.builder()
                .method(SdkHttpMethod.fromValue(method))
                .uri(uri);
        for (String name : m.group(5).split(";")) {
            String value = header(headers, name);
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
            throw DynamoException.accessDenied("InvalidSignatureException",
                    "The request signature we calculated does not match the signature you provided. Check your AWS "
                            + "Secret Access Key and signing method. Consult the service documentation for details.");
        }
    }

    private static Instant signingDate(Map<String, List<String>> headers) {
        String date = header(headers, "X-Amz-Date");
        try {
            return AMZ_DATE.parse(date == null ? "" : date, Instant::from);
        } catch (DateTimeParseException e) {
            throw DynamoException.accessDenied("IncompleteSignatureException",
                    "Authorization header requires existence of either a 'X-Amz-Date' or a 'Date' header.");
        }
    }

    private static String header(Map<String, List<String>> headers, String name) {
        for (Map.Entry<String, List<String>> e : headers.entrySet()) {
            if (e.getKey().toLowerCase(Locale.ROOT).equals(name.toLowerCase(Locale.ROOT)) && !e.getValue().isEmpty()) {
                return e.getValue().get(0);
            }
        }
        return null;
    }
}
