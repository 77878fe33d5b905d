package dev.singletable.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.singletable.core.DesignWarning.Kind;
import dev.singletable.fixtures.SourceLocation;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** Every rule of the design lint, each passing and failing, with its exact message and where it comes from. */
class DesignLintTest {

    private static final String ORDERS = """
            table: shop
            key: { partition: PK, sort: SK }
            indexes:
              GSI1: { partition: GSI1PK, sort: GSI1SK, projection: ALL }
            entities:
              Customer: { PK: "CUSTOMER#{customerId}", SK: PROFILE }
              Order: { PK: "CUSTOMER#{customerId}", SK: "ORDER#{orderId:%04d}", GSI1PK: "STATUS#{status}", GSI1SK: "{day:date}" }
            accessPatterns:
              ordersOfCustomer:
                query: { partition: "CUSTOMER#{customerId}", sort: { beginsWith: "ORDER#" } }
              ordersByStatus:
                index: GSI1
                query: { partition: "STATUS#{status}" }
            """;

    private static List<DesignWarning> lint(String design, String fixtures) {
        try (Seeded seeded = Seeded.of(design, fixtures)) {
            return DesignLint.of(seeded.verify());
        }
    }

    private static List<String> lines(List<DesignWarning> warnings) {
        return warnings.stream().map(DesignWarning::toString).toList();
    }

    private static String orders(int count, java.util.function.IntFunction<String> status) {
        return IntStream.rangeClosed(1, count).mapToObj(i -> "  - { entity: Order, customerId: " + i + ", orderId: "
                + i + ", status: " + status.apply(i) + ", day: \"2026-01-0" + (i % 9 + 1) + "\" }\n")
                .collect(Collectors.joining("", "items:\n", ""));
    }

    @Test
    void finds_nothing_in_a_design_with_padded_keys_spread_partitions_and_read_indexes() {
        assertThat(lint(ORDERS, orders(10, i -> i % 3 == 0 ? "OPEN" : i % 3 == 1 ? "SHIPPED" : "PAID"))).isEmpty();
    }

    @Test
    void warns_of_a_numeric_parameter_a_sort_key_template_writes_without_padding() {
        List<DesignWarning> warnings = lint(ORDERS.replace("{orderId:%04d}", "{orderId}"), """
                items:
                  - { entity: Customer, customerId: 42 }
                  - { entity: Order, customerId: 42, orderId: 1001, status: OPEN, day: "2026-01-05" }
                  - { entity: Order, customerId: 42, orderId: 1002, status: OPEN, day: "2026-01-06" }
                """);

        assertThat(lines(warnings)).containsExactly("unpadded number: SK \"ORDER#{orderId}\" of entity Order writes"
                + " orderId (1001 here) as it is, so \"ORDER#9\" sorts after \"ORDER#10\"; write {orderId:%08d}"
                + " (shop.fixtures.yaml:3:5)");
        DesignWarning warning = warnings.get(0);
        assertThat(warning.kind()).isEqualTo(Kind.UNPADDED_NUMBER);
        assertThat(warning.entity()).contains("Order");
        assertThat(warning.attribute()).contains("SK");
        assertThat(warning.location()).contains(new SourceLocation("shop.fixtures.yaml", 3, 5));
    }

    @Test
    void warns_of_sort_key_values_of_one_partition_that_sort_out_of_numeric_order() {
        List<DesignWarning> warnings = lint("""
                table: shop
                key: { partition: PK, sort: SK }
                accessPatterns:
                  events: { query: { partition: "LOG#{log}" } }
                """, """
                items:
                  - { PK: "LOG#1", SK: "EVENT#9" }
                  - { PK: "LOG#1", SK: "EVENT#10" }
                  - { PK: "LOG#2", SK: "EVENT#0009" }
                  - { PK: "LOG#2", SK: "EVENT#0010" }
                """);

        assertThat(lines(warnings)).containsExactly("unpadded number: SK values \"EVENT#10\" and \"EVENT#9\" of PK=LOG#1"
                + " in the table sort as text, so EVENT#9 comes after EVENT#10; write the numbers in one width"
                + " (shop.fixtures.yaml:2:5)");
        assertThat(warnings.get(0).entity()).isEmpty();
        assertThat(warnings.get(0).index()).contains("table");
    }

    @Test
    void warns_of_a_partition_that_holds_half_of_an_index_with_its_share() {
        List<DesignWarning> warnings = lint(ORDERS, orders(10, i -> i <= 6 ? "OPEN" : "SHIPPED"));

        assertThat(lines(warnings)).containsExactly("hot partition: GSI1PK=STATUS#OPEN holds 6 of the 10 items of"
                + " index GSI1 (60%), and takes as large a share of its writes (shop.fixtures.yaml:2:5)");
        assertThat(warnings.get(0).attribute()).contains("GSI1PK");
        assertThat(warnings.get(0).entity()).contains("Order");
        assertThat(lint(ORDERS, orders(9, i -> "OPEN"))).as("below 10 items, shares say nothing").isEmpty();
    }

