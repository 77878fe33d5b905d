package dev.singletable.engine.reads;

import static dev.singletable.engine.AttributeValues.item;
import static dev.singletable.engine.AttributeValues.n;
import static dev.singletable.engine.AttributeValues.s;
import static dev.singletable.engine.LoggedKeys.key;
import static dev.singletable.engine.LoggedKeys.partition;
import static dev.singletable.engine.reads.Items.attribute;
import static dev.singletable.engine.reads.Items.gsi;
import static dev.singletable.engine.reads.Items.hash;
import static dev.singletable.engine.reads.Items.projection;
import static dev.singletable.engine.reads.Items.range;
import static dev.singletable.engine.reads.Items.values;
import static org.assertj.core.api.Assertions.assertThat;

import dev.singletable.engine.EngineTest;
import dev.singletable.engine.model.KeyOperator;
import dev.singletable.engine.model.Operation;
import dev.singletable.engine.model.RequestLogEntry;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/**
 * The item collection of the seed articles' single-table design, a customer's profile and orders under
 * {@code CUSTOMER#42} with orders on GSI1 by status and date, answers each of their access patterns with one
 * Query, and the log says which.
 */
class SingleTableAccessPatternsTest extends EngineTest {

    @BeforeEach
    void start() {
        client.createTable(Items.onDemand("app").keySchema(hash("PK"), range("SK"))
                .attributeDefinitions(attribute("PK", "S"), attribute("SK", "S"), attribute("GSI1PK", "S"),
                        attribute("GSI1SK", "S"))
                .globalSecondaryIndexes(gsi("GSI1", "GSI1PK", "GSI1SK", projection(ProjectionType.ALL))).build());
        client.putItem(b -> b.tableName("app").item(item("PK", "CUSTOMER#42", "SK", "PROFILE", "name", "Ada Lovelace")));
        order("42", "1001", "OPEN", "2026-01-05", "39.90");
        order("42", "1002", "SHIPPED", "2026-01-02", "12.50");
        order("42", "1003", "OPEN", "2026-01-20", "7");
        order("42", "1004", "OPEN", "2026-02-03", "99");
        order("7", "2001", "OPEN", "2026-01-10", "5");
        client.putItem(b -> b.tableName("app").item(item("PK", "CUSTOMER#42", "SK", "ADDRESS#home", "city", "London")));
    }

    /** Orders sort by date inside the collection: the order id is issued in date order. */
    private void order(String customer, String id, String status, String date, String total) {
        client.putItem(b -> b.tableName("app").item(item("PK", "CUSTOMER#" + customer, "SK", "ORDER#" + date + "#" + id,
                "GSI1PK", "STATUS#" + status, "GSI1SK", date + "#" + id, "total", n(total))));
    }

    private RequestLogEntry lastEntry() {
        List<RequestLogEntry> entries = engine.requestLog().entries();
        return entries.get(entries.size() - 1);
    }

    @Test
    void should_return_the_customer_with_all_orders_in_one_query() {
        QueryResponse response = client.query(b -> b.tableName("app").keyConditionExpression("PK = :c")
                .expressionAttributeValues(Map.of(":c", s("CUSTOMER#42"))));

        assertThat(values(response.items(), "SK")).containsExactly("ADDRESS#home", "ORDER#2026-01-02#1002",
                "ORDER#2026-01-05#1001", "ORDER#2026-01-20#1003", "ORDER#2026-02-03#1004", "PROFILE");
        assertThat(lastEntry().keyCondition()).contains(partition("PK", s("CUSTOMER#42")));
    }

    @Test
    void should_return_only_the_orders_with_begins_with() {
        QueryResponse response = client.query(b -> b.tableName("app")
                .keyConditionExpression("PK = :c AND begins_with(SK, :orders)")
                .expressionAttributeValues(Map.of(":c", s("CUSTOMER#42"), ":orders", s("ORDER#"))));

        assertThat(values(response.items(), "SK")).containsExactly("ORDER#2026-01-02#1002", "ORDER#2026-01-05#1001",
                "ORDER#2026-01-20#1003", "ORDER#2026-02-03#1004");
        assertThat(lastEntry().keyCondition()).contains(key("PK", s("CUSTOMER#42"), "SK", KeyOperator.BEGINS_WITH, s("ORDER#")));
    }

    @Test
    void should_return_the_orders_of_a_date_range() {
        QueryResponse response = client.query(b -> b.tableName("app")
                .keyConditionExpression("PK = :c AND SK BETWEEN :from AND :to")
                .expressionAttributeValues(Map.of(":c", s("CUSTOMER#42"), ":from", s("ORDER#2026-01-03"),
                        ":to", s("ORDER#2026-01-31"))));

        assertThat(values(response.items(), "SK")).containsExactly("ORDER#2026-01-05#1001", "ORDER#2026-01-20#1003");
        assertThat(lastEntry().keyCondition()).contains(key("PK", s("CUSTOMER#42"), "SK", KeyOperator.BETWEEN,
                s("ORDER#2026-01-03"), s("ORDER#2026-01-31")));
    }

    @Test
    void should_return_open_orders_newest_first_on_GSI1_with_Limit() {
        QueryResponse response = client.query(b -> b.tableName("app").indexName("GSI1")
                .keyConditionExpression("GSI1PK = :open AND GSI1SK >= :since").scanIndexForward(false).limit(2)
                .expressionAttributeValues(Map.of(":open", s("STATUS#OPEN"), ":since", s("2026-01-06"))));

        assertThat(values(response.items(), "SK")).containsExactly("ORDER#2026-02-03#1004", "ORDER#2026-01-20#1003");
        assertThat(response.hasLastEvaluatedKey()).isTrue();
        RequestLogEntry entry = lastEntry();
        assertThat(entry.operation()).isEqualTo(Operation.QUERY);
        assertThat(entry.index()).contains("GSI1");
        assertThat(entry.keyCondition()).contains(key("GSI1PK", s("STATUS#OPEN"), "GSI1SK", KeyOperator.GE, s("2026-01-06")));
        assertThat(entry.hasMorePages()).isTrue();
    }
}
