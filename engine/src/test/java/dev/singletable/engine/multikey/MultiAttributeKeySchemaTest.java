package dev.singletable.engine.multikey;

import static dev.singletable.engine.control.ControlAssertions.assertValidation;
import static dev.singletable.engine.control.ControlAssertions.attribute;
import static dev.singletable.engine.control.ControlAssertions.hash;
import static dev.singletable.engine.control.ControlAssertions.range;
import static dev.singletable.engine.multikey.Tasks.INDEX;
import static dev.singletable.engine.multikey.Tasks.TABLE;
import static dev.singletable.engine.multikey.Tasks.gsi;
import static dev.singletable.engine.multikey.Tasks.ids;
import static dev.singletable.engine.multikey.Tasks.task;
import static org.assertj.core.api.Assertions.assertThat;

import dev.singletable.engine.EngineTest;
import dev.singletable.engine.control.ControlAssertions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;

/**
 * CreateTable and UpdateTable with global indexes keyed on several attributes: 1–4 HASH elements, then 0–4 RANGE
 * elements, each defined; the table's key and local indexes stay one attribute a side.
 */
class MultiAttributeKeySchemaTest extends EngineTest {
    private static final String INVALID = "One or more parameter values were invalid: ";

    private static CreateTableRequest.Builder withIndex(GlobalSecondaryIndex index, AttributeDefinition... extra) {
        List<AttributeDefinition> definitions = new ArrayList<>(List.of(attribute("PK", ScalarAttributeType.S)));
        definitions.addAll(List.of(extra));
        return CreateTableRequest.builder().tableName(TABLE).billingMode("PAY_PER_REQUEST").keySchema(hash("PK"))
                .attributeDefinitions(definitions).globalSecondaryIndexes(index);
    }

    private static AttributeDefinition[] strings(String... names) {
        return Arrays.stream(names).map(ControlAssertions::string).toArray(AttributeDefinition[]::new);
    }

    private void assertNoTable() {
        assertThat(client.listTables().tableNames()).isEmpty();
    }

    @Test
    void should_create_and_describe_the_key_schema_as_given() {
        TableDescription created = client.createTable(Tasks.table(ProjectionType.ALL).build()).tableDescription();
        TableDescription described = client.describeTable(b -> b.tableName(TABLE)).table();

        for (TableDescription table : List.of(created, described)) {
            GlobalSecondaryIndexDescription index = table.globalSecondaryIndexes().get(0);
            assertThat(index.keySchema()).containsExactly(hash("tenantId"), hash("region"), range("status"),
                    range("priority"), range("dueDate"));
            assertThat(table.attributeDefinitions()).containsExactlyInAnyOrderElementsOf(Tasks.definitions());
        }
    }

    @Test
    void should_create_the_widest_key_and_the_narrow_ones() {
        client.createTable(withIndex(gsi("Wide", ProjectionType.KEYS_ONLY, hash("a"), hash("b"), hash("c"), hash("d"),
                        range("e"), range("f"), range("g"), range("h")),
                strings("a", "b", "c", "d", "e", "f", "g", "h")).build());
        client.createTable(withIndex(gsi("TwoHash", ProjectionType.ALL, hash("a"), hash("b")), strings("a", "b"))
                .tableName("two-hash").build());
        client.createTable(withIndex(gsi("TwoRange", ProjectionType.ALL, hash("a"), range("b"), range("c")),
                strings("a", "b", "c")).tableName("two-range").build());

        assertThat(client.describeTable(b -> b.tableName(TABLE)).table().globalSecondaryIndexes().get(0).keySchema())
                .hasSize(8);
        assertThat(client.describeTable(b -> b.tableName("two-hash")).table().globalSecondaryIndexes().get(0)
                .keySchema()).containsExactly(hash("a"), hash("b"));
        assertThat(client.describeTable(b -> b.tableName("two-range")).table().globalSecondaryIndexes().get(0)
                .keySchema()).containsExactly(hash("a"), range("b"), range("c"));
    }

