package dev.singletable.engine.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.singletable.engine.DynamoDbEngine;
import dev.singletable.engine.Transport;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.zip.CRC32;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.http.SdkHttpRequest;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * Compressed bodies both ways: requests with {@code Content-Encoding: gzip} (or deflate) are read, and answers are
 * gzip-compressed for clients that send {@code Accept-Encoding: gzip}, with the CRC32 header over the compressed
 * bytes as DynamoDB computes it (the SDKs check it before decompressing).
 */
class CompressionTest {
    private static final String ITEM_KEY = "{\"TableName\":\"app\",\"Key\":{\"PK\":{\"S\":\"p\"}}}";

    DynamoDbEngine engine;
    URI endpoint;
    HttpClient http = HttpClient.newHttpClient();

    @BeforeEach
    void start() {
        engine = DynamoDbEngine.create();
        endpoint = engine.httpEndpoint();
        engine.client().createTable(b -> b.tableName("app").billingMode("PAY_PER_REQUEST")
                .attributeDefinitions(a -> a.attributeName("PK").attributeType(ScalarAttributeType.S))
                .keySchema(k -> k.attributeName("PK").keyType(KeyType.HASH)));
    }

    @AfterEach
    void stop() {
        engine.close();
    }

    // --- through the SDK

    @Test
    void should_serve_an_sdk_client_that_compresses_its_requests() {
        DynamoDbClient client = Transport.HTTP.clientBuilder(engine)
                .overrideConfiguration(o -> o.addExecutionInterceptor(new GzipRequests())).build();

        client.putItem(b -> b.tableName("app").item(Map.of("PK", AttributeValue.fromS("p"),
                "text", AttributeValue.fromS("compressible ".repeat(1000)))));

        assertThat(engine.client().getItem(b -> b.tableName("app").key(Map.of("PK", AttributeValue.fromS("p"))))
                .item().get("text").s()).isEqualTo("compressible ".repeat(1000));
    }

    @Test
    void should_answer_an_sdk_client_that_accepts_gzip_with_a_compressed_answer_it_can_check() {
        engine.client().putItem(b -> b.tableName("app").item(Map.of("PK", AttributeValue.fromS("p"),
                "text", AttributeValue.fromS("compressible ".repeat(1000)))));
        // the SDK checks the CRC32 header against the bytes received, then decompresses: a CRC of the uncompressed
        // body would fail the call
        DynamoDbClient client = Transport.HTTP.clientBuilder(engine)
                .overrideConfiguration(o -> o.putHeader("Accept-Encoding", "gzip")
                        .retryStrategy(r -> r.maxAttempts(1))).build();

        assertThat(client.getItem(b -> b.tableName("app").key(Map.of("PK", AttributeValue.fromS("p"))))
                .item().get("text").s()).isEqualTo("compressible ".repeat(1000));
    }

    /** Compresses every request body, as SDKs with request compression do, before the request is signed. */
    private static final class GzipRequests implements ExecutionInterceptor {
        @Override
        public SdkHttpRequest modifyHttpRequest(Context.ModifyHttpRequest context, ExecutionAttributes attributes) {
            return context.httpRequest().toBuilder().putHeader("Content-Encoding", "gzip")
                    .putHeader("Content-Length", Integer.toString(compressed(context).length)).build();
        }

        @Override
        public Optional<RequestBody> modifyHttpContent(Context.ModifyHttpRequest context,
                                                                 ExecutionAttributes attributes) {
            return Optional.of(RequestBody.fromBytes(compressed(context)));
        }

