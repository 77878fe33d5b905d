package dev.singletable.assertions;

import static dev.singletable.assertions.SingleTableAssertions.key;
import static dev.singletable.assertions.error.ShouldHaveItemContent.shouldHaveAttribute;
import static dev.singletable.assertions.error.ShouldHaveRequests.shouldHaveNoScans;
import static dev.singletable.assertions.error.ShouldHaveRequests.shouldHaveSingleQuery;
import static dev.singletable.assertions.error.ShouldReadIndex.shouldReadIndex;
import static dev.singletable.assertions.error.ShouldReturnKeys.shouldReturnKeys;
import static dev.singletable.assertions.error.ShouldStayWithinBudget.shouldTakePages;
import static org.assertj.core.api.BDDAssertions.then;

import com.example.orders.OrderRepository;
import dev.singletable.assertions.internal.Describe;
import dev.singletable.core.AccessPatternCall;
import dev.singletable.core.SingleTable;
import dev.singletable.engine.model.RequestLogEntry;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

class SingleTableSoftAssertions_Test {

    private final SingleTable table = OrdersTable.seeded();
    private final OrderRepository repository = new OrderRepository(table.client(), table.name());
    private final SingleTableSoftAssertions softly = new SingleTableSoftAssertions();

    @Test
    void should_pass_when_every_assertion_holds() {
        // GIVEN
        repository.ordersOf(42);
        // WHEN
        softly.assertThat(table).requestLog().singleQuery().onTable();
        softly.assertThat(table).everyAccessPattern();
        softly.assertThat(table.accessPattern("ordersOfCustomer").with("customerId", 42)).runsAsQuery().onTable();
        softly.assertThat(table.requestLog()).hasNoScans();
        softly.assertThatItem(table.fixtures().items().get(0).item()).hasAttribute("name", "Ada Lovelace");
        // THEN
        softly.assertAll();
    }

    @Test
    void should_collect_every_failure_of_every_subject() {
        // GIVEN
        AccessPatternCall ordersOfCustomer = table.accessPattern("ordersOfCustomer").with("customerId", 42);
        Map<String, AttributeValue> customer = table.fixtures().items().get(0).item();
        // WHEN
        softly.assertThat(ordersOfCustomer).onIndex("GSI1").pages(2).returnsKeysInOrder(key("CUSTOMER#42",
                "ORDER#1003"));
        List<RequestLogEntry> patternRequests = table.requestLog().entries();
        repository.openOrdersByScan();
        softly.assertThat(table.requestLog()).hasNoScans();
        softly.assertThatItem(customer).hasAttribute("name", "Grace Hopper");
        // THEN
        String run = Describe.run("ordersOfCustomer", ordersOfCustomer.parameters(), patternRequests);
        List<RequestLogEntry> requests = table.requestLog().entries();
        then(messagesCollected()).containsExactly(
                shouldReadIndex("access pattern", "ordersOfCustomer(customerId: 42)", "index GSI1", patternRequests)
                        .create(),
                shouldTakePages(run, 2, 1).create(),
                shouldReturnKeys(run, List.of(key("CUSTOMER#42", "ORDER#1003")), List.of(key("CUSTOMER#42",
                        "ORDER#1001"), key("CUSTOMER#42", "ORDER#1002"), key("CUSTOMER#42", "ORDER#1003")), true)
                        .create(),
                shouldHaveNoScans(requests, requests.subList(1, 2)).create(),
                shouldHaveAttribute(customer, "name", AttributeValue.fromS("Grace Hopper"),
                        AttributeValue.fromS("Ada Lovelace")).create());
    }

    @Test
    void should_collect_instead_of_throwing_at_every_entry_point() {
        // GIVEN
        repository.ordersOf(42);
        RequestLogEntry query = table.requestLog().entries().get(0);
        QueryResponse response = table.client().query(table.design().accessPattern("ordersOfCustomer")
                .toQueryRequest(table.name(), Map.of("customerId", 42)));
        // WHEN
        softly.assertThat(query).onIndex("GSI1");
        softly.assertThat(response).hasKey("CUSTOMER#42", "PROFILE");
        softly.assertThatItems(response.items()).hasKey("CUSTOMER#42", "PROFILE");
        softly.assertThatAccessPattern(table, "ordersOfCustomer").isServedBy(repository::openOrdersByScan);
        softly.assertThat(table).requestLog().queries().onIndex("GSI1");
        // THEN
        then(softly.errorsCollected()).hasSize(5);
    }

    /** The messages, without the line of the test that AssertJ adds to each soft failure. */
    private List<String> messagesCollected() {
        String location = System.lineSeparator() + "at ";
        return softly.errorsCollected().stream().map(Throwable::getMessage)
                .map(m -> m.substring(0, m.lastIndexOf(location))).toList();
    }

    @Test
    void should_stay_soft_when_navigating_from_the_table_to_its_requests() {
        // GIVEN no Query at all
        repository.openOrdersByScan();
        // WHEN
        softly.assertThat(table).requestLog().hasNoScans().singleQuery().onIndex("GSI1");
        // THEN the navigation reports its failure and the chain goes on
        List<RequestLogEntry> requests = table.requestLog().entries();
        then(messagesCollected()).containsExactly(
                shouldHaveNoScans(requests, requests).create(),
                shouldHaveSingleQuery(requests, List.of()).create());
    }
}
