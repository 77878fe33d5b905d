package dev.singletable.assertions;

import static dev.singletable.assertions.Expect.failureOf;
import static dev.singletable.assertions.SingleTableAssertions.assertThat;
import static dev.singletable.assertions.SingleTableAssertions.assertThatAccessPattern;
import static dev.singletable.assertions.SingleTableAssertions.key;
import static dev.singletable.assertions.error.ShouldBeServedBy.shouldBeServedBy;
import static dev.singletable.assertions.error.ShouldServeAccessPattern.shouldServeAccessPattern;
import static org.assertj.core.api.BDDAssertions.then;
import static org.assertj.core.api.BDDAssertions.thenThrownBy;

import com.example.orders.OrderRepository;
import dev.singletable.assertions.internal.Describe;
import dev.singletable.core.SingleTable;
import dev.singletable.engine.RequestLog;
import dev.singletable.engine.model.RequestLogEntry;
import dev.singletable.fixtures.TableKey;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AccessPatternAssert_isServedBy_Test {

    private static final LocalDate FROM = LocalDate.parse("2026-01-01");
    private static final LocalDate TO = LocalDate.parse("2026-02-01");
    private static final TableKey ORDER_1001 = key("CUSTOMER#42", "ORDER#1001");
    private static final TableKey ORDER_1002 = key("CUSTOMER#42", "ORDER#1002");

    private final SingleTable table = OrdersTable.seeded();
    private final OrderRepository repository = new OrderRepository(table.client(), table.name());

    @Test
    void should_pass_when_the_code_queries_like_the_pattern_and_returns_its_items() {
        // parameters read from the code's key condition: from and to
        assertThatAccessPattern(table, "openOrdersByDate").isServedBy(() -> repository.openOrders(FROM, TO));
    }

    @Test
    void should_pass_with_parameters_given_explicitly() {
        assertThat(table.accessPattern("openOrdersByDate").with("from", FROM).with("to", TO))
                .isServedBy(() -> repository.openOrders(FROM, TO));
    }

    @Test
    void should_pass_for_code_returning_a_query_response() {
        assertThat(table.accessPattern("bigOrdersOfCustomer").with("minTotal", 100)).isServedBy(() -> table.client()
                .query(table.design().accessPattern("bigOrdersOfCustomer").toQueryRequest(table.name(),
                        Map.of("customerId", 42, "minTotal", 100))));
    }

    @Test
    void should_fail_when_a_parameter_is_neither_given_nor_in_the_key_condition() {
        // GIVEN minTotal is only in the filter
        RequestLog.Mark before = table.requestLog().mark();
        // WHEN/THEN
        thenThrownBy(() -> assertThatAccessPattern(table, "bigOrdersOfCustomer").isServedBy(() -> table.client()
                .query(table.design().accessPattern("bigOrdersOfCustomer").toQueryRequest(table.name(),
                        Map.of("customerId", 42, "minTotal", 100)))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("cannot read parameter minTotal of access pattern bigOrdersOfCustomer from the key"
                        + " condition of " + Describe.request(table.requestLog().since(before).get(0))
                        + "; give it: assertThat(table.accessPattern(\"bigOrdersOfCustomer\").with(\"minTotal\","
                        + " …)).isServedBy(…)");
    }

    @Test
    void should_pass_for_domain_objects_whose_keys_a_function_gives() {
        assertThatAccessPattern(table, "ordersOfCustomer")
                .isServedBy(() -> repository.ordersOf(42), order -> key(order.customer(), "ORDER#" + order.number()));
    }

    @Test
    void should_fail_when_the_code_returns_the_items_in_another_order() {
        // GIVEN
        RequestLog.Mark before = table.requestLog().mark();
        // WHEN
        AssertionError error = failureOf(() -> assertThatAccessPattern(table, "openOrdersByDate")
                .isServedBy(() -> repository.openOrdersOldestFirst(FROM, TO)));
        // THEN
        List<RequestLogEntry> code = table.requestLog().since(before).subList(0, 1);
        then(error).hasMessage(shouldBeServedBy(code, "openOrdersByDate(from: 2026-01-01, to: 2026-02-01)",
                List.of(ORDER_1002, ORDER_1001), List.of(ORDER_1001, ORDER_1002)).create());
    }

    @Test
    void should_fail_when_the_code_scans() {
        // GIVEN
        RequestLog.Mark before = table.requestLog().mark();
        // WHEN
        AssertionError error = failureOf(() -> assertThatAccessPattern(table, "openOrdersByDate")
                .isServedBy(repository::openOrdersByScan));
        // THEN
        List<RequestLogEntry> code = table.requestLog().since(before);
        then(error).hasMessage(shouldServeAccessPattern(code, table.design().accessPattern("openOrdersByDate"),
                List.of(Describe.request(code.get(0)) + Describe.NEXT_LINE + "  is a Scan, not a Query")).create());
        then(error.getMessage()).contains("issued at com.example.orders.OrderRepository.openOrdersByScan(");
    }

    @Test
    void should_fail_when_a_key_lookup_serves_a_pattern_that_reads_a_range() {
        // GIVEN
        RequestLog.Mark before = table.requestLog().mark();
        // WHEN
        AssertionError error = failureOf(() -> assertThatAccessPattern(table, "customerWithOrders")
                .isServedBy(() -> List.of(repository.customer(42))));
        // THEN
        List<RequestLogEntry> code = table.requestLog().since(before);
        then(error).hasMessage(shouldServeAccessPattern(code, table.design().accessPattern("customerWithOrders"),
                List.of(Describe.request(code.get(0)) + Describe.NEXT_LINE + "  is a GetItem, which reads items by"
                        + " their whole key, but the pattern reads a range of its partition")).create());
    }

    @Test
    void should_fail_when_the_code_reads_nothing() {
        // GIVEN
        RequestLog.Mark before = table.requestLog().mark();
        // WHEN
        AssertionError error = failureOf(() -> assertThatAccessPattern(table, "customerWithOrders")
                .isServedBy(List::of));
        // THEN
        then(error).hasMessage(shouldServeAccessPattern(table.requestLog().since(before),
                table.design().accessPattern("customerWithOrders"), List.of()).create());
    }

    @Test
    void should_refuse_a_result_it_cannot_read_keys_from() {
        thenThrownBy(() -> assertThatAccessPattern(table, "ordersOfCustomer").isServedBy(() -> repository.ordersOf(42)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("isServedBy(code) takes code returning items (List<Map<String, AttributeValue>>) or a"
                        + " QueryResponse, but it returned java.util.ImmutableCollections$ListN; for other results"
                        + " say how to get an element's key: isServedBy(code, element -> key(...))");
    }
}
