package dev.singletable.engine.control;

import static dev.singletable.engine.control.ControlAssertions.assertError;
import static dev.singletable.engine.control.ControlAssertions.assertValidation;
import static dev.singletable.engine.control.ControlAssertions.hash;
import static dev.singletable.engine.control.ControlAssertions.singleTable;
import static dev.singletable.engine.control.ControlAssertions.string;
import static org.assertj.core.api.Assertions.assertThat;

import dev.singletable.engine.EngineTest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.ListTablesResponse;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;

/** DescribeTable, ListTables and DeleteTable, and a table's whole life. */
class TableLifecycleTest extends EngineTest {

    private void createTables(String... names) {
        for (String name : names) {
            client.createTable(singleTable(name).build());
        }
    }

    private static AttributeValue s(String value) {
        return AttributeValue.fromS(value);
    }

    // --- DescribeTable

    @Test
    void should_describe_a_table_by_name_or_by_arn() {
        String arn = client.createTable(singleTable("app").build()).tableDescription().tableArn();

        assertThat(client.describeTable(r -> r.tableName("app")).table().tableName()).isEqualTo("app");
        assertThat(client.describeTable(r -> r.tableName(arn)).table().tableName()).isEqualTo("app");
    }

    @Test
    void should_report_live_item_counts_and_sizes_of_the_table_and_its_indexes() {
        client.createTable(singleTable("app").attributeDefinitions(string("PK"), string("SK"), string("GSI1PK"))
                .globalSecondaryIndexes(GlobalSecondaryIndex.builder().indexName("GSI1").keySchema(hash("GSI1PK"))
                        .projection(p -> p.projectionType(ProjectionType.KEYS_ONLY)).build()).build());
        client.putItem(r -> r.tableName("app").item(Map.of("PK", s("a"), "SK", s("1"), "GSI1PK", s("x"))));
        client.putItem(r -> r.tableName("app").item(Map.of("PK", s("a"), "SK", s("2"), "data", s("not indexed"))));

        TableDescription table = client.describeTable(r -> r.tableName("app")).table();

        assertThat(table.itemCount()).isEqualTo(2);
        // names and values in UTF-8 bytes: PK a, SK 1, GSI1PK x = 3 + 3 + 7; PK a, SK 2, data "not indexed" = 3 + 3 + 15
        assertThat(table.tableSizeBytes()).isEqualTo(13 + 21);
        assertThat(table.globalSecondaryIndexes().get(0).itemCount()).isEqualTo(1);
        assertThat(table.globalSecondaryIndexes().get(0).indexSizeBytes()).isEqualTo(13);
    }

    @Test
    void should_answer_describe_of_a_missing_table_with_its_name() {
        assertError(ResourceNotFoundException.class, "ResourceNotFoundException",
                "Requested resource not found: Table: missing not found",
                () -> client.describeTable(r -> r.tableName("missing")));
    }

    @Test
    void should_require_a_table_name_to_describe() {
        assertValidation("The parameter 'TableName' is required but was not present in the request",
                () -> client.describeTable(r -> { }));
    }

    // --- ListTables

    @Test
    void should_list_no_tables_of_a_new_engine() {
        ListTablesResponse response = client.listTables();

        assertThat(response.tableNames()).isEmpty();
        assertThat(response.lastEvaluatedTableName()).isNull();
    }

    @Test
    void should_list_table_names_in_ascending_byte_order() {
        createTables("beta", "Zeta", "alpha", "_under");

        assertThat(client.listTables().tableNames()).containsExactly("Zeta", "_under", "alpha", "beta");
    }

    @Test
    void should_page_with_limit_and_last_evaluated_table_name() {
        createTables("t01", "t02", "t03");

        ListTablesResponse first = client.listTables(r -> r.limit(2));
        ListTablesResponse second = client.listTables(r -> r.limit(2).exclusiveStartTableName(first.lastEvaluatedTableName()));

        assertThat(first.tableNames()).containsExactly("t01", "t02");
        assertThat(first.lastEvaluatedTableName()).isEqualTo("t02");
        assertThat(second.tableNames()).containsExactly("t03");
        assertThat(second.lastEvaluatedTableName()).isNull();
    }

    @Test
    void should_not_send_last_evaluated_table_name_when_the_page_holds_the_last_table() {
        createTables("t01", "t02");

        assertThat(client.listTables(r -> r.limit(2)).lastEvaluatedTableName()).isNull();
    }

    @Test
    void should_start_after_a_name_that_need_not_exist() {
        createTables("t01", "t03");

        assertThat(client.listTables(r -> r.exclusiveStartTableName("t02")).tableNames()).containsExactly("t03");
    }

