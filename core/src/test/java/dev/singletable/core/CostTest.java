package dev.singletable.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.singletable.fixtures.Rate;
import java.util.Map;
import java.util.OptionalDouble;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Read units per pattern call, write units per entity write in every index, and what rates make of them. */
class CostTest {

    private static final String DESIGN = """
            table: shop
            key: { partition: PK, sort: SK }
            attributes: { total: N }
            indexes:
              GSI1: { partition: GSI1PK, sort: GSI1SK, projection: KEYS_ONLY }
              ByTotal: { type: local, sort: total, projection: ALL }
            entities:
              Customer: { PK: "CUSTOMER#{customerId}", SK: PROFILE }
              Order:
                PK: "CUSTOMER#{customerId}"
                SK: "ORDER#{orderId:%04d}"
                GSI1PK: "STATUS#{status}"
                GSI1SK: "{day:date}"
                rate: 2/s
            accessPatterns:
              ordersOfCustomer:
                query: { partition: "CUSTOMER#{customerId}", sort: { beginsWith: "ORDER#" } }
                rate: 100/s
              ordersByStatus:
                index: GSI1
                query: { partition: "STATUS#{status}" }
                rate: 6000/min
              bigOrders:
                index: ByTotal
                query: { partition: "CUSTOMER#{customerId}", sort: { gte: "{min}" } }
            """;
    /** Order 1 is 1.5 KB (2 write units in the table and in ByTotal, 1 in GSI1); the others are small. */
    private static final String FIXTURES = """
            items:
              - { entity: Customer, customerId: 42, name: Ada }
              - { entity: Order, customerId: 42, orderId: 1, status: OPEN, day: "2026-01-05", total: 10, note: %s }
              - { entity: Order, customerId: 42, orderId: 2, status: OPEN, day: "2026-01-06", total: 20 }
            expect:
              ordersOfCustomer:
                - with: { customerId: 42 }
                  returns: [ { PK: "CUSTOMER#42", SK: "ORDER#0001" }, { PK: "CUSTOMER#42", SK: "ORDER#0002" } ]
                - with: { customerId: 7 }
                  returns: []
              ordersByStatus:
                - with: { status: OPEN }
                  returns: [ { PK: "CUSTOMER#42", SK: "ORDER#0001" }, { PK: "CUSTOMER#42", SK: "ORDER#0002" } ]
            """.formatted("x".repeat(1400));

    private Seeded seeded;
    private Verification verification;

    @BeforeEach
    void seed() {
        seeded = Seeded.of(DESIGN, FIXTURES);
        verification = seeded.verify();
    }

    @AfterEach
    void close() {
        seeded.close();
    }

    @Test
    void reads_each_pattern_call_eventually_and_strongly_consistent_except_on_a_global_index() {
        Cost cost = Cost.of(verification);

        Cost.PatternCost orders = cost.patterns().get(0);
        assertThat(orders.calls()).isEqualTo(2);
        // one page of 1.6 KB (0.5 units) and one empty page (0.5 units: a read costs at least one unit)
        assertThat(orders.readUnits()).isEqualTo(OptionalDouble.of(0.5));
        assertThat(orders.stronglyConsistentReadUnits()).isEqualTo(OptionalDouble.of(1.0));
        Cost.PatternCost byStatus = cost.patterns().get(1);
        assertThat(byStatus.index()).isEqualTo("GSI1");
        assertThat(byStatus.onGlobalIndex()).isTrue();
        assertThat(byStatus.readUnits()).isEqualTo(OptionalDouble.of(0.5));
        assertThat(byStatus.stronglyConsistentReadUnits()).isEmpty();
        Cost.PatternCost big = cost.patterns().get(2);
        assertThat(big.calls()).as("no expect entry: not exercised").isZero();
        assertThat(big.readUnits()).isEmpty();
        assertThat(big.readUnitsPerSecond()).isZero();
    }

    @Test
    void writes_each_entity_into_the_table_and_every_index_that_holds_it() {
        Cost cost = Cost.of(verification);

        assertThat(cost.writes()).extracting(Cost.WriteCost::entity).containsExactly("Customer", "Order");
        Cost.WriteCost customer = cost.writes().get(0);
        assertThat(customer.writes()).isEqualTo(1);
        assertThat(customer.writeUnits()).containsExactly(Map.entry("table", 1.0));
        Cost.WriteCost order = cost.writes().get(1);
        assertThat(order.writes()).isEqualTo(2);
        // order 1: 2 units in the table, 1 in GSI1 (keys only), 2 in ByTotal (all); order 2: 1 in each
        assertThat(order.writeUnits()).containsExactly(Map.entry("table", 1.5), Map.entry("GSI1", 1.0),
                Map.entry("ByTotal", 1.5));
        assertThat(order.totalWriteUnits()).isEqualTo(4.0);
    }

