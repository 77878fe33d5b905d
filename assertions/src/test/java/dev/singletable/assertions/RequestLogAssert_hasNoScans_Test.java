package dev.singletable.assertions;

import static dev.singletable.assertions.Expect.failureOf;
import static dev.singletable.assertions.SingleTableAssertions.assertThat;
import static dev.singletable.assertions.error.ShouldHaveRequests.shouldHaveNoScans;
import static org.assertj.core.api.BDDAssertions.then;

import com.example.orders.OrderRepository;
import dev.singletable.core.SingleTable;
import dev.singletable.engine.model.RequestLogEntry;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;

class RequestLogAssert_hasNoScans_Test {

    private final SingleTable table = OrdersTable.seeded();
    private final OrderRepository repository = new OrderRepository(table.client(), table.name());

    @Test
    void should_pass_when_the_code_only_queries() {
        // GIVEN
        repository.openOrders(LocalDate.parse("2026-01-01"), LocalDate.parse("2026-02-01"));
        // WHEN/THEN
        assertThat(table.requestLog()).hasNoScans();
    }

    @Test
    void should_fail_showing_the_scan_its_filter_and_the_line_that_issued_it() {
        // GIVEN
        repository.customer(42);
        repository.openOrdersByScan();
        // WHEN
        AssertionError error = failureOf(() -> assertThat(table.requestLog()).hasNoScans());
        // THEN
        List<RequestLogEntry> requests = table.requestLog().entries();
        then(error).hasMessage(shouldHaveNoScans(requests, requests.subList(1, 2)).create());
        then(error.getMessage()).endsWith(String.format("but found:%n"
                + "  Scan on %s filter status = \"OPEN\"%n"
                + "    issued at com.example.orders.OrderRepository.openOrdersByScan(OrderRepository.java:47)",
                table.name()));
    }
}
