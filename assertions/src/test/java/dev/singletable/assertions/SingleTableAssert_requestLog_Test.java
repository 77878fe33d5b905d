package dev.singletable.assertions;

import static dev.singletable.assertions.Expect.failureOf;
import static dev.singletable.assertions.SingleTableAssertions.assertThat;
import static dev.singletable.assertions.error.ShouldHaveRequests.shouldHaveNoScans;
import static org.assertj.core.api.BDDAssertions.then;

import com.example.orders.OrderRepository;
import dev.singletable.core.SingleTable;
import java.time.LocalDate;
import org.junit.jupiter.api.Test;

class SingleTableAssert_requestLog_Test {

    private final SingleTable table = OrdersTable.seeded();
    private final OrderRepository repository = new OrderRepository(table.client(), table.name());

    @Test
    void should_navigate_to_the_requests_on_the_table() {
        // GIVEN
        repository.openOrders(LocalDate.parse("2026-01-01"), LocalDate.parse("2026-02-01"));
        // WHEN/THEN
        assertThat(table).requestLog().hasNoScans().singleQuery().onIndex("GSI1");
    }

    @Test
    void should_fail_with_the_description_of_the_table_assertion() {
        // GIVEN
        repository.openOrdersByScan();
        // WHEN
        AssertionError error = failureOf(() -> assertThat(table).as("orders").requestLog().hasNoScans());
        // THEN
        then(error).hasMessage("[orders] " + shouldHaveNoScans(table.requestLog().entries(),
                table.requestLog().entries()).create());
    }
}
