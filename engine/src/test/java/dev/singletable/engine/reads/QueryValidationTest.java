package dev.singletable.engine.reads;

import static dev.singletable.engine.AttributeValues.item;
import static dev.singletable.engine.AttributeValues.n;
import static dev.singletable.engine.AttributeValues.s;
import static dev.singletable.engine.reads.Items.attribute;
import static dev.singletable.engine.reads.Items.gsi;
import static dev.singletable.engine.reads.Items.hash;
import static dev.singletable.engine.reads.Items.projection;
import static dev.singletable.engine.reads.Items.range;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.singletable.engine.EngineTest;
import dev.singletable.engine.model.Operation;
import dev.singletable.engine.model.RequestLogEntry;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.ComparisonOperator;
import software.amazon.awssdk.services.dynamodb.model.Condition;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.Select;

/** Every invalid Query gets DynamoDB's error type and message, and the log records it as an error. */
class QueryValidationTest extends EngineTest {

    @BeforeEach
    void start() {
        client.createTable(Items.onDemand("app").keySchema(hash("PK"), range("SK"))
                .attributeDefinitions(attribute("PK", "S"), attribute("SK", "S"), attribute("GSI1PK", "S"),
                        attribute("num", "N"))
                .globalSecondaryIndexes(gsi("GSI1", "GSI1PK", null, projection(ProjectionType.KEYS_ONLY)),
                        gsi("ByNum", "PK", "num", projection(ProjectionType.ALL)))
                .build());
        client.putItem(b -> b.tableName("app").item(item("PK", "P#1", "SK", "A", "GSI1PK", "G")));
    }

    /** A query of partition P#1 with the given changes. */
    private void query(Consumer<QueryRequest.Builder> changes) {
        QueryRequest.Builder request = QueryRequest.builder().tableName("app").keyConditionExpression("PK = :p")
                .expressionAttributeValues(Map.of(":p", s("P#1")));
        changes.accept(request);
        client.query(request.build());
    }

    private void assertRefused(Consumer<QueryRequest.Builder> changes, String message) {
        Items.assertValidation(() -> query(changes), message);
        List<RequestLogEntry> entries = engine.requestLog().entries();
        RequestLogEntry last = entries.get(entries.size() - 1);
        assertThat(last.operation()).isEqualTo(Operation.QUERY);
        assertThat(last.errorType()).contains("ValidationException");
        assertThat(last.errorMessage()).contains(message);
    }

    @Test
    void should_refuse_a_condition_on_an_attribute_that_is_not_a_key() {
        assertRefused(b -> b.keyConditionExpression("PK = :p AND color = :p"),
                "Query condition missed key schema element: SK");
    }

    @Test
    void should_refuse_a_key_condition_without_the_partition_key() {
        assertRefused(b -> b.keyConditionExpression("SK = :p"), "Query condition missed key schema element: PK");
    }

    @Test
    void should_refuse_two_conditions_on_one_key() {
        assertRefused(b -> b.keyConditionExpression("PK = :p AND PK = :p"),
                "KeyConditionExpressions must only contain one condition per key");
    }

    @Test
    void should_refuse_a_partition_key_condition_other_than_equality() {
        assertRefused(b -> b.keyConditionExpression("PK > :p"), "Query key condition not supported");
    }

    @Test
    void should_refuse_OR_in_a_key_condition() {
        assertRefused(b -> b.keyConditionExpression("PK = :p OR SK = :p"),
                "Invalid operator used in KeyConditionExpression: OR");
    }

    @Test
    void should_refuse_a_value_of_another_type_than_the_key() {
        assertRefused(b -> b.expressionAttributeValues(Map.of(":p", n("1"))),
                "One or more parameter values were invalid: Condition parameter type does not match schema type");
    }

    @Test
    void should_refuse_BETWEEN_bounds_the_wrong_way_round() {
        assertRefused(b -> b.keyConditionExpression("PK = :p AND SK BETWEEN :hi AND :lo")
                        .expressionAttributeValues(Map.of(":p", s("P#1"), ":hi", s("b"), ":lo", s("a"))),
                "Invalid KeyConditionExpression: The BETWEEN operator requires upper bound to be greater than or "
                        + "equal to lower bound; lower bound operand: AttributeValue: {S:b}, upper bound operand: "
                        + "AttributeValue: {S:a}");
    }

    @Test
    void should_refuse_a_query_without_key_condition() {
        assertRefused(b -> b.keyConditionExpression(null).expressionAttributeValues(null),
                "Either the KeyConditions or KeyConditionExpression parameter must be specified in the request.");
    }

    @Test
    void should_refuse_a_filter_on_a_key_attribute() {
        assertRefused(b -> b.filterExpression("SK = :p"),
                "Filter Expression can only contain non-primary key attributes: Primary key attribute: SK");
    }

    @Test
    void should_refuse_a_legacy_filter_on_a_key_attribute() {
        assertRefused(b -> b.keyConditionExpression(null).expressionAttributeValues(null)
                        .keyConditions(Map.of("PK", eq("P#1")))
                        .queryFilter(Map.of("SK", eq("A"))),
                "QueryFilter can only contain non-primary key attributes: Primary key attribute: SK");
    }

