package dev.singletable.engine.control;

import static dev.singletable.engine.control.ControlAssertions.assertError;
import static dev.singletable.engine.control.ControlAssertions.assertValidation;
import static dev.singletable.engine.control.ControlAssertions.attribute;
import static dev.singletable.engine.control.ControlAssertions.hash;
import static dev.singletable.engine.control.ControlAssertions.range;
import static dev.singletable.engine.control.ControlAssertions.singleTable;
import static dev.singletable.engine.control.ControlAssertions.string;
import static org.assertj.core.api.Assertions.assertThat;

import dev.singletable.engine.EngineTest;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateGlobalSecondaryIndexAction;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexUpdate;
import software.amazon.awssdk.services.dynamodb.model.LimitExceededException;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.SSEStatus;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import software.amazon.awssdk.services.dynamodb.model.TableClass;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;

/** UpdateTable: online index changes, billing and throughput, streams, encryption, protection. */
class UpdateTableTest extends EngineTest {
    private static final String INVALID = "One or more parameter values were invalid: ";
    private static final String NOTHING_TO_UPDATE = "At least one of ProvisionedThroughput, BillingMode, "
            + "UpdateStreamEnabled, GlobalSecondaryIndexUpdates, SSESpecification, ReplicaUpdates, "
            + "MultiAccountReplicaReady, ReplicaTransitRoleArn, MultiRegionConsistency, DeletionProtectionEnabled, "
            + "OnDemandThroughput, WarmThroughput or TableClass is required";

    private static CreateGlobalSecondaryIndexAction.Builder byStatus() {
        return CreateGlobalSecondaryIndexAction.builder().indexName("ByStatus").keySchema(hash("status"))
                .projection(p -> p.projectionType(ProjectionType.ALL));
    }

    private static GlobalSecondaryIndexUpdate create(CreateGlobalSecondaryIndexAction.Builder action) {
        return GlobalSecondaryIndexUpdate.builder().create(action.build()).build();
    }

    private static GlobalSecondaryIndexUpdate delete(String index) {
        return GlobalSecondaryIndexUpdate.builder().delete(d -> d.indexName(index)).build();
    }

    private TableDescription describe() {
        return client.describeTable(r -> r.tableName("app")).table();
    }

    private void put(String sk, AttributeValue status) {
        client.putItem(r -> r.tableName("app").item(Map.of("PK", AttributeValue.fromS("c"), "SK", AttributeValue.fromS(sk),
                "status", status)));
    }

    /** Items with a status of type S and of type N, then an index on status as S: the second stays out of it. */
    private void indexStatusesOfTwoTypes() {
        client.createTable(singleTable("app").build());
        put("1", AttributeValue.fromS("OPEN"));
        put("2", AttributeValue.fromN("7"));
        client.updateTable(r -> r.tableName("app").attributeDefinitions(string("status"))
                .globalSecondaryIndexUpdates(create(byStatus())));
    }

    private void createProvisioned() {
        client.createTable(singleTable("app").billingMode(BillingMode.PROVISIONED)
                .provisionedThroughput(t -> t.readCapacityUnits(5L).writeCapacityUnits(5L)).build());
    }

    // --- creating and deleting a GSI

    @Test
    void should_create_an_index_and_fill_it_from_the_items_present() {
        client.createTable(singleTable("app").build());
        put("1", AttributeValue.fromS("OPEN"));
        put("2", AttributeValue.fromS("SHIPPED"));

        TableDescription table = client.updateTable(r -> r.tableName("app").attributeDefinitions(string("status"))
                .globalSecondaryIndexUpdates(create(byStatus()))).tableDescription();

        GlobalSecondaryIndexDescription index = table.globalSecondaryIndexes().get(0);
        assertThat(index.indexName()).isEqualTo("ByStatus");
        assertThat(index.indexStatus().toString()).isEqualTo("ACTIVE");
        assertThat(index.itemCount()).isEqualTo(2);
        assertThat(table.attributeDefinitions()).containsExactly(string("PK"), string("SK"), string("status"));
        QueryResponse open = client.query(r -> r.tableName("app").indexName("ByStatus")
                .keyConditionExpression("#s = :s").expressionAttributeNames(Map.of("#s", "status"))
                .expressionAttributeValues(Map.of(":s", AttributeValue.fromS("OPEN"))));
        assertThat(open.items()).extracting(item -> item.get("SK").s()).containsExactly("1");
    }

