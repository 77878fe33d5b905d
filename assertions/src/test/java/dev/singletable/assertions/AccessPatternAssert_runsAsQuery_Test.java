package dev.singletable.assertions;

import static dev.singletable.assertions.Expect.failureOf;
import static dev.singletable.assertions.SingleTableAssertions.assertThat;
import static dev.singletable.assertions.error.ShouldRunAsQuery.shouldRunAsQuery;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.assertj.core.api.BDDAssertions.then;

import dev.singletable.core.AccessPatternCall;
import dev.singletable.core.SingleTable;
import dev.singletable.engine.RequestLog;
import java.util.List;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.exception.SdkException;

class AccessPatternAssert_runsAsQuery_Test {

    @Test
    void should_pass_when_the_pattern_runs_as_a_query() {
        // GIVEN
        AccessPatternCall call = OrdersTable.seeded().accessPattern("ordersOfCustomer").with("customerId", 42);
        // WHEN/THEN
        assertThat(call).runsAsQuery();
    }

    @Test
    void should_fail_when_the_query_fails() {
        // GIVEN a pattern on an index the table does not have
        SingleTable table = OrdersTable.seeded(Designs.withPatternOnMissingIndex(), "orders-items.fixtures.yaml");
        AccessPatternCall call = table.accessPattern("byEmail");
        SdkException refusal = catchThrowableOfType(SdkException.class, call::run);
        // WHEN
        AssertionError error = failureOf(() -> assertThat(call).runsAsQuery());
        // THEN
        then(error).hasMessage(shouldRunAsQuery("byEmail", refusal).create());
    }

    @Test
    void should_fail_when_the_log_records_no_request() {
        // GIVEN a handle whose log is not the one the client's requests go to
        SingleTable seeded = OrdersTable.seeded();
        SingleTable table = SingleTable.of(seeded.client(), new RequestLog(10), seeded.design(), seeded.name(),
                seeded.fixtures());
        // WHEN
        AssertionError error = failureOf(() -> assertThat(table.accessPattern("customerWithOrders")
                .with("customerId", 42)).runsAsQuery());
        // THEN
        then(error).hasMessage(shouldRunAsQuery("customerWithOrders(customerId: 42)", List.of()).create());
    }

    @Test
    void should_fail_for_a_pattern_the_design_declares_as_a_scan() {
        // GIVEN
        SingleTable table = OrdersTable.seeded(Designs.withScanPattern(), "orders-items.fixtures.yaml");
        // WHEN
        AssertionError error = failureOf(() -> assertThat(table.accessPattern("everything")).runsAsQuery());
        // THEN
        then(error).hasMessageContaining("everything")
                .hasMessageContaining("to run as:\n  Query")
                .hasMessageContaining("Scan on " + table.name());
    }
}
