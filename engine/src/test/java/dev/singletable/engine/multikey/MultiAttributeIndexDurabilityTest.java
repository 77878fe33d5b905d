package dev.singletable.engine.multikey;

import static dev.singletable.engine.control.ControlAssertions.hash;
import static dev.singletable.engine.control.ControlAssertions.range;
import static dev.singletable.engine.multikey.Tasks.INDEX;
import static dev.singletable.engine.multikey.Tasks.TABLE;
import static dev.singletable.engine.multikey.Tasks.ids;
import static org.assertj.core.api.Assertions.assertThat;

import dev.singletable.engine.DynamoDbEngine;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;

/** A data directory keeps a multi-attribute index: its key schema as created and its entries in order. */
class MultiAttributeIndexDurabilityTest {
    @TempDir
    Path data;

    @Test
    void should_find_the_index_as_it_was_after_a_restart() {
        try (DynamoDbEngine engine = DynamoDbEngine.builder().dataDirectory(data).build()) {
            engine.client().createTable(Tasks.table(ProjectionType.KEYS_ONLY).build());
            Tasks.seed(engine.client());
        }

        try (DynamoDbEngine engine = DynamoDbEngine.builder().dataDirectory(data).build()) {
            DynamoDbClient client = engine.client();
            assertThat(client.describeTable(b -> b.tableName(TABLE)).table().globalSecondaryIndexes().get(0)
                    .keySchema()).containsExactly(hash("tenantId"), hash("region"), range("status"),
                    range("priority"), range("dueDate"));
            assertThat(ids(client.query(b -> b.tableName(TABLE).indexName(INDEX)
                    .keyConditionExpression("tenantId = :t AND #region = :r")
                    .expressionAttributeNames(Map.of("#region", "region"))
                    .expressionAttributeValues(Map.of(":t", AttributeValue.fromS("acme"),
                            ":r", AttributeValue.fromS("eu")))).items())).isEqualTo(ids("4", "3", "1", "2", "8"));
        }
    }
}
