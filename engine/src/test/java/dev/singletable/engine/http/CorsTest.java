package dev.singletable.engine.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * CORS as DynamoDB answers it, so that browser SDK code can be tested against the engine: a preflight
 * ({@code OPTIONS} with {@code Origin}) is allowed for any origin and echoes the method and headers asked for;
 * every answer to a request with {@code Origin} lets the page read DynamoDB's headers; without {@code Origin},
 * no CORS header at all.
 */
class CorsTest extends EndpointTest {
    private static final String EXPOSED = "x-amzn-RequestId,x-amzn-ErrorType,x-amzn-ErrorMessage,Date";
    private static final List<String> CORS_HEADERS = List.of("access-control-allow-origin",
            "access-control-allow-headers", "access-control-allow-methods", "access-control-expose-headers",
            "access-control-max-age", "access-control-allow-credentials");

    @Test
    void should_answer_a_browser_preflight_as_dynamodb_does() throws Exception {
        RawConnection.Response response = exchange("OPTIONS / HTTP/1.1\r\nHost: localhost\r\n"
                + "Origin: https://app.example\r\nAccess-Control-Request-Method: POST\r\n"
                + "Access-Control-Request-Headers: content-type,x-amz-target,authorization,x-amz-date\r\n\r\n");

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.body()).isEmpty();
        assertThat(response.headers().get("x-amzn-requestid")).matches("[0-9A-Z]{52}");
        assertThat(response.headers())
                .containsEntry("access-control-allow-origin", "*")
                .containsEntry("access-control-allow-methods", "POST")
                .containsEntry("access-control-allow-headers", "content-type,x-amz-target,authorization,x-amz-date")
                .containsEntry("access-control-expose-headers", EXPOSED)
                .containsEntry("access-control-max-age", "172800");
    }

    @Test
    void should_allow_nothing_more_than_asked_in_a_preflight_without_requested_method_or_headers() throws Exception {
        RawConnection.Response response = exchange("OPTIONS / HTTP/1.1\r\nHost: localhost\r\n"
                + "Origin: https://app.example\r\n\r\n");

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.headers()).containsEntry("access-control-allow-origin", "*")
                .containsEntry("access-control-max-age", "172800")
                .doesNotContainKeys("access-control-allow-methods", "access-control-allow-headers");
    }

    @Test
    void should_let_a_page_read_the_answer_to_an_operation_it_sent() throws Exception {
        RawConnection.Response response = exchange(RawConnection.post("DescribeTable", "{\"TableName\":\"missing\"}",
                "Origin: https://app.example\r\n"));

        assertThat(response.status()).isEqualTo(400);
        assertThat(response.headers()).containsEntry("access-control-allow-origin", "*")
                .containsEntry("access-control-expose-headers", EXPOSED)
                .doesNotContainKeys("access-control-max-age", "access-control-allow-methods",
                        "access-control-allow-headers");
    }

    @Test
    void should_let_a_page_read_the_health_check() throws Exception {
        RawConnection.Response response = exchange("GET / HTTP/1.1\r\nHost: localhost\r\nOrigin: https://app.example\r\n\r\n");

        assertThat(response.text()).isEqualTo("healthy: dynamodb.us-east-1.amazonaws.com ");
        assertThat(response.headers()).containsEntry("access-control-allow-origin", "*");
    }

    @Test
    void should_send_no_cors_header_without_an_origin() throws Exception {
        List<RawConnection.Response> responses = List.of(
                exchange("OPTIONS / HTTP/1.1\r\nHost: localhost\r\n\r\n"),
                exchange("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n"),
                exchange(RawConnection.post("ListTables", "{}", "")));

        assertThat(responses.get(0).status()).isEqualTo(404);
        assertThat(responses).allSatisfy(response -> assertThat(response.headers()).doesNotContainKeys(
                CORS_HEADERS.toArray(String[]::new)));
    }
}
