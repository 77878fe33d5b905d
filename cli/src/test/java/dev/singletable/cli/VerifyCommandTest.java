package dev.singletable.cli;

import static dev.singletable.cli.CommandRun.execute;
import static dev.singletable.cli.CommandRun.resource;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
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

                1 design warning:
                  unpadded number: SK "ORDER#{orderId}" of entity Order writes orderId (1001 here) as it is, so \
                "ORDER#9" sorts after "ORDER#10"; write {orderId:%%08d} (%s:3:5)
                """.formatted(FIXTURES));
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
                customerWithOrders(customerId: 42)                                 Query      table                \
                4         4      1  0.5  ✓
                ordersOfCustomer(customerId: 42)                                   Query      table                \
                3         3      1  0.5  ✓
                ordersOfCustomer(customerId: 7)                                    Query      table                \
                1         1      1  0.5  ✓
                linesOfOrder(orderId: 1001)                                        Query      table                \
                2         2      1  0.5  ✓
                ordersByStatus(status: OPEN, from: 2026-01-01, to: 2026-01-31)     Query      GSI1                 \
                2         2      1  0.5  ✓
                largeOrdersOfCustomer(customerId: 42, status: OPEN, minTotal: 20)  Query      ByCustomerStatus     \
                2         2      1  0.5  ✓
                userByEmail(email: ada@example.com)                                Query      GSI1                 \
                1         1      1  0.5  ✓
                teamsOfUser(userId: ada)                                           Query      table                \
                1         1      1  0.5  ✓
                membersOfTeam(teamId: engines)                                     Query      table                \
                2         2      1  0.5  ✓

                9 checks of 8 access patterns: every one a Query, every result as expected.

                3 design warnings:
                  unpadded number: SK "ORDER#{orderId}" of entity Order writes orderId (1001 here) as it is, so \
                "ORDER#9" sorts after "ORDER#10"; write {orderId:%%08d} (%1$s:5:5)
                  unpadded number: SK "LINE#{line}" of entity OrderLine writes line (1 here) as it is, so "LINE#9" \
                sorts after "LINE#10"; write {line:%%08d} (%1$s:9:5)
                  wide projection: index GSI1 projects ALL, but its access patterns ordersByStatus, userByEmail \
                read only status, createdAt, total, name: userId, email, customerId, orderId are written to it with \
                every write and never read (157 B of the 696 B it holds); project { include: [status, createdAt, \
                total, name] }

                Cost at the stated rates, 730 hours a month:

                INDEX             READ/S  WRITE/S    RRU/MONTH   WRU/MONTH  RCU  WCU
                table               53.0     17.0  139,284,000  44,734,400   53   18
                GSI1                 6.0      5.0   15,768,000  13,140,000    6    5
                ByCustomerStatus     0.5      5.0    1,314,000  13,140,000    1    5
                total               59.5     27.0  156,366,000  71,014,400   60   28
                """.formatted(examples.resolve("orders.fixtures.yaml")));
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
                ✗ ordersOfCustomer(customerId: 42): expected (%1$s:6:7) [("CUSTOMER#42", "ORDER#1009")] but it \
                returned [("CUSTOMER#42", "ORDER#1001")]

                3 checks of 3 access patterns: 2 failed.

                1 design warning:
                  unpadded number: SK "ORDER#{orderId}" of entity Order writes orderId (1001 here) as it is, so \
                "ORDER#9" sorts after "ORDER#10"; write {orderId:%%08d} (%1$s:3:5)
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

    @Test
    void prints_the_cost_per_index_at_the_rates_given_and_its_price() {
        CommandRun run = execute("verify", DESIGN, FIXTURES, "--rate", "ordersOfCustomer=100/s", "--rate",
                "openOrders=6000/min", "--rate", "Order=2/s", "--read-request-price", "0.25", "--write-request-price",
                "1.25");

        assertThat(run.out()).endsWith("""
                Cost at the stated rates, 730 hours a month:

                INDEX  READ/S  WRITE/S    RRU/MONTH   WRU/MONTH  RCU  WCU  ON-DEMAND/MONTH  PROVISIONED/MONTH
                table    50.0      2.0  131,400,000   5,256,000   50    2            39.42                  -
                GSI1     50.0      2.0  131,400,000   5,256,000   50    2            39.42                  -
                total   100.0      4.0  262,800,000  10,512,000  100    4            78.84                  -
                """);
        assertThat(run.exitCode()).isEqualTo(Singletable.OK);
    }

    @Test
    void writes_the_warnings_and_the_cost_in_its_json() throws IOException {
        CommandRun run = execute("verify", DESIGN, FIXTURES, "--format", "json", "--rate", "openOrders=10/s",
                "--scale", "1000");

        JsonNode json = new ObjectMapper().readTree(run.out());
        assertThat(json.get("scale").asLong()).isEqualTo(1000);
        assertThat(json.get("warnings").get(0).toPrettyString()).isEqualTo("""
                {
                  "kind" : "UNPADDED_NUMBER",
                  "message" : "SK \\"ORDER#{orderId}\\" of entity Order writes orderId (1001 here) as it is, so \
                \\"ORDER#9\\" sorts after \\"ORDER#10\\"; write {orderId:%%08d}",
                  "entity" : "Order",
                  "attribute" : "SK",
                  "pattern" : null,
                  "index" : null,
                  "location" : "%s:3:5"
                }""".formatted(FIXTURES));
        JsonNode cost = json.get("cost");
        assertThat(cost.get("hoursPerMonth").asInt()).isEqualTo(730);
        assertThat(cost.get("patterns").get(2).toPrettyString()).isEqualTo("""
                {
                  "pattern" : "openOrders",
                  "index" : "GSI1",
                  "calls" : 1,
                  "readUnits" : 0.5,
                  "stronglyConsistentReadUnits" : null,
                  "rate" : "10/s",
                  "readUnitsPerSecond" : 5.0
                }""");
        assertThat(cost.get("writes").get(1).toPrettyString()).isEqualTo("""
                {
                  "entity" : "Order",
                  "writes" : 2,
                  "writeUnits" : {
                    "table" : 1.0,
                    "GSI1" : 1.0
                  },
                  "totalWriteUnits" : 2.0,
                  "rate" : null
                }""");
        assertThat(cost.get("total").toPrettyString()).isEqualTo("""
                {
                  "index" : "total",
                  "local" : false,
                  "readUnitsPerSecond" : 5.0,
                  "writeUnitsPerSecond" : 0.0,
                  "monthlyReadRequestUnits" : 1.314E7,
                  "monthlyWriteRequestUnits" : 0.0,
                  "provisionedReadCapacityUnits" : 5,
                  "provisionedWriteCapacityUnits" : 0,
                  "onDemandMonthly" : null,
                  "provisionedMonthly" : null
                }""");
    }

    @Test
    void exits_1_on_a_design_warning_when_asked_to() {
        CommandRun run = execute("verify", DESIGN, FIXTURES, "--fail-on-warnings");

        assertThat(run.out()).contains("1 design warning:");
        assertThat(run.exitCode()).isEqualTo(Singletable.VERIFICATION_FAILED);
    }

    @Test
    void exits_2_on_a_rate_that_does_not_parse_or_names_nothing_of_the_design_a_scale_or_a_price_out_of_range() {
        CommandRun bad = execute("verify", DESIGN, FIXTURES, "--rate", "openOrders=often");
        CommandRun unknown = execute("verify", DESIGN, FIXTURES, "--rate", "Invoice=1/s");
        CommandRun scale = execute("verify", DESIGN, FIXTURES, "--scale", "0");

        assertThat(bad.err()).isEqualTo("singletable verify: --rate openOrders=often: rate 'often' is not a number per"
                + " unit of time; write it as 50/s, 3000/min, 200/h or 10000/day\n");
        assertThat(unknown.err()).isEqualTo("singletable verify: --rate: a rate for 'Invoice', which is neither an"
                + " access pattern (customerWithOrders, ordersOfCustomer, openOrders) nor an entity (Customer, Order)"
                + " of table shop\n");
        assertThat(scale.err()).isEqualTo("singletable verify: --scale is how many times the fixtures grow, at least"
                + " 1; got 0\n");
        CommandRun price = execute("verify", DESIGN, FIXTURES, "--read-capacity-price", "-0.1");
        assertThat(price.err()).isEqualTo("singletable verify: the price of a read capacity unit for an hour is -0.1;"
                + " a price is a number of 0 or more\n");
        assertThat(List.of(bad, unknown, scale, price)).allMatch(run -> run.exitCode() == Singletable.USAGE
                && run.out().isEmpty());
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

        JsonNode json = new ObjectMapper().readTree(run.out());
        assertThat(json.get("table").asText()).isEqualTo("bare");
        assertThat(json.get("passed").asBoolean()).isFalse();
        assertThat(json.get("checks").asInt()).isZero();
        assertThat(json.get("sparseIndexes")).isEmpty();
        assertThat(json.get("patterns")).isEmpty();
        assertThat(json.get("warnings")).as("nothing to lint").isEmpty();
        assertThat(json.get("cost").get("total").get("readUnitsPerSecond").asDouble()).isZero();
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
