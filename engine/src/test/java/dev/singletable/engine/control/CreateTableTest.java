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
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.IndexStatus;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ResourceInUseException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.SSEStatus;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import software.amazon.awssdk.services.dynamodb.model.TableClass;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;
import software.amazon.awssdk.services.dynamodb.model.Tag;

class CreateTableTest extends EngineTest {
    private static final String INVALID = "One or more parameter values were invalid: ";

    private static GlobalSecondaryIndex gsi(String name, KeySchemaElement... keys) {
        return GlobalSecondaryIndex.builder().indexName(name).keySchema(keys)
                .projection(p -> p.projectionType(ProjectionType.ALL)).build();
    }

    private static LocalSecondaryIndex lsi(String name, KeySchemaElement... keys) {
        return LocalSecondaryIndex.builder().indexName(name).keySchema(keys)
                .projection(p -> p.projectionType(ProjectionType.KEYS_ONLY)).build();
    }

    private void assertNoTables() {
        assertThat(client.listTables().tableNames()).isEmpty();
    }

    // --- what a new table looks like

    @Test
    void should_describe_a_new_on_demand_table() {
        Instant before = Instant.now().minusSeconds(1);
        TableDescription table = client.createTable(singleTable("app").build()).tableDescription();

        assertThat(table.tableName()).isEqualTo("app");
        assertThat(table.tableStatus()).isEqualTo(TableStatus.ACTIVE);
        assertThat(table.keySchema()).containsExactly(hash("PK"), range("SK"));
        assertThat(table.attributeDefinitions()).containsExactly(string("PK"), string("SK"));
        assertThat(table.creationDateTime()).isBetween(before, Instant.now().plusSeconds(1));
        assertThat(table.tableArn()).isEqualTo("arn:aws:dynamodb:us-east-1:000000000000:table/app");
        // a random (version 4, IETF variant) UUID, as DynamoDB's table ids are
        assertThat(table.tableId()).matches("[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}");
        assertThat(table.itemCount()).isZero();
        assertThat(table.tableSizeBytes()).isZero();
        assertThat(table.provisionedThroughput().readCapacityUnits()).isZero();
        assertThat(table.provisionedThroughput().writeCapacityUnits()).isZero();
        assertThat(table.provisionedThroughput().numberOfDecreasesToday()).isZero();
        assertThat(table.billingModeSummary().billingMode()).isEqualTo(BillingMode.PAY_PER_REQUEST);
        assertThat(table.deletionProtectionEnabled()).isFalse();
        assertThat(table.hasGlobalSecondaryIndexes()).isFalse();
        assertThat(table.hasLocalSecondaryIndexes()).isFalse();
        assertThat(table.streamSpecification()).isNull();
        assertThat(table.sseDescription()).isNull();
        assertThat(table.tableClassSummary()).isNull();
    }

    @Test
    void should_describe_the_throughput_of_a_provisioned_table() {
        TableDescription table = client.createTable(singleTable("app").billingMode((String) null)
                .provisionedThroughput(t -> t.readCapacityUnits(5L).writeCapacityUnits(7L)).build()).tableDescription();

        assertThat(table.provisionedThroughput().readCapacityUnits()).isEqualTo(5);
        assertThat(table.provisionedThroughput().writeCapacityUnits()).isEqualTo(7);
        assertThat(table.billingModeSummary()).isNull();
    }