    private static Condition eq(String value) {
        return Condition.builder().comparisonOperator(ComparisonOperator.EQ).attributeValueList(s(value)).build();
    }

    @Test
    void should_refuse_a_legacy_key_condition_that_is_not_indexable() {
        assertRefused(b -> b.keyConditionExpression(null).expressionAttributeValues(null)
                        .keyConditions(Map.of("PK", Condition.builder()
                                .comparisonOperator(ComparisonOperator.NOT_NULL).build())),
                "Attempted conditional constraint is not an indexable operation");
    }

    /** A legacy query of P#1's partition with this condition on the partition key. */
    private void assertLegacyKeyConditionRefused(Condition partitionKey, String message) {
        assertRefused(b -> b.keyConditionExpression(null).expressionAttributeValues(null)
                .keyConditions(Map.of("PK", partitionKey)), message);
    }

    @Test
    void should_refuse_a_legacy_operator_name_that_is_not_one_of_dynamodbs_as_written() {
        String enumSet = "failed to satisfy constraint: Member must satisfy enum value set: "
                + "[IN, NULL, BETWEEN, LT, NOT_CONTAINS, EQ, GT, NOT_NULL, NE, LE, BEGINS_WITH, GE, CONTAINS]";
        assertLegacyKeyConditionRefused(Condition.builder().comparisonOperator("eq").attributeValueList(s("P#1")).build(),
                "1 validation error detected: Value 'eq' at 'comparisonOperator' " + enumSet);
        assertLegacyKeyConditionRefused(Condition.builder().comparisonOperator("EQUALS").attributeValueList(s("P#1")).build(),
                "1 validation error detected: Value 'EQUALS' at 'comparisonOperator' " + enumSet);
        assertLegacyKeyConditionRefused(Condition.builder().attributeValueList(s("P#1")).build(),
                "1 validation error detected: Value null at 'comparisonOperator' failed to satisfy constraint: "
                        + "Member must not be null");
    }

    @Test
    void should_allow_only_eq_on_the_partition_key_of_a_legacy_query() {
        for (ComparisonOperator operator : List.of(ComparisonOperator.LT, ComparisonOperator.LE, ComparisonOperator.GT,
                ComparisonOperator.GE, ComparisonOperator.BEGINS_WITH)) {
            assertLegacyKeyConditionRefused(Condition.builder().comparisonOperator(operator)
                    .attributeValueList(s("P#1")).build(), "Query key condition not supported");
        }
        assertLegacyKeyConditionRefused(Condition.builder().comparisonOperator(ComparisonOperator.BETWEEN)
                .attributeValueList(s("A"), s("B")).build(), "Query key condition not supported");
        for (ComparisonOperator operator : List.of(ComparisonOperator.NE, ComparisonOperator.CONTAINS,
                ComparisonOperator.NOT_CONTAINS)) {
            assertLegacyKeyConditionRefused(Condition.builder().comparisonOperator(operator)
                    .attributeValueList(s("P#1")).build(), "Attempted conditional constraint is not an indexable operation");
        }
        assertLegacyKeyConditionRefused(Condition.builder().comparisonOperator(ComparisonOperator.IN)
                .attributeValueList(s("P#1")).build(), "Attempted conditional constraint is not an indexable operation");
        assertLegacyKeyConditionRefused(Condition.builder().comparisonOperator(ComparisonOperator.NULL).build(),
                "Attempted conditional constraint is not an indexable operation");
    }

    @Test
    void should_refuse_expression_attribute_values_or_names_without_an_expression() {
        assertRefused(b -> b.keyConditionExpression(null).keyConditions(Map.of("PK", eq("P#1"))),
                "ExpressionAttributeValues can only be specified when using expressions");
        assertRefused(b -> b.keyConditionExpression(null).expressionAttributeValues(null)
                        .keyConditions(Map.of("PK", eq("P#1"))).expressionAttributeNames(Map.of("#p", "PK")),
                "ExpressionAttributeNames can only be specified when using expressions");
    }

    @Test
    void should_refuse_legacy_and_expression_parameters_together() {
        assertRefused(b -> b.attributesToGet("SK"),
                "Can not use both expression and non-expression parameters in the same request: "
                        + "Non-expression parameters: {AttributesToGet} Expression parameters: {KeyConditionExpression}");
    }

    @Test
    void should_refuse_an_unused_expression_attribute_value() {
        assertRefused(b -> b.expressionAttributeValues(Map.of(":p", s("P#1"), ":spare", s("x"))),
                "Value provided in ExpressionAttributeValues unused in expressions: keys: {:spare}");
    }

    @Test
    void should_refuse_a_start_key_without_the_sort_key() {
        assertRefused(b -> b.exclusiveStartKey(item("PK", "P#1")), "The provided starting key is invalid");
    }

    @Test
    void should_refuse_a_start_key_with_an_attribute_that_is_not_a_key() {
        assertRefused(b -> b.exclusiveStartKey(item("PK", "P#1", "SK", "A", "color", "red")),
                "The provided starting key is invalid");
    }

