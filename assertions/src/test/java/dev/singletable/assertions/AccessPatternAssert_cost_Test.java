package dev.singletable.assertions;

import static dev.singletable.assertions.Expect.failureOf;
import static dev.singletable.assertions.SingleTableAssertions.assertThat;
import static dev.singletable.assertions.error.ShouldStayWithinBudget.shouldConsumeAtMost;
import static dev.singletable.assertions.error.ShouldStayWithinBudget.shouldHaveNoFilterWaste;
import static dev.singletable.assertions.error.ShouldStayWithinBudget.shouldReadAtMost;
import static dev.singletable.assertions.error.ShouldStayWithinBudget.shouldTakePages;
import static org.assertj.core.api.BDDAssertions.then;

import dev.singletable.assertions.internal.Describe;
import dev.singletable.core.AccessPatternCall;
import dev.singletable.core.SingleTable;
import dev.singletable.engine.RequestLog;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** What an access pattern costs: items read, capacity consumed, pages, items a filter discards. */
class AccessPatternAssert_cost_Test {

    private final SingleTable table = OrdersTable.seeded();
    /** Reads the customer's 3 orders and keeps the 1 of at least 100. */
    private final AccessPatternCall bigOrders = table.accessPattern("bigOrdersOfCustomer").with("customerId", 42)
            .with("minTotal", 100);
    private final AccessPatternCall ordersOfCustomer = table.accessPattern("ordersOfCustomer")
            .with("customerId", 42);

    @Test
    void should_pass_when_the_pattern_reads_at_most_the_items_allowed() {
        assertThat(bigOrders).readsAtMost(3);
    }

    @Test
    void should_fail_giving_the_items_read() {
        // WHEN
        AssertionError error = failureOf(() -> assertThat(bigOrders).readsAtMost(1));
        // THEN
        then(error).hasMessage(shouldReadAtMost(run(bigOrders), 1, 3).create());
    }

    @Test
    void should_pass_when_the_pattern_consumes_at_most_the_capacity_allowed() {
        assertThat(ordersOfCustomer).consumesAtMost(0.5);
    }

    @Test
    void should_fail_giving_the_capacity_consumed() {
        // WHEN
        AssertionError error = failureOf(() -> assertThat(ordersOfCustomer).consumesAtMost(0.1));
        // THEN
        then(error).hasMessage(shouldConsumeAtMost("access pattern", run(ordersOfCustomer), 0.1, 0.5).create());
    }

    @Test
    void should_pass_when_the_result_fits_in_one_page() {
        assertThat(ordersOfCustomer).inOnePage().pages(1);
    }

    @Test
    void should_fail_giving_the_pages_taken() {
        // WHEN
        AssertionError error = failureOf(() -> assertThat(ordersOfCustomer).pages(2));
        // THEN
        then(error).hasMessage(shouldTakePages(run(ordersOfCustomer), 2, 1).create());
    }

    @Test
    void should_fail_when_the_result_takes_more_than_one_page() {
        // GIVEN three orders of 350 KB: more than the 1 MB a page holds
        for (int order = 1; order <= 3; order++) {
            String sortKey = "ORDER#" + order;
            table.client().putItem(p -> p.tableName(table.name()).item(Map.of(
                    "PK", AttributeValue.fromS("CUSTOMER#9"), "SK", AttributeValue.fromS(sortKey),
                    "notes", AttributeValue.fromS("x".repeat(350_000)))));
        }
        RequestLog.Mark before = table.requestLog().mark();
        AccessPatternCall large = table.accessPattern("customerWithOrders").with("customerId", 9);
        // WHEN
        AssertionError error = failureOf(() -> assertThat(large).hasNoFilterWaste().inOnePage());
        // THEN
        then(error).hasMessage(shouldTakePages(Describe.run("customerWithOrders", large.parameters(),
                table.requestLog().since(before)), 1, 2).create());
    }

    @Test
    void should_pass_when_no_filter_discards_an_item() {
        assertThat(ordersOfCustomer).hasNoFilterWaste();
    }

    @Test
    void should_fail_giving_the_items_read_and_discarded() {
        // WHEN
        AssertionError error = failureOf(() -> assertThat(bigOrders).hasNoFilterWaste());
        // THEN
        then(error).hasMessage(shouldHaveNoFilterWaste(run(bigOrders), 3, 1).create());
        then(error.getMessage()).endsWith(String.format("but it returned:%n  1 item (2 read and discarded by the"
                + " filter)"));
    }

    private String run(AccessPatternCall call) {
        return Describe.run(call.pattern().name(), call.parameters(), table.requestLog().entries());
    }
}
