package dev.singletable.assertions;

import static dev.singletable.assertions.Expect.failureOf;
import static dev.singletable.assertions.SingleTableAssertions.assertThat;
import static dev.singletable.assertions.SingleTableAssertions.assertThatItem;
import static dev.singletable.assertions.error.ShouldReturnItemsSatisfying.shouldReturnItemsSatisfying;
import static org.assertj.core.api.BDDAssertions.then;

import dev.singletable.assertions.internal.Describe;
import dev.singletable.core.AccessPatternCall;
import dev.singletable.core.SingleTable;
import dev.singletable.engine.RequestLog;
import dev.singletable.fixtures.DynamoValues;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class AccessPatternAssert_returnsItemsSatisfying_Test {

    private final SingleTable table = OrdersTable.seeded();
    private final AccessPatternCall openOrders = table.accessPattern("openOrdersByDate").with("from", "2026-01-01")
            .with("to", "2026-02-01");

    @Test
    void should_pass_when_every_item_satisfies_the_requirements() {
        assertThat(openOrders).returnsItemsSatisfying(item -> assertThatItem(item).hasAttribute("status", "OPEN"));
    }

    @Test
    void should_fail_showing_each_item_that_falls_short_and_why() {
        // GIVEN the items as the Query returns them, newest order first
        Map<String, AttributeValue> order1001 = openOrders.run().items().get(1);
        RequestLog.Mark before = table.requestLog().mark();
        // WHEN
        AssertionError error = failureOf(() -> assertThat(openOrders)
                .returnsItemsSatisfying(item -> assertThatItem(item).hasAttribute("total", 120)));
        // THEN
        String why = failureOf(() -> assertThatItem(order1001).hasAttribute("total", 120)).getMessage().strip()
                .replace(Describe.NL, Describe.NEXT_LINE + "  ");
        then(error).hasMessage(shouldReturnItemsSatisfying(Describe.run("openOrdersByDate", openOrders.parameters(),
                table.requestLog().since(before)), 2, List.of(DynamoValues.display(order1001) + Describe.NEXT_LINE + "  "
                        + why)).create());
    }

    @Test
    void should_fail_when_the_pattern_returns_no_item() {
        // GIVEN
        AccessPatternCall none = table.accessPattern("ordersOfCustomer").with("customerId", 7);
        // WHEN
        AssertionError error = failureOf(() -> assertThat(none).returnsItemsSatisfying(item -> { }));
        // THEN
        then(error).hasMessage(shouldReturnItemsSatisfying(Describe.run("ordersOfCustomer", none.parameters(),
                table.requestLog().entries()), 0, List.of()).create());
    }
}