    @Test
    void should_describe_global_and_local_indexes() {
        TableDescription table = client.createTable(singleTable("app")
                .attributeDefinitions(string("PK"), string("SK"), string("GSI1PK"), attribute("total", ScalarAttributeType.N))
                .globalSecondaryIndexes(gsi("GSI1", hash("GSI1PK")))
                .localSecondaryIndexes(lsi("ByTotal", hash("PK"), range("total")))
                .build()).tableDescription();

        GlobalSecondaryIndexDescription global = table.globalSecondaryIndexes().get(0);
        assertThat(global.indexName()).isEqualTo("GSI1");
        assertThat(global.keySchema()).containsExactly(hash("GSI1PK"));
        assertThat(global.projection().projectionType()).isEqualTo(ProjectionType.ALL);
        assertThat(global.indexStatus()).isEqualTo(IndexStatus.ACTIVE);
        assertThat(global.provisionedThroughput().readCapacityUnits()).isZero();
        assertThat(global.indexSizeBytes()).isZero();
        assertThat(global.itemCount()).isZero();
        assertThat(global.indexArn()).isEqualTo("arn:aws:dynamodb:us-east-1:000000000000:table/app/index/GSI1");
        LocalSecondaryIndexDescription local = table.localSecondaryIndexes().get(0);
        assertThat(local.indexName()).isEqualTo("ByTotal");
        assertThat(local.keySchema()).containsExactly(hash("PK"), range("total"));
        assertThat(local.projection().projectionType()).isEqualTo(ProjectionType.KEYS_ONLY);
        assertThat(local.indexArn()).isEqualTo("arn:aws:dynamodb:us-east-1:000000000000:table/app/index/ByTotal");
    }

    @Test
    void should_describe_the_non_key_attributes_of_an_include_projection() {
        TableDescription table = client.createTable(singleTable("app")
                .attributeDefinitions(string("PK"), string("SK"), string("GSI1PK"))
                .globalSecondaryIndexes(GlobalSecondaryIndex.builder().indexName("GSI1").keySchema(hash("GSI1PK"))
                        .projection(p -> p.projectionType(ProjectionType.INCLUDE).nonKeyAttributes("name", "total")).build())
                .build()).tableDescription();

        assertThat(table.globalSecondaryIndexes().get(0).projection().nonKeyAttributes()).containsExactly("name", "total");
    }

    @Test
    void should_describe_the_throughput_of_each_index_of_a_provisioned_table() {
        TableDescription table = client.createTable(singleTable("app").billingMode(BillingMode.PROVISIONED)
                .provisionedThroughput(t -> t.readCapacityUnits(1L).writeCapacityUnits(1L))
                .attributeDefinitions(string("PK"), string("SK"), string("GSI1PK"))
                .globalSecondaryIndexes(gsi("GSI1", hash("GSI1PK")).toBuilder()
                        .provisionedThroughput(t -> t.readCapacityUnits(3L).writeCapacityUnits(4L)).build())
                .build()).tableDescription();

        assertThat(table.globalSecondaryIndexes().get(0).provisionedThroughput().readCapacityUnits()).isEqualTo(3);
        assertThat(table.globalSecondaryIndexes().get(0).provisionedThroughput().writeCapacityUnits()).isEqualTo(4);
    }

    @Test
    void should_describe_streams_encryption_table_class_and_deletion_protection() {
        TableDescription table = client.createTable(singleTable("app")
                .streamSpecification(s -> s.streamEnabled(true).streamViewType(StreamViewType.NEW_AND_OLD_IMAGES))
                .sseSpecification(s -> s.enabled(true))
                .tableClass(TableClass.STANDARD_INFREQUENT_ACCESS)
                .deletionProtectionEnabled(true)
                .build()).tableDescription();

        assertThat(table.streamSpecification().streamEnabled()).isTrue();
        assertThat(table.streamSpecification().streamViewType()).isEqualTo(StreamViewType.NEW_AND_OLD_IMAGES);
        assertThat(table.latestStreamArn()).isEqualTo(table.tableArn() + "/stream/" + table.latestStreamLabel());
        assertThat(table.sseDescription().status()).isEqualTo(SSEStatus.ENABLED);
        assertThat(table.sseDescription().kmsMasterKeyArn()).startsWith("arn:aws:kms:us-east-1:000000000000:key/");
        assertThat(table.tableClassSummary().tableClass()).isEqualTo(TableClass.STANDARD_INFREQUENT_ACCESS);
        assertThat(table.deletionProtectionEnabled()).isTrue();
    }

    @Test
    void should_accept_disabled_streams_and_encryption_without_describing_them() {
        TableDescription table = client.createTable(singleTable("app")
                .streamSpecification(s -> s.streamEnabled(false))
                .sseSpecification(s -> s.enabled(false))
                .build()).tableDescription();

        assertThat(table.streamSpecification()).isNull();
        assertThat(table.latestStreamArn()).isNull();
        assertThat(table.sseDescription()).isNull();
    }

