package dev.singletable.assertions;

import static dev.singletable.assertions.Expect.failureOf;
import static dev.singletable.assertions.SingleTableAssertions.assertThat;
import static dev.singletable.assertions.error.ShouldHaveRequests.shouldHaveQueries;
import static dev.singletable.assertions.error.ShouldHaveRequests.shouldHaveSingleQuery;
import static org.assertj.core.api.BDDAssertions.then;

import com.example.orders.OrderRepository;
import dev.singletable.core.SingleTable;
import dev.singletable.engine.model.RequestLogEntry;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;

class RequestLogAssert_singleQuery_Test {

    private final SingleTable table = OrdersTable.seeded();
    private final OrderRepository repository = new OrderRepository(table.client(), table.name());

    @Test
    void should_navigate_to_the_only_query() {
        // GIVEN
        repository.customer(42);
        repository.openOrders(LocalDate.parse("2026-01-01"), LocalDate.parse("2026-02-01"));
        // WHEN/THEN
        assertThat(table.requestLog()).singleQuery().onIndex("GSI1").withPartitionKey("STATUS#OPEN");
    }

    @Test
    void should_fail_listing_the_queries_when_there_are_several() {
        // GIVEN
        repository.ordersOf(42);
        repository.openOrders(LocalDate.parse("2026-01-01"), LocalDate.parse("2026-02-01"));
        // WHEN
        AssertionError error = failureOf(() -> assertThat(table.requestLog()).singleQuery());
        // THEN
        List<RequestLogEntry> requests = table.requestLog().entries();
        then(error).hasMessage(shouldHaveSingleQuery(requests, requests).create());
    }

    @Test
    void should_fail_when_there_is_no_query() {
        // GIVEN
        repository.customer(42);
        // WHEN
        AssertionError error = failureOf(() -> assertThat(table.requestLog()).singleQuery());
        // THEN
        then(error).hasMessage(shouldHaveSingleQuery(table.requestLog().entries(), List.of()).create());
    }

    @Test
    void should_navigate_to_every_query() {
        // GIVEN
        repository.openOrders(LocalDate.parse("2026-01-01"), LocalDate.parse("2026-02-01"));
        repository.openOrders(LocalDate.parse("2026-01-10"), LocalDate.parse("2026-02-01"));
        // WHEN/THEN
        assertThat(table.requestLog()).queries().onIndex("GSI1");
    }

    @Test
    void should_fail_to_navigate_to_the_queries_when_there_is_none() {
        // GIVEN
        repository.customer(42);
        // WHEN
        AssertionError error = failureOf(() -> assertThat(table.requestLog()).queries());
        // THEN
        then(error).hasMessage(shouldHaveQueries(table.requestLog().entries()).create());
    }

    @Test
    void should_keep_the_description_when_navigating() {
        // GIVEN
        repository.openOrders(LocalDate.parse("2026-01-01"), LocalDate.parse("2026-02-01"));
        // WHEN
        AssertionError error = failureOf(() -> assertThat(table.requestLog()).as("open orders").singleQuery()
                .onTable());
        // THEN
        then(error).hasMessageStartingWith("[open orders] ");
    }
}
