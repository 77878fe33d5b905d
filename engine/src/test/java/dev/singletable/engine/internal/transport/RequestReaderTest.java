package dev.singletable.engine.internal.transport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.singletable.engine.model.HttpLimits;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** A request's head as the reader hands it on, however the bytes arrive: whole, a byte at a time, a line at a time. */
class RequestReaderTest {
    private static final String HEAD = "POST / HTTP/1.1\r\n"
            + "Host: localhost:8000\r\n"
            + "content-type:application/x-amz-json-1.0 \r\n"
            + "X-Amz-Target: \tDynamoDB_20120810.GetItem\r\n"
            + "Connection: Keep-Alive, Upgrade\r\n"
            + "X-Note: caf\u00e9\r\n"
            + "x-amz-target: second\r\n"
            + "Content-Length: 2\r\n"
            + "\r\n";

    @Test
    void should_find_fields_by_name_ignoring_case_with_their_values_trimmed_and_as_received() throws Exception {
        for (int bytesPerRead : new int[] {HEAD.length(), 1, 7}) {
            RequestReader reader = reader(HEAD + "{}", bytesPerRead, HttpLimits.defaults());
            RequestReader.Head head = reader.readHead();
            Headers headers = head.headers();

            assertThat(head.method()).isEqualTo("POST");
            assertThat(headers.first("Content-Type")).isEqualTo("application/x-amz-json-1.0");
            assertThat(headers.first("X-AMZ-TARGET")).isEqualTo("DynamoDB_20120810.GetItem");
            assertThat(headers.all("x-amz-target")).containsExactly("DynamoDB_20120810.GetItem", "second");
            assertThat(headers.first("X-Note")).isEqualTo("caf\u00e9");
            assertThat(headers.lists("Connection", "keep-alive")).isTrue();
            assertThat(headers.lists("Connection", "close")).isFalse();
            assertThat(headers.first("Content-Typ")).isNull();
            assertThat(headers.first("Origin")).isNull();
            assertThat(RequestReader.declaredLength(headers)).isEqualTo(2);
            assertThat(new String(reader.readBody(2), StandardCharsets.UTF_8)).isEqualTo("{}");
        }
    }

    @Test
    void should_not_confuse_a_name_with_one_that_differs_in_a_character_other_than_a_letters_case() throws Exception {
        // '^' and '~' differ in the bit that tells a letter's cases apart
        Headers headers = reader("GET / HTTP/1.1\r\nX-Amz_Target: a\r\nX^Y: b\r\n\r\n", 64, HttpLimits.defaults())
                .readHead().headers();

        assertThat(headers.first("X-Amz-Target")).isNull();
        assertThat(headers.first("X~Y")).isNull();
        assertThat(headers.first("x^y")).isEqualTo("b");
    }

    @Test
    void should_count_every_line_against_the_header_limit_also_when_each_arrives_on_its_own() throws Exception {
        StringBuilder head = new StringBuilder("POST / HTTP/1.1\r\n");
        for (int i = 0; i < 100; i++) {
            head.append("X-Padding-").append(i).append(": ").append("p".repeat(20)).append("\r\n");
        }
        head.append("\r\n");
        // 100 lines of 35 bytes or so: 3.5 KB of fields, each line read on its own
        RequestReader reader = reader(head.toString(), 35, HttpLimits.defaults().withMaxHeaderBytes(1024));

        assertThatThrownBy(reader::readHead).isInstanceOfSatisfying(HttpError.class,
                e -> assertThat(e.status()).isEqualTo(431));
    }

    @Test
    void should_read_pipelined_requests_one_head_after_another() throws Exception {
        String second = HEAD.replace("GetItem", "PutItem");
        RequestReader reader = reader(HEAD + "{}" + second + "{}", 5, HttpLimits.defaults());

        reader.readHead();
        reader.readBody(2);
        assertThat(reader.awaitRequest()).isTrue();
        Headers headers = reader.readHead().headers();

        assertThat(headers.first("X-Amz-Target")).isEqualTo("DynamoDB_20120810.PutItem");
        assertThat(new String(reader.readBody(2), StandardCharsets.UTF_8)).isEqualTo("{}");
        assertThat(reader.awaitRequest()).isFalse();
    }

    /** A reader of the text (ISO-8859-1) whose stream hands out at most {@code bytesPerRead} bytes a read. */
    private static RequestReader reader(String text, int bytesPerRead, HttpLimits limits) throws IOException {
        InputStream in = new ByteArrayInputStream(text.getBytes(StandardCharsets.ISO_8859_1)) {
            @Override
            public synchronized int read(byte[] buffer, int offset, int length) {
                return super.read(buffer, offset, Math.min(length, bytesPerRead));
            }
        };
        RequestReader reader = new RequestReader(in, limits);
        assertThat(reader.awaitRequest()).isTrue();
        return reader;
    }
}
