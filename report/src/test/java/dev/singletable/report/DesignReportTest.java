package dev.singletable.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.singletable.core.Coverage;
import dev.singletable.fixtures.DesignException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/** A design verified on a fresh engine, rendered as each front end shows it. */
class DesignReportTest {
    private static final String DESIGN = """
            table: shop
            key: { partition: PK, sort: SK }
            entities:
              Order: { PK: "CUSTOMER#{customerId}", SK: "ORDER#{orderId}" }
            accessPatterns:
              ordersOfCustomer:
                query: { partition: "CUSTOMER#{customerId}", sort: { beginsWith: "ORDER#" } }
              bigOrders:
                scan: true
                filter: "#total > :min"
            """;
    private static final String FIXTURES = """
            items:
              - { entity: Order, customerId: 42, orderId: "1", total: 80 }
            expect:
              ordersOfCustomer:
                - with: { customerId: 42 }
                  returns: [ { PK: "CUSTOMER#42", SK: "ORDER#1" } ]
              bigOrders:
                - with: { min: 50 }
                  returns: [ { PK: "CUSTOMER#42", SK: "ORDER#1" } ]
            """;

    @TempDir
    Path dir;

    @Test
    void junit_xml_has_a_test_case_per_pattern_call_and_a_failure_naming_the_pattern_that_scans() throws Exception {
        DesignReport report = verify(DESIGN, FIXTURES);

        Element suite = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(new ByteArrayInputStream(
                render(report::writeJunitXml).getBytes(StandardCharsets.UTF_8))).getDocumentElement();

        assertThat(suite.getAttribute("name")).isEqualTo("singletable verify shop.table.yaml");
        assertThat(suite.getAttribute("tests")).isEqualTo("2");
        assertThat(suite.getAttribute("failures")).isEqualTo("1");
        NodeList cases = suite.getElementsByTagName("testcase");
        List<String> names = new ArrayList<>();
        for (int i = 0; i < cases.getLength(); i++) {
            names.add(((Element) cases.item(i)).getAttribute("name"));
        }
        assertThat(names).containsExactly("ordersOfCustomer(customerId: 42)", "bigOrders(min: 50)");
        Element failure = (Element) ((Element) cases.item(1)).getElementsByTagName("failure").item(0);
        assertThat(failure.getAttribute("message")).startsWith("runs as Scan, not as a Query");
        assertThat(((Element) cases.item(0)).getElementsByTagName("failure").getLength()).isZero();
    }

    @Test
    void the_text_the_html_and_the_warnings_render_the_same_verdict() throws IOException {
        DesignReport report = verify(DESIGN, FIXTURES);

        assertThat(report.verification().passed()).isFalse();
        assertThat(report.summary()).isEqualTo("2 checks of 2 access patterns: 1 failed.");
        String unpadded = "unpadded number: SK \"ORDER#{orderId}\" of entity Order writes orderId (1 here) as it is,"
                + " so \"ORDER#9\" sorts after \"ORDER#10\"; write {orderId:%08d} (" + dir.resolve("shop.fixtures.yaml")
                + ":2:5)";
        assertThat(render(report::writeText)).contains("✗ bigOrders(min: 50): runs as Scan, not as a Query")
                .endsWith(report.summary() + "\n\n1 design warning:\n  " + unpadded + "\n");
        assertThat(report.warnings()).containsExactly("access pattern bigOrders(min: 50): runs as Scan, not as a"
                + " Query: it reads 1 items to return 1", unpadded);
        assertThat(report.html()).contains("<tr class=\"failed\"><td><code>bigOrders(min: 50)</code>")
                .contains("<title>shop — single-table design report</title>");
    }

