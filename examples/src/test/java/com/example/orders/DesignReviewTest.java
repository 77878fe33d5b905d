package com.example.orders;

import static dev.singletable.assertions.SingleTableAssertions.assertThat;

import dev.singletable.core.Cost;
import dev.singletable.core.DesignWarning.Kind;
import dev.singletable.core.SingleTable;
import dev.singletable.junit.SingleTableTest;
import org.junit.jupiter.api.Test;

/** What the design will do at scale: the lint's warnings a team has decided to fail on, and its budget. */
// tag::design-review[]
@SingleTableTest(design = "orders.table.yaml", fixtures = "orders.fixtures.yaml")
class DesignReviewTest {

    @Test
    void noHotPartitionWastefulFilterOrItemNear400Kb(SingleTable table) {
        assertThat(table).hasNoDesignWarningsOf(Kind.HOT_PARTITION, Kind.FILTER_WASTE, Kind.LARGE_ITEM);
    }

    @Test
    void staysWithinItsBudgetAtTheStatedRates(SingleTable table) {
        assertThat(table)
                .consumesAtMost(60, 30)                                   // read and write units a second
                .costsAtMost(Cost.Prices.onDemand(0.125, 0.625), 65.00); // a month on demand, at these prices
    }
}
// end::design-review[]
