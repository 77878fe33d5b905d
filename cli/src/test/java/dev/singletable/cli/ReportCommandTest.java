package dev.singletable.cli;

import static dev.singletable.cli.CommandRun.execute;
import static dev.singletable.cli.CommandRun.resource;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

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

        assertThat(run.out()).isEqualTo("wrote " + page + ": 3 items, 3 access pattern checks, 0 warnings\n");
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
                .contains("None: every pattern is a Query, no partition is hot or large.")
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

        assertThat(run.out()).isEqualTo("wrote " + page + ": 10 items, 1 access pattern check, 5 warnings\n");
        assertThat(warnings(Files.readString(page))).containsExactly(
                "access pattern eventsOfDay(day: 2026-01-01): expected (" + fixtures + ":14:7) [] but it returned "
                        + Stream.of("1", "10", "2", "3", "4", "5", "6", "7", "8", "9")
                                .map(id -> "(\"DAY#2026-01-01\", \"EVENT#" + id + "\")")
                                .collect(Collectors.joining(", ", "[", "]")),
                "hot partition: PK=DAY#2026-01-01 holds 10 of the 10 items of the table, and takes as large a share "
                        + "of its writes",
                "large item: (\"DAY#2026-01-01\", \"EVENT#1\") is 310.1 KB, near DynamoDB's 400 KB limit",
                "hot partition: status=NEW holds 10 of the 10 items of index ByStatus, and takes as large a share "
                        + "of its writes",
                "unread index: no access pattern queries ByStatus, yet it projects KEYS_ONLY and every write of its "
                        + "10 items writes it too");
        assertThat(run.exitCode()).isEqualTo(Singletable.OK);
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
        execute("report", DESIGN, FIXTURES, "-o", page.toString());
        Path screenshot = dir.resolve("report.png");

        Process browser = new ProcessBuilder(chromium.get().toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run",
                "--user-data-dir=" + Files.createDirectory(dir.resolve("profile")), "--screenshot=" + screenshot,
                "--window-size=1400,1000", page.toUri().toString())
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
