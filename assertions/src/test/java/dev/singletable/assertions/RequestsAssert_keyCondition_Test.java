package dev.singletable.assertions;

import static dev.singletable.assertions.Expect.failureOf;
import static dev.singletable.assertions.SingleTableAssertions.assertThat;
import static dev.singletable.assertions.error.ShouldHaveKeyCondition.shouldHaveKeyCondition;
import static dev.singletable.assertions.error.ShouldHaveKeyCondition.shouldHavePartitionKey;
import static dev.singletable.assertions.error.ShouldReadIndex.shouldReadIndex;
import static org.assertj.core.api.BDDAssertions.then;

import com.example.orders.OrderRepository;
import dev.singletable.assertions.internal.Describe;
import dev.singletable.core.SingleTable;
import dev.singletable.engine.model.RequestLogEntry;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;

/** One logged request: the index it read and its key condition. */
class RequestsAssert_keyCondition_Test {

    private final SingleTable table = OrdersTable.seeded();
    private final RequestLogEntry query = query(table);

    private static RequestLogEntry query(SingleTable table) {
        new OrderRepository(table.client(), table.name())
                .openOrders(LocalDate.parse("2026-01-01"), LocalDate.parse("2026-02-01"));
        return table.requestLog().entries().get(0);
    }

    @Test
    void should_pass_when_the_key_condition_is_the_one_expected() {
        assertThat(query).withKeyCondition("GSI1PK = \"STATUS#OPEN\" AND GSI1SK BETWEEN \"2026-01-01\" AND"
                + " \"2026-02-01\"");
    }

    @Test
    void should_fail_showing_the_key_condition() {
        // WHEN
        AssertionError error = failureOf(() -> assertThat(query).withKeyCondition("GSI1PK = \"STATUS#OPEN\""));
        // THEN
        then(error).hasMessage(shouldHaveKeyCondition(Describe.request(query), "GSI1PK = \"STATUS#OPEN\"",
                "GSI1PK = \"STATUS#OPEN\" AND GSI1SK BETWEEN \"2026-01-01\" AND \"2026-02-01\"").create());
    }

    @Test
    void should_pass_when_the_partition_key_value_is_the_one_expected() {
        assertThat(query).withPartitionKey("STATUS#OPEN");
    }

    @Test
    void should_fail_showing_the_partition_key_value() {
        // WHEN
        AssertionError error = failureOf(() -> assertThat(query).withPartitionKey("STATUS#SHIPPED"));
        // THEN
        then(error).hasMessage(shouldHavePartitionKey(Describe.request(query), "\"STATUS#SHIPPED\"", "STATUS#OPEN")
                .create());
    }

    @Test
    void should_pass_when_the_request_reads_the_index() {
        assertThat(query).onIndex("GSI1");
    }

    @Test
    void should_fail_when_the_request_reads_another_index() {
        // WHEN
        AssertionError error = failureOf(() -> assertThat(query).onTable());
        // THEN
        then(error).hasMessage(shouldReadIndex("request", Describe.request(query), "the table", List.of(query))
                .create());
    }
}
