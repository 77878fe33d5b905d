package dev.singletable.assertions;

import static dev.singletable.assertions.Expect.failureOf;
import static dev.singletable.assertions.SingleTableAssertions.assertThat;
import static dev.singletable.assertions.SingleTableAssertions.assertThatAccessPattern;
import static dev.singletable.assertions.SingleTableAssertions.key;
import static dev.singletable.assertions.error.ShouldHaveKeyCondition.shouldHavePartitionKey;
import static org.assertj.core.api.BDDAssertions.then;

import dev.singletable.assertions.internal.Describe;
import dev.singletable.core.Provisioner;
import dev.singletable.core.SingleTable;
import dev.singletable.engine.model.RequestLogEntry;
import dev.singletable.fixtures.FixtureSource;
import dev.singletable.fixtures.Fixtures;
import dev.singletable.fixtures.TableDesign;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/**
 * The assertions on a global index keyed on several attributes: the key condition names each, the partition key
 * is a value per attribute, and a call is checked against the pattern attribute by attribute.
 */
class MultiAttributeKey_Test {

    private static final TableDesign DESIGN = TableDesign.parse(FixtureSource.ofClasspath(MultiAttributeKey_Test.class,
            "/tasks.table.yaml").read(), "tasks.table.yaml");

    private final SingleTable table = seeded();

    private static SingleTable seeded() {
        String name = "tasks_" + System.nanoTime();
        Fixtures fixtures = Fixtures.load(DESIGN, List.of(FixtureSource.ofClasspath(MultiAttributeKey_Test.class,
                "/tasks.fixtures.yaml")));
        Provisioner.of(OrdersTable.ENGINE).provision(DESIGN, name, fixtures.itemMaps());
        return SingleTable.of(OrdersTable.ENGINE.client(), OrdersTable.ENGINE.requestLog(), DESIGN, name, fixtures);
    }

    /** What an application writes: the pattern's Query, or one that stops after the first sort attribute. */
    private List<Map<String, AttributeValue>> urgentTasks(String region, boolean withPriority) {
        return table.client().query(QueryRequest.builder().tableName(table.name()).indexName("ByTenantRegion")
                .keyConditionExpression("tenantId = :t AND #region = :r AND #status = :s"
                        + (withPriority ? " AND priority >= :p" : ""))
                .expressionAttributeNames(Map.of("#region", "region", "#status", "status"))
                .expressionAttributeValues(withPriority
                        ? Map.of(":t", AttributeValue.fromS("acme"), ":r", AttributeValue.fromS(region),
                                ":s", AttributeValue.fromS("OPEN"), ":p", AttributeValue.fromN("3"))
                        : Map.of(":t", AttributeValue.fromS("acme"), ":r", AttributeValue.fromS(region),
                                ":s", AttributeValue.fromS("OPEN")))
                .scanIndexForward(false).build()).items();
    }

    private RequestLogEntry loggedQuery() {
        urgentTasks("eu", true);
        return table.requestLog().entries().get(table.requestLog().entries().size() - 1);
    }

    @Test
    void should_pass_when_every_pattern_on_the_index_runs_as_a_query_and_returns_what_is_expected() {
        assertThat(table).everyAccessPattern();
        assertThat(table.accessPattern("urgentTasksOfRegion").with("tenantId", "acme").with("region", "eu")
                .with("minPriority", 3)).runsAsQuery().onIndex("ByTenantRegion")
                .returnsKeys(key("TENANT#acme", "TASK#2"), key("TENANT#acme", "TASK#1"));
    }

    @Test
    void should_read_the_value_of_each_partition_attribute_in_key_order() {
        RequestLogEntry query = loggedQuery();

        assertThat(query).onIndex("ByTenantRegion").withPartitionKey("acme", "eu")
                .withKeyCondition("tenantId = \"acme\" AND region = \"eu\" AND status = \"OPEN\" AND priority >= 3");
    }

    @Test
    void should_fail_showing_every_partition_attribute_value() {
        RequestLogEntry query = loggedQuery();

        AssertionError error = failureOf(() -> assertThat(query).withPartitionKey("acme", "us"));

        then(error).hasMessage(shouldHavePartitionKey(Describe.request(query), "\"acme\", \"us\"", "acme, eu")
                .create());
    }

    @Test
    void should_fail_when_only_some_partition_attributes_are_given() {
        RequestLogEntry query = loggedQuery();

        AssertionError error = failureOf(() -> assertThat(query).withPartitionKey("acme"));

        then(error).hasMessage(shouldHavePartitionKey(Describe.request(query), "\"acme\"", "acme, eu").create());
    }

    @Test
    void should_pass_when_the_code_queries_attribute_by_attribute_like_the_pattern() {
        assertThatAccessPattern(table, "urgentTasksOfRegion").isServedBy(() -> urgentTasks("eu", true));
    }

    @Test
    void should_fail_when_the_code_leaves_out_a_sort_attribute_the_pattern_constrains() {
        AssertionError error = failureOf(() -> assertThatAccessPattern(table, "urgentTasksOfRegion")
                .isServedBy(() -> urgentTasks("eu", false)));

        then(error).hasMessageContaining("has sort key condition status =, not status = AND priority >=");
    }
}
