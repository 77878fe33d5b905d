package dev.singletable.cli;

import static dev.singletable.cli.CommandRun.execute;
import static dev.singletable.cli.CommandRun.resource;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class VerifyCommandTest {
    private static final String DESIGN = resource("shop.table.yaml");
    private static final String FIXTURES = resource("shop.fixtures.yaml");

    @TempDir
    Path dir;

    @Test
    void prints_what_every_pattern_did_and_exits_0_when_all_are_queries_returning_what_is_expected() {
        CommandRun run = execute("verify", DESIGN, FIXTURES);

        assertThat(run.out()).isEqualTo("""
                Access patterns of table shop (shop.table.yaml), 3 items seeded
                Sparse index GSI1 holds 2 of the 3 items.

                PATTERN                             OPERATION  INDEX  READ  RETURNED  PAGES  RCU  EXPECTED
                customerWithOrders(customerId: 42)  Query      table     3         3      1  0.5  ✓
                ordersOfCustomer(customerId: 42)    Query      table     2         2      1  0.5  ✓
                openOrders                          Query      GSI1      1         1      1  0.5  –

                3 checks of 3 access patterns: every one a Query, every result as expected.
                """);
        assertThat(run.err()).isEmpty();
        assertThat(run.exitCode()).isEqualTo(Singletable.OK);
    }

    @Test
    void verifies_the_example_application() {
        Path examples = Path.of("..", "examples", "src", "test", "resources");

        CommandRun run = execute("verify", examples.resolve("orders.table.yaml").toString(),
                examples.resolve("orders.fixtures.yaml").toString());

        assertThat(run.out()).isEqualTo("""
                Access patterns of table orders (orders.table.yaml), 16 items seeded
                Sparse index GSI1 holds 6 of the 16 items.
                Sparse index ByCustomerStatus holds 4 of the 16 items.

                PATTERN                                                            OPERATION  INDEX             \
                READ  RETURNED  PAGES  RCU  EXPECTED
                customerWithOrders(customerId: 42)                                 Query      table             \
                   4         4      1  0.5  ✓
                ordersOfCustomer(customerId: 42)                                   Query      table             \
                   3         3      1  0.5  ✓
                ordersOfCustomer(customerId: 7)                                    Query      table             \
                   1         1      1  0.5  ✓
                linesOfOrder(orderId: 1001)                                        Query      table             \
                   2         2      1  0.5  ✓
                ordersByStatus(status: OPEN, from: 2026-01-01, to: 2026-01-31)     Query      GSI1              \
                   2         2      1  0.5  ✓
                largeOrdersOfCustomer(customerId: 42, status: OPEN, minTotal: 20)  Query      ByCustomerStatus  \
                   2         2      1  0.5  ✓
                userByEmail(email: ada@example.com)                                Query      GSI1              \
                   1         1      1  0.5  ✓
                teamsOfUser(userId: ada)                                           Query      table             \
                   1         1      1  0.5  ✓
                membersOfTeam(teamId: engines)                                     Query      table             \
                   2         2      1  0.5  ✓

                9 checks of 8 access patterns: every one a Query, every result as expected.
                """);
        assertThat(run.exitCode()).isEqualTo(Singletable.OK);
    }

    @Test
    void exits_1_naming_the_expectation_when_a_pattern_returns_other_keys_or_cannot_run() throws IOException {
        Path fixtures = write("wrong.fixtures.yaml", """
                items:
                  - { entity: Customer, customerId: 42, name: Ada }
                  - { entity: Order, customerId: 42, orderId: "1001", status: OPEN, createdAt: "2026-01-05" }
                expect:
                  ordersOfCustomer:
                    - with: { customerId: 42 }
                      returns:
                        - { PK: "CUSTOMER#42", SK: "ORDER#1009" }
                """);

        CommandRun run = execute("verify", DESIGN, fixtures.toString());

        assertThat(run.out()).isEqualTo("""
                Access patterns of table shop (shop.table.yaml), 2 items seeded
                Sparse index GSI1 holds 1 of the 2 items.

                PATTERN                           OPERATION  INDEX  READ  RETURNED  PAGES  RCU  EXPECTED
                customerWithOrders                -          table     -         -      -    -  –
                ordersOfCustomer(customerId: 42)  Query      table     1         1      1  0.5  ✗
                openOrders                        Query      GSI1      1         1      1  0.5  –

                ✗ customerWithOrders: not run: it takes [customerId] and the fixtures have no expect entry for it
                ✗ ordersOfCustomer(customerId: 42): expected (%s:6:7) [("CUSTOMER#42", "ORDER#1009")] but it \
                returned [("CUSTOMER#42", "ORDER#1001")]

                3 checks of 3 access patterns: 2 failed.
                """.formatted(fixtures));
        assertThat(run.exitCode()).isEqualTo(Singletable.VERIFICATION_FAILED);
    }

    @Test
    void writes_json_for_ci() {
        CommandRun run = execute("verify", DESIGN, FIXTURES, "--format", "json");

        assertThat(run.out()).startsWith("""
                {
                  "table" : "shop",
                  "design" : "shop.table.yaml",
                  "passed" : true,
                  "checks" : 3,
                  "sparseIndexes" : [ {
                    "index" : "GSI1",
                    "itemsHeld" : 2,
                    "fixtureItems" : 3
                  } ],
                  "patterns" : [ {
                    "pattern" : "customerWithOrders",
                    "parameters" : {
                      "customerId" : 42
                    },
                    "operation" : "Query",
                    "index" : "table",
                    "keyCondition" : "PK = \\"CUSTOMER#42\\"",
                    "itemsRead" : 3,
                    "itemsReturned" : 3,
                    "pages" : 1,
                    "readUnits" : 0.5,
                    "expected" : true,
                    "expectation" : "%s:7:7",
                    "passed" : true,
                    "problems" : [ ]
                  }, {""".formatted(FIXTURES));
        assertThat(run.exitCode()).isEqualTo(Singletable.OK);
    }

    @Test
    void writes_a_junit_xml_report_with_a_failure_per_failed_check() throws IOException {
        Path fixtures = write("wrong.fixtures.yaml", """
                items:
                  - { entity: Customer, customerId: 42, name: Ada }
                expect:
                  ordersOfCustomer:
                    - with: { customerId: 42 }
                      returns: [ { PK: "CUSTOMER#42", SK: "ORDER#1" } ]
                  customerWithOrders:
                    - with: { customerId: 42 }
                      returns: [ { PK: "CUSTOMER#42", SK: PROFILE } ]
                """);

        CommandRun run = execute("verify", DESIGN, fixtures.toString(), "--format", "junit-xml");

        assertThat(run.out()).isEqualTo("""
                <?xml version="1.0" encoding="UTF-8"?>
                <testsuite name="singletable verify shop.table.yaml" tests="3" failures="1" errors="0" skipped="0">
                  <testcase classname="shop" name="customerWithOrders(customerId: 42)"></testcase>
                  <testcase classname="shop" name="ordersOfCustomer(customerId: 42)">
                    <failure message="%1$s" type="AccessPatternVerification">operation Query, index table, read 0, \
                returned 0, pages 1, RCU 0.5
                %1$s</failure>
                  </testcase>
                  <testcase classname="shop" name="openOrders"></testcase>
                </testsuite>
                """.formatted(("expected (" + fixtures + ":5:7) [(\"CUSTOMER#42\", \"ORDER#1\")] but it returned []")
                        .replace("\"", "&quot;")));
        assertThat(run.exitCode()).isEqualTo(Singletable.VERIFICATION_FAILED);
    }

    @Test
    void exits_1_with_the_reason_when_the_design_declares_a_pattern_that_scans() throws IOException {
        Path design = write("scan.table.yaml", """
                table: shop
                key: { partition: PK, sort: SK }
                entities:
                  Order: { PK: "CUSTOMER#{customerId}", SK: "ORDER#{orderId}" }
                accessPatterns:
                  ordersOfCustomer:
                    query: { partition: "CUSTOMER#{customerId}", sort: { beginsWith: "ORDER#" } }
                  bigOrders:
                    description: Every order above 50 (an admin report)
                    scan: true
                    filter: "#total > :min"
                """);
        Path fixtures = write("scan.fixtures.yaml", """
                items:
                  - { entity: Order, customerId: 42, orderId: "1", total: 80 }
                  - { entity: Order, customerId: 7, orderId: "2", total: 20 }
                expect:
                  bigOrders:
                    - with: { min: 50 }
                      returns: [ { PK: "CUSTOMER#42", SK: "ORDER#1" } ]
                """);

        CommandRun run = execute("verify", design.toString(), fixtures.toString());

        assertThat(run.out()).contains("bigOrders(min: 50)")
                .contains("Scan")
                .contains("runs as Scan, not as a Query: it reads 2 items to return 1");
        assertThat(run.exitCode()).isEqualTo(Singletable.VERIFICATION_FAILED);
    }

    @Test
    void exits_2_naming_file_line_and_column_of_a_bad_fixture() throws IOException {
        Path fixtures = write("bad.fixtures.yaml", """
                items:
                  - { entity: Invoice, invoiceId: 1 }
                """);

        CommandRun run = execute("verify", DESIGN, fixtures.toString());

        assertThat(run.err()).isEqualTo(fixtures + ":2:15: item 1: unknown entity 'Invoice'; known entities: "
                + "Customer, Order\n");
        assertThat(run.out()).isEmpty();
        assertThat(run.exitCode()).isEqualTo(Singletable.USAGE);
    }

    @Test
    void exits_2_when_the_design_does_not_exist() {
        CommandRun run = execute("verify", dir.resolve("missing.yaml").toString());

        assertThat(run.err()).isEqualTo("singletable verify: cannot read design " + dir.resolve("missing.yaml")
                + ": no such file\n");
        assertThat(run.exitCode()).isEqualTo(Singletable.USAGE);
    }

    @Test
    void exits_2_on_an_unknown_format() {
        CommandRun run = execute("verify", DESIGN, "--format", "yaml");

        assertThat(run.err()).isEqualTo("""
                singletable verify: Invalid value for option '--format': unknown format 'yaml'; expected text, json \
                or junit-xml
                Try 'singletable verify --help' for more information.
                """);
        assertThat(run.exitCode()).isEqualTo(Singletable.USAGE);
    }

    private Path write(String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text);
    }

    @Test
    void says_there_was_nothing_to_check_and_exits_1_for_a_design_without_access_patterns() throws IOException {
        Path design = Files.writeString(dir.resolve("bare.table.yaml"), "table: bare\nkey: { partition: id }\n");

        CommandRun run = execute("verify", design.toString());

        assertThat(run.out()).isEqualTo("""
                Access patterns of table bare (bare.table.yaml), 0 items seeded

                Nothing to check: the design declares no access patterns, so nothing is checked until they are \
                added under accessPatterns.
                """);
        assertThat(run.exitCode()).isEqualTo(Singletable.VERIFICATION_FAILED);
    }

    @Test
    void exits_0_for_a_design_without_access_patterns_when_allowed_and_its_json_says_it_did_not_pass()
            throws IOException {
        Path design = Files.writeString(dir.resolve("bare.table.yaml"), "table: bare\nkey: { partition: id }\n");

        CommandRun run = execute("verify", design.toString(), "--allow-no-patterns", "--format", "json");

        assertThat(run.out()).isEqualTo("""
                {
                  "table" : "bare",
                  "design" : "bare.table.yaml",
                  "passed" : false,
                  "checks" : 0,
                  "sparseIndexes" : [ ],
                  "patterns" : [ ]
                }
                """);
        assertThat(run.exitCode()).isEqualTo(Singletable.OK);
    }

    @Test
    void writes_a_failing_test_case_in_junit_xml_when_there_was_nothing_to_check() throws IOException {
        Path design = Files.writeString(dir.resolve("bare.table.yaml"), "table: bare\nkey: { partition: id }\n");

        CommandRun run = execute("verify", design.toString(), "--format", "junit-xml");

        assertThat(run.out()).isEqualTo("""
                <?xml version="1.0" encoding="UTF-8"?>
                <testsuite name="singletable verify bare.table.yaml" tests="1" failures="1" errors="0" skipped="0">
                  <testcase classname="bare" name="access patterns">
                    <failure message="Nothing to check: the design declares no access patterns, so nothing is \
                checked until they are added under accessPatterns." type="AccessPatternVerification"/>
                  </testcase>
                </testsuite>
                """);
        assertThat(run.exitCode()).isEqualTo(Singletable.VERIFICATION_FAILED);
    }
}