    @Test
    void an_index_keyed_on_several_attributes_groups_by_their_values_and_orders_by_its_sort_attributes()
            throws IOException {
        DesignReport report = verify("""
                table: tasks
                key: { partition: PK, sort: SK }
                attributes: { priority: N }
                indexes:
                  ByTenantRegion: { partition: [tenantId, region], sort: [status, priority] }
                entities:
                  Task: { PK: "TENANT#{tenantId}", SK: "TASK#{taskId}" }
                accessPatterns:
                  openTasks:
                    index: ByTenantRegion
                    query: { partition: { tenantId: acme, region: eu }, sort: { status: OPEN } }
                """, """
                items:
                  - { entity: Task, tenantId: acme, taskId: "1", region: eu, status: OPEN, priority: 10 }
                  - { entity: Task, tenantId: acme, taskId: "2", region: eu, status: OPEN, priority: 9 }
                  - { entity: Task, tenantId: acme, taskId: "3", region: us, status: DONE, priority: 1 }
                  - { entity: Task, tenantId: acme, taskId: "4", region: eu, status: OPEN }
                """);

        assertThat(report.verification().passed()).isTrue();
        String html = report.html();
        assertThat(html).contains("<th>tenantId</th><th>region</th><th>status</th><th>priority</th>")
                .contains("4 items in 1 partition")
                .contains("3 items in 2 partitions; sparse: it holds 3 of the 4 items of the table");
        // acme/eu before acme/us; within acme/eu, priority 9 before 10: a number, not text
        String index = html.substring(html.indexOf("Index ByTenantRegion"));
        assertThat(index.indexOf("<td class=\"pk\" rowspan=\"2\">eu</td>")).isPositive()
                .isLessThan(index.indexOf("<td class=\"pk\" rowspan=\"1\">us</td>"));
        assertThat(index.indexOf("<td class=\"sk\">9</td>")).isLessThan(index.indexOf("<td class=\"sk\">10</td>"));
    }

    @Test
    void a_design_that_does_not_parse_is_refused_with_its_file_and_line() throws IOException {
        Path design = Files.writeString(dir.resolve("broken.table.yaml"), "table: shop\nkey: { sort: SK }\n");

        assertThatThrownBy(() -> DesignReport.verify(design, List.of(), Map.of()))
                .isInstanceOf(DesignException.class).hasMessageContaining("broken.table.yaml:2");
    }

    @Test
    void takes_the_coverage_of_its_table_and_among_several_the_one_of_its_design_file() throws IOException {
        DesignReport report = verify(DESIGN, FIXTURES);
        Path coverage = Files.createDirectory(dir.resolve("coverage"));
        Files.writeString(coverage.resolve("coverage-orders.json"), coverage("orders", "orders.table.yaml", 1));
        Files.writeString(coverage.resolve("coverage-shop.json"), coverage("shop", "other/shop-v1.table.yaml", 1));
        Files.writeString(coverage.resolve("coverage-shop-2.json"), coverage("shop", "designs/shop.table.yaml", 4));

        assertThat(report.withCoverageIn(coverage).coverage()).get().extracting(c -> c.patterns().get(0).requests())
                .isEqualTo(4);
        assertThat(report.withCoverageIn(dir.resolve("no-such-directory")).coverage()).isEmpty();
        Files.delete(coverage.resolve("coverage-shop.json"));
        Files.delete(coverage.resolve("coverage-shop-2.json"));
        assertThat(report.withCoverageIn(coverage).coverage()).as("only another table's").isEmpty();
        Path broken = Files.writeString(coverage.resolve("coverage-x.json"), "[]");
        assertThatThrownBy(() -> report.withCoverageIn(coverage)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage(broken + ": not a coverage file: expected a JSON object");
    }

    @Test
    void passes_only_without_shortfalls_and_with_a_quiet_lint_when_asked_for_one() throws IOException {
        DesignReport scans = verify(DESIGN, FIXTURES);
        DesignReport bare = verify("table: shop\nkey: { partition: PK }\n", "items: []\n");

        assertThat(scans.shortfalls(false)).containsExactly("bigOrders(min: 50): runs as Scan, not as a Query: it"
                + " reads 1 items to return 1");
        assertThat(scans.passes(true, false)).isFalse();
        assertThat(bare.shortfalls(false)).containsExactly(ResultsText.NOTHING_CHECKED);
        assertThat(bare.passes(false, false)).isFalse();
        assertThat(bare.passes(true, true)).as("nothing to lint either").isTrue();
    }

    private static String coverage(String table, String design, int requests) {
        return new Coverage(table, design, List.of(new Coverage.PatternUse("ordersOfCustomer", "table", requests,
                List.of("ShopTest.orders()"))), List.of()).toJson();
    }

    private DesignReport verify(String design, String fixtures) throws IOException {
        return DesignReport.verify(Files.writeString(dir.resolve("shop.table.yaml"), design),
                List.of(Files.writeString(dir.resolve("shop.fixtures.yaml"), fixtures)), Map.of());
    }

    private static String render(Consumer<PrintWriter> writer) {
        StringWriter text = new StringWriter();
        try (PrintWriter out = new PrintWriter(text)) {
            writer.accept(out);
        }
        return text.toString();
    }
}
