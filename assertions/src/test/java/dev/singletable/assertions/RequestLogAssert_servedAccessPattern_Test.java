package dev.singletable.assertions;

import static dev.singletable.assertions.Expect.failureOf;
import static dev.singletable.assertions.SingleTableAssertions.assertThat;
import static dev.singletable.assertions.error.ShouldServeAccessPattern.shouldServeAccessPattern;
import static org.assertj.core.api.BDDAssertions.then;

import com.example.orders.OrderRepository;
import dev.singletable.assertions.internal.Describe;
import dev.singletable.core.SingleTable;
import dev.singletable.engine.model.RequestLogEntry;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class RequestLogAssert_servedAccessPattern_Test {

    private final SingleTable table = OrdersTable.seeded();
    private final OrderRepository repository = new OrderRepository(table.client(), table.name());

    @Test
    void should_pass_when_the_queries_have_the_shape_of_the_pattern() {
        // GIVEN any dates: the shape is what matters
        repository.openOrders(LocalDate.parse("2025-03-01"), LocalDate.parse("2025-04-01"));
        // WHEN/THEN
        assertThat(table.requestLog()).servedAccessPattern(table.accessPattern("openOrdersByDate"));
    }

    @Test
    void should_pass_when_a_key_lookup_reads_the_one_item_the_pattern_names() {
        // GIVEN a pattern whose key condition names one item, served by GetItem
        SingleTable profiles = SingleTable.of(table.client(), table.requestLog(), Designs.withProfilePattern(),
                table.name(), table.fixtures());
        repository.customer(42);
        // WHEN/THEN
        assertThat(table.requestLog()).servedAccessPattern(profiles.accessPattern("profile"));
    }

    @Test
    void should_fail_saying_how_each_request_differs() {
        // GIVEN
        repository.ordersOf(42);
        repository.openOrdersByScan();
        // WHEN
        AssertionError error = failureOf(() -> assertThat(table.requestLog())
                .servedAccessPattern(table.accessPattern("openOrdersByDate")));
        // THEN
        List<RequestLogEntry> requests = table.requestLog().entries();
        then(error).hasMessage(shouldServeAccessPattern(requests, table.design().accessPattern("openOrdersByDate"),
                List.of(Describe.request(requests.get(0)) + Describe.NEXT_LINE + "  reads the table, not index GSI1;"
                        + " has partition key PK, not GSI1PK; has sort key condition begins_with(SK), not GSI1SK"
                        + " BETWEEN",
                        Describe.request(requests.get(1)) + Describe.NEXT_LINE + "  is a Scan, not a Query"))
                .create());
    }

    @Test
    void should_fail_when_the_partition_key_value_does_not_fit_the_template() {
        // GIVEN open orders asked for with a status the pattern does not serve
        table.client().query(q -> q.tableName(table.name()).indexName("GSI1")
                .keyConditionExpression("GSI1PK = :pk AND GSI1SK BETWEEN :a AND :b")
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS("STATUS#SHIPPED"),
                        ":a", AttributeValue.fromS("2026-01-01"), ":b", AttributeValue.fromS("2026-02-01"))));
        // WHEN
        AssertionError error = failureOf(() -> assertThat(table.requestLog())
                .servedAccessPattern(table.accessPattern("openOrdersByDate")));
        // THEN
        List<RequestLogEntry> requests = table.requestLog().entries();
        then(error).hasMessage(shouldServeAccessPattern(requests, table.design().accessPattern("openOrdersByDate"),
                List.of(Describe.request(requests.get(0)) + Describe.NEXT_LINE + "  has partition key value"
                        + " STATUS#SHIPPED, which STATUS#OPEN does not produce")).create());
    }

    @Test
    void should_fail_when_there_is_no_read() {
        // GIVEN no request at all
        // WHEN
        AssertionError error = failureOf(() -> assertThat(table.requestLog())
                .servedAccessPattern(table.accessPattern("customerWithOrders")));
        // THEN
        then(error).hasMessage(shouldServeAccessPattern(table.requestLog().entries(),
                table.design().accessPattern("customerWithOrders"), List.of()).create());
    }
}
