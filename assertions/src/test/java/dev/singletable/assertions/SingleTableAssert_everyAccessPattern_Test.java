package dev.singletable.assertions;

import static dev.singletable.assertions.Expect.failureOf;
import static dev.singletable.assertions.SingleTableAssertions.assertThat;
import static dev.singletable.assertions.error.ShouldSatisfyEveryAccessPattern.shouldDeclareAccessPatterns;
import static dev.singletable.assertions.error.ShouldSatisfyEveryAccessPattern.shouldSatisfyEveryAccessPattern;
import static org.assertj.core.api.BDDAssertions.then;

import dev.singletable.core.SingleTable;
import dev.singletable.engine.RequestLog;
import dev.singletable.fixtures.TableDesign;
import java.util.List;
import org.junit.jupiter.api.Test;

class SingleTableAssert_everyAccessPattern_Test {

    @Test
    void should_pass_when_every_pattern_runs_as_a_query_and_returns_what_the_fixtures_expect() {
        // GIVEN fixtures with an expectation for every pattern that takes parameters
        SingleTable table = OrdersTable.seeded();
        // WHEN/THEN
        assertThat(table).everyAccessPattern();
    }

    @Test
    void should_fail_listing_every_pattern_that_falls_short() {
        // GIVEN fixtures expecting a missing order, the wrong order, and nothing of two patterns with parameters
        SingleTable table = OrdersTable.seeded("orders-unmet.fixtures.yaml");
        // WHEN
        AssertionError error = failureOf(() -> assertThat(table).everyAccessPattern());
        // THEN
        String t = table.name();
        then(error).hasMessage(shouldSatisfyEveryAccessPattern(table.design(), List.of(
                """
                ordersOfCustomer(customerId: 42), expected at /orders-unmet.fixtures.yaml:25:7
                  ran:      Query on %s where PK = "CUSTOMER#42" AND begins_with(SK, "ORDER#")
                  returned: ("CUSTOMER#42", "ORDER#1001"), ("CUSTOMER#42", "ORDER#1002")
                  expected: ("CUSTOMER#42", "ORDER#1001"), ("CUSTOMER#42", "ORDER#1002"), ("CUSTOMER#42", "ORDER#1003")
                  missing:    ("CUSTOMER#42", "ORDER#1003")""".formatted(t),
                """
                openOrdersByDate(from: 2026-01-01, to: 2026-02-01), expected at /orders-unmet.fixtures.yaml:20:7
                  ran:      Query on %s index GSI1 where GSI1PK = "STATUS#OPEN" AND GSI1SK BETWEEN "2026-01-01" AND "2026-02-01"
                  returned: ("CUSTOMER#42", "ORDER#1002"), ("CUSTOMER#42", "ORDER#1001")
                  expected: ("CUSTOMER#42", "ORDER#1001"), ("CUSTOMER#42", "ORDER#1002")
                  out of order: the same keys, returned as ("CUSTOMER#42", "ORDER#1002"), ("CUSTOMER#42", "ORDER#1001")"""
                        .formatted(t),
                "bigOrdersOfCustomer: not exercised: it takes customerId, minTotal and the fixtures expect nothing of it",
                "firstOrderOfCustomer: not exercised: it takes customerId and the fixtures expect nothing of it")
                .stream().map(s -> s.replace("\n", System.lineSeparator() + "  ")).toList()).create());
    }

    @Test
    void should_fail_when_a_pattern_fails() {
        // GIVEN a design whose pattern reads an index the table does not have
        SingleTable table = OrdersTable.seeded(Designs.withPatternOnMissingIndex(), "orders-items.fixtures.yaml");
        // WHEN
        AssertionError error = failureOf(() -> assertThat(table).everyAccessPattern());
        // THEN
        then(error).hasMessage(shouldSatisfyEveryAccessPattern(table.design(), List.of(
                "byEmail" + System.lineSeparator() + "    failed:   " + Designs.missingIndexError(table))).create());
    }

    @Test
    void should_fail_when_the_log_records_no_request() {
        // GIVEN a handle whose log is not the one the client's requests go to
        SingleTable seeded = OrdersTable.seeded("orders-items.fixtures.yaml");
        SingleTable table = SingleTable.of(seeded.client(), new RequestLog(10), Designs.withOnePattern(),
                seeded.name(), seeded.fixtures());
        // WHEN
        AssertionError error = failureOf(() -> assertThat(table).everyAccessPattern());
        // THEN
        then(error).hasMessage(shouldSatisfyEveryAccessPattern(table.design(), List.of("openOrders"
                + System.lineSeparator() + "    no request recorded: the table's request log does not see this"
                + " client's requests")).create());
    }

    @Test
    void should_fail_when_the_design_declares_no_access_pattern_as_nothing_was_checked() {
        // GIVEN a handle on the orders table whose design declares no pattern
        TableDesign bare = TableDesign.parse("table: orders\nkey: { partition: PK, sort: SK }\n", "bare.yaml");
        SingleTable table = OrdersTable.seeded(bare, "bare.fixtures.yaml");
        // WHEN
        AssertionError error = failureOf(() -> assertThat(table).everyAccessPattern());
        // THEN
        then(error).hasMessage(shouldDeclareAccessPatterns(bare).create());
        then(error.getMessage()).endsWith("but it declares none, so nothing was checked: add them under"
                + " accessPatterns");
    }
}
