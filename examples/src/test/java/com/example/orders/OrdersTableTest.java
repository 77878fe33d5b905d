package com.example.orders;

import static dev.singletable.assertions.SingleTableAssertions.assertThat;
import static dev.singletable.assertions.SingleTableAssertions.key;

import dev.singletable.core.SingleTable;
import dev.singletable.junit.SingleTableTest;
import org.junit.jupiter.api.Test;

/** The design itself: every access pattern is a Query and returns what the fixtures expect. */
// tag::design-test[]
@SingleTableTest(design = "orders.table.yaml", fixtures = "orders.fixtures.yaml")
class OrdersTableTest {

    @Test
    void everyAccessPatternIsAQueryReturningWhatIsExpected(SingleTable table) {
        assertThat(table).everyAccessPattern();
    }

    @Test
    void openOrdersOfJanuaryNewestFirst(SingleTable table) {
        assertThat(table.accessPattern("ordersByStatus")
                .with("status", "OPEN").with("from", "2026-01-01").with("to", "2026-01-31"))
                .runsAsQuery().onIndex("GSI1")
                .returnsKeysInOrder(key("CUSTOMER#7", "ORDER#1004"), key("CUSTOMER#42", "ORDER#1001"));
    }
}
// end::design-test[]