    @Test
    void should_refuse_a_start_key_of_the_wrong_type() {
        assertRefused(b -> b.exclusiveStartKey(item("PK", "P#1", "SK", n("1"))), "The provided starting key is invalid");
    }

    @Test
    void should_refuse_a_start_key_in_another_partition() {
        assertRefused(b -> b.exclusiveStartKey(item("PK", "P#2", "SK", "A")),
                "The provided starting key is outside query boundaries based on provided conditions");
    }

    @Test
    void should_refuse_a_start_key_outside_the_sort_key_condition() {
        assertRefused(b -> b.keyConditionExpression("PK = :p AND SK > :b")
                        .expressionAttributeValues(Map.of(":p", s("P#1"), ":b", s("B")))
                        .exclusiveStartKey(item("PK", "P#1", "SK", "A")),
                "The provided starting key does not match the range key predicate");
    }

    @Test
    void should_refuse_a_table_start_key_on_an_index() {
        assertRefused(b -> b.indexName("ByNum").keyConditionExpression("PK = :p")
                        .exclusiveStartKey(item("PK", "P#1", "SK", "A")),
                "The provided starting key is invalid");
    }

    @Test
    void should_refuse_Limit_0() {
        assertRefused(b -> b.limit(0),
                "1 validation error detected: Value at 'Limit' failed to satisfy constraint: "
                        + "Member must have value greater than or equal to 1");
    }

    @Test
    void should_refuse_an_unknown_index() {
        assertRefused(b -> b.indexName("Nope"), "The table does not have the specified index: Nope");
    }

    @Test
    void should_refuse_a_consistent_read_on_a_global_index() {
        assertRefused(b -> b.indexName("GSI1").keyConditionExpression("GSI1PK = :p").consistentRead(true),
                "Consistent reads are not supported on global secondary indexes");
    }

    @Test
    void should_refuse_SPECIFIC_ATTRIBUTES_without_a_projection() {
        assertRefused(b -> b.select(Select.SPECIFIC_ATTRIBUTES), "1 validation error detected: Must specify the "
                + "AttributesToGet or ProjectionExpression when choosing to get SPECIFIC_ATTRIBUTES");
    }

    @Test
    void should_refuse_a_projection_with_ALL_ATTRIBUTES() {
        assertRefused(b -> b.select(Select.ALL_ATTRIBUTES).projectionExpression("SK"),
                "Cannot specify the ProjectionExpression when choosing to get ALL_ATTRIBUTES");
    }

    @Test
    void should_refuse_a_projection_with_COUNT() {
        assertRefused(b -> b.select(Select.COUNT).projectionExpression("SK"),
                "Cannot specify the ProjectionExpression when choosing to get only the Count");
    }

    @Test
    void should_refuse_ALL_PROJECTED_ATTRIBUTES_on_the_table() {
        assertRefused(b -> b.select(Select.ALL_PROJECTED_ATTRIBUTES),
                "ALL_PROJECTED_ATTRIBUTES can be used only when Querying using an IndexName");
    }

    @Test
    void should_refuse_ALL_ATTRIBUTES_on_a_global_index_that_does_not_project_everything() {
        assertRefused(b -> b.indexName("GSI1").keyConditionExpression("GSI1PK = :p").select(Select.ALL_ATTRIBUTES),
                "One or more parameter values were invalid: Select type ALL_ATTRIBUTES is not supported for global "
                        + "secondary index GSI1 because its projection type is not ALL");
    }

    @Test
    void should_refuse_projecting_what_a_global_index_does_not_project() {
        assertRefused(b -> b.indexName("GSI1").keyConditionExpression("GSI1PK = :p").projectionExpression("SK, color"),
                "One or more parameter values were invalid: Global secondary index GSI1 does not project [color]");
    }

    @Test
    void should_refuse_an_invalid_Select() {
        assertRefused(b -> b.select("EVERYTHING"), "1 validation error detected: Value 'EVERYTHING' at 'select' failed "
                + "to satisfy constraint: Member must satisfy enum value set: "
                + "[SPECIFIC_ATTRIBUTES, COUNT, ALL_ATTRIBUTES, ALL_PROJECTED_ATTRIBUTES]");
    }

    @Test
    void should_answer_a_missing_table_with_ResourceNotFoundException() {
        assertThatThrownBy(() -> client.query(b -> b.tableName("missing").keyConditionExpression("PK = :p")
                .expressionAttributeValues(Map.of(":p", s("P#1")))))
                .isInstanceOfSatisfying(ResourceNotFoundException.class, e ->
                        assertThat(e.awsErrorDetails().errorMessage()).isEqualTo("Requested resource not found"));
    }

    @Test
    void should_change_nothing_when_refusing() {
        assertRefused(b -> b.limit(0), "1 validation error detected: Value at 'Limit' failed to satisfy "
                + "constraint: Member must have value greater than or equal to 1");

        assertThat(client.scan(b -> b.tableName("app")).items())
                .containsExactly(item("PK", "P#1", "SK", "A", "GSI1PK", "G"));
    }
}