    @Test
    void should_refuse_more_than_four_attributes_a_side() {
        assertValidation(INVALID + "The KeySchema exceeds the maximum allowed number of HASH key attributes",
                () -> client.createTable(withIndex(gsi("GSI", ProjectionType.ALL, hash("a"), hash("b"), hash("c"),
                        hash("d"), hash("e")), strings("a", "b", "c", "d", "e")).build()));
        assertValidation(INVALID + "The KeySchema exceeds the maximum allowed number of RANGE key attributes",
                () -> client.createTable(withIndex(gsi("GSI", ProjectionType.ALL, hash("a"), range("b"), range("c"),
                        range("d"), range("e"), range("f")), strings("a", "b", "c", "d", "e", "f")).build()));
        assertNoTable();
    }

    @Test
    void should_refuse_hash_elements_after_range_elements() {
        assertValidation(INVALID + "All HASH key attributes must precede RANGE key attributes in the KeySchema",
                () -> client.createTable(withIndex(gsi("GSI", ProjectionType.ALL, hash("a"), range("b"), hash("c")),
                        strings("a", "b", "c")).build()));
        assertValidation("Invalid KeySchema: The first KeySchemaElement is not a HASH key type",
                () -> client.createTable(withIndex(gsi("GSI", ProjectionType.ALL, range("a"), hash("b")),
                        strings("a", "b")).build()));
        assertNoTable();
    }

    @Test
    void should_refuse_an_attribute_named_twice() {
        assertValidation("The KeySchema contains multiple key attributes with the same name",
                () -> client.createTable(withIndex(gsi("GSI", ProjectionType.ALL, hash("a"), hash("a")), strings("a"))
                        .build()));
        assertValidation("The KeySchema contains multiple key attributes with the same name",
                () -> client.createTable(withIndex(gsi("GSI", ProjectionType.ALL, hash("a"), hash("b"), range("a")),
                        strings("a", "b")).build()));
        assertValidation("Both the Hash Key and the Range Key element in the KeySchema have the same name",
                () -> client.createTable(withIndex(gsi("GSI", ProjectionType.ALL, hash("a"), range("a")), strings("a"))
                        .build()));
        assertNoTable();
    }

    @Test
    void should_refuse_an_attribute_without_definition() {
        assertValidation(INVALID + "Some index key attributes are not defined in AttributeDefinitions. "
                + "Keys: [a, b, c], AttributeDefinitions: [PK, a, b]",
                () -> client.createTable(withIndex(gsi("GSI", ProjectionType.ALL, hash("a"), hash("b"), range("c")),
                        strings("a", "b")).build()));
        assertNoTable();
    }

    @Test
    void should_keep_the_table_key_and_local_indexes_to_one_attribute_a_side() {
        assertValidation("Invalid KeySchema: The second KeySchemaElement is not a RANGE key type",
                () -> client.createTable(withIndex(gsi("GSI", ProjectionType.ALL, hash("a")), strings("a", "SK"))
                        .keySchema(hash("PK"), hash("SK")).build()));
        assertValidation("1 validation error detected: Value '[KeySchemaElement(attributeName=PK, keyType=HASH), "
                + "KeySchemaElement(attributeName=SK, keyType=RANGE), KeySchemaElement(attributeName=total, "
                + "keyType=RANGE)]' at 'localSecondaryIndexes.1.member.keySchema' failed to satisfy constraint: "
                + "Member must have length less than or equal to 2",
                () -> client.createTable(CreateTableRequest.builder().tableName(TABLE).billingMode("PAY_PER_REQUEST")
                        .keySchema(hash("PK"), range("SK"))
                        .attributeDefinitions(strings("PK", "SK", "total"))
                        .localSecondaryIndexes(LocalSecondaryIndex.builder().indexName("ByTotal")
                                .keySchema(hash("PK"), range("SK"), range("total"))
                                .projection(p -> p.projectionType(ProjectionType.ALL)).build()).build()));
        assertNoTable();
    }

