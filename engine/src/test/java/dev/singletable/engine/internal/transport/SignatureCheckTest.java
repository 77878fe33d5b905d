package dev.singletable.engine.internal.transport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.singletable.engine.internal.DynamoException;
import dev.singletable.engine.model.HttpLimits;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

/** The signature's date against a fixed clock: DynamoDB's exact messages, with its three dates. */
class SignatureCheckTest {
    private final SignatureCheck check = new SignatureCheck("AKIDEXAMPLE", "secret",
            Clock.fixed(Instant.parse("2026-01-01T12:00:00Z"), ZoneOffset.UTC));

    private static Headers signedAt(String date) throws IOException, HttpError {
        String head = "POST / HTTP/1.1\r\nHost: localhost:8000\r\nX-Amz-Date: " + date + "\r\nAuthorization: AWS4-HMAC-SHA256 "
                + "Credential=AKIDEXAMPLE/20260101/us-east-1/dynamodb/aws4_request, SignedHeaders=host;x-amz-date, "
                + "Signature=" + "0".repeat(64) + "\r\n\r\n";
        return new RequestReader(new ByteArrayInputStream(head.getBytes(StandardCharsets.ISO_8859_1)),
                HttpLimits.defaults()).readHead().headers();
    }

    @Test
    void should_refuse_a_signature_older_than_15_minutes() {
        assertThatThrownBy(() -> check.verify("POST", "/", signedAt("20260101T114459Z"), "{}".getBytes(StandardCharsets.UTF_8)))
                .isInstanceOfSatisfying(DynamoException.class, e -> assertThat(e)
                        .hasMessage("Signature expired: 20260101T114459Z is now earlier than 20260101T114500Z "
                                + "(20260101T120000Z - 15 min.)")
                        .extracting(DynamoException::qualifiedType)
                        .isEqualTo("com.amazon.coral.service#InvalidSignatureException"));
    }

    @Test
    void should_refuse_a_signature_later_than_15_minutes_ahead() {
        assertThatThrownBy(() -> check.verify("POST", "/", signedAt("20260101T121501Z"), "{}".getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(DynamoException.class)
                .hasMessage("Signature not yet current: 20260101T121501Z is still later than 20260101T121500Z "
                        + "(20260101T120000Z + 15 min.)");
    }

    @Test
    void should_check_the_signature_itself_at_the_edges_of_the_window() {
        // 15 minutes exactly is inside the window: what fails then is the (made-up) signature
        for (String date : new String[] {"20260101T114500Z", "20260101T121500Z"}) {
            assertThatThrownBy(() -> check.verify("POST", "/", signedAt(date), "{}".getBytes(StandardCharsets.UTF_8)))
                    .isInstanceOf(DynamoException.class)
                    .hasMessageStartingWith("The request signature we calculated does not match");
        }
    }
}
