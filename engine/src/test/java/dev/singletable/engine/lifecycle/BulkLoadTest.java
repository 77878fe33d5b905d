package dev.singletable.engine.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.singletable.engine.DynamoDbEngine;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;

/** engine.load: BatchWriteItem's rules without the SDK round trip and without request-log entries. */
class BulkLoadTest {
    DynamoDbEngine engine;

    @BeforeEach
    void start() {
        engine = DynamoDbEngine.create();
        Tables.createOrders(engine.client(), "app");
        engine.requestLog().clear();
    }

    @AfterEach
    void stop() {
        engine.close();
    }

    @Test
    void should_write_every_item_and_its_index_entries_without_logging_requests() {
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            Map<String, AttributeValue> item = new HashMap<>(Tables.key("CUSTOMER#" + i, "ORDER#1"));
            item.put("GSI1PK", AttributeValue.fromS("STATUS#OPEN"));
            item.put("GSI1SK", AttributeValue.fromS(String.format("2026-01-%02d", 1 + i % 28)));
            items.add(item);
        }

        engine.load("app", items);

        assertThat(engine.requestLog().entries()).isEmpty();
        assertThat(engine.client().scan(b -> b.tableName("app")).count()).isEqualTo(60);
        assertThat(engine.client().query(b -> b.tableName("app").indexName("GSI1").keyConditionExpression("GSI1PK = :s")
                .expressionAttributeValues(Map.of(":s", AttributeValue.fromS("STATUS#OPEN")))).count()).isEqualTo(60);
    }

    @Test
    void should_refuse_an_item_with_dynamodb_error_and_write_nothing_of_its_batch() {
        Map<String, AttributeValue> bad = new HashMap<>(Tables.key("CUSTOMER#2", "PROFILE"));
        bad.put("GSI1PK", AttributeValue.fromN("7"));

        assertThatThrownBy(() -> engine.load("app", List.of(Tables.key("CUSTOMER#1", "PROFILE"), bad)))
                .isInstanceOfSatisfying(DynamoDbException.class, e -> {
                    assertThat(e.awsErrorDetails().errorCode()).isEqualTo("ValidationException");
                    assertThat(e.awsErrorDetails().errorMessage()).isEqualTo("One or more parameter values were invalid: "
                            + "Type mismatch for Index Key GSI1PK Expected: S Actual: N IndexName: GSI1");
                });
        assertThat(engine.client().scan(b -> b.tableName("app")).count()).isZero();
    }
}
