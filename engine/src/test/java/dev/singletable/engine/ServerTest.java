package dev.singletable.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The server's command line: what it builds, and the options it refuses. */
class ServerTest {
    private static final String LIST_TABLES = "POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-amz-json-1.0\r\n"
            + "X-Amz-Target: DynamoDB_20120810.ListTables\r\nContent-Length: 2\r\n\r\n{}";

    @Test
    void should_listen_on_loopback_unless_told_otherwise_and_check_no_signature_by_default() {
        Server.Options options = Server.Options.parse("--port", "0");

        assertThat(options.host()).isEqualTo("127.0.0.1");
        assertThat(options.checksSignatures()).isFalse();
        assertThat(Server.Options.parse("--credentials", "AKID:SECRET").checksSignatures()).isTrue();
    }

    @Test
    void should_give_the_endpoint_the_connection_limit_of_the_command_line() throws Exception {
        try (DynamoDbEngine engine = Server.Options.parse("--port", "0", "--max-connections", "1").engine().build();
             Socket first = new Socket(); Socket second = new Socket()) {
            URI endpoint = engine.httpEndpoint();
            first.connect(new InetSocketAddress(endpoint.getHost(), endpoint.getPort()));
            assertThat(statusLine(first)).isEqualTo("HTTP/1.1 200 OK");

            second.connect(new InetSocketAddress(endpoint.getHost(), endpoint.getPort()));
            assertThat(statusLine(second)).isEqualTo("HTTP/1.1 503 Service Unavailable");
        }
    }

    @Test
    void should_refuse_options_it_cannot_use_saying_which() {
        assertThatThrownBy(() -> Server.Options.parse("--max-connections", "none"))
                .isInstanceOf(NumberFormatException.class).hasMessageContaining("\"none\"");
        assertThatThrownBy(() -> Server.Options.parse("--max-connections", "0"))
                .hasMessage("maxConnections must be at least 1, was 0");
        assertThatThrownBy(() -> Server.Options.parse("--request-timeout", "0"))
                .hasMessage("requestTimeout must be longer than zero, was PT0S");
        assertThatThrownBy(() -> Server.Options.parse("--idle-timeout")).hasMessage("--idle-timeout needs a value");
        assertThatThrownBy(() -> Server.Options.parse("--credentials", "secret"))
                .hasMessage("--credentials takes ACCESS_KEY_ID:SECRET_ACCESS_KEY");
        assertThatThrownBy(() -> Server.Options.parse("--verbose")).hasMessage("unknown option --verbose");
    }

    private static String statusLine(Socket socket) throws IOException {
        socket.setSoTimeout(10_000);
        socket.getOutputStream().write(LIST_TABLES.getBytes(StandardCharsets.US_ASCII));
        return new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.US_ASCII)).readLine();
    }
}
