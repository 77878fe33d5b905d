package dev.singletable.engine.internal.durability;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.paginators.ScanIterable;

/** SIGKILL in the middle of a stream of writes: every acknowledged write survives, nothing else appears. */
class KilledServerTest {
    @TempDir
    Path data;

    @Test
    void should_keep_every_acknowledged_write_when_the_server_is_killed() throws Exception {
        Process server = start();
        List<String> acknowledged = new ArrayList<>();
        try (DynamoDbClient client = client(endpoint(server))) {
            client.createTable(b -> b.tableName("app").billingMode(BillingMode.PAY_PER_REQUEST)
                    .attributeDefinitions(a -> a.attributeName("PK").attributeType(ScalarAttributeType.S))
                    .keySchema(k -> k.attributeName("PK").keyType(KeyType.HASH)));
            Thread killer = new Thread(() -> {
                sleep(150);
                server.destroyForcibly(); // SIGKILL on Unix: no shutdown hook runs
            });
            for (int i = 0; i < 100_000 && server.isAlive(); i++) {
                if (i == 100) {
                    killer.start(); // once writes stream steadily, kill the server in the middle of them
                }
                String key = "ITEM#" + i;
                try {
                    client.putItem(b -> b.tableName("app").item(Map.of("PK", AttributeValue.fromS(key),
                            "payload", AttributeValue.fromS("x".repeat(200)))));
                    acknowledged.add(key);
                } catch (RuntimeException killed) {
                    break;
                }
            }
            killer.join();
        }
        assertThat(server.waitFor(10, TimeUnit.SECONDS)).isTrue();
        assertThat(acknowledged).isNotEmpty();

        Process restarted = start();
        try (DynamoDbClient client = client(endpoint(restarted))) {
            List<String> found = new ArrayList<>();
            ScanIterable pages = client.scanPaginator(b -> b.tableName("app"));
            pages.items().forEach(item -> found.add(item.get("PK").s()));
            assertThat(found).containsAll(acknowledged);
            // at most the one write that was in flight when the process died may also be there
            assertThat(found.size()).isBetween(acknowledged.size(), acknowledged.size() + 1);
        } finally {
            restarted.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }

    private Process start() throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        return new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), "dev.singletable.engine.Server",
                "--port", "0", "--data", data.toString())
                .redirectErrorStream(true)
                .start();
    }

    /** Reads the endpoint the server prints when it is ready. */
    private static URI endpoint(Process server) throws IOException {
        BufferedReader out = new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8));
        String line;
        while ((line = out.readLine()) != null) {
            if (line.startsWith("DynamoDB endpoint: ")) {
                return URI.create(line.substring("DynamoDB endpoint: ".length()).trim());
            }
        }
        throw new IllegalStateException("the server stopped before printing its endpoint");
    }

    private static DynamoDbClient client(URI endpoint) {
        return DynamoDbClient.builder().endpointOverride(endpoint).httpClient(UrlConnectionHttpClient.create())
                .region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("a", "b")))
                .overrideConfiguration(c -> c.retryStrategy(r -> r.maxAttempts(1)))
                .build();
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
