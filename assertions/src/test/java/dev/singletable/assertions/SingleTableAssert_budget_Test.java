package dev.singletable.assertions;

import static dev.singletable.assertions.Expect.failureOf;
import static dev.singletable.assertions.SingleTableAssertions.assertThat;
import static dev.singletable.assertions.error.ShouldStayWithinBudget.shouldConsumeAtMostPerSecond;
import static dev.singletable.assertions.error.ShouldStayWithinBudget.shouldCostAtMost;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.BDDAssertions.then;

import dev.singletable.core.Cost;
import dev.singletable.core.SingleTable;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The per-design budget: capacity a second and money a month at the design's rates. */
class SingleTableAssert_budget_Test {
    /** 100 calls a second of openOrdersByDate (0.5 units each, on GSI1), 10 writes of an order (1 unit + 1 on GSI1). */
    private final SingleTable table = OrdersTable.seeded(Designs.withRates(), "orders.fixtures.yaml");
    private final Cost.Prices prices = Cost.Prices.onDemand(0.25, 1.25);

    @Test
    void should_pass_when_the_rates_need_no_more_capacity_than_the_budget() {
        assertThat(table).consumesAtMost(50, 20);
    }

    @Test
    void should_fail_naming_the_rates_and_what_each_index_consumes() {
        // WHEN
        AssertionError error = failureOf(() -> assertThat(table).consumesAtMost(40, 10));
        // THEN
        then(error).hasMessage(shouldConsumeAtMostPerSecond("orders at openOrdersByDate 100/s, Order 10/s", 40, 10,
                50, 20, List.of("table: 0.0 read, 10.0 write", "GSI1: 50.0 read, 10.0 write")).create());
        then(error.getMessage()).contains("""
                to consume at most:
                  40.0 read and 10.0 write capacity units a second
                but it consumes:
                  50.0 read and 20.0 write capacity units a second
                    table: 0.0 read, 10.0 write
                    GSI1: 50.0 read, 10.0 write""".replace("\n", System.lineSeparator()));
    }

    @Test
    void should_judge_the_rates_given_instead_of_the_designs() {
        assertThat(table).usingRates(Map.of("openOrdersByDate", "10/s", "Order", "600/min")).consumesAtMost(5, 20);
        assertThatThrownBy(() -> assertThat(table).usingRates(Map.of("orders", "1/s")).consumesAtMost(1, 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("a rate for 'orders', which is"
                        + " neither an access pattern");
        assertThatThrownBy(() -> assertThat(table).usingRates(Map.of("Order", "fast")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("rate 'fast' is not a number");
    }

    @Test
    void should_pass_when_a_month_on_demand_costs_no_more_than_the_budget() {
        // 131.4 million read request units at 0.25, 52.56 million write request units at 1.25
        assertThat(table).costsAtMost(prices, 98.55);
    }

    @Test
    void should_fail_giving_what_a_month_costs_per_index() {
        // WHEN
        AssertionError error = failureOf(() -> assertThat(table).costsAtMost(prices, 50));
        // THEN
        then(error).hasMessage(shouldCostAtMost("orders at openOrdersByDate 100/s, Order 10/s", 50, 98.55, List.of(
                "table: 32.85 (0 read and 26,280,000 write request units)",
                "GSI1: 65.70 (131,400,000 read and 26,280,000 write request units)")).create());
    }

    @Test
    void should_refuse_to_cost_without_request_unit_prices() {
        assertThatThrownBy(() -> assertThat(table).costsAtMost(Cost.Prices.NONE, 10))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("costsAtMost needs the prices of read and write request units:"
                        + " Cost.Prices.onDemand(read, write)");
    }
}