    @Test
    void should_apply_the_tags_given_at_creation() {
        String arn = client.createTable(singleTable("app").tags(Tag.builder().key("team").value("orders").build()).build())
                .tableDescription().tableArn();

        assertThat(client.listTagsOfResource(r -> r.resourceArn(arn)).tags())
                .containsExactly(Tag.builder().key("team").value("orders").build());
    }

    @Test
    void should_keep_the_table_id_and_creation_time_across_describes() {
        TableDescription created = client.createTable(singleTable("app").build()).tableDescription();
        TableDescription described = client.describeTable(r -> r.tableName("app")).table();

        assertThat(described.tableId()).isEqualTo(created.tableId());
        assertThat(Duration.between(created.creationDateTime(), described.creationDateTime())).isZero();
    }

    // --- refusals; each leaves nothing behind

    @Test
    void should_refuse_a_table_that_already_exists() {
        client.createTable(singleTable("app").build());

        assertError(ResourceInUseException.class, "ResourceInUseException", "Table already exists: app",
                () -> client.createTable(singleTable("app").build()));
        assertThat(client.listTables().tableNames()).containsExactly("app");
    }

    @Test
    void should_require_a_table_name() {
        assertValidation("The parameter 'TableName' is required but was not present in the request",
                () -> client.createTable(singleTable(null).build()));
        assertNoTables();
    }

    @Test
    void should_refuse_a_table_name_shorter_than_three_characters() {
        assertValidation("1 validation error detected: Value 'ab' at 'tableName' failed to satisfy constraint: "
                + "Member must have length greater than or equal to 3", () -> client.createTable(singleTable("ab").build()));
        assertNoTables();
    }

    @Test
    void should_refuse_a_table_name_with_characters_outside_the_pattern() {
        assertValidation("1 validation error detected: Value 'my table' at 'tableName' failed to satisfy constraint: "
                + "Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+",
                () -> client.createTable(singleTable("my table").build()));
        assertNoTables();
    }

    @Test
    void should_refuse_a_table_name_longer_than_255_characters() {
        String name = "t".repeat(256);
        assertValidation("1 validation error detected: Value '" + name + "' at 'tableName' failed to satisfy constraint: "
                + "Member must have length less than or equal to 255", () -> client.createTable(singleTable(name).build()));
        assertNoTables();
    }

    @Test
    void should_report_every_shape_error_at_once() {
        assertValidation("2 validation errors detected: Value 'ab' at 'tableName' failed to satisfy constraint: "
                + "Member must have length greater than or equal to 3; Value null at 'keySchema' failed to satisfy "
                + "constraint: Member must not be null",
                () -> client.createTable(singleTable("ab").keySchema((List<KeySchemaElement>) null).build()));
        assertNoTables();
    }

    @Test
    void should_require_attribute_definitions() {
        assertValidation("1 validation error detected: Value null at 'attributeDefinitions' failed to satisfy constraint: "
                + "Member must not be null",
                () -> client.createTable(singleTable("app").attributeDefinitions((List<AttributeDefinition>) null).build()));
        assertNoTables();
    }

    @Test
    void should_refuse_a_key_attribute_name_longer_than_255_characters() {
        String name = "k".repeat(256);
        assertValidation("1 validation error detected: Value '" + name + "' at 'keySchema.1.member.attributeName' failed "
                + "to satisfy constraint: Member must have length less than or equal to 255",
                () -> client.createTable(singleTable("app").keySchema(hash(name)).attributeDefinitions(string("PK")).build()));
        assertNoTables();
    }

    @Test
    void should_refuse_a_projected_attribute_name_longer_than_255_characters() {
        String name = "p".repeat(256);
        GlobalSecondaryIndex index = GlobalSecondaryIndex.builder().indexName("ByPK").keySchema(hash("PK"))
                .projection(p -> p.projectionType(ProjectionType.INCLUDE).nonKeyAttributes("ok", name)).build();
        assertValidation("1 validation error detected: Value '[ok, " + name + "]' at "
                + "'globalSecondaryIndexes.1.member.projection.nonKeyAttributes' failed to satisfy constraint: Member "
                + "must satisfy constraint: [Member must have length less than or equal to 255, Member must have "
                + "length greater than or equal to 1]",
                () -> client.createTable(singleTable("app").globalSecondaryIndexes(index).build()));
        assertNoTables();
    }

