package dev.singletable.engine.log;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

import dev.singletable.engine.DynamoDbEngine;
import dev.singletable.engine.EngineTest;
import dev.singletable.engine.LoggedKeys;
import dev.singletable.engine.RequestLog;
import dev.singletable.engine.model.Access;
import dev.singletable.engine.model.ExpressionKind;
import dev.singletable.engine.model.KeyOperator;
import dev.singletable.engine.model.Operation;
import dev.singletable.engine.model.RequestLogEntry;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.ComparisonOperator;
import software.amazon.awssdk.services.dynamodb.model.Condition;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;

/** The engine's request log: every request recorded with what it asked, read, returned and cost, and how it ended. */
class RequestLogTest extends EngineTest {

    RequestLog log;

    @BeforeEach
    void start() {
        log = engine.requestLog();
        createTable(client);
        for (String sk : List.of("PROFILE", "ORDER#1", "ORDER#2", "ORDER#3")) {
            client.putItem(b -> b.tableName("app").item(Map.of("PK", s("CUSTOMER#42"), "SK", s(sk),
                    "GSI1PK", s("STATUS#OPEN"), "state", s(sk.equals("ORDER#2") ? "late" : "fine"))));
        }
    }

    static void createTable(DynamoDbClient client) {
        client.createTable(b -> b.tableName("app").billingMode(BillingMode.PAY_PER_REQUEST)
                .keySchema(key("PK", KeyType.HASH), key("SK", KeyType.RANGE))
                .attributeDefinitions(definition("PK"), definition("SK"), definition("GSI1PK"))
                .globalSecondaryIndexes(GlobalSecondaryIndex.builder().indexName("GSI1")
                        .keySchema(key("GSI1PK", KeyType.HASH), key("SK", KeyType.RANGE))
                        .projection(p -> p.projectionType(ProjectionType.ALL)).build()));
    }

    private static KeySchemaElement key(String name, KeyType type) {
        return KeySchemaElement.builder().attributeName(name).keyType(type).build();
    }

    private static AttributeDefinition definition(String name) {
        return AttributeDefinition.builder().attributeName(name).attributeType("S").build();
    }

    static AttributeValue s(String value) {
        return AttributeValue.fromS(value);
    }

    private RequestLogEntry last() {
        List<RequestLogEntry> entries = log.entries();
        return entries.get(entries.size() - 1);
    }

    @Test
    void should_record_what_a_query_asked_read_returned_and_cost() {
        client.query(b -> b.tableName("app").keyConditionExpression("PK = :c AND begins_with(#sk, :orders)")
                .filterExpression("#state = :late").projectionExpression("#sk, #state").limit(2)
                .expressionAttributeNames(Map.of("#sk", "SK", "#state", "state"))
                .expressionAttributeValues(Map.of(":c", s("CUSTOMER#42"), ":orders", s("ORDER#"), ":late", s("late"))));

        RequestLogEntry entry = last();
        assertThat(entry.operation()).isEqualTo(Operation.QUERY);
        assertThat(entry.operationName()).isEqualTo("Query");
        assertThat(entry.table()).contains("app");
        assertThat(entry.index()).isEmpty();
        assertThat(entry.expressions()).containsExactly(
                entry(ExpressionKind.KEY_CONDITION, "PK = \"CUSTOMER#42\" AND begins_with(SK, \"ORDER#\")"),
                entry(ExpressionKind.FILTER, "state = \"late\""),
                entry(ExpressionKind.PROJECTION, "SK, state"));
        assertThat(entry.keyCondition()).contains(LoggedKeys.key("PK", s("CUSTOMER#42"), "SK", KeyOperator.BEGINS_WITH, s("ORDER#")));
        assertThat(entry.access()).contains(Access.QUERY);
        assertThat(entry.scannedCount()).isEqualTo(2);
        assertThat(entry.returnedCount()).isEqualTo(1);
        assertThat(entry.hasMorePages()).isTrue();
        assertThat(entry.consumedCapacity()).hasValue(0.5);
        assertThat(entry.duration()).isPositive();
        assertThat(entry.succeeded()).isTrue();
        assertThat(entry.isScan()).isFalse();
        assertThat(entry).hasToString("Query on app where PK = \"CUSTOMER#42\" AND begins_with(SK, \"ORDER#\") "
                + "filter state = \"late\"");
    }

    @Test
    void should_record_the_index_and_the_key_condition_of_each_operator() {
        for (KeyOperator operator : List.of(KeyOperator.EQ, KeyOperator.LT, KeyOperator.LE, KeyOperator.GT,
                KeyOperator.GE)) {
            client.query(b -> b.tableName("app").indexName("GSI1")
                    .keyConditionExpression("GSI1PK = :s AND SK " + operator.symbol() + " :o")
                    .expressionAttributeValues(Map.of(":s", s("STATUS#OPEN"), ":o", s("ORDER#2"))));

            assertThat(last().index()).contains("GSI1");
            assertThat(last().keyCondition()).contains(LoggedKeys.key("GSI1PK", s("STATUS#OPEN"), "SK", operator, s("ORDER#2")));
        }
        client.query(b -> b.tableName("app").keyConditionExpression("PK = :c AND SK BETWEEN :a AND :b")
                .expressionAttributeValues(Map.of(":c", s("CUSTOMER#42"), ":a", s("A"), ":b", s("Z"))));

        assertThat(last().keyCondition()).contains(LoggedKeys.key("PK", s("CUSTOMER#42"), "SK", KeyOperator.BETWEEN, s("A"), s("Z")));
    }

