package com.example.orders;

import static dev.singletable.assertions.SingleTableAssertions.assertThat;
import static dev.singletable.assertions.SingleTableAssertions.assertThatAccessPattern;
import static dev.singletable.assertions.SingleTableAssertions.key;
import static org.assertj.core.api.Assertions.assertThat;

import dev.singletable.core.SingleTable;
import dev.singletable.engine.RequestLog;
import dev.singletable.junit.Fixtures;
import dev.singletable.junit.ScanGuard;
import dev.singletable.junit.SingleTableTest;
import java.math.BigDecimal;
import java.time.LocalDate;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The application's own code serves the declared access patterns, with Queries only. */
// tag::repository-test[]
@SingleTableTest(design = "orders.table.yaml", fixtures = "orders.fixtures.yaml", scans = ScanGuard.FAIL)
class OrderRepositoryTest {
    OrderRepository orders;

    @BeforeEach
    void repository(SingleTable table) {
        orders = new OrderRepository(table.client(), table.name());
    }

    @Test
    void servesTheDeclaredAccessPatterns(SingleTable table) {
        assertThatAccessPattern(table, "ordersOfCustomer")
                .isServedBy(() -> orders.ordersOf("42"), order -> key("CUSTOMER#42", "ORDER#" + order.orderId()));
        assertThatAccessPattern(table, "ordersByStatus")
                .isServedBy(() -> orders.ordersByStatus("OPEN", LocalDate.parse("2026-01-01"),
                        LocalDate.parse("2026-01-31")),
                        order -> key("CUSTOMER#" + order.customerId(), "ORDER#" + order.orderId()));
        assertThatAccessPattern(table, "linesOfOrder")
                .isServedBy(() -> orders.linesOf("1001"), line -> key("ORDER#1001", "LINE#" + line.line()));
        assertThatAccessPattern(table, "teamsOfUser")
                .isServedBy(() -> orders.teamsOf("ada"), team -> key("USER#ada", "TEAM#" + team));
        assertThatAccessPattern(table, "membersOfTeam")
                .isServedBy(() -> orders.membersOf("engines"), user -> key("TEAM#engines", "USER#" + user));
    }

    @Test
    void findsOpenOrdersWithOneQueryOnGsi1(RequestLog log) {
        orders.ordersByStatus("OPEN", LocalDate.parse("2026-01-01"), LocalDate.parse("2026-02-28"));

        assertThat(log).hasNoScans().singleQuery().onIndex("GSI1");
    }
    // end::repository-test[]

    // tag::per-test-fixtures[]
    @Test
    @Fixtures("cancelled-order.fixtures.yaml")
    void listsCancelledOrders() {
        assertThat(orders.ordersByStatus("CANCELLED", LocalDate.parse("2026-01-01"), LocalDate.parse("2026-01-31")))
                .containsExactly(new Order("7", "1005", "CANCELLED", LocalDate.parse("2026-01-22"),
                        new BigDecimal("18")));
    }
    // end::per-test-fixtures[]

    // tag::multi-attribute-index[]
    @Test
    void servesLargeOrdersFromTheIndexKeyedOnTheOrdersOwnAttributes(SingleTable table) {
        assertThatAccessPattern(table, "largeOrdersOfCustomer")
                .isServedBy(() -> orders.largeOrdersOf("42", "OPEN", new BigDecimal("20")),
                        order -> key("CUSTOMER#42", "ORDER#" + order.orderId()));
    }

    @Test
    void movesAnOrderInThatIndexWhenItsStatusChanges(RequestLog log) {
        orders.save(new Order("42", "1003", "SHIPPED", LocalDate.parse("2026-02-02"), new BigDecimal("99.00")));

        assertThat(orders.largeOrdersOf("42", "OPEN", new BigDecimal("20"))).extracting(Order::orderId)
                .containsExactly("1001");
        assertThat(log).hasNoScans().singleQuery().onIndex("ByCustomerStatus")
                .withKeyCondition("customerId = \"42\" AND status = \"OPEN\" AND total >= 20");
    }
    // end::multi-attribute-index[]

    @Test
    void theCancelledOrderOfAnotherTestIsGone() {
        assertThat(orders.ordersByStatus("CANCELLED", LocalDate.parse("2026-01-01"), LocalDate.parse("2026-01-31")))
                .isEmpty();
    }

    @Test
    void membershipIsWrittenUnderBothEnds(RequestLog log) {
        orders.addMember("engines", "grace", "member");

        assertThat(orders.teamsOf("grace")).containsExactly("engines");
        assertThat(orders.membersOf("engines")).containsExactly("ada", "charles", "grace");
        assertThat(log).hasNoScans();
    }

    @Test
    void findsAUserByEmailOnGsi1(RequestLog log) {
        assertThat(orders.userByEmail("ada@example.com")).contains(new User("ada", "ada@example.com", "Ada Lovelace"));
        assertThat(log).singleQuery().onIndex("GSI1");
    }

    @Test
    void readsACustomerByKey() {
        orders.save(new Customer("99", "Grace Hopper", "grace@example.com"));

        assertThat(orders.customer("99")).contains(new Customer("99", "Grace Hopper", "grace@example.com"));
        assertThat(orders.customer("100")).isEmpty();
    }
}
