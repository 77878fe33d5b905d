package dev.singletable.assertions;

import static dev.singletable.assertions.Expect.failureOf;
import static dev.singletable.assertions.SingleTableAssertions.assertThat;
import static dev.singletable.assertions.error.ShouldHaveRequests.shouldHaveNoRequestOn;
import static dev.singletable.assertions.error.ShouldHaveRequests.shouldHaveOperationCount;
import static dev.singletable.assertions.error.ShouldHaveRequests.shouldOnlyQueryAndGet;
import static dev.singletable.assertions.error.ShouldStayWithinBudget.shouldConsumeAtMost;
import static org.assertj.core.api.BDDAssertions.then;

import com.example.orders.OrderRepository;
import dev.singletable.assertions.internal.Describe;
import dev.singletable.core.SingleTable;
import dev.singletable.engine.RequestLog;
import dev.singletable.engine.model.RequestLogEntry;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** What kinds of request a log holds, how many, on which table, at what cost. */
class RequestLogAssert_requests_Test {

    private final SingleTable table = OrdersTable.seeded();
    private final OrderRepository repository = new OrderRepository(table.client(), table.name());
    private final RequestLog log = table.requestLog();

    @Test
    void should_pass_when_there_are_only_queries_and_gets() {
        // GIVEN
        repository.customer(42);
        repository.ordersOf(42);
        // WHEN/THEN
        assertThat(log).onlyQueriesAndGets();
    }

    @Test
    void should_fail_listing_the_other_requests() {
        // GIVEN
        repository.customer(42);
        repository.openOrdersByScan();
        table.client().deleteItem(d -> d.tableName(table.name()).key(Map.of("PK", AttributeValue.fromS("CUSTOMER#7"),
                "SK", AttributeValue.fromS("PROFILE"))));
        // WHEN
        AssertionError error = failureOf(() -> assertThat(log).onlyQueriesAndGets());
        // THEN
        List<RequestLogEntry> requests = log.entries();
        then(error).hasMessage(shouldOnlyQueryAndGet(requests, List.of(requests.get(1), requests.get(2))).create());
    }

    @Test
    void should_pass_when_the_operation_count_is_right() {
        // GIVEN
        repository.customer(42);
        repository.customer(7);
        // WHEN/THEN
        assertThat(log).hasOperationCount("GetItem", 2).hasOperationCount("Query", 0);
    }

    @Test
    void should_fail_giving_the_count_found() {
        // GIVEN
        repository.customer(42);
        // WHEN
        AssertionError error = failureOf(() -> assertThat(log).hasOperationCount("GetItem", 2));
        // THEN
        then(error).hasMessage(shouldHaveOperationCount(log.entries(), "GetItem", 2, 1).create());
    }

    @Test
    void should_pass_when_the_reads_stay_within_the_capacity() {
        // GIVEN two eventually consistent reads of half a unit each
        repository.customer(42);
        repository.ordersOf(42);
        // WHEN/THEN
        assertThat(log).consumedReadCapacityAtMost(1.0);
    }

    @Test
    void should_fail_giving_the_capacity_consumed() {
        // GIVEN
        repository.customer(42);
        repository.ordersOf(42);
        // WHEN
        AssertionError error = failureOf(() -> assertThat(log).consumedReadCapacityAtMost(0.5));
        // THEN
        then(error).hasMessage(shouldConsumeAtMost("requests", Describe.requests(log.entries()), 0.5, 1.0).create());
    }

    @Test
    void should_pass_when_no_request_names_the_table() {
        // GIVEN
        RequestLog everything = OrdersTable.ENGINE.requestLog().view(entry -> true);
        repository.customer(42);
        // WHEN/THEN
        assertThat(everything).noRequestOn("audit");
    }

    @Test
    void should_fail_listing_the_requests_on_the_table() {
        // GIVEN
        repository.customer(42);
        // WHEN
        AssertionError error = failureOf(() -> assertThat(log).noRequestOn(table.name()));
        // THEN
        then(error).hasMessage(shouldHaveNoRequestOn(log.entries(), table.name(), log.entries()).create());
    }
}