    @Test
    void warns_of_large_items_and_partitions_and_of_an_index_no_pattern_reads() {
        String big = "x".repeat(310 * 1024);
        List<DesignWarning> warnings = lint("""
                table: shop
                key: { partition: PK, sort: SK }
                indexes:
                  ByKind: { partition: kind, projection: KEYS_ONLY }
                accessPatterns:
                  files: { query: { partition: "FOLDER#{folder}" } }
                """, "items:\n" + IntStream.rangeClosed(1, 4).mapToObj(i -> "  - { PK: \"FOLDER#1\", SK: \"FILE#"
                        + i + "\", kind: pdf, body: " + big + " }\n").collect(Collectors.joining()));

        assertThat(lines(warnings)).containsExactly(
                "large partition: PK=FOLDER#1 of the table holds 1.2 MB; a Query reads at most 1 MB a page"
                        + " (shop.fixtures.yaml:2:5)",
                "large item: (\"FOLDER#1\", \"FILE#1\") is 310.0 KB, near DynamoDB's 400 KB limit"
                        + " (shop.fixtures.yaml:2:5)",
                "large item: (\"FOLDER#1\", \"FILE#2\") is 310.0 KB, near DynamoDB's 400 KB limit"
                        + " (shop.fixtures.yaml:3:5)",
                "large item: (\"FOLDER#1\", \"FILE#3\") is 310.0 KB, near DynamoDB's 400 KB limit"
                        + " (shop.fixtures.yaml:4:5)",
                "large item: (\"FOLDER#1\", \"FILE#4\") is 310.0 KB, near DynamoDB's 400 KB limit"
                        + " (shop.fixtures.yaml:5:5)",
                "unread index: no access pattern queries ByKind, yet it projects KEYS_ONLY and every write of its 4"
                        + " items writes it too");
    }

    @Test
    void warns_of_an_attribute_two_entities_give_two_types_in_one_index() {
        String design = ORDERS.replace("entities:\n", """
                entities:
                  Invoice: { PK: "CUSTOMER#{customerId}", SK: "INVOICE#{invoiceId:%04d}", GSI1PK: "STATUS#{status}", GSI1SK: "{day:date}" }
                """);
        String fixtures = """
                items:
                  - { entity: Order, customerId: 1, orderId: 1, status: OPEN, day: "2026-01-01", total: 10 }
                  - { entity: Invoice, customerId: 1, invoiceId: 1, status: PAID, day: "2026-01-02", total: "10 EUR" }
                """;

        List<DesignWarning> warnings = lint(design, fixtures);

        assertThat(lines(warnings)).containsExactly("overloaded attribute: total is N in Order"
                + " (shop.fixtures.yaml:2:5) but S in Invoice (shop.fixtures.yaml:3:5), and index GSI1 holds both:"
                + " a filter or a reader of the index meets values of two types under one name"
                + " (shop.fixtures.yaml:3:5)");
        assertThat(warnings.get(0).entity()).contains("Invoice");
        assertThat(lint(design, fixtures.replace("\"10 EUR\"", "12"))).isEmpty();
        assertThat(lint(design.replace("projection: ALL", "projection: KEYS_ONLY"), fixtures))
                .as("an index that does not hold the attribute").isEmpty();
    }

    @Test
    void warns_of_a_projection_wider_than_what_the_patterns_on_the_index_read() {
        String design = ORDERS + "    reads: [status]\n";
        String fixtures = """
                items:
                  - { entity: Order, customerId: 1, orderId: 1, status: OPEN, day: "2026-01-01", total: 10, note: hi }
                """;

        List<DesignWarning> warnings = lint(design, fixtures);

        assertThat(lines(warnings)).containsExactly("wide projection: index GSI1 projects ALL, but its access"
                + " patterns ordersByStatus read only status: customerId, orderId, day, total, note are written to it"
                + " with every write and never read (47 B of the 114 B it holds); project { include: [status] }");
        assertThat(warnings.get(0).pattern()).contains("ordersByStatus");
        assertThat(warnings.get(0).attribute()).contains("customerId");
        assertThat(lint(ORDERS, fixtures)).as("patterns that do not say what they read").isEmpty();
        assertThat(lint(design.replace("reads: [status]", "reads: [status, customerId, orderId, day, total, note]"),
                fixtures)).isEmpty();
    }

