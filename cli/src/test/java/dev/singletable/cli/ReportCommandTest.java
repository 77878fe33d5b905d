package dev.singletable.cli;

import static dev.singletable.cli.CommandRun.execute;
import static dev.singletable.cli.CommandRun.resource;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.singletable.core.Coverage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportCommandTest {
    private static final String DESIGN = resource("shop.table.yaml");
    private static final String FIXTURES = resource("shop.fixtures.yaml");

    @TempDir
    Path dir;

    @Test
    void writes_one_self_contained_page_with_collections_patterns_sizes_and_warnings() throws IOException {
        Path page = dir.resolve("report.html");

        CommandRun run = execute("report", DESIGN, FIXTURES, "-o", page.toString());

        assertThat(run.out()).isEqualTo("wrote " + page + ": 3 items, 3 access pattern checks, 1 warning\n");
        String html = Files.readString(page);
        assertThat(html).startsWith("<!DOCTYPE html>")
                .contains("<title>shop — single-table design report</title>")
                // the access patterns with verify's columns
                .contains("<td><code>customerWithOrders(customerId: 42)</code><br><span class=\"description\">"
                        + "A customer and all their orders</span></td><td><code>PK = &quot;CUSTOMER#42&quot;</code>"
                        + "</td><td>Query</td><td>table</td><td class=\"num\">3</td><td class=\"num\">3</td>"
                        + "<td class=\"num\">1</td><td class=\"num\">0.5</td><td class=\"ok\">✓</td></tr>")
                // the table's collection of CUSTOMER#42: its items in sort key order, with sizes and units
                .contains("<td class=\"pk\" rowspan=\"3\">CUSTOMER#42</td><td class=\"sk\">ORDER#1001</td>"
                        + "<td class=\"entity\">Order</td>")
                .contains("<h3>Index GSI1 (global, projects ALL)</h3>")
                .contains("<td class=\"pk\" rowspan=\"1\">STATUS#OPEN</td><td class=\"sk\">2026-01-05</td>")
                .contains("<li>unpadded number: SK &quot;ORDER#{orderId}&quot; of entity Order writes orderId (1001"
                        + " here) as it is, so &quot;ORDER#9&quot; sorts after &quot;ORDER#10&quot;; write"
                        + " {orderId:%08d} (" + FIXTURES + ":3:5)</li>")
                // pictures: which pattern reads which index, the cost per pattern, the partitions of each view
                .contains("<h2>Which pattern reads which index</h2>", "aria-label=\"which access pattern reads which"
                        + " index\"", "<title>openOrders reads index GSI1: passes</title>")
                .contains("aria-label=\"read capacity units of one call of each pattern\"",
                        "<title>customerWithOrders: 0.5 RCU a call, 1.0 strongly consistent</title>",
                        "<title>openOrders: 0.5 RCU a call, none strongly consistent on a global index</title>")
                .contains("aria-label=\"partitions of the table by items and bytes\"",
                        "<title>PK=CUSTOMER#42: 3 items · 292 B</title>",
                        "aria-label=\"partitions of index GSI1 by items and bytes\"")
                // writes per entity, and no monthly figures without rates
                .contains("<tr><td>Order</td><td class=\"num\">2</td><td><span class=\"attr\"><i>table:</i> 1.0"
                        + "</span><span class=\"attr\"><i>GSI1:</i> 1.0</span></td><td class=\"num\">2.0</td>"
                        + "<td>–</td></tr>", "No rates: state them in the design")
                // nothing to fetch: no scripts, stylesheets, images or fonts from elsewhere
                .doesNotContain("<script", "<link", "src=", "url(");
        assertThat(run.exitCode()).isEqualTo(Singletable.OK);
    }

    @Test
    void warns_of_failed_patterns_hot_partitions_large_items_and_unread_indexes() throws IOException {
        Path design = Files.writeString(dir.resolve("hot.table.yaml"), """
                table: hot
                key: { partition: PK, sort: SK }
                indexes:
                  ByStatus: { partition: status, sort: SK, projection: KEYS_ONLY }
                entities:
                  Event: { PK: "DAY#{day}", SK: "EVENT#{id}" }
                accessPatterns:
                  eventsOfDay:
                    query: { partition: "DAY#{day}" }
                """);
        Path fixtures = Files.writeString(dir.resolve("hot.fixtures.yaml"), "items:\n"
                + IntStream.rangeClosed(1, 10).mapToObj(i -> "  - { entity: Event, day: \"2026-01-01\", id: \""
                        + i + "\", status: NEW" + (i == 1 ? ", body: \"" + "x".repeat(310 * 1024) + "\"" : "")
                        + " }\n").collect(Collectors.joining())
                + "expect:\n  eventsOfDay:\n    - with: { day: \"2026-01-01\" }\n      returns: []\n");
        Path page = dir.resolve("report.html");

        CommandRun run = execute("report", design.toString(), fixtures.toString(), "-o", page.toString());

        assertThat(run.out()).isEqualTo("wrote " + page + ": 10 items, 1 access pattern check, 6 warnings\n");
        assertThat(warnings(Files.readString(page))).containsExactly(
                "access pattern eventsOfDay(day: 2026-01-01): expected (" + fixtures + ":14:7) [] but it returned "
                        + Stream.of("1", "10", "2", "3", "4", "5", "6", "7", "8", "9")
                                .map(id -> "(\"DAY#2026-01-01\", \"EVENT#" + id + "\")")
                                .collect(Collectors.joining(", ", "[", "]")),
                "hot partition: PK=DAY#2026-01-01 holds 10 of the 10 items of the table (100%), and takes as large a"
                        + " share of its writes (" + fixtures + ":2:5)",
                "large item: (\"DAY#2026-01-01\", \"EVENT#1\") is 310.1 KB, near DynamoDB's 400 KB limit ("
                        + fixtures + ":2:5)",
                "hot partition: status=NEW holds 10 of the 10 items of index ByStatus (100%), and takes as large a"
                        + " share of its writes (" + fixtures + ":2:5)",
                "unread index: no access pattern queries ByStatus, yet it projects KEYS_ONLY and every write of its "
                        + "10 items writes it too",
                "unpadded number: SK \"EVENT#{id}\" of entity Event writes id (1 here) as it is, so \"EVENT#9\""
                        + " sorts after \"EVENT#10\"; write {id:%08d} (" + fixtures + ":2:5)");
        assertThat(Files.readString(page)).contains("<text x=\"220.0\" y=\"45.0\" text-anchor=\"end\""
                + " class=\"hot\">NEW</text>", "10 items · 310.5 KB · hot: 100% of the items");
        assertThat(run.exitCode()).isEqualTo(Singletable.OK);
    }

    /** The coverage of a test run of the shop design, as the JUnit extension writes it. */
    private Path coverageFile() throws IOException {
        Coverage coverage = new Coverage("shop", "shop.table.yaml", List.of(
                new Coverage.PatternUse("customerWithOrders", "table", 2, List.of("ShopTest.profile()")),
                new Coverage.PatternUse("ordersOfCustomer", "table", 5, List.of("ShopTest.orders()",
                        "ShopTest.history()")),
                new Coverage.PatternUse("openOrders", "GSI1", 0, List.of())),
                List.of(new Coverage.UndeclaredRead("Query", "table", "Query on the table where PK ="
                        + " \"CUSTOMER#…\" AND SK > \"ORDER#…\"", 3, "PK = \"CUSTOMER#42\" AND SK > \"ORDER#1\"",
                        List.of("ShopTest.recent()"), Optional.of("ordersOfCustomer"),
                        List.of("has sort key condition SK >, not begins_with(SK)"))));
        return Files.writeString(dir.resolve("coverage-shop.json"), coverage.toJson());
    }

    @Test
    void shows_the_coverage_of_the_last_test_run_and_the_cost_at_the_rates_and_prices_given() throws IOException {
        Path page = dir.resolve("report.html");

        CommandRun run = execute("report", DESIGN, FIXTURES, "-o", page.toString(), "--coverage",
                coverageFile().toString(), "--rate", "ordersOfCustomer=100/s", "--rate", "openOrders=10/s", "--rate",
                "Order=2/s", "--read-request-price", "0.25", "--write-request-price", "1.25");

        assertThat(run.out()).isEqualTo("wrote " + page + ": 3 items, 3 access pattern checks, 1 warning; last test"
                + " run: 2 of 3 declared patterns served by the application, 1 undeclared read\n");
        assertThat(Files.readString(page))
                .contains("<div class=\"card bad\"><b>2 / 3</b>patterns served by the application</div>",
                        "<div class=\"card \"><b>49.28</b>a month on demand</div>")
                .contains("<h2>Coverage of the last test run</h2>", "2 declared patterns of 3 served by the"
                        + " application&#39;s requests, 1 undeclared shape of read (shop.table.yaml).")
                .contains("<title>ordersOfCustomer: 5 requests in 2 tests: ShopTest.orders(), ShopTest.history()"
                        + "</title>", "<text x=\"238.0\" y=\"98.0\" text-anchor=\"start\" class=\"hot\">never"
                        + " served by the application</text>")
                .contains("<li>Query on the table where PK = &quot;CUSTOMER#…&quot; AND SK &gt; &quot;ORDER#…&quot;:"
                        + " 3 requests in ShopTest.recent(); nearest pattern ordersOfCustomer: has sort key condition"
                        + " SK &gt;, not begins_with(SK)</li>")
                .contains("<h3>At the stated rates, 730 hours a month</h3>", "<tr><td>total</td><td class=\"num\">"
                        + "55.0</td><td class=\"num\">4.0</td><td class=\"num\">144,540,000</td><td class=\"num\">"
                        + "10,512,000</td><td class=\"num\">55</td><td class=\"num\">4</td><td class=\"num\">"
                        + "49.28</td><td class=\"num\">-</td></tr>");
        assertThat(run.exitCode()).isEqualTo(Singletable.OK);
    }

    @Test
    void refuses_a_coverage_file_of_another_table_or_that_is_not_one() throws IOException {
        Path other = Files.writeString(dir.resolve("other.json"), new Coverage("orders", "orders.table.yaml",
                List.of(), List.of()).toJson());
        Path broken = Files.writeString(dir.resolve("broken.json"), "{\"table\": \"shop\"}");

        CommandRun wrongTable = execute("report", DESIGN, FIXTURES, "-o", dir.resolve("a.html").toString(),
                "--coverage", other.toString());
        CommandRun notCoverage = execute("report", DESIGN, FIXTURES, "-o", dir.resolve("b.html").toString(),
                "--coverage", broken.toString());

        assertThat(wrongTable.err()).isEqualTo("singletable report: " + other + ": the coverage is of table orders,"
                + " not of shop\n");
        assertThat(notCoverage.err()).isEqualTo("singletable report: " + broken + ": not a coverage file: 'patterns'"
                + " is not a list\n");
        assertThat(List.of(wrongTable, notCoverage)).allMatch(run -> run.exitCode() == Singletable.USAGE);
        assertThat(dir.resolve("a.html")).doesNotExist();
    }

    @Test
    void counts_one_item_as_one_item_and_says_which_indexes_are_sparse() throws IOException {
        Path design = Files.writeString(dir.resolve("sparse.table.yaml"), """
                table: sparse
                key: { partition: PK, sort: SK }
                indexes:
                  Flagged: { partition: flag, projection: KEYS_ONLY }
                """);
        Path fixtures = Files.writeString(dir.resolve("sparse.fixtures.yaml"), """
                items:
                  - { PK: A, SK: "1", flag: red }
                  - { PK: A, SK: "2" }
                """);
        Path page = dir.resolve("report.html");

        CommandRun run = execute("report", design.toString(), fixtures.toString(), "-o", page.toString());

        String html = Files.readString(page);
        assertThat(warnings(html)).containsExactly("Nothing to check: the design declares no access patterns, so"
                + " nothing is checked until they are added under accessPatterns.", "unread index: no access pattern"
                + " queries Flagged, yet it projects KEYS_ONLY and every write of its 1 item writes it too");
        assertThat(html).contains("<p class=\"legend\">1 item in 1 partition; sparse: it holds 1 of the 2 items of"
                + " the table. Size:");
        assertThat(run.out()).isEqualTo("wrote " + page + ": 2 items, 0 access pattern checks, 2 warnings\n");
    }

    @Test
    void renders_in_a_real_browser() throws Exception {
        Optional<Path> chromium = Stream.of("/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome")
                .map(Path::of).filter(Files::isExecutable).findFirst();
        assumeTrue(chromium.isPresent(), "no chromium on this machine: install it (apt-get install -y chromium) "
                + "to check that the report renders");
        Path page = dir.resolve("report.html");
        execute("report", DESIGN, FIXTURES, "-o", page.toString(), "--coverage", coverageFile().toString(),
                "--rate", "ordersOfCustomer=100/s", "--rate", "openOrders=10/s", "--rate", "Order=2/s");
        // Kept where a reviewer finds it: the build directory.
        Path screenshot = Path.of("target", "report-screenshot.png").toAbsolutePath();

        Process browser = new ProcessBuilder(chromium.get().toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run",
                "--user-data-dir=" + Files.createDirectory(dir.resolve("profile")), "--screenshot=" + screenshot,
                "--window-size=1400,3000", page.toUri().toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("chromium.log").toFile()).start();

        assertThat(browser.waitFor(60, TimeUnit.SECONDS)).as("chromium finished").isTrue();
        assertThat(browser.exitValue()).as(Files.readString(dir.resolve("chromium.log"))).isZero();
        byte[] png = Files.readAllBytes(screenshot);
        assertThat(new String(png, 1, 3, StandardCharsets.US_ASCII)).as("PNG signature").isEqualTo("PNG");
        // A blank page compresses to a few kilobytes; tables of text do not.
        assertThat(png.length).isGreaterThan(30_000);
    }

    private static List<String> warnings(String html) {
        String list = html.substring(html.indexOf("<ul class=\"warnings\">"), html.indexOf("</ul>"));
        return Stream.of(list.split("<li>")).skip(1).map(item -> item.replace("</li>", "")
                .replace("&#39;", "'").replace("&quot;", "\"")).toList();
    }
}
