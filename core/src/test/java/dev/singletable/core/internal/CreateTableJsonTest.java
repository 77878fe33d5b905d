package dev.singletable.core.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.singletable.engine.DynamoDbEngine;
import dev.singletable.fixtures.TableDesign;
import java.util.List;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.ResourceInUseException;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;

/** The engine's tables made from the JSON request are the tables the SDK's request makes, index for index. */
class CreateTableJsonTest {
    private static final TableDesign DESIGN = TableDesign.parse("""
            table: app
            key: { partition: PK, sort: SK }
            attributes: { total: N }
            indexes:
              GSI1: { partition: GSI1PK, sort: GSI1SK, projection: ALL }
              ByTotal: { type: local, sort: total, projection: KEYS_ONLY }
              GSI2:
                partition: GSI2PK
                projection: { include: [name, email] }
            entities:
              Customer: { PK: "CUSTOMER#{customerId}", SK: PROFILE, GSI2PK: "EMAIL#{email}" }
            """, "app.table.yaml");
    private static final TableDesign KEY_ONLY = TableDesign.parse("""
            table: keys
            key: { partition: id }
            entities:
              Thing: { id: "THING#{thingId}" }
            """, "keys.table.yaml");

    @Test
    void makes_the_table_the_sdk_request_makes() {
        try (DynamoDbEngine engine = DynamoDbEngine.create()) {
            for (TableDesign design : List.of(DESIGN, KEY_ONLY)) {
                engine.createTable(design.toCreateTableRequest(design.tableName() + "-sdk"));
                engine.createTable(CreateTableJson.of(design, design.tableName() + "-json"));

                assertThat(shape(engine, design.tableName() + "-json"))
                        .isEqualTo(shape(engine, design.tableName() + "-sdk"));
            }
        }
    }

    @Test
    void the_engine_refuses_what_is_not_json_and_answers_a_refused_request_with_dynamodbs_error() {
        try (DynamoDbEngine engine = DynamoDbEngine.create()) {
            engine.createTable(CreateTableJson.of(DESIGN, "app"));

            assertThatThrownBy(() -> engine.createTable("{\"TableName\": "))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("not a CreateTable request");
            assertThatThrownBy(() -> engine.createTable(CreateTableJson.of(DESIGN, "app")))
                    .isInstanceOf(ResourceInUseException.class);
            assertThatThrownBy(() -> engine.createTable("{\"TableName\": \"other\"}"))
                    .isInstanceOf(DynamoDbException.class)
                    .satisfies(e -> assertThat(((DynamoDbException) e).awsErrorDetails().errorCode())
                            .isEqualTo("ValidationException"));
            assertThat(engine.client().listTables().tableNames()).containsExactly("app");
        }
    }

    /** What the request decides: keys, attribute types, billing and each index's keys and projection. */
    private static List<Object> shape(DynamoDbEngine engine, String name) {
        TableDescription table = engine.client().describeTable(r -> r.tableName(name)).table();
        return List.of(table.attributeDefinitions(), table.keySchema(), table.billingModeSummary().billingMode(),
                table.globalSecondaryIndexes().stream().map(i -> List.of(i.indexName(), i.keySchema(),
                        i.projection())).toList(),
                table.localSecondaryIndexes().stream().map(i -> List.of(i.indexName(), i.keySchema(),
                        i.projection())).toList());
    }
}