    @Test
    void should_refuse_more_than_fifty_tags() {
        List<Tag> tags = new ArrayList<>();
        for (int i = 0; i < 51; i++) {
            tags.add(Tag.builder().key("k" + i).value("v").build());
        }
        assertValidation(INVALID + "The number of tags on the resource would exceed the limit of 50",
                () -> client.createTable(singleTable("app").tags(tags).build()));
        assertNoTables();
    }

    @Test
    void should_refuse_a_key_schema_of_three_elements() {
        assertValidation("1 validation error detected: Value '[KeySchemaElement(attributeName=PK, keyType=HASH), "
                + "KeySchemaElement(attributeName=SK, keyType=RANGE), KeySchemaElement(attributeName=X, keyType=RANGE)]' "
                + "at 'keySchema' failed to satisfy constraint: Member must have length less than or equal to 2",
                () -> client.createTable(singleTable("app").keySchema(hash("PK"), range("SK"), range("X"))
                        .attributeDefinitions(string("PK"), string("SK"), string("X")).build()));
        assertNoTables();
    }

    @Test
    void should_refuse_an_unknown_key_type() {
        assertValidation("1 validation error detected: Value 'SORT' at 'keySchema.2.member.keyType' failed to satisfy "
                + "constraint: Member must satisfy enum value set: [HASH, RANGE]",
                () -> client.createTable(singleTable("app").keySchema(hash("PK"),
                        KeySchemaElement.builder().attributeName("SK").keyType("SORT").build()).build()));
        assertNoTables();
    }

    @Test
    void should_refuse_a_range_key_first() {
        assertValidation("Invalid KeySchema: The first KeySchemaElement is not a HASH key type",
                () -> client.createTable(singleTable("app").keySchema(range("SK"), hash("PK")).build()));
        assertNoTables();
    }

    @Test
    void should_refuse_two_hash_keys() {
        assertValidation("Invalid KeySchema: The second KeySchemaElement is not a RANGE key type",
                () -> client.createTable(singleTable("app").keySchema(hash("PK"), hash("SK")).build()));
        assertNoTables();
    }

    @Test
    void should_refuse_the_same_attribute_as_hash_and_range_key() {
        assertValidation("Both the Hash Key and the Range Key element in the KeySchema have the same name",
                () -> client.createTable(singleTable("app").keySchema(hash("PK"), range("PK")).build()));
        assertNoTables();
    }

    @Test
    void should_refuse_a_key_type_outside_s_n_b() {
        assertValidation("1 validation error detected: Value 'BOOL' at 'attributeDefinitions.2.member.attributeType' "
                + "failed to satisfy constraint: Member must satisfy enum value set: [B, N, S]",
                () -> client.createTable(singleTable("app").attributeDefinitions(string("PK"), AttributeDefinition.builder().attributeName("SK").attributeType("BOOL").build()).build()));
        assertNoTables();
    }

    @Test
    void should_refuse_fewer_definitions_than_keys() {
        assertValidation("Invalid KeySchema: Some index key attribute have no definition",
                () -> client.createTable(singleTable("app").attributeDefinitions(string("PK")).build()));
        assertNoTables();
    }

    @Test
    void should_refuse_a_key_without_a_definition() {
        assertValidation(INVALID + "Some index key attributes are not defined in AttributeDefinitions. "
                + "Keys: [PK, SK], AttributeDefinitions: [PK, other]",
                () -> client.createTable(singleTable("app").attributeDefinitions(string("PK"), string("other")).build()));
        assertNoTables();
    }

    @Test
    void should_refuse_definitions_no_key_uses() {
        assertValidation(INVALID + "Number of attributes in KeySchema does not exactly match number of attributes "
                + "defined in AttributeDefinitions",
                () -> client.createTable(singleTable("app").attributeDefinitions(string("PK"), string("SK"), string("x")).build()));
        assertNoTables();
    }

