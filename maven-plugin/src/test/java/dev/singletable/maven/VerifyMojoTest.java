package dev.singletable.maven;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.singletable.core.Coverage;
import java.io.File;
import java.io.IOException;
import java.lang.reflect.Field;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugin.logging.SystemStreamLog;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The goals as Maven runs them, configured field by field: lint, cost and coverage beside the verdict. */
class VerifyMojoTest {
    private static final String DESIGN = """
            table: shop
            key: { partition: PK, sort: SK }
            indexes:
              GSI1: { partition: GSI1PK, sort: GSI1SK, projection: ALL }
            entities:
              Order:
                PK: "CUSTOMER#{customerId}"
                SK: "ORDER#{orderId}"
                GSI1PK: "STATUS#{status}"
                GSI1SK: "{createdAt}"
                rate: 2/s
            accessPatterns:
              ordersOfCustomer:
                query: { partition: "CUSTOMER#{customerId}", sort: { beginsWith: "ORDER#" } }
                rate: 100/s
              openOrders:
                index: GSI1
                query: { partition: "STATUS#OPEN" }
            """;
    private static final String FIXTURES = """
            items:
              - { entity: Order, customerId: 42, orderId: "1001", status: OPEN, createdAt: "2026-01-05" }
            expect:
              ordersOfCustomer:
                - with: { customerId: 42 }
                  returns: [ { PK: "CUSTOMER#42", SK: "ORDER#1001" } ]
            """;
    private static final String UNPADDED = "unpadded number: SK \"ORDER#{orderId}\" of entity Order writes orderId"
            + " (1001 here) as it is, so \"ORDER#9\" sorts after \"ORDER#10\"; write {orderId:%08d}";

    @TempDir
    Path dir;

    private final List<String> log = new ArrayList<>();
    private VerifyMojo mojo;

    @BeforeEach
    void configure() throws Exception {
        Files.writeString(dir.resolve("shop.table.yaml"), DESIGN);
        Files.writeString(dir.resolve("shop.fixtures.yaml"), FIXTURES);
        mojo = new VerifyMojo();
        mojo.designs = List.of(design("shop.table.yaml", "shop.fixtures.yaml"));
        mojo.basedir = dir.toFile();
        mojo.reportsDirectory = dir.resolve("reports").toFile();
        mojo.coverageDirectory = dir.resolve("coverage").toFile();
        mojo.scale = 1;
        mojo.setLog(new SystemStreamLog() {
            @Override
            public void info(CharSequence content) {
                log.add(content.toString());
            }
        });
    }

    @Test
    void logs_the_lint_and_the_cost_at_the_configured_rates_and_prices_and_writes_them_in_the_json()
            throws Exception {
        mojo.rates.put("openOrders", "6000/min");
        mojo.readRequestPrice = 0.25;
        mojo.writeRequestPrice = 1.25;

        mojo.execute();

        assertThat(log).contains("1 design warning:", "  " + UNPADDED + " (" + dir.resolve("shop.fixtures.yaml")
                + ":2:5)", "Cost at the stated rates, 730 hours a month:",
                "INDEX  READ/S  WRITE/S    RRU/MONTH   WRU/MONTH  RCU  WCU  ON-DEMAND/MONTH  PROVISIONED/MONTH",
                "total   100.0      4.0  262,800,000  10,512,000  100    4            78.84                  -");
        JsonNode json = new ObjectMapper().readTree(dir.resolve("reports/shop.json").toFile());
        assertThat(json.get("passed").asBoolean()).isTrue();
        assertThat(json.get("warnings").get(0).get("kind").asText()).isEqualTo("UNPADDED_NUMBER");
        assertThat(json.get("cost").get("total").get("onDemandMonthly").asDouble()).isEqualTo(78.84);
        assertThat(dir.resolve("reports/TEST-singletable-shop.xml")).isRegularFile();
    }

