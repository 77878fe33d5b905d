package dev.singletable.engine.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.singletable.engine.DynamoDbEngine;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ResourceInUseException;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;

/** engine.createTable (and drop): CreateTable's rules and errors without the SDK round trip or the log. */
class DirectTablesTest {
    DynamoDbEngine engine;
    DynamoDbEngine throughSdk;

    @BeforeEach
    void start() {
        engine = DynamoDbEngine.create();
        throughSdk = DynamoDbEngine.create();
    }

    @AfterEach
    void stop() {
        engine.close();
        throughSdk.close();
    }

    static CreateTableRequest orders(String name) {
        return CreateTableRequest.builder().tableName(name).billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(a -> a.attributeName("PK").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("SK").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("GSI1PK").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("total").attributeType(ScalarAttributeType.N))
                .keySchema(k -> k.attributeName("PK").keyType(KeyType.HASH),
                        k -> k.attributeName("SK").keyType(KeyType.RANGE))
                .globalSecondaryIndexes(g -> g.indexName("GSI1")
                        .keySchema(k -> k.attributeName("GSI1PK").keyType(KeyType.HASH))
                        .projection(p -> p.projectionType(ProjectionType.INCLUDE).nonKeyAttributes("name", "email")))
                .localSecondaryIndexes(l -> l.indexName("ByTotal")
                        .keySchema(k -> k.attributeName("PK").keyType(KeyType.HASH),
                                k -> k.attributeName("total").keyType(KeyType.RANGE))
                        .projection(p -> p.projectionType(ProjectionType.KEYS_ONLY)))
                .streamSpecification(s -> s.streamEnabled(true).streamViewType(StreamViewType.NEW_IMAGE))
                .tags(t -> t.key("team").value("orders"))
                .build();
    }

    @Test
    void should_create_the_table_the_sdk_call_creates_without_logging_a_request() {
        engine.createTable(orders("app"));
        throughSdk.client().createTable(orders("app"));

        assertThat(engine.requestLog().entries()).isEmpty();
        assertThat(comparable(engine.client().describeTable(r -> r.tableName("app")).table()))
                .isEqualTo(comparable(throughSdk.client().describeTable(r -> r.tableName("app")).table()));
        assertThat(engine.client().listTagsOfResource(r -> r.resourceArn(engine.client()
                .describeTable(d -> d.tableName("app")).table().tableArn())).tags())
                .singleElement().satisfies(tag -> assertThat(tag.value()).isEqualTo("orders"));
    }

    /** What two engines answer alike: all but the moments of creation and the stream's label. */
    private static TableDescription comparable(TableDescription table) {
        return table.toBuilder().creationDateTime(null).latestStreamLabel(null).latestStreamArn(null)
                .tableId(null).billingModeSummary(table.billingModeSummary().toBuilder()
                        .lastUpdateToPayPerRequestDateTime(null).build()).build();
    }

    @Test
    void should_refuse_what_create_table_refuses_with_its_error_and_leave_no_table() {
        CreateTableRequest undefined = orders("app").toBuilder()
                .attributeDefinitions(a -> a.attributeName("PK").attributeType(ScalarAttributeType.S)).build();

        assertThatThrownBy(() -> engine.createTable(undefined)).isInstanceOfSatisfying(DynamoDbException.class,
                e -> assertThat(e.awsErrorDetails().errorCode()).isEqualTo("ValidationException"));
        assertThatThrownBy(() -> throughSdk.client().createTable(undefined))
                .isInstanceOfSatisfying(DynamoDbException.class, e -> assertThat(e.awsErrorDetails().errorMessage())
                        .isEqualTo(messageOf(() -> engine.createTable(undefined))));
        assertThat(engine.client().listTables().tableNames()).isEmpty();
    }

    @Test
    void should_refuse_a_table_that_exists_as_the_sdk_client_would() {
        engine.createTable(orders("app"));

        assertThatThrownBy(() -> engine.createTable(orders("app"))).isInstanceOf(ResourceInUseException.class)
                .hasMessageContaining("Table already exists: app");
    }

    @Test
    void should_drop_a_table_and_refuse_one_that_is_gone_as_the_sdk_client_would() {
        engine.createTable(orders("app"));

        engine.drop("app");

        assertThatThrownBy(() -> engine.drop("app")).isInstanceOf(ResourceNotFoundException.class);
        assertThat(engine.client().listTables().tableNames()).isEmpty();
        assertThat(engine.requestLog().entries()).extracting(e -> e.operationName()).containsExactly("ListTables");
    }

    private static String messageOf(Runnable call) {
        try {
            call.run();
        } catch (DynamoDbException e) {
            return e.awsErrorDetails().errorMessage();
        }
        throw new AssertionError("no error");
    }
}