    @Test
    void should_refuse_definitions_no_key_uses_when_the_table_has_indexes() {
        assertValidation(INVALID + "Some AttributeDefinitions are not used. AttributeDefinitions: [PK, SK, GSI1PK, x], "
                + "keys used: [PK, SK, GSI1PK]",
                () -> client.createTable(singleTable("app")
                        .attributeDefinitions(string("PK"), string("SK"), string("GSI1PK"), string("x"))
                        .globalSecondaryIndexes(gsi("GSI1", hash("GSI1PK"))).build()));
        assertNoTables();
    }

    @Test
    void should_refuse_an_attribute_defined_twice() {
        assertValidation(INVALID + "Duplicate AttributeName in AttributeDefinitions: SK",
                () -> client.createTable(singleTable("app").attributeDefinitions(string("PK"), string("SK"),
                        attribute("SK", ScalarAttributeType.N)).build()));
        assertNoTables();
    }

    // --- billing

    @Test
    void should_require_throughput_for_a_provisioned_table() {
        assertValidation(INVALID + "ReadCapacityUnits and WriteCapacityUnits must both be specified when BillingMode is PROVISIONED",
                () -> client.createTable(singleTable("app").billingMode(BillingMode.PROVISIONED).build()));
        assertNoTables();
    }

    @Test
    void should_treat_a_table_without_billing_mode_as_provisioned() {
        assertValidation(INVALID + "ReadCapacityUnits and WriteCapacityUnits must both be specified when BillingMode is PROVISIONED",
                () -> client.createTable(singleTable("app").billingMode((String) null).build()));
        assertNoTables();
    }

    @Test
    void should_refuse_throughput_for_an_on_demand_table() {
        assertValidation(INVALID + "Neither ReadCapacityUnits nor WriteCapacityUnits can be specified when BillingMode is PAY_PER_REQUEST",
                () -> client.createTable(singleTable("app")
                        .provisionedThroughput(t -> t.readCapacityUnits(1L).writeCapacityUnits(1L)).build()));
        assertNoTables();
    }

    @Test
    void should_refuse_capacity_units_below_one() {
        assertValidation("1 validation error detected: Value '0' at 'provisionedThroughput.readCapacityUnits' failed to "
                + "satisfy constraint: Member must have value greater than or equal to 1",
                () -> client.createTable(singleTable("app").billingMode(BillingMode.PROVISIONED)
                        .provisionedThroughput(t -> t.readCapacityUnits(0L).writeCapacityUnits(1L)).build()));
        assertNoTables();
    }

    @Test
    void should_refuse_an_unknown_billing_mode() {
        assertValidation("1 validation error detected: Value 'pay_per_request' at 'billingMode' failed to satisfy "
                + "constraint: Member must satisfy enum value set: [PROVISIONED, PAY_PER_REQUEST]",
                () -> client.createTable(singleTable("app").billingMode("pay_per_request").build()));
        assertNoTables();
    }

    @Test
    void should_refuse_index_throughput_on_an_on_demand_table() {
        assertValidation(INVALID + "ProvisionedThroughput should not be specified for index: GSI1 when BillingMode is PAY_PER_REQUEST",
                () -> client.createTable(singleTable("app").attributeDefinitions(string("PK"), string("SK"), string("G"))
                        .globalSecondaryIndexes(gsi("GSI1", hash("G")).toBuilder()
                                .provisionedThroughput(t -> t.readCapacityUnits(1L).writeCapacityUnits(1L)).build())
                        .build()));
        assertNoTables();
    }

    @Test
    void should_require_index_throughput_on_a_provisioned_table() {
        assertValidation(INVALID + "ProvisionedThroughput must be specified for index: GSI1",
                () -> client.createTable(singleTable("app").billingMode(BillingMode.PROVISIONED)
                        .provisionedThroughput(t -> t.readCapacityUnits(1L).writeCapacityUnits(1L))
                        .attributeDefinitions(string("PK"), string("SK"), string("G"))
                        .globalSecondaryIndexes(gsi("GSI1", hash("G"))).build()));
        assertNoTables();
    }

    // --- local indexes

