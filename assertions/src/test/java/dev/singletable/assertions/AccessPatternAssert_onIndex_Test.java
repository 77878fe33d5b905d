package dev.singletable.assertions;

import static dev.singletable.assertions.Expect.failureOf;
import static dev.singletable.assertions.SingleTableAssertions.assertThat;
import static dev.singletable.assertions.error.ShouldReadIndex.shouldReadIndex;
import static org.assertj.core.api.BDDAssertions.then;

import dev.singletable.core.AccessPatternCall;
import dev.singletable.core.SingleTable;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;

class AccessPatternAssert_onIndex_Test {

    private final SingleTable table = OrdersTable.seeded();
    private final AccessPatternCall openOrders = table.accessPattern("openOrdersByDate").with("from", "2026-01-01")
            .with("to", "2026-02-01");
    private final AccessPatternCall ordersOfCustomer = table.accessPattern("ordersOfCustomer")
            .with("customerId", 42);

    @Test
    void should_pass_when_the_pattern_reads_the_index() {
        assertThat(openOrders).onIndex("GSI1");
    }

    @Test
    void should_fail_when_the_pattern_reads_another_index_showing_both_for_a_diff() {
        // WHEN
        AssertionError error = failureOf(() -> assertThat(openOrders).onIndex("GSI2"));
        // THEN
        then(error).hasMessage(shouldReadIndex("access pattern", "openOrdersByDate(from: 2026-01-01, to: 2026-02-01)",
                "index GSI2", table.requestLog().entries()).create());
        then(error).isInstanceOfSatisfying(AssertionFailedError.class, e -> {
            then(e.getActual().getStringRepresentation()).isEqualTo("index GSI1");
            then(e.getExpected().getStringRepresentation()).isEqualTo("index GSI2");
        });
    }

    @Test
    void should_pass_when_the_pattern_reads_the_table() {
        assertThat(ordersOfCustomer).onTable();
    }

    @Test
    void should_fail_when_the_pattern_reads_an_index_instead_of_the_table() {
        // WHEN
        AssertionError error = failureOf(() -> assertThat(openOrders).onTable());
        // THEN
        then(error).hasMessage(shouldReadIndex("access pattern", "openOrdersByDate(from: 2026-01-01, to: 2026-02-01)",
                "the table", table.requestLog().entries()).create());
    }
}