    @Test
    void should_list_every_table_through_the_sdk_paginator() {
        List<String> names = new ArrayList<>();
        for (int i = 0; i < 105; i++) {
            names.add(String.format("table%03d", i));
        }
        createTables(names.toArray(String[]::new));

        assertThat(client.listTablesPaginator(r -> r.limit(10)).tableNames()).containsExactlyElementsOf(names);
        assertThat(client.listTables().tableNames()).hasSize(100);
    }

    @Test
    void should_refuse_a_limit_of_zero() {
        assertValidation("1 validation error detected: Value '0' at 'limit' failed to satisfy constraint: "
                + "Member must have value greater than or equal to 1", () -> client.listTables(r -> r.limit(0)));
    }

    @Test
    void should_refuse_a_limit_over_one_hundred() {
        assertValidation("1 validation error detected: Value '101' at 'limit' failed to satisfy constraint: "
                + "Member must have value less than or equal to 100", () -> client.listTables(r -> r.limit(101)));
    }

    // --- DeleteTable

    @Test
    void should_answer_delete_with_the_table_deleting_and_without_its_schema() {
        client.createTable(singleTable("app").build());
        client.putItem(r -> r.tableName("app").item(Map.of("PK", s("a"), "SK", s("1"))));

        TableDescription deleted = client.deleteTable(r -> r.tableName("app")).tableDescription();

        assertThat(deleted.tableName()).isEqualTo("app");
        assertThat(deleted.tableStatus()).isEqualTo(TableStatus.DELETING);
        assertThat(deleted.itemCount()).isEqualTo(1);
        assertThat(deleted.tableArn()).isEqualTo("arn:aws:dynamodb:us-east-1:000000000000:table/app");
        assertThat(deleted.hasKeySchema()).isFalse();
        assertThat(deleted.hasAttributeDefinitions()).isFalse();
        assertThat(deleted.hasGlobalSecondaryIndexes()).isFalse();
        assertThat(deleted.hasLocalSecondaryIndexes()).isFalse();
    }

    @Test
    void should_forget_a_deleted_table_and_its_items() {
        client.createTable(singleTable("app").build());
        client.putItem(r -> r.tableName("app").item(Map.of("PK", s("a"), "SK", s("1"))));
        client.deleteTable(r -> r.tableName("app"));

        assertThat(client.listTables().tableNames()).isEmpty();
        client.createTable(singleTable("app").build());
        assertThat(client.describeTable(r -> r.tableName("app")).table().itemCount()).isZero();
    }

    @Test
    void should_answer_delete_of_a_missing_table_with_its_name() {
        assertError(ResourceNotFoundException.class, "ResourceNotFoundException",
                "Requested resource not found: Table: missing not found",
                () -> client.deleteTable(r -> r.tableName("missing")));
    }

    @Test
    void should_refuse_to_delete_a_protected_table() {
        client.createTable(singleTable("app").deletionProtectionEnabled(true).build());

        assertValidation("Resource cannot be deleted as it is currently protected against deletion. "
                + "Disable deletion protection first.", () -> client.deleteTable(r -> r.tableName("app")));
        assertThat(client.listTables().tableNames()).containsExactly("app");
    }

    // --- the whole life

    @Test
    void should_create_describe_list_update_and_delete_a_table() {
        client.createTable(singleTable("app").build());
        assertThat(client.describeTable(r -> r.tableName("app")).table().tableStatus()).isEqualTo(TableStatus.ACTIVE);
        assertThat(client.listTables().tableNames()).containsExactly("app");

        TableDescription updated = client.updateTable(r -> r.tableName("app")
                .attributeDefinitions(string("GSI1PK"))
                .globalSecondaryIndexUpdates(u -> u.create(c -> c.indexName("GSI1").keySchema(hash("GSI1PK"))
                        .projection(p -> p.projectionType(ProjectionType.ALL))))).tableDescription();
        assertThat(updated.globalSecondaryIndexes()).hasSize(1);
        assertThat(client.describeTable(r -> r.tableName("app")).table().globalSecondaryIndexes().get(0).indexName())
                .isEqualTo("GSI1");

        client.deleteTable(r -> r.tableName("app"));
        assertThat(client.listTables().tableNames()).isEmpty();
    }

    @Test
    void should_let_the_sdk_waiter_see_a_new_table_exist() {
        client.createTable(singleTable("app").build());

        assertThat(client.waiter().waitUntilTableExists(r -> r.tableName("app")).matched().response())
                .hasValueSatisfying(response -> assertThat(response.table().tableStatus()).isEqualTo(TableStatus.ACTIVE));
    }

    @Test
    void should_let_the_sdk_waiter_see_a_deleted_table_gone() {
        client.createTable(singleTable("app").build());
        client.deleteTable(r -> r.tableName("app"));

        assertThat(client.waiter().waitUntilTableNotExists(r -> r.tableName("app")).matched().exception())
                .hasValueSatisfying(e -> assertThat(e).isInstanceOf(ResourceNotFoundException.class));
    }
}