    @Test
    void turns_rates_into_units_a_second_monthly_request_units_and_provisioned_capacity_per_index() {
        Cost cost = Cost.of(verification);

        assertThat(cost.hasRates()).isTrue();
        assertThat(cost.indexes()).extracting(Cost.IndexCost::index).containsExactly("table", "GSI1", "ByTotal");
        Cost.IndexCost table = cost.indexes().get(0);
        assertThat(table.readUnitsPerSecond()).isEqualTo(50.0);            // 100/s × 0.5
        assertThat(table.writeUnitsPerSecond()).isEqualTo(3.0);            // 2/s × 1.5
        assertThat(table.monthlyReadRequestUnits()).isEqualTo(50.0 * 730 * 3600);
        assertThat(table.monthlyWriteRequestUnits()).isEqualTo(3.0 * 730 * 3600);
        assertThat(table.provisionedWriteCapacityUnits()).as("with ByTotal's 3 units").isEqualTo(6);
        assertThat(table.provisionedReadCapacityUnits()).isEqualTo(50);
        Cost.IndexCost gsi = cost.indexes().get(1);
        assertThat(gsi.readUnitsPerSecond()).isEqualTo(50.0);              // 6000/min × 0.5
        assertThat(gsi.writeUnitsPerSecond()).isEqualTo(2.0);
        assertThat(gsi.provisionedReadCapacityUnits()).isEqualTo(50);
        Cost.IndexCost local = cost.indexes().get(2);
        assertThat(local.writeUnitsPerSecond()).isEqualTo(3.0);
        assertThat(local.provisionedWriteCapacityUnits()).as("on the table's capacity").isZero();
        assertThat(local.local()).isTrue();
        assertThat(table.local()).isFalse();
        assertThat(cost.total().readUnitsPerSecond()).isEqualTo(100.0);
        assertThat(cost.total().writeUnitsPerSecond()).isEqualTo(8.0);
        assertThat(cost.total().provisionedWriteCapacityUnits()).isEqualTo(8);
    }

    @Test
    void prices_a_month_only_at_the_prices_given() {
        Cost.IndexCost total = Cost.of(verification).total();

        assertThat(total.onDemandMonthly(Cost.Prices.NONE)).isEmpty();
        assertThat(total.provisionedMonthly(Cost.Prices.onDemand(0.25, 1.25))).isEmpty();
        // 262.8 million read and 21.024 million write request units
        assertThat(total.onDemandMonthly(Cost.Prices.onDemand(0.25, 1.25)).getAsDouble()).isCloseTo(91.98,
                within(1e-6));
        // 100 RCU and 8 WCU for 730 hours
        assertThat(total.provisionedMonthly(Cost.Prices.onDemand(0.25, 1.25).andProvisioned(0.00013, 0.00065))
                .getAsDouble()).isCloseTo(730 * (100 * 0.00013 + 8 * 0.00065), within(1e-9));
        assertThat(Cost.Prices.NONE.any()).isFalse();
    }

    @Test
    void refuses_a_negative_or_infinite_price_naming_it() {
        assertThatThrownBy(() -> Cost.Prices.onDemand(-0.25, 1.25)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the price of a million read request units is -0.25; a price is a number of 0 or more");
        assertThatThrownBy(() -> Cost.Prices.onDemand(0.25, 1.25).andProvisioned(0.1, Double.POSITIVE_INFINITY))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("the price of a write capacity unit for an"
                        + " hour is Infinity; a price is a number of 0 or more");
        assertThatThrownBy(() -> new Cost.Prices(OptionalDouble.empty(), OptionalDouble.of(Double.NaN),
                OptionalDouble.empty(), OptionalDouble.empty())).hasMessage("the price of a million write request"
                        + " units is NaN; a price is a number of 0 or more");
        assertThat(Cost.Prices.onDemand(0, 0).any()).as("free is a price").isTrue();
    }

    @Test
    void takes_rates_given_instead_of_those_of_the_design_and_refuses_an_unknown_name() {
        Cost cost = Cost.of(verification, Map.of("bigOrders", Rate.parse("10/s"), "Order", Rate.parse("0/s")));

        assertThat(cost.patterns().get(2).rate()).contains(Rate.parse("10/s"));
        assertThat(cost.indexes().get(0).writeUnitsPerSecond()).isZero();
        assertThatThrownBy(() -> Cost.of(verification, Map.of("orders", Rate.parse("1/s"))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a rate for 'orders', which is neither an access pattern (ordersOfCustomer,"
                        + " ordersByStatus, bigOrders) nor an entity (Customer, Order) of table shop");
    }

    @Test
    void has_no_monthly_figures_without_rates() {
        try (Seeded plain = Seeded.of(DESIGN.replaceAll("\\s+rate: [^\\n]+", ""), FIXTURES)) {
            Cost cost = Cost.of(plain.verify());

            assertThat(cost.hasRates()).isFalse();
            assertThat(cost.total().monthlyReadRequestUnits()).isZero();
            assertThat(cost.total().provisionedReadCapacityUnits()).isZero();
        }
    }
}
