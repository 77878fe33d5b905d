package dev.singletable.engine.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/** HTTP/1.1 as clients other than the SDK's speak it (RFC 9112), on raw sockets: framing, keep-alive, refusals. */
class HttpFramingTest extends EndpointTest {
    private static final String HEAD = "POST / HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-amz-json-1.0\r\n"
            + "X-Amz-Target: DynamoDB_20120810.ListTables\r\n";
    private static final String LIST_TABLES = RawConnection.post("ListTables", "{}", "");

    @Test
    void should_read_a_chunked_body_with_chunk_extensions_and_trailers() throws Exception {
        RawConnection.Response response = exchange(HEAD + "Transfer-Encoding: chunked\r\n\r\n"
                + "1;name=value\r\n{\r\n9\r\n\"Limit\":3\r\n1\r\n}\r\n0\r\nX-Trailer: ignored\r\n\r\n");

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.text()).isEqualTo("{\"TableNames\":[]}");
    }

    @Test
    void should_answer_requests_sent_together_in_order_on_one_connection() throws Exception {
        try (RawConnection connection = new RawConnection(endpoint)) {
            connection.send(RawConnection.post("ListTables", "{}", "")
                    + RawConnection.post("DescribeTable", "{\"TableName\":\"missing\"}", ""));

            assertThat(connection.read().text()).isEqualTo("{\"TableNames\":[]}");
            assertThat(connection.read().text()).contains("ResourceNotFoundException");
        }
    }

    @Test
    void should_send_100_continue_before_reading_a_body_the_client_holds_back() throws Exception {
        try (RawConnection connection = new RawConnection(endpoint)) {
            connection.send(HEAD + "Expect: 100-continue\r\nContent-Length: 2\r\n\r\n");
            RawConnection.Response proceed = connection.read();
            connection.send("{}");

            assertThat(proceed.status()).isEqualTo(100);
            assertThat(connection.read().status()).isEqualTo(200);
        }
    }

    @Test
    void should_close_after_answering_when_the_client_asks_to() throws Exception {
        try (RawConnection connection = new RawConnection(endpoint)) {
            RawConnection.Response response = connection.send(HEAD + "Connection: close\r\nContent-Length: 2\r\n\r\n{}")
                    .read();

            assertThat(response.status()).isEqualTo(200);
            assertThat(response.headers()).containsEntry("connection", "close");
            assertThat(connection.closedByServer()).isTrue();
        }
    }

    @Test
    void should_close_after_answering_http_1_0_unless_kept_alive() throws Exception {
        String request = "POST / HTTP/1.0\r\nContent-Type: application/x-amz-json-1.0\r\n"
                + "X-Amz-Target: DynamoDB_20120810.ListTables\r\nContent-Length: 2\r\n";
        try (RawConnection closing = new RawConnection(endpoint);
             RawConnection kept = new RawConnection(endpoint)) {
            assertThat(closing.send(request + "\r\n{}").read().status()).isEqualTo(200);
            assertThat(closing.closedByServer()).isTrue();

            RawConnection.Response first = kept.send(request + "Connection: keep-alive\r\n\r\n{}").read();
            assertThat(first.headers()).containsEntry("connection", "keep-alive");
            assertThat(kept.send(request + "Connection: keep-alive\r\n\r\n{}").read().status()).isEqualTo(200);
        }
    }

    @Test
    void should_date_every_answer_as_http_dates_are_written() throws Exception {
        RawConnection.Response response = exchange(LIST_TABLES);

        ZonedDateTime date = ZonedDateTime.parse(response.headers().get("date"),
                DateTimeFormatter.ofPattern("EEE, dd MMM yyyy HH:mm:ss zzz", Locale.US));
        assertThat(date.toInstant()).isBetween(java.time.Instant.now().minusSeconds(60),
                java.time.Instant.now().plusSeconds(60));
    }

    @Test
    void should_answer_a_malformed_request_line_with_400_and_close() throws Exception {
        try (RawConnection connection = new RawConnection(endpoint)) {
            RawConnection.Response response = connection.send("POST /\r\n\r\n").read();

            assertThat(response.status()).isEqualTo(400);
            assertThat(connection.closedByServer()).isTrue();
        }
    }

    @Test
    void should_answer_another_http_version_with_505() throws Exception {
        assertThat(exchange("POST / HTTP/2.0\r\nContent-Length: 0\r\n\r\n").status()).isEqualTo(505);
    }

    @Test
    void should_refuse_a_header_line_without_a_colon() throws Exception {
        assertThat(exchange(HEAD + "Not a header\r\nContent-Length: 2\r\n\r\n{}").status()).isEqualTo(400);
    }

    @Test
    void should_refuse_ambiguous_body_framing() throws Exception {
        assertThat(exchange(HEAD + "Content-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n")
                .status()).isEqualTo(400);
        assertThat(exchange(HEAD + "Content-Length: 2\r\nContent-Length: 3\r\n\r\n{} ").status()).isEqualTo(400);
        assertThat(exchange(HEAD + "Content-Length: -2\r\n\r\n{}").status()).isEqualTo(400);
    }

    @Test
    void should_answer_a_transfer_coding_it_does_not_implement_with_501() throws Exception {
        assertThat(exchange(HEAD + "Transfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n").status()).isEqualTo(501);
    }

    @Test
    void should_refuse_a_malformed_chunk_size() throws Exception {
        assertThat(exchange(HEAD + "Transfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n").status()).isEqualTo(400);
        assertThat(exchange(HEAD + "Transfer-Encoding: chunked\r\n\r\n1\r\n{}\r\n0\r\n\r\n").status()).isEqualTo(400);
    }

    @Test
    void should_send_request_id_and_crc32_with_the_health_check_and_the_404() throws Exception {
        RawConnection.Response health = exchange("GET / HTTP/1.1\r\nHost: x\r\n\r\n");
        RawConnection.Response notFound = exchange("GET /tables HTTP/1.1\r\nHost: x\r\n\r\n");

        assertThat(health.headers().get("x-amzn-requestid")).matches("[0-9A-Z]{52}");
        assertThat(health.headers()).containsEntry("x-amz-crc32", "3128867991");
        assertThat(notFound.status()).isEqualTo(404);
        assertThat(notFound.headers()).containsEntry("x-amz-crc32", "3552371480");
    }
}
