package dev.singletable.assertions;

import static dev.singletable.assertions.Expect.failureOf;
import static dev.singletable.assertions.SingleTableAssertions.assertThat;
import static dev.singletable.assertions.SingleTableAssertions.key;
import static dev.singletable.assertions.error.ShouldReturnKeys.shouldReturnKeys;
import static dev.singletable.assertions.error.ShouldReturnKeys.shouldReturnNothing;
import static org.assertj.core.api.BDDAssertions.then;

import dev.singletable.assertions.internal.Describe;
import dev.singletable.core.AccessPatternCall;
import dev.singletable.core.SingleTable;
import dev.singletable.fixtures.TableKey;
import java.util.List;
import org.junit.jupiter.api.Test;

class AccessPatternAssert_returnsKeys_Test {

    private static final TableKey ORDER_1001 = key("CUSTOMER#42", "ORDER#1001");
    private static final TableKey ORDER_1002 = key("CUSTOMER#42", "ORDER#1002");
    private static final TableKey ORDER_1003 = key("CUSTOMER#42", "ORDER#1003");

    private final SingleTable table = OrdersTable.seeded();
    private final AccessPatternCall openOrders = table.accessPattern("openOrdersByDate").with("from", "2026-01-01")
            .with("to", "2026-02-01");

    @Test
    void should_pass_when_the_pattern_returns_the_keys_in_any_order() {
        assertThat(openOrders).returnsKeys(ORDER_1001, ORDER_1002);
    }

    @Test
    void should_fail_listing_the_keys_missing_and_unexpected() {
        // WHEN
        AssertionError error = failureOf(() -> assertThat(openOrders).returnsKeys(ORDER_1001, ORDER_1003));
        // THEN
        then(error).hasMessage(shouldReturnKeys(run(openOrders), List.of(ORDER_1001, ORDER_1003),
                List.of(ORDER_1002, ORDER_1001), false).create());
        then(error.getMessage()).endsWith(String.format("missing:    (\"CUSTOMER#42\", \"ORDER#1003\")%n"
                + "unexpected: (\"CUSTOMER#42\", \"ORDER#1002\")"));
    }

    @Test
    void should_pass_when_the_pattern_returns_the_keys_in_this_order() {
        assertThat(openOrders).returnsKeysInOrder(ORDER_1002, ORDER_1001);
    }

    @Test
    void should_fail_when_the_keys_come_in_another_order() {
        // WHEN
        AssertionError error = failureOf(() -> assertThat(openOrders).returnsKeysInOrder(ORDER_1001, ORDER_1002));
        // THEN
        then(error).hasMessage(shouldReturnKeys(run(openOrders), List.of(ORDER_1001, ORDER_1002),
                List.of(ORDER_1002, ORDER_1001), true).create());
        then(error.getMessage()).endsWith(String.format("out of order: the same keys, returned as"
                + " (\"CUSTOMER#42\", \"ORDER#1002\"), (\"CUSTOMER#42\", \"ORDER#1001\")"));
    }

    @Test
    void should_compare_numbers_by_value() {
        // GIVEN keys written as numbers of another scale than the fixture's
        AccessPatternCall customer = table.accessPattern("customerWithOrders").with("customerId", 42);
        // WHEN/THEN
        assertThat(customer).returnsKeys(key("CUSTOMER#42", "PROFILE"), key("CUSTOMER#42", "ADDRESS#home"),
                ORDER_1001, ORDER_1002, ORDER_1003);
    }

    @Test
    void should_pass_when_the_pattern_returns_nothing() {
        assertThat(table.accessPattern("ordersOfCustomer").with("customerId", 7)).returnsNothing();
    }

    @Test
    void should_fail_listing_what_the_pattern_returned_instead_of_nothing() {
        // WHEN
        AssertionError error = failureOf(() -> assertThat(openOrders).returnsNothing());
        // THEN
        then(error).hasMessage(shouldReturnNothing(run(openOrders), List.of(ORDER_1002, ORDER_1001)).create());
    }

    private String run(AccessPatternCall call) {
        return Describe.run(call.pattern().name(), call.parameters(), table.requestLog().entries());
    }
}