    @Test
    void should_record_the_shape_of_legacy_KeyConditions() {
        client.query(b -> b.tableName("app").keyConditions(Map.of(
                "PK", Condition.builder().comparisonOperator(ComparisonOperator.EQ).attributeValueList(s("CUSTOMER#42")).build(),
                "SK", Condition.builder().comparisonOperator(ComparisonOperator.LT).attributeValueList(s("P")).build())));

        assertThat(last().keyCondition()).contains(LoggedKeys.key("PK", s("CUSTOMER#42"), "SK", KeyOperator.LT, s("P")));
        assertThat(last().returnedCount()).isEqualTo(3);
    }

    @Test
    void should_record_a_scan_with_its_counts_and_no_key_condition() {
        client.scan(b -> b.tableName("app").indexName("GSI1").filterExpression("#state = :late")
                .expressionAttributeNames(Map.of("#state", "state")).expressionAttributeValues(Map.of(":late", s("late"))));

        RequestLogEntry entry = last();
        assertThat(entry.operation()).isEqualTo(Operation.SCAN);
        assertThat(entry.access()).contains(Access.SCAN);
        assertThat(entry.isScan()).isTrue();
        assertThat(entry.index()).contains("GSI1");
        assertThat(entry.keyCondition()).isEmpty();
        assertThat(entry.expression(ExpressionKind.FILTER)).contains("state = \"late\"");
        assertThat(entry.scannedCount()).isEqualTo(4);
        assertThat(entry.returnedCount()).isEqualTo(1);
        assertThat(entry.hasMorePages()).isFalse();
    }

    @Test
    void should_record_a_refused_request_as_an_error_with_its_type_and_message() {
        assertThatThrownBy(() -> client.query(b -> b.tableName("app").keyConditionExpression("PK = :c").limit(0)
                .expressionAttributeValues(Map.of(":c", s("CUSTOMER#42"))))).isInstanceOf(DynamoDbException.class);

        RequestLogEntry entry = last();
        assertThat(entry.succeeded()).isFalse();
        assertThat(entry.errorType()).contains("ValidationException");
        assertThat(entry.errorMessage()).contains("1 validation error detected: Value at 'Limit' failed to satisfy "
                + "constraint: Member must have value greater than or equal to 1");
        assertThat(entry.expression(ExpressionKind.KEY_CONDITION)).contains("PK = \"CUSTOMER#42\"");
        assertThat(entry.keyCondition()).isEmpty();
    }

    @Test
    void should_record_a_missing_table_as_ResourceNotFoundException() {
        assertThatThrownBy(() -> client.scan(b -> b.tableName("missing"))).isInstanceOf(ResourceNotFoundException.class);

        assertThat(last().table()).contains("missing");
        assertThat(last().errorType()).contains("ResourceNotFoundException");
    }

    @Test
    void should_return_only_the_entries_recorded_since_a_mark() {
        RequestLog.Mark mark = log.mark();
        client.scan(b -> b.tableName("app"));
        client.getItem(b -> b.tableName("app").key(Map.of("PK", s("CUSTOMER#42"), "SK", s("PROFILE"))));

        assertThat(log.since(mark)).extracting(RequestLogEntry::operation).containsExactly(Operation.SCAN, Operation.GET_ITEM);
    }

    @Test
    void should_forget_entries_when_cleared_and_go_on_numbering() {
        long before = last().sequence();
        log.clear();

        assertThat(log.entries()).isEmpty();
        client.scan(b -> b.tableName("app"));
        assertThat(log.entries()).singleElement().satisfies(e -> assertThat(e.sequence()).isEqualTo(before + 1));
    }

    @Test
    void should_number_entries_in_the_order_requests_were_served() {
        assertThat(log.entries()).extracting(RequestLogEntry::operation)
                .containsExactly(Operation.CREATE_TABLE, Operation.PUT_ITEM, Operation.PUT_ITEM, Operation.PUT_ITEM,
                        Operation.PUT_ITEM);
        assertThat(log.entries()).extracting(RequestLogEntry::sequence).containsExactly(1L, 2L, 3L, 4L, 5L);
    }

    @Test
    void should_keep_only_the_newest_entries_of_a_bounded_ring() {
        try (DynamoDbEngine small = DynamoDbEngine.builder().requestLogCapacity(3).build()) {
            DynamoDbClient smallClient = transport.client(small);
            createTable(smallClient);
            for (int i = 0; i < 4; i++) {
                smallClient.scan(b -> b.tableName("app"));
            }

            assertThat(small.requestLog().capacity()).isEqualTo(3);
            assertThat(small.requestLog().entries()).extracting(RequestLogEntry::sequence).containsExactly(3L, 4L, 5L);
        }
    }

    @Test
    void should_keep_entries_unchanged_after_they_are_recorded() {
        RequestLogEntry first = log.entries().get(0);
        client.scan(b -> b.tableName("app"));

        assertThat(log.entries().get(0)).isSameAs(first);
        assertThat(first.operation()).isEqualTo(Operation.CREATE_TABLE);
    }
}