    @Test
    void should_skip_items_whose_index_key_has_another_type_when_filling_a_new_index() {
        indexStatusesOfTwoTypes();

        assertThat(describe().globalSecondaryIndexes().get(0).itemCount()).isEqualTo(1);
    }

    @Test
    void should_accept_an_update_that_leaves_an_index_key_of_another_type_alone_and_refuse_one_that_writes_it() {
        indexStatusesOfTwoTypes();
        Map<String, AttributeValue> key = Map.of("PK", AttributeValue.fromS("c"), "SK", AttributeValue.fromS("2"));

        client.updateItem(r -> r.tableName("app").key(key).updateExpression("SET note = :n")
                .expressionAttributeValues(Map.of(":n", AttributeValue.fromS("kept"))));

        assertThat(client.getItem(r -> r.tableName("app").key(key)).item())
                .containsEntry("note", AttributeValue.fromS("kept")).containsEntry("status", AttributeValue.fromN("7"));
        assertThat(describe().globalSecondaryIndexes().get(0).itemCount()).isEqualTo(1);
        assertValidation(INVALID + "Type mismatch for Index Key status Expected: S Actual: N IndexName: ByStatus",
                () -> client.updateItem(r -> r.tableName("app").key(key).updateExpression("SET #s = :s")
                        .expressionAttributeNames(Map.of("#s", "status"))
                        .expressionAttributeValues(Map.of(":s", AttributeValue.fromN("8")))));
        assertThat(client.getItem(r -> r.tableName("app").key(key)).item())
                .containsEntry("status", AttributeValue.fromN("7"));
    }

    @Test
    void should_skip_items_whose_index_key_is_empty_or_oversize_when_filling_a_new_index() {
        client.createTable(singleTable("app").build());
        put("1", AttributeValue.fromS("OPEN"));
        put("2", AttributeValue.fromS(""));
        put("3", AttributeValue.fromS("x".repeat(2049)));

        client.updateTable(r -> r.tableName("app").attributeDefinitions(string("status"))
                .globalSecondaryIndexUpdates(create(byStatus())));

        assertThat(describe().globalSecondaryIndexes().get(0).itemCount()).isEqualTo(1);
    }

    @Test
    void should_delete_an_index_and_the_definitions_only_it_used() {
        client.createTable(singleTable("app").attributeDefinitions(string("PK"), string("SK"), string("status"))
                .globalSecondaryIndexes(g -> g.indexName("ByStatus").keySchema(hash("status"))
                        .projection(p -> p.projectionType(ProjectionType.ALL))).build());

        client.updateTable(r -> r.tableName("app").globalSecondaryIndexUpdates(delete("ByStatus")));

        TableDescription table = describe();
        assertThat(table.hasGlobalSecondaryIndexes()).isFalse();
        assertThat(table.attributeDefinitions()).containsExactly(string("PK"), string("SK"));
    }

    @Test
    void should_refuse_to_create_and_delete_two_indexes_in_one_call() {
        client.createTable(singleTable("app").attributeDefinitions(string("PK"), string("SK"), string("status"))
                .globalSecondaryIndexes(g -> g.indexName("ByStatus").keySchema(hash("status"))
                        .projection(p -> p.projectionType(ProjectionType.ALL))).build());

        assertError(LimitExceededException.class, "LimitExceededException",
                "Subscriber limit exceeded: Only 1 online index can be created or deleted simultaneously per table",
                () -> client.updateTable(r -> r.tableName("app").attributeDefinitions(string("other"))
                        .globalSecondaryIndexUpdates(delete("ByStatus"),
                                create(byStatus().indexName("ByOther").keySchema(hash("other"))))));
        assertThat(describe().globalSecondaryIndexes()).extracting(GlobalSecondaryIndexDescription::indexName)
                .containsExactly("ByStatus");
    }

    @Test
    void should_refuse_an_index_update_without_an_action() {
        client.createTable(singleTable("app").build());

        assertValidation(INVALID + "One of GlobalSecondaryIndexUpdate.Update, GlobalSecondaryIndexUpdate.Create, "
                + "GlobalSecondaryIndexUpdate.Delete must not be null",
                () -> client.updateTable(r -> r.tableName("app").globalSecondaryIndexUpdates(GlobalSecondaryIndexUpdate.builder().build())));
    }

