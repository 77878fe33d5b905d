package dev.singletable.assertions;

import static org.assertj.core.api.BDDAssertions.then;

import com.example.orders.OrderRepository;
import dev.singletable.core.SingleTable;
import org.assertj.core.api.BDDSoftAssertions;
import org.junit.jupiter.api.Test;

/** The single-table entry points mix into AssertJ's own soft assertions, and every failure is collected. */
class SingleTableSoftAssertionsProvider_Test {

    /** What a user writes to have AssertJ's BDD soft assertions and ours in one object. */
    static class MySoftAssertions extends BDDSoftAssertions implements SingleTableSoftAssertionsProvider {
    }

    @Test
    void should_collect_assertj_failures_and_single_table_failures_together_and_stay_soft_when_navigating() {
        // GIVEN
        SingleTable table = OrdersTable.seeded();
        new OrderRepository(table.client(), table.name()).openOrdersByScan();
        MySoftAssertions softly = new MySoftAssertions();
        // WHEN
        softly.then(1 + 1).isEqualTo(3);
        softly.assertThat(table).requestLog().hasNoScans().singleQuery().onIndex("GSI1");
        softly.assertThat(table.accessPattern("ordersOfCustomer").with("customerId", 42)).onIndex("GSI1");
        // THEN
        then(softly.errorsCollected()).hasSize(4);
        then(softly.errorsCollected().get(0)).hasMessageContaining("expected: 3");
        then(softly.errorsCollected().get(1)).hasMessageContaining("to contain no:");
        then(softly.errorsCollected().get(2)).hasMessageContaining("exactly one Query");
        then(softly.errorsCollected().get(3)).hasMessageContaining("to read:");
    }
}
