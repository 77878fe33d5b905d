package dev.singletable.assertions;

import static dev.singletable.assertions.Expect.failureOf;
import static dev.singletable.assertions.SingleTableAssertions.assertThat;
import static dev.singletable.assertions.error.ShouldHaveNoDesignWarnings.shouldHaveNoDesignWarnings;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.BDDAssertions.then;

import dev.singletable.core.DesignLint;
import dev.singletable.core.DesignWarning;
import dev.singletable.core.DesignWarning.Kind;
import dev.singletable.core.SingleTable;
import dev.singletable.core.Verification;
import java.util.List;
import org.junit.jupiter.api.Test;

class SingleTableAssert_hasNoDesignWarnings_Test {

    @Test
    void should_pass_when_the_lint_finds_nothing() {
        // GIVEN order numbers padded in the sort key, partitions too small to be hot, every index read
        SingleTable table = OrdersTable.seeded(Designs.withPaddedOrderNumbers(), "orders-items.fixtures.yaml");
        // WHEN/THEN
        assertThat(table).hasNoDesignWarnings().atScale(1_000_000).hasNoDesignWarnings();
    }

    @Test
    void should_fail_listing_every_warning_with_where_it_comes_from() {
        // GIVEN order numbers unpadded in the sort key, and a filter that keeps 1 of the 3 orders it reads
        SingleTable table = OrdersTable.seeded();
        // WHEN
        AssertionError error = failureOf(() -> assertThat(table).hasNoDesignWarnings());
        // THEN
        List<DesignWarning> warnings = DesignLint.of(Verification.of(table));
        then(warnings).extracting(DesignWarning::toString).containsExactly(
                "unpadded number: SK \"ORDER#{orderId}\" of entity Order writes orderId (1001 here) as it is, so"
                        + " \"ORDER#9\" sorts after \"ORDER#10\"; write {orderId:%08d} (/orders.fixtures.yaml:5:5)",
                "filter waste: bigOrdersOfCustomer(customerId: 42, minTotal: 100) reads 3 items and its filter keeps"
                        + " 1: 2 of the 3 (67%) are read, paid for and dropped; a key condition that skips them reads"
                        + " less (/orders.fixtures.yaml:48:7)");
        then(error).hasMessage(shouldHaveNoDesignWarnings("orders", List.of(), warnings).create());
        then(error.getMessage()).contains("to have no warnings of the design lint of:" + System.lineSeparator()
                + "  any kind" + System.lineSeparator() + "but it has 2:");
    }

    @Test
    void should_pass_per_kind_when_the_lint_finds_nothing_of_those_kinds() {
        // GIVEN a design with unpadded numbers and a wasteful filter, but no hot partition or unread index
        SingleTable table = OrdersTable.seeded();
        // WHEN/THEN
        assertThat(table).hasNoDesignWarningsOf(Kind.HOT_PARTITION, Kind.UNREAD_INDEX);
    }

    @Test
    void should_fail_per_kind_listing_only_warnings_of_those_kinds() {
        // GIVEN a design with unpadded numbers and a wasteful filter
        SingleTable table = OrdersTable.seeded();
        // WHEN
        AssertionError error = failureOf(() -> assertThat(table).hasNoDesignWarningsOf(Kind.FILTER_WASTE,
                Kind.HOT_PARTITION));
        // THEN
        List<DesignWarning> waste = DesignLint.of(Verification.of(table)).stream()
                .filter(w -> w.kind() == Kind.FILTER_WASTE).toList();
        then(waste).hasSize(1);
        then(error).hasMessage(shouldHaveNoDesignWarnings("orders", List.of(Kind.FILTER_WASTE, Kind.HOT_PARTITION),
                waste).create());
        then(error.getMessage()).contains("filter waste, hot partition");
    }

    @Test
    void should_be_collected_softly_with_the_other_failures() {
        // GIVEN a design with unpadded numbers and a wasteful filter
        SingleTable table = OrdersTable.seeded();
        SingleTableSoftAssertions softly = new SingleTableSoftAssertions();
        // WHEN
        softly.assertThat(table).hasNoDesignWarningsOf(Kind.UNPADDED_NUMBER);
        softly.assertThat(table).hasNoDesignWarningsOf(Kind.HOT_PARTITION).hasNoDesignWarningsOf(Kind.FILTER_WASTE);
        // THEN
        then(softly.errorsCollected()).extracting(Throwable::getMessage).hasSize(2)
                .allMatch(message -> message.contains("to have no warnings of the design lint"));
    }

    @Test
    void should_refuse_a_scale_below_one() {
        assertThatThrownBy(() -> assertThat(OrdersTable.seeded()).atScale(0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a scale is how many times the fixtures grow, at least 1; got 0");
    }
}