    @Test
    void should_refuse_two_updates_of_one_index() {
        client.createTable(singleTable("app").build());

        assertValidation(INVALID + "Only one global secondary index update per index is allowed simultaneously. Index: ByStatus",
                () -> client.updateTable(r -> r.tableName("app").attributeDefinitions(string("status"))
                        .globalSecondaryIndexUpdates(create(byStatus()), delete("ByStatus"))));
    }

    @Test
    void should_refuse_an_index_name_outside_the_pattern() {
        client.createTable(singleTable("app").build());

        assertValidation("1 validation error detected: Value 'by status' at "
                + "'globalSecondaryIndexUpdates.1.member.create.indexName' failed to satisfy constraint: "
                + "Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+",
                () -> client.updateTable(r -> r.tableName("app").attributeDefinitions(string("status"))
                        .globalSecondaryIndexUpdates(create(byStatus().indexName("by status")))));
    }

    @Test
    void should_refuse_an_index_that_already_exists() {
        client.createTable(singleTable("app").attributeDefinitions(string("PK"), string("SK"), string("status"))
                .globalSecondaryIndexes(g -> g.indexName("ByStatus").keySchema(hash("status"))
                        .projection(p -> p.projectionType(ProjectionType.ALL))).build());

        assertValidation("Attempting to create an index which already exists",
                () -> client.updateTable(r -> r.tableName("app").attributeDefinitions(string("status"))
                        .globalSecondaryIndexUpdates(create(byStatus()))));
    }

    @Test
    void should_require_the_new_index_keys_among_the_call_definitions() {
        client.createTable(singleTable("app").build());

        assertValidation(INVALID + "Some index key attributes are not defined in AttributeDefinitions. "
                + "Keys: [status], AttributeDefinitions: []",
                () -> client.updateTable(r -> r.tableName("app").globalSecondaryIndexUpdates(create(byStatus()))));
        assertThat(describe().hasGlobalSecondaryIndexes()).isFalse();
    }

    @Test
    void should_refuse_a_definition_that_changes_the_type_of_an_attribute() {
        client.createTable(singleTable("app").build());

        assertValidation(INVALID + "Attribute SK is redefined as N; the table defines it as S",
                () -> client.updateTable(r -> r.tableName("app")
                        .attributeDefinitions(string("status"), attribute("SK", ScalarAttributeType.N))
                        .globalSecondaryIndexUpdates(create(byStatus().keySchema(hash("status"), range("SK"))))));
        assertThat(describe().attributeDefinitions()).containsExactly(string("PK"), string("SK"));
    }

    @Test
    void should_refuse_to_delete_a_missing_index() {
        client.createTable(singleTable("app").build());

        assertError(ResourceNotFoundException.class, "ResourceNotFoundException",
                "Requested resource not found: Index: ByStatus not found",
                () -> client.updateTable(r -> r.tableName("app").globalSecondaryIndexUpdates(delete("ByStatus"))));
    }

    @Test
    void should_require_throughput_for_a_new_index_of_a_provisioned_table() {
        createProvisioned();

        assertValidation(INVALID + "ProvisionedThroughput must be specified for index: ByStatus",
                () -> client.updateTable(r -> r.tableName("app").attributeDefinitions(string("status"))
                        .globalSecondaryIndexUpdates(create(byStatus()))));
    }

    // --- billing and throughput

    @Test
    void should_switch_a_provisioned_table_to_on_demand() {
        createProvisioned();

        TableDescription table = client.updateTable(r -> r.tableName("app").billingMode(BillingMode.PAY_PER_REQUEST))
                .tableDescription();

        assertThat(table.billingModeSummary().billingMode()).isEqualTo(BillingMode.PAY_PER_REQUEST);
        assertThat(table.billingModeSummary().lastUpdateToPayPerRequestDateTime()).isNotNull();
        assertThat(table.provisionedThroughput().readCapacityUnits()).isZero();
    }