    @Test
    void shows_the_coverage_of_the_last_test_run_of_the_table_on_its_page() throws Exception {
        Files.createDirectories(dir.resolve("coverage"));
        Files.writeString(dir.resolve("coverage/coverage-shop.json"), new Coverage("shop", "shop.table.yaml",
                List.of(new Coverage.PatternUse("ordersOfCustomer", "table", 3, List.of("ShopTest.orders()")),
                        new Coverage.PatternUse("openOrders", "GSI1", 0, List.of())), List.of()).toJson());
        Files.writeString(dir.resolve("coverage/coverage-other.json"), new Coverage("other", "other.table.yaml",
                List.of(), List.of()).toJson());

        mojo.execute();

        assertThat(log).contains("Access pattern coverage of table shop in the last test run: 1 of 2 declared"
                + " patterns served by the application, 0 undeclared reads");
        assertThat(Files.readString(dir.resolve("reports/shop.html")))
                .contains("<div class=\"card bad\"><b>1 / 2</b>patterns served by the application</div>",
                        "<h2>Coverage of the last test run</h2>");
    }

    @Test
    void fails_on_a_design_warning_when_configured_to_naming_where_it_comes_from() {
        mojo.failOnWarnings = true;

        assertThatThrownBy(mojo::execute).isInstanceOf(MojoFailureException.class)
                .hasMessage("The design lint warns (failOnWarnings is set):\n  table shop, " + UNPADDED + " ("
                        + dir.resolve("shop.fixtures.yaml") + ":2:5)");
        assertThat(dir.resolve("reports/shop.html")).as("the reports are written first").isRegularFile();
    }

    @Test
    void fails_on_a_design_without_access_patterns_unless_allowed() throws Exception {
        Files.writeString(dir.resolve("shop.table.yaml"), "table: shop\nkey: { partition: PK }\n");
        Files.writeString(dir.resolve("shop.fixtures.yaml"), "items: []\n");

        assertThatThrownBy(mojo::execute).isInstanceOf(MojoFailureException.class).hasMessageContaining(
                "  table shop, Nothing to check: the design declares no access patterns, so nothing is checked"
                        + " until they are added under accessPatterns.");
        mojo.allowNoPatterns = true;
        mojo.execute();
    }

    @Test
    void refuses_configuration_it_cannot_use_before_writing_anything() throws Exception {
        mojo.rates.put("openOrders", "often");
        assertThatThrownBy(mojo::execute).isInstanceOf(MojoFailureException.class).hasMessage("<rates><openOrders>"
                + "often</openOrders>: rate 'often' is not a number per unit of time; write it as 50/s, 3000/min,"
                + " 200/h or 10000/day");

        mojo.rates = Map.of("Invoice", "1/s");
        assertThatThrownBy(mojo::execute).isInstanceOf(MojoFailureException.class).hasMessage("Design of table shop:"
                + " a rate for 'Invoice', which is neither an access pattern (ordersOfCustomer, openOrders) nor an"
                + " entity (Order) of table shop");

        mojo.rates = Map.of();
        mojo.scale = 0;
        assertThatThrownBy(mojo::execute).isInstanceOf(MojoFailureException.class).hasMessage("<scale> is how many"
                + " times the fixtures grow, at least 1; got 0");

        mojo.scale = 1;
        Files.createDirectories(dir.resolve("coverage"));
        Path broken = Files.writeString(dir.resolve("coverage/coverage-shop.json"), "{\"table\": \"shop\"}");
        assertThatThrownBy(mojo::execute).isInstanceOf(MojoFailureException.class).hasMessageStartingWith(
                "Not a coverage file the JUnit extension wrote: " + broken + ": not a coverage file: ");

        mojo.readRequestPrice = -1.0;
        assertThatThrownBy(mojo::execute).isInstanceOf(MojoFailureException.class).hasMessage("Design of table shop:"
                + " the price of a million read request units is -1.0; a price is a number of 0 or more");
        assertThat(dir.resolve("reports")).doesNotExist();
    }

    private static Design design(String file, String... fixtures) throws ReflectiveOperationException {
        Design design = new Design();
        set(design, "file", new File(file));
        set(design, "fixtures", List.of(fixtures).stream().map(File::new).toList());
        return design;
    }

    private static void set(Design design, String name, Object value) throws ReflectiveOperationException {
        Field field = Design.class.getDeclaredField(name);
        field.setAccessible(true);
        field.set(design, value);
    }
}
