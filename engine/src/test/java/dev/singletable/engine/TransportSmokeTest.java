package dev.singletable.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;

class TransportSmokeTest extends EngineTest {

    @Test
    void should_answer_an_unknown_table_with_a_typed_error_and_a_request_id() {
        assertThatThrownBy(() -> client.getItem(b -> b.tableName("missing").key(java.util.Map.of())))
                .isInstanceOfSatisfying(DynamoDbException.class, e -> {
                    assertThat(e.statusCode()).isEqualTo(400);
                    assertThat(e.requestId()).hasSize(52);
                });
    }

    @Test
    void should_record_every_request_in_the_log() {
        try {
            client.listTables();
        } catch (DynamoDbException ignored) {
            // ListTables belongs to the control plane; recorded either way
        }
        assertThat(engine.requestLog().entries()).extracting(RequestLogEntry::operation).containsExactly("ListTables");
    }
}