    @Test
    void should_switch_an_on_demand_table_to_provisioned_with_its_throughput() {
        client.createTable(singleTable("app").build());

        TableDescription table = client.updateTable(r -> r.tableName("app").billingMode(BillingMode.PROVISIONED)
                .provisionedThroughput(t -> t.readCapacityUnits(3L).writeCapacityUnits(4L))).tableDescription();

        assertThat(table.billingModeSummary().billingMode()).isEqualTo(BillingMode.PROVISIONED);
        assertThat(table.provisionedThroughput().readCapacityUnits()).isEqualTo(3);
        assertThat(table.provisionedThroughput().writeCapacityUnits()).isEqualTo(4);
    }

    @Test
    void should_require_throughput_when_switching_to_provisioned() {
        client.createTable(singleTable("app").build());

        assertValidation(INVALID + "ProvisionedThroughput must be specified when BillingMode is PROVISIONED",
                () -> client.updateTable(r -> r.tableName("app").billingMode(BillingMode.PROVISIONED)));
    }

    @Test
    void should_record_when_throughput_last_went_down() {
        createProvisioned();

        TableDescription table = client.updateTable(r -> r.tableName("app")
                .provisionedThroughput(t -> t.readCapacityUnits(2L).writeCapacityUnits(2L))).tableDescription();

        assertThat(table.provisionedThroughput().readCapacityUnits()).isEqualTo(2);
        assertThat(table.provisionedThroughput().numberOfDecreasesToday()).isEqualTo(1);
        assertThat(table.provisionedThroughput().lastDecreaseDateTime()).isNotNull();
    }

    @Test
    void should_refuse_throughput_that_does_not_change() {
        createProvisioned();

        assertValidation("The provisioned throughput for the table will not change. The requested value equals the "
                + "current value. Current ReadCapacityUnits provisioned for the table: 5. Requested ReadCapacityUnits: 5. "
                + "Current WriteCapacityUnits provisioned for the table: 5. Requested WriteCapacityUnits: 5. Refer to the "
                + "Amazon DynamoDB Developer Guide for current limits and how to request higher limits.",
                () -> client.updateTable(r -> r.tableName("app")
                        .provisionedThroughput(t -> t.readCapacityUnits(5L).writeCapacityUnits(5L))));
    }

    @Test
    void should_refuse_throughput_for_an_on_demand_table() {
        client.createTable(singleTable("app").build());

        assertValidation(INVALID + "Neither ReadCapacityUnits nor WriteCapacityUnits can be specified when BillingMode is PAY_PER_REQUEST",
                () -> client.updateTable(r -> r.tableName("app")
                        .provisionedThroughput(t -> t.readCapacityUnits(5L).writeCapacityUnits(5L))));
    }

    @Test
    void should_update_the_throughput_of_an_index() {
        client.createTable(singleTable("app").billingMode(BillingMode.PROVISIONED)
                .provisionedThroughput(t -> t.readCapacityUnits(5L).writeCapacityUnits(5L))
                .attributeDefinitions(string("PK"), string("SK"), string("status"))
                .globalSecondaryIndexes(g -> g.indexName("ByStatus").keySchema(hash("status"))
                        .projection(p -> p.projectionType(ProjectionType.ALL))
                        .provisionedThroughput(t -> t.readCapacityUnits(1L).writeCapacityUnits(1L))).build());

        TableDescription table = client.updateTable(r -> r.tableName("app").globalSecondaryIndexUpdates(u -> u.update(
                a -> a.indexName("ByStatus").provisionedThroughput(t -> t.readCapacityUnits(9L).writeCapacityUnits(8L)))))
                .tableDescription();

        assertThat(table.globalSecondaryIndexes().get(0).provisionedThroughput().readCapacityUnits()).isEqualTo(9);
        assertThat(table.globalSecondaryIndexes().get(0).provisionedThroughput().writeCapacityUnits()).isEqualTo(8);
    }

    // --- streams, encryption, class, protection

    @Test
    void should_enable_a_stream() {
        client.createTable(singleTable("app").build());

        TableDescription table = client.updateTable(r -> r.tableName("app")
                .streamSpecification(s -> s.streamEnabled(true).streamViewType(StreamViewType.KEYS_ONLY))).tableDescription();

        assertThat(table.streamSpecification().streamViewType()).isEqualTo(StreamViewType.KEYS_ONLY);
        assertThat(table.latestStreamArn()).startsWith(table.tableArn() + "/stream/");
    }

