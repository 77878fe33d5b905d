package dev.singletable.engine.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.singletable.engine.DynamoDbEngine;
import dev.singletable.engine.model.HttpLimits;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * Clients that misbehave, on raw sockets: each limit of {@link HttpLimits} answers as real servers do and holds up
 * only the connection that broke it, while other clients are served.
 */
class HostileConnectionsTest {
    private static final String LIST_TABLES = RawConnection.post("ListTables", "{}", "");
    private final List<AutoCloseable> opened = new ArrayList<>();
    private DynamoDbEngine engine;
    private URI endpoint;

    private void start(HttpLimits limits) {
        engine = DynamoDbEngine.builder().httpLimits(limits).build();
        endpoint = engine.httpEndpoint();
    }

    private RawConnection connect() throws IOException {
        RawConnection connection = new RawConnection(endpoint);
        opened.add(connection);
        return connection;
    }

    @AfterEach
    void stop() throws Exception {
        for (AutoCloseable connection : opened) {
            connection.close();
        }
        engine.close();
    }

    /** A plain ListTables on a new connection, through the JDK's client, failing after {@code timeout}. */
    private int listTables(Duration timeout) throws Exception {
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(endpoint).timeout(timeout)
                .header("Content-Type", "application/x-amz-json-1.0")
                .header("X-Amz-Target", "DynamoDB_20120810.ListTables")
                .POST(HttpRequest.BodyPublishers.ofString("{}")).build(), HttpResponse.BodyHandlers.ofString());
        return response.statusCode();
    }

    // --- sizes

    @Test
    void should_answer_a_request_line_over_the_limit_with_414_and_close_the_connection() throws Exception {
        start(HttpLimits.defaults());
        RawConnection connection = connect().send("GET /" + "a".repeat(8 * 1024) + " HTTP/1.1\r\nHost: x\r\n\r\n");

        RawConnection.Response response = connection.read();

        assertThat(response.status()).isEqualTo(414);
        assertThat(response.headers()).containsEntry("connection", "close");
        assertThat(connection.closedByServer()).isTrue();
        assertThat(listTables(Duration.ofSeconds(5))).isEqualTo(200);
    }

    @Test
    void should_answer_a_header_of_200_kb_with_431_and_close_the_connection() throws Exception {
        start(HttpLimits.defaults());
        RawConnection connection = connect()
                .send(RawConnection.post("ListTables", "{}", "X-Padding: " + "p".repeat(200 * 1024) + "\r\n"));

        RawConnection.Response response = connection.read();

        assertThat(response.status()).isEqualTo(431);
        assertThat(response.headers()).containsEntry("connection", "close");
        assertThat(connection.closedByServer()).isTrue();
        assertThat(listTables(Duration.ofSeconds(5))).isEqualTo(200);
    }

    @Test
    void should_accept_a_header_section_of_exactly_the_maximum_and_refuse_one_byte_more() throws Exception {
        start(HttpLimits.defaults().withMaxHeaderBytes(1024));
        String head = "POST / HTTP/1.1\r\n";
        String fields = "Content-Type: application/x-amz-json-1.0\r\nX-Amz-Target: DynamoDB_20120810.ListTables\r\n"
                + "Content-Length: 2\r\n";
        String padding = "X-Padding: ";
        int exact = 1024 - fields.length() - padding.length() - 2 - 2; // the padding line's CRLF, the empty line

        RawConnection.Response fits = connect()
                .send(head + fields + padding + "p".repeat(exact) + "\r\n\r\n{}").read();
        RawConnection.Response over = connect()
                .send(head + fields + padding + "p".repeat(exact + 1) + "\r\n\r\n{}").read();

        assertThat(fits.status()).isEqualTo(200);
        assertThat(over.status()).isEqualTo(431);
    }

    @Test
    void should_refuse_a_declared_body_over_16_mb_without_waiting_for_it() throws Exception {
        start(HttpLimits.defaults());
        RawConnection connection = connect().send("POST / HTTP/1.1\r\nHost: x\r\nContent-Type: "
                + "application/x-amz-json-1.0\r\nX-Amz-Target: DynamoDB_20120810.ListTables\r\n"
                + "Content-Length: 17000000\r\n\r\n");

        RawConnection.Response response = connection.read(); // no body sent: a server that waited for it never answers

        assertThat(response.status()).isEqualTo(413);
        assertThat(response.text()).isEqualTo("{\"__type\":\"com.amazon.coral.service#RequestEntityTooLarge\","
                + "\"message\":\"Request entity too large\"}");
    }

    // --- connections and time

    @Test
    void should_serve_other_clients_while_300_connections_each_send_half_a_header() throws Exception {
        start(HttpLimits.defaults());
        for (int i = 0; i < 300; i++) {
            connect().send("POST / HTTP/1.1\r\nHost: x\r\nContent-Ty");
        }

        // 5 s is far below the 20 s the half-sent requests may take: an answer in time was not waiting on them
        assertThat(listTables(Duration.ofSeconds(5))).isEqualTo(200);
    }

    @Test
    void should_answer_408_to_a_client_that_sends_its_request_too_slowly() throws Exception {
        start(HttpLimits.defaults().withRequestTimeout(Duration.ofMillis(300)));
        RawConnection slow = connect().send("POST / HTTP/1.1\r\n");
        AtomicBoolean answered = new AtomicBoolean();
        Thread trickle = new Thread(() -> {
            // a byte every 50 ms, for longer than the request timeout: never idle, never done
            try {
                for (int i = 0; i < 100 && !answered.get(); i++) {
                    slow.send("X");
                    Thread.sleep(50);
                }
            } catch (IOException | InterruptedException closed) {
                // the server closed the connection, as it should
            }
        });
        trickle.start();

        assertThat(listTables(Duration.ofSeconds(5))).isEqualTo(200);
        RawConnection.Response response = slow.read();
        answered.set(true);
        trickle.join();

        assertThat(response.status()).isEqualTo(408);
        assertThat(response.headers()).containsEntry("connection", "close");
        assertThat(slow.closedByServer()).isTrue();
    }

    @Test
    void should_close_the_connection_of_a_client_that_does_not_read_its_answers() throws Exception {
        start(HttpLimits.defaults().withResponseTimeout(Duration.ofMillis(300)));
        engine.client().createTable(b -> b.tableName("big").billingMode("PAY_PER_REQUEST")
                .attributeDefinitions(a -> a.attributeName("PK").attributeType(ScalarAttributeType.S))
                .keySchema(k -> k.attributeName("PK").keyType(KeyType.HASH)));
        engine.load("big", List.of(Map.of("PK", AttributeValue.fromS("p"),
                "payload", AttributeValue.fromS("x".repeat(390 * 1024)))));
        String getItem = RawConnection.post("GetItem", "{\"TableName\":\"big\",\"Key\":{\"PK\":{\"S\":\"p\"}}}", "");
        int requests = 40; // 40 answers of 390 KB: far more than the sockets' buffers hold
        RawConnection stuck = new RawConnection(endpoint, 4096);
        opened.add(stuck);
        stuck.send(getItem.repeat(requests));

        Thread.sleep(1_000); // longer than the response timeout, while the server's writes are blocked
        assertThat(listTables(Duration.ofSeconds(5))).isEqualTo(200);
        long received = stuck.drainUntilClosed();

        assertThat(received).isLessThan(requests * 390L * 1024);
    }

    @Test
    void should_answer_503_beyond_the_maximum_connections_and_serve_again_once_one_closes() throws Exception {
        start(HttpLimits.defaults().withMaxConnections(2));
        RawConnection first = connect().send(LIST_TABLES);
        RawConnection second = connect().send(LIST_TABLES);
        assertThat(first.read().status()).isEqualTo(200);
        assertThat(second.read().status()).isEqualTo(200);

        RawConnection third = connect().send(LIST_TABLES);
        RawConnection.Response refused = third.read();
        first.close();

        assertThat(refused.status()).isEqualTo(503);
        assertThat(refused.headers()).containsEntry("connection", "close");
        assertThat(refused.text()).isEqualTo("{\"__type\":\"com.amazonaws.dynamodb.v20120810#ServiceUnavailableException\","
                + "\"message\":\"The endpoint serves at most 2 connections at once\"}");
        assertThat(servedOnNewConnectionWithin(Duration.ofSeconds(5))).isTrue();
    }

    /** The server notices a closed connection on its own thread: retry until a new one is served. */
    private boolean servedOnNewConnectionWithin(Duration limit) throws Exception {
        long deadline = System.nanoTime() + limit.toNanos();
        while (System.nanoTime() < deadline) {
            try (RawConnection connection = new RawConnection(endpoint)) {
                if (connection.send(LIST_TABLES).read().status() == 200) {
                    return true;
                }
            }
            Thread.sleep(20);
        }
        return false;
    }

    @Test
    void should_close_a_keep_alive_connection_left_idle_past_the_idle_timeout() throws Exception {
        start(HttpLimits.defaults().withIdleTimeout(Duration.ofMillis(200)));
        RawConnection idle = connect().send(LIST_TABLES);
        assertThat(idle.read().status()).isEqualTo(200);

        assertThat(idle.closedByServer()).isTrue(); // without the timeout this read waits 10 s and fails
    }
}