    @Test
    void should_refuse_a_local_index_on_a_table_without_sort_key() {
        assertValidation(INVALID + "Table KeySchema does not have a range key, which is required when specifying a LocalSecondaryIndex",
                () -> client.createTable(singleTable("app").keySchema(hash("PK")).attributeDefinitions(string("PK"), string("x"))
                        .localSecondaryIndexes(lsi("ByX", hash("PK"), range("x"))).build()));
        assertNoTables();
    }

    @Test
    void should_refuse_a_local_index_with_another_partition_key() {
        assertValidation(INVALID + "Index KeySchema does not have the same leading hash key as table KeySchema for index: "
                + "ByX. index hash key: x, table hash key: PK",
                () -> client.createTable(singleTable("app").attributeDefinitions(string("PK"), string("SK"), string("x"))
                        .localSecondaryIndexes(lsi("ByX", hash("x"), range("SK"))).build()));
        assertNoTables();
    }

    @Test
    void should_refuse_a_local_index_without_sort_key() {
        assertValidation(INVALID + "Index KeySchema does not have a range key for index: ByX",
                () -> client.createTable(singleTable("app")
                        .localSecondaryIndexes(lsi("ByX", hash("PK"))).build()));
        assertNoTables();
    }

    @Test
    void should_refuse_more_than_five_local_indexes() {
        List<LocalSecondaryIndex> indexes = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            indexes.add(lsi("ByX" + i, hash("PK"), range("x")));
        }
        assertValidation(INVALID + "Number of LocalSecondaryIndexes exceeds per-table limit of 5",
                () -> client.createTable(singleTable("app").attributeDefinitions(string("PK"), string("SK"), string("x"))
                        .localSecondaryIndexes(indexes).build()));
        assertNoTables();
    }

    @Test
    void should_refuse_an_empty_list_of_local_indexes() {
        assertValidation(INVALID + "List of LocalSecondaryIndexes is empty",
                () -> client.createTable(singleTable("app").localSecondaryIndexes(List.of()).build()));
        assertNoTables();
    }

    // --- global indexes

    @Test
    void should_refuse_more_than_twenty_global_indexes() {
        List<GlobalSecondaryIndex> indexes = new ArrayList<>();
        for (int i = 0; i < 21; i++) {
            indexes.add(gsi("GSI" + i, hash("G")));
        }
        assertValidation(INVALID + "GlobalSecondaryIndex count exceeds the per-table limit of 20",
                () -> client.createTable(singleTable("app").attributeDefinitions(string("PK"), string("SK"), string("G"))
                        .globalSecondaryIndexes(indexes).build()));
        assertNoTables();
    }

    @Test
    void should_refuse_an_empty_list_of_global_indexes() {
        assertValidation(INVALID + "List of GlobalSecondaryIndexes is empty",
                () -> client.createTable(singleTable("app").globalSecondaryIndexes(List.of()).build()));
        assertNoTables();
    }

    @Test
    void should_refuse_a_global_index_with_only_a_range_key() {
        assertValidation("Invalid KeySchema: The first KeySchemaElement is not a HASH key type",
                () -> client.createTable(singleTable("app").attributeDefinitions(string("PK"), string("SK"), string("G"))
                        .globalSecondaryIndexes(gsi("GSI1", range("G"))).build()));
        assertNoTables();
    }

    @Test
    void should_refuse_a_global_index_key_without_definition() {
        assertValidation(INVALID + "Some index key attributes are not defined in AttributeDefinitions. "
                + "Keys: [G], AttributeDefinitions: [PK, SK]",
                () -> client.createTable(singleTable("app").globalSecondaryIndexes(gsi("GSI1", hash("G"))).build()));
        assertNoTables();
    }

    @Test
    void should_refuse_two_indexes_of_the_same_name() {
        assertValidation(INVALID + "Duplicate index name: Idx",
                () -> client.createTable(singleTable("app").attributeDefinitions(string("PK"), string("SK"), string("G"))
                        .localSecondaryIndexes(lsi("Idx", hash("PK"), range("G")))
                        .globalSecondaryIndexes(gsi("Idx", hash("G"))).build()));
        assertNoTables();
    }

    @Test
    void should_accept_two_indexes_with_the_same_keys_under_different_names() {
        TableDescription table = client.createTable(singleTable("app").attributeDefinitions(string("PK"), string("SK"), string("G"))
                .globalSecondaryIndexes(gsi("GSI1", hash("G")), gsi("GSI2", hash("G"))).build()).tableDescription();

        assertThat(table.globalSecondaryIndexes()).extracting(GlobalSecondaryIndexDescription::indexName)
                .containsExactly("GSI1", "GSI2");
    }

    @Test
    void should_refuse_an_index_name_shorter_than_three_characters() {
        assertValidation("1 validation error detected: Value 'G1' at 'globalSecondaryIndexes.1.member.indexName' failed "
                + "to satisfy constraint: Member must have length greater than or equal to 3",
                () -> client.createTable(singleTable("app").attributeDefinitions(string("PK"), string("SK"), string("G"))
                        .globalSecondaryIndexes(gsi("G1", hash("G"))).build()));
        assertNoTables();
    }

    @Test
    void should_refuse_an_index_without_projection_type() {
        assertValidation(INVALID + "Unknown ProjectionType: null",
                () -> client.createTable(singleTable("app").attributeDefinitions(string("PK"), string("SK"), string("G"))
                        .globalSecondaryIndexes(gsi("GSI1", hash("G")).toBuilder().projection(Projection.builder().build()).build())
                        .build()));
        assertNoTables();
    }

    @Test
    void should_refuse_an_include_projection_without_non_key_attributes() {
        assertValidation(INVALID + "ProjectionType is INCLUDE, but NonKeyAttributes is not specified",
                () -> client.createTable(singleTable("app").attributeDefinitions(string("PK"), string("SK"), string("G"))
                        .globalSecondaryIndexes(gsi("GSI1", hash("G")).toBuilder()
                                .projection(p -> p.projectionType(ProjectionType.INCLUDE)).build())
                        .build()));
        assertNoTables();
    }

    @Test
    void should_refuse_non_key_attributes_with_an_all_projection() {
        assertValidation(INVALID + "ProjectionType is ALL, but NonKeyAttributes is specified",
                () -> client.createTable(singleTable("app").attributeDefinitions(string("PK"), string("SK"), string("G"))
                        .globalSecondaryIndexes(gsi("GSI1", hash("G")).toBuilder()
                                .projection(p -> p.projectionType(ProjectionType.ALL).nonKeyAttributes("x")).build())
                        .build()));
        assertNoTables();
    }

    @Test
    void should_refuse_a_non_key_attribute_listed_twice() {
        assertValidation(INVALID + "Duplicate value in NonKeyAttributes: x for index: GSI1",
                () -> client.createTable(singleTable("app").attributeDefinitions(string("PK"), string("SK"), string("G"))
                        .globalSecondaryIndexes(gsi("GSI1", hash("G")).toBuilder()
                                .projection(p -> p.projectionType(ProjectionType.INCLUDE).nonKeyAttributes("x", "x")).build())
                        .build()));
        assertNoTables();
    }

    @Test
    void should_refuse_more_than_one_hundred_projected_attributes_across_indexes() {
        // the same attribute projected by two indexes counts twice
        List<String> attributes = new ArrayList<>();
        for (int i = 0; i < 17; i++) {
            attributes.add("a" + i);
        }
        List<GlobalSecondaryIndex> indexes = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            indexes.add(gsi("GSI" + i, hash("G")).toBuilder()
                    .projection(p -> p.projectionType(ProjectionType.INCLUDE).nonKeyAttributes(attributes)).build());
        }
        assertValidation(INVALID + "Number of projected attributes in all indexes exceeds limit of 100",
                () -> client.createTable(singleTable("app").attributeDefinitions(string("PK"), string("SK"), string("G"))
                        .globalSecondaryIndexes(indexes).build()));
        assertNoTables();
    }

    // --- streams

    @Test
    void should_require_a_view_type_for_an_enabled_stream() {
        assertValidation(INVALID + "StreamViewType is required when StreamEnabled is true",
                () -> client.createTable(singleTable("app").streamSpecification(s -> s.streamEnabled(true)).build()));
        assertNoTables();
    }
}