        private static byte[] compressed(Context.ModifyHttpRequest context) {
            try {
                return gzip(context.requestBody().orElseThrow().contentStreamProvider().newStream().readAllBytes());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    // --- answers, on the wire

    @Test
    void should_compress_the_answer_and_send_the_crc32_of_the_compressed_bytes() throws Exception {
        putItem();
        HttpResponse<byte[]> plain = post("GetItem", ITEM_KEY.getBytes(StandardCharsets.UTF_8), null, null);
        HttpResponse<byte[]> compressed = post("GetItem", ITEM_KEY.getBytes(StandardCharsets.UTF_8), null, "gzip");

        assertThat(plain.headers().firstValue("Content-Encoding")).isEmpty();
        assertThat(compressed.headers().firstValue("Content-Encoding")).hasValue("gzip");
        assertThat(compressed.headers().firstValue("x-amz-crc32")).hasValue(Long.toString(crc32(compressed.body())));
        assertThat(compressed.headers().firstValue("Content-Length"))
                .hasValue(Integer.toString(compressed.body().length));
        assertThat(gunzip(compressed.body())).isEqualTo(plain.body());
    }

    @Test
    void should_follow_the_weights_of_accept_encoding() throws Exception {
        byte[] body = "{}".getBytes(StandardCharsets.UTF_8);

        assertThat(encoding(post("ListTables", body, null, "gzip;q=0"))).isEmpty();
        assertThat(encoding(post("ListTables", body, null, "identity"))).isEmpty();
        assertThat(encoding(post("ListTables", body, null, "br, *;q=0.1"))).hasValue("gzip");
        assertThat(encoding(post("ListTables", body, null, "deflate, gzip;q=0.5"))).hasValue("gzip");
        assertThat(encoding(post("ListTables", body, null, "*;q=1, gzip;q=0"))).isEmpty();
    }

    @Test
    void should_send_an_empty_answer_uncompressed() throws Exception {
        HttpResponse<byte[]> response = post("TagResource", ("{\"ResourceArn\":\"arn:aws:dynamodb:us-east-1:"
                + "000000000000:table/app\",\"Tags\":[{\"Key\":\"k\",\"Value\":\"v\"}]}").getBytes(StandardCharsets.UTF_8),
                null, "gzip");

        assertThat(response.body()).isEmpty();
        assertThat(encoding(response)).isEmpty();
    }

    // --- requests, on the wire

    @Test
    void should_read_gzip_deflate_and_concatenated_gzip_requests() throws Exception {
        String put = "{\"TableName\":\"app\",\"Item\":{\"PK\":{\"S\":\"p\"},\"n\":{\"N\":\"%d\"}}}";
        byte[] first = String.format(put, 1).getBytes(StandardCharsets.UTF_8);
        byte[] second = String.format(put, 2).getBytes(StandardCharsets.UTF_8);
        byte[] third = String.format(put, 3).getBytes(StandardCharsets.UTF_8);

        assertThat(post("PutItem", gzip(first), "gzip", null).statusCode()).isEqualTo(200);
        assertThat(number()).isEqualTo("1");
        assertThat(post("PutItem", deflate(second), "deflate", null).statusCode()).isEqualTo(200);
        assertThat(number()).isEqualTo("2");
        byte[] members = concat(gzip(Arrays.copyOf(third, 10)),
                gzip(Arrays.copyOfRange(third, 10, third.length)));
        assertThat(post("PutItem", members, "gzip", null).statusCode()).isEqualTo(200);
        assertThat(number()).isEqualTo("3");
    }

    @Test
    void should_answer_a_body_that_is_not_what_its_encoding_says_with_an_internal_server_error() throws Exception {
        byte[] put = "{\"TableName\":\"app\",\"Item\":{\"PK\":{\"S\":\"p\"}}}".getBytes(StandardCharsets.UTF_8);
        byte[] truncated = Arrays.copyOf(gzip(put), gzip(put).length - 1);

        for (HttpResponse<byte[]> response : List.of(post("PutItem", put, "gzip", null),
                post("PutItem", truncated, "gzip", null), post("PutItem", new byte[0], "gzip", null),
                post("PutItem", put, "deflate", null), post("PutItem", put, "garbage", null))) {
            assertThat(response.statusCode()).isEqualTo(500);
            assertThat(new String(response.body(), StandardCharsets.UTF_8))
                    .startsWith("{\"__type\":\"com.amazonaws.dynamodb.v20120810#InternalServerError\"");
        }
        assertThat(engine.client().scan(b -> b.tableName("app")).count()).isZero();
    }

    @Test
    void should_refuse_a_request_that_decompresses_to_more_than_16_mb() throws Exception {
        byte[] huge = ("{\"TableName\":\"app\",\"Item\":{\"PK\":{\"S\":\"p\"}}" + " ".repeat(17 * 1024 * 1024) + "}")
                .getBytes(StandardCharsets.UTF_8);

        HttpResponse<byte[]> response = post("PutItem", gzip(huge), "gzip", null);

        assertThat(response.statusCode()).isEqualTo(413);
        assertThat(engine.client().scan(b -> b.tableName("app")).count()).isZero();
    }

    // --- helpers

    private void putItem() {
        engine.client().putItem(b -> b.tableName("app").item(Map.of("PK", AttributeValue.fromS("p"),
                "text", AttributeValue.fromS("compressible ".repeat(100)))));
    }

    private String number() {
        return engine.client().getItem(b -> b.tableName("app").key(Map.of("PK", AttributeValue.fromS("p"))))
                .item().get("n").n();
    }

    private HttpResponse<byte[]> post(String operation, byte[] body, String contentEncoding, String acceptEncoding)
            throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(endpoint)
                .header("Content-Type", "application/x-amz-json-1.0")
                .header("X-Amz-Target", "DynamoDB_20120810." + operation)
                .POST(HttpRequest.BodyPublishers.ofByteArray(body));
        if (contentEncoding != null) {
            request.header("Content-Encoding", contentEncoding);
        }
        if (acceptEncoding != null) {
            request.header("Accept-Encoding", acceptEncoding);
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    private static Optional<String> encoding(HttpResponse<byte[]> response) {
        return response.headers().firstValue("Content-Encoding");
    }

    private static byte[] gzip(byte[] bytes) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gzip = new GZIPOutputStream(out)) {
            gzip.write(bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    private static byte[] deflate(byte[] bytes) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (DeflaterOutputStream deflate = new DeflaterOutputStream(out)) {
            deflate.write(bytes);
        }
        return out.toByteArray();
    }

    private static byte[] gunzip(byte[] bytes) throws IOException {
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(bytes))) {
            return in.readAllBytes();
        }
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] both = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, both, a.length, b.length);
        return both;
    }

    private static long crc32(byte[] bytes) {
        CRC32 crc = new CRC32();
        crc.update(bytes);
        return crc.getValue();
    }
}
