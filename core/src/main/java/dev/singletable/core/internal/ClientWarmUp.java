package dev.singletable.core.internal;

import dev.singletable.engine.DynamoDbEngine;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import software.amazon.awssdk.http.AbortableInputStream;
import software.amazon.awssdk.http.ExecutableHttpRequest;
import software.amazon.awssdk.http.HttpExecuteRequest;
import software.amazon.awssdk.http.HttpExecuteResponse;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.SdkHttpFullResponse;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * What a cold JVM pays before a test's first call answers — the engine's JSON wire (set up with its first client),
 * building that client, and the first pass of each common operation through the SDK's pipeline — done on a thread
 * of its own while the first class reads its design and seeds its table, which need none of it. The calls go
 * through a client of the same configuration whose transport answers {@code {}} at once: nothing reaches the
 * engine or its request log.
 */
final class ClientWarmUp {
    private static final Map<String, AttributeValue> KEY = Map.of("PK", AttributeValue.fromS("warm-up"));
    /**
     * Whether an earlier engine of this JVM took the operations through the pipeline: that pass loads the SDK's
     * classes and links its call sites once per JVM, so later engines only build their client.
     */
    private static final AtomicBoolean OPERATIONS_PASSED = new AtomicBoolean();

    private ClientWarmUp() {
    }

    /** Starts warming up on a daemon thread; a failure there changes nothing but the first calls' speed. */
    static void start(DynamoDbEngine engine) {
        Thread thread = new Thread(() -> run(engine), "singletable-client-warm-up");
        thread.setDaemon(true);
        thread.start();
    }

    private static void run(DynamoDbEngine engine) {
        engine.client();
        if (!OPERATIONS_PASSED.compareAndSet(false, true)) {
            return;
        }
        try (DynamoDbClient client = engine.clientBuilder().httpClient(new EmptyAnswers()).build()) {
            client.getItem(r -> r.tableName("warm-up").key(KEY));
            client.query(r -> r.tableName("warm-up").keyConditionExpression("PK = :pk")
                    .expressionAttributeValues(Map.of(":pk", KEY.get("PK"))));
            client.putItem(r -> r.tableName("warm-up").item(KEY));
            client.updateItem(r -> r.tableName("warm-up").key(KEY).updateExpression("SET n = :n")
                    .expressionAttributeValues(Map.of(":n", AttributeValue.fromN("1"))));
        } catch (RuntimeException e) {
            // nothing depends on the warm-up: the first calls only stay slower
        }
    }

    /** Answers every request with an empty JSON object: a valid, empty response to each operation above. */
    private static final class EmptyAnswers implements SdkHttpClient {
        private static final byte[] EMPTY = "{}".getBytes(StandardCharsets.UTF_8);

        @Override
        public ExecutableHttpRequest prepareRequest(HttpExecuteRequest request) {
            return new ExecutableHttpRequest() {
                @Override
                public HttpExecuteResponse call() {
                    return HttpExecuteResponse.builder()
                            .response(SdkHttpFullResponse.builder().statusCode(200)
                                    .putHeader("Content-Type", "application/x-amz-json-1.0")
                                    .putHeader("Content-Length", Integer.toString(EMPTY.length)).build())
                            .responseBody(AbortableInputStream.create(new ByteArrayInputStream(EMPTY)))
                            .build();
                }

                @Override
                public void abort() {
                    // answered at once: nothing in flight
                }
            };
        }

        @Override
        public void close() {
            // holds nothing
        }
    }
}