    @Test
    void warns_of_a_pattern_that_reads_what_its_index_does_not_project() {
        String design = ORDERS.replace("projection: ALL", "projection: { include: [status] }")
                + "    reads: [status, total]\n";

        assertThat(lines(lint(design, orders(2, i -> "OPEN")))).containsExactly("unprojected read: access pattern"
                + " ordersByStatus reads total, which index GSI1 does not project (it holds the keys, status): a Query"
                + " on a global index cannot return it");
        assertThat(lint(design.replace("reads: [status, total]", "reads: [status]"), orders(2, i -> "OPEN")))
                .isEmpty();
    }

    @Test
    void warns_of_a_filter_that_discards_most_of_what_it_reads() {
        String design = ORDERS + """
                  openOrdersOfCustomer:
                    query: { partition: "CUSTOMER#{customerId}", sort: { beginsWith: "ORDER#" } }
                    filter: { expression: "#status = :status", values: { status: OPEN } }
                """;
        String fixtures = IntStream.rangeClosed(1, 5).mapToObj(i -> "  - { entity: Order, customerId: 42, orderId: "
                + i + ", status: " + (i == 1 ? "OPEN" : "SHIPPED") + ", day: \"2026-01-01\" }\n")
                .collect(Collectors.joining("", "items:\n", """
                        expect:
                          openOrdersOfCustomer:
                            - with: { customerId: 42 }
                              returns: [ { PK: "CUSTOMER#42", SK: "ORDER#0001" } ]
                        """));

        List<DesignWarning> warnings = lint(design, fixtures);

        assertThat(lines(warnings)).containsExactly("filter waste: openOrdersOfCustomer(customerId: 42) reads 5 items"
                + " and its filter keeps 1: 4 of the 5 (80%) are read, paid for and dropped; a key condition that"
                + " skips them reads less (shop.fixtures.yaml:9:7)");
        assertThat(warnings.get(0).pattern()).contains("openOrdersOfCustomer");
        assertThat(lint(design, fixtures.replace("orderId: 2, status: SHIPPED", "orderId: 2, status: OPEN")
                .replace("orderId: 3, status: SHIPPED", "orderId: 3, status: OPEN")
                .replace("returns: [ { PK: \"CUSTOMER#42\", SK: \"ORDER#0001\" } ]", "returns: [ { PK: \"CUSTOMER#42\","
                        + " SK: \"ORDER#0001\" }, { PK: \"CUSTOMER#42\", SK: \"ORDER#0002\" }, { PK: \"CUSTOMER#42\","
                        + " SK: \"ORDER#0003\" } ]")))
                .as("3 of 5 kept").isEmpty();
    }

    @Test
    void warns_of_an_item_collection_of_a_table_with_local_indexes_that_nears_10_gb_at_the_stated_scale() {
        String design = """
                table: shop
                key: { partition: PK, sort: SK }
                attributes: { total: N }
                indexes:
                  ByTotal: { type: local, sort: total, projection: ALL }
                accessPatterns:
                  bigOrders:
                    index: ByTotal
                    query: { partition: "CUSTOMER#{customerId}", sort: { gte: "{min}" } }
                """;
        String fixtures = """
                items:
                  - { PK: "CUSTOMER#42", SK: "ORDER#0001", total: 10 }
                  - { PK: "CUSTOMER#7", SK: "ORDER#0002", total: 10 }
                """;
        try (Seeded seeded = Seeded.of(design, fixtures)) {
            Verification verification = seeded.verify();

            assertThat(DesignLint.of(verification)).isEmpty();
            // 32 bytes an item, as much again in ByTotal: 64 bytes for CUSTOMER#42, 62 for CUSTOMER#7
            assertThat(lines(DesignLint.of(verification, 85_000_000))).containsExactly(
                    "collection growth: the item collection PK=CUSTOMER#42 (its items and their entries in ByTotal)"
                            + " holds 64 B in the fixtures; at scale 85,000,000 it holds 5.1 GB, 51% of the 10 GB a"
                            + " collection may hold on a table with local indexes, where DynamoDB refuses writes to it"
                            + " (shop.fixtures.yaml:2:5)");
            assertThat(DesignLint.of(verification, 50_000_000)).isEmpty();
            assertThatThrownBy(() -> DesignLint.of(verification, 0)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("a scale is how many times the fixtures grow, at least 1; got 0");
        }
    }

    @Test
    void names_each_warning_by_kind_entity_attribute_pattern_index_and_place() {
        DesignWarning warning = new DesignWarning(Kind.HOT_PARTITION, "it is hot", Optional.of("Order"),
                Optional.of("GSI1PK"), Optional.empty(), Optional.of("GSI1"), Optional.empty());

        assertThat(warning).hasToString("hot partition: it is hot");
        assertThat(Kind.COLLECTION_GROWTH.label()).isEqualTo("collection growth");
    }
}