    @Test
    void should_refuse_to_enable_a_stream_twice() {
        client.createTable(singleTable("app")
                .streamSpecification(s -> s.streamEnabled(true).streamViewType(StreamViewType.KEYS_ONLY)).build());

        assertValidation("Table already has an enabled stream: TableName: app",
                () -> client.updateTable(r -> r.tableName("app")
                        .streamSpecification(s -> s.streamEnabled(true).streamViewType(StreamViewType.NEW_IMAGE))));
    }

    @Test
    void should_disable_a_stream() {
        client.createTable(singleTable("app")
                .streamSpecification(s -> s.streamEnabled(true).streamViewType(StreamViewType.KEYS_ONLY)).build());

        TableDescription table = client.updateTable(r -> r.tableName("app").streamSpecification(s -> s.streamEnabled(false)))
                .tableDescription();

        assertThat(table.streamSpecification()).isNull();
    }

    @Test
    void should_refuse_to_disable_a_stream_that_is_not_enabled() {
        client.createTable(singleTable("app")
                .streamSpecification(s -> s.streamEnabled(true).streamViewType(StreamViewType.KEYS_ONLY)).build());
        client.createTable(singleTable("plain").build());
        client.updateTable(r -> r.tableName("app").streamSpecification(s -> s.streamEnabled(false)));

        assertValidation("Table has no stream to disable: TableName: app",
                () -> client.updateTable(r -> r.tableName("app").streamSpecification(s -> s.streamEnabled(false))));
        assertValidation("Table has no stream to disable: TableName: plain",
                () -> client.updateTable(r -> r.tableName("plain").streamSpecification(s -> s.streamEnabled(false))));
        assertThat(client.describeTable(r -> r.tableName("app")).table().latestStreamArn()).isNotNull();
    }

    @Test
    void should_refuse_a_view_type_for_a_disabled_stream() {
        client.createTable(singleTable("app").build());

        assertValidation(INVALID + "StreamViewType cannot be specified when StreamEnabled is false",
                () -> client.updateTable(r -> r.tableName("app")
                        .streamSpecification(s -> s.streamEnabled(false).streamViewType(StreamViewType.KEYS_ONLY))));
    }

    @Test
    void should_enable_encryption_with_a_customer_key() {
        client.createTable(singleTable("app").build());

        TableDescription table = client.updateTable(r -> r.tableName("app")
                .sseSpecification(s -> s.enabled(true).sseType("KMS").kmsMasterKeyId("my-key"))).tableDescription();

        assertThat(table.sseDescription().status()).isEqualTo(SSEStatus.ENABLED);
        assertThat(table.sseDescription().kmsMasterKeyArn()).isEqualTo("arn:aws:kms:us-east-1:000000000000:key/my-key");
    }

    @Test
    void should_change_the_table_class() {
        client.createTable(singleTable("app").build());

        TableDescription table = client.updateTable(r -> r.tableName("app").tableClass(TableClass.STANDARD_INFREQUENT_ACCESS))
                .tableDescription();

        assertThat(table.tableClassSummary().tableClass()).isEqualTo(TableClass.STANDARD_INFREQUENT_ACCESS);
    }

    @Test
    void should_turn_deletion_protection_off_so_the_table_can_be_deleted() {
        client.createTable(singleTable("app").deletionProtectionEnabled(true).build());

        client.updateTable(r -> r.tableName("app").deletionProtectionEnabled(false));
        client.deleteTable(r -> r.tableName("app"));

        assertThat(client.listTables().tableNames()).isEmpty();
    }

    // --- refusals

    @Test
    void should_refuse_an_update_that_changes_nothing() {
        client.createTable(singleTable("app").build());

        assertValidation(NOTHING_TO_UPDATE,
                () -> client.updateTable(r -> r.tableName("app")));
    }

    @Test
    void should_refuse_an_empty_list_of_index_updates() {
        client.createTable(singleTable("app").build());

        assertValidation(NOTHING_TO_UPDATE,
                () -> client.updateTable(r -> r.tableName("app").globalSecondaryIndexUpdates(java.util.List.of())));
    }

    @Test
    void should_answer_an_update_of_a_missing_table_with_its_name() {
        assertError(ResourceNotFoundException.class, "ResourceNotFoundException",
                "Requested resource not found: Table: missing not found",
                () -> client.updateTable(r -> r.tableName("missing").billingMode(BillingMode.PAY_PER_REQUEST)));
    }
}
