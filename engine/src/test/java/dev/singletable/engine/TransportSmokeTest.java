package dev.singletable.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import dev.singletable.engine.model.RequestLogEntry;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;

class TransportSmokeTest extends EngineTest {

    @Test
    void should_answer_an_unknown_table_with_a_typed_error_and_a_request_id() {
        assertThatThrownBy(() -> client.getItem(b -> b.tableName("missing").key(Map.of())))
                .isInstanceOfSatisfying(ResourceNotFoundException.class, e -> {
                    assertThat(e.statusCode()).isEqualTo(400);
                    assertThat(e.requestId()).hasSize(52);
                    assertThat(e.awsErrorDetails().errorMessage()).isEqualTo("Requested resource not found");
                });
    }

    @Test
    void should_record_every_request_in_the_log_with_its_outcome() {
        client.listTables();
        assertThatThrownBy(() -> client.getItem(b -> b.tableName("missing").key(Map.of())))
                .isInstanceOf(ResourceNotFoundException.class);

        assertThat(engine.requestLog().entries())
                .extracting(RequestLogEntry::operationName, e -> e.errorType().orElse("ok"))
                .containsExactly(tuple("ListTables", "ok"), tuple("GetItem", "ResourceNotFoundException"));
    }
}