    @Test
    void should_add_a_multi_attribute_index_and_fill_it_with_the_items_that_have_every_attribute() {
        client.createTable(b -> b.tableName(TABLE).billingMode("PAY_PER_REQUEST").keySchema(hash("PK"), range("SK"))
                .attributeDefinitions(attribute("PK", ScalarAttributeType.S), attribute("SK", ScalarAttributeType.S)));
        client.putItem(b -> b.tableName(TABLE).item(task("1", "acme", "eu", "OPEN", "3", "2026-03-10")));
        client.putItem(b -> b.tableName(TABLE).item(task("2", "acme", "eu", "OPEN", "10", "2026-03-01")));
        client.putItem(b -> b.tableName(TABLE).item(task("3", "acme", "eu", "OPEN", null, "2026-03-03")));
        Map<String, AttributeValue> typedWrong = new LinkedHashMap<>(task("4", "acme", "eu", "OPEN", null,
                "2026-03-04"));
        typedWrong.put("priority", AttributeValue.fromS("high"));
        client.putItem(b -> b.tableName(TABLE).item(typedWrong));

        TableDescription updated = client.updateTable(b -> b.tableName(TABLE).attributeDefinitions(Tasks.definitions())
                .globalSecondaryIndexUpdates(u -> u.create(c -> c.indexName(INDEX).keySchema(hash("tenantId"),
                        hash("region"), range("status"), range("priority"), range("dueDate"))
                        .projection(p -> p.projectionType(ProjectionType.ALL))))).tableDescription();

        assertThat(updated.globalSecondaryIndexes().get(0).keySchema()).containsExactly(hash("tenantId"),
                hash("region"), range("status"), range("priority"), range("dueDate"));
        assertThat(updated.globalSecondaryIndexes().get(0).itemCount()).isEqualTo(2);
        assertThat(ids(client.query(b -> b.tableName(TABLE).indexName(INDEX)
                .keyConditionExpression("tenantId = :t AND #region = :r")
                .expressionAttributeNames(Map.of("#region", "region"))
                .expressionAttributeValues(Map.of(":t", AttributeValue.fromS("acme"), ":r", AttributeValue.fromS("eu"))))
                .items())).isEqualTo(ids("1", "2"));
    }

    @Test
    void should_refuse_the_same_key_schema_errors_when_adding_an_index() {
        client.createTable(b -> b.tableName(TABLE).billingMode("PAY_PER_REQUEST").keySchema(hash("PK"))
                .attributeDefinitions(attribute("PK", ScalarAttributeType.S)));
        List<KeySchemaElement> fiveHash = List.of(hash("a"), hash("b"), hash("c"), hash("d"), hash("e"));

        assertValidation(INVALID + "The KeySchema exceeds the maximum allowed number of HASH key attributes",
                () -> client.updateTable(b -> b.tableName(TABLE).attributeDefinitions(strings("a", "b", "c", "d", "e"))
                        .globalSecondaryIndexUpdates(u -> u.create(c -> c.indexName("GSI").keySchema(fiveHash)
                                .projection(p -> p.projectionType(ProjectionType.ALL))))));
        assertValidation(INVALID + "All HASH key attributes must precede RANGE key attributes in the KeySchema",
                () -> client.updateTable(b -> b.tableName(TABLE).attributeDefinitions(strings("a", "b", "c"))
                        .globalSecondaryIndexUpdates(u -> u.create(c -> c.indexName("GSI")
                                .keySchema(hash("a"), range("c"), hash("b"))
                                .projection(p -> p.projectionType(ProjectionType.ALL))))));
        assertThat(client.describeTable(b -> b.tableName(TABLE)).table().hasGlobalSecondaryIndexes()).isFalse();
    }
}
