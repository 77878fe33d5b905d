package dev.singletable.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.testkit.engine.EventConditions.container;
import static org.junit.platform.testkit.engine.EventConditions.engine;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedSuccessfully;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.instanceOf;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

import dev.singletable.core.SingleTable;
import dev.singletable.core.Verification;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.opentest4j.AssertionFailedError;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Coverage over a run: the application's reads counted against the declared patterns after each test, a summary
 * and files at the end of the run, and with {@code singletable.coverage=fail} a failed run when a pattern was never
 * served or an undeclared read was made.
 */
class CoverageTest {
    private static final String SUMMARY_COMPLETE = """
            Access pattern coverage of table shop (coverage.table.yaml): 2 of 2 declared patterns served by the \
            application, 0 undeclared reads
              ✓ ordersOfCustomer: 1 request in ServesAll.ordersOfCustomer()
              ✓ openOrders: 1 request in ServesAll.openOrders()""";
    private static final String SUMMARY_GAPS = """
            Access pattern coverage of table shop (coverage.table.yaml): 1 of 2 declared patterns served by the \
            application, 1 undeclared read
              ✓ ordersOfCustomer: 2 requests in ServesOne.ordersOfCustomer(), ScansToo.scans()
              ✗ openOrders: never served by the application
              ✗ undeclared Scan of index GSI1: 1 request in ScansToo.scans()""";

    @TempDir
    Path dir;

    private final List<LogRecord> logged = new ArrayList<>();
    private final Handler capture = new Handler() {
        @Override
        public void publish(LogRecord record) {
            logged.add(record);
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };
    private final Logger logger = Logger.getLogger(SingleTableTest.class.getName());

    @BeforeEach
    void listen() {
        logger.addHandler(capture);
    }

    @AfterEach
    void stopListening() {
        logger.removeHandler(capture);
    }

    private EngineExecutionResults run(String mode, Class<?>... classes) {
        return Kit.run(Map.of(SingleTableTest.COVERAGE_PROPERTY_NAME, mode,
                SingleTableTest.COVERAGE_DIRECTORY_PROPERTY_NAME, dir.toString()), classes);
    }

    @Test
    void logs_and_writes_the_coverage_of_a_run_that_serves_every_pattern() throws IOException {
        Kit.assertSucceeded(run("warn", ServesAll.class));

        assertThat(logged).singleElement().satisfies(r -> {
            assertThat(r.getLevel()).isEqualTo(Level.INFO);
            assertThat(r.getMessage()).isEqualTo(SUMMARY_COMPLETE + "\nwritten to " + dir.resolve("coverage-shop.json")
                    + " and " + dir.resolve("TEST-singletable-coverage-shop.xml"));
        });
        assertThat(Files.readString(dir.resolve("coverage-shop.json"))).isEqualTo("""
                {
                  "table" : "shop",
                  "design" : "coverage.table.yaml",
                  "complete" : true,
                  "served" : 2,
                  "declared" : 2,
                  "patterns" : [ {
                    "pattern" : "ordersOfCustomer",
                    "index" : "table",
                    "requests" : 1,
                    "tests" : [ "ServesAll.ordersOfCustomer()" ]
                  }, {
                    "pattern" : "openOrders",
                    "index" : "GSI1",
                    "requests" : 1,
                    "tests" : [ "ServesAll.openOrders()" ]
                  } ],
                  "undeclared" : [ ]
                }""");
        assertThat(Files.readString(dir.resolve("TEST-singletable-coverage-shop.xml"))).isEqualTo("""
                <?xml version="1.0" encoding="UTF-8"?>
                <testsuite name="singletable coverage coverage.table.yaml" tests="2" failures="0" errors="0" \
                skipped="0">
                  <testcase classname="singletable.coverage.shop" name="ordersOfCustomer"></testcase>
                  <testcase classname="singletable.coverage.shop" name="openOrders"></testcase>
                </testsuite>
                """);
    }

    @Test
    void warn_reports_a_pattern_never_served_and_an_undeclared_read_without_failing() throws IOException {
        EngineExecutionResults results = Kit.assertSucceeded(run("warn", ServesOne.class, ScansToo.class));

        assertThat(results.testEvents().succeeded().count()).isEqualTo(2);
        assertThat(logged).singleElement().satisfies(r -> {
            assertThat(r.getLevel()).isEqualTo(Level.WARNING);
            assertThat(r.getMessage()).startsWith(SUMMARY_GAPS + "\nwritten to ");
        });
        assertThat(Files.readString(dir.resolve("TEST-singletable-coverage-shop.xml"))).isEqualTo("""
                <?xml version="1.0" encoding="UTF-8"?>
                <testsuite name="singletable coverage coverage.table.yaml" tests="3" failures="0" errors="0" \
                skipped="2">
                  <testcase classname="singletable.coverage.shop" name="ordersOfCustomer"></testcase>
                  <testcase classname="singletable.coverage.shop" name="openOrders"><skipped message="never served \
                by the application's requests"/></testcase>
                  <testcase classname="singletable.coverage.shop" name="undeclared Scan of index GSI1">\
                <skipped message="no declared access pattern has this shape: Scan of index GSI1: 1 \
                request in ScansToo.scans()"/></testcase>
                </testsuite>
                """);
    }

    @Test
    void fail_fails_the_run_after_its_last_test_naming_what_is_not_covered() throws IOException {
        EngineExecutionResults results = run("fail", ServesOne.class, ScansToo.class);

        results.testEvents().assertStatistics(stats -> stats.succeeded(2).failed(0));
        results.containerEvents().assertThatEvents().haveExactly(1, event(engine(), finishedWithFailure(
                instanceOf(AssertionFailedError.class), message(SUMMARY_GAPS + "\nsingletable.coverage=fail: declare"
                        + " the access patterns the application uses and serve each declared one in a test"))))
                .haveExactly(2, event(container(), finishedSuccessfully()));
        assertThat(Files.readString(dir.resolve("TEST-singletable-coverage-shop.xml")))
                .contains("failures=\"2\" errors=\"0\" skipped=\"0\"")
                .contains("<failure message=\"never served by the application's requests\""
                        + " type=\"AccessPatternCoverage\"/>");
    }

    @Test
    void fail_passes_a_run_that_serves_every_pattern_and_nothing_else() {
        Kit.assertSucceeded(run("fail", ServesAll.class));
    }

    @Test
    void leaves_out_the_reads_of_the_toolkits_own_access_pattern_runs() throws IOException {
        Kit.assertSucceeded(run("warn", ToolkitOnly.class));

        assertThat(Files.readString(dir.resolve("coverage-shop.json"))).contains("\"served\" : 0");
    }

    @Test
    void off_records_and_writes_nothing() {
        Kit.assertSucceeded(run("off", ServesOne.class, ScansToo.class));

        assertThat(dir).isEmptyDirectory();
        assertThat(logged).isEmpty();
    }

    @Test
    void a_mode_that_is_not_one_is_named() {
        run("sometimes", ServesAll.class).testEvents().assertThatEvents().haveExactly(2, event(test(),
                finishedWithFailure(instanceOf(ExtensionConfigurationException.class), message(
                        "configuration parameter singletable.coverage is 'sometimes'; expected fail, warn or off"))));
    }

    /** Application code reading the orders of a customer, as the pattern ordersOfCustomer declares. */
    private static void readOrdersOf(DynamoDbClient client, String customer) {
        client.query(q -> q.tableName("shop").keyConditionExpression("PK = :pk AND begins_with(SK, :order)")
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS("CUSTOMER#" + customer), ":order",
                        AttributeValue.fromS("ORDER#"))));
    }

    /** Application code reading the open orders, as the pattern openOrders declares. */
    private static void readOpenOrders(DynamoDbClient client) {
        client.query(q -> q.tableName("shop").indexName("GSI1").keyConditionExpression("GSI1PK = :status")
                .expressionAttributeValues(Map.of(":status", AttributeValue.fromS("STATUS#OPEN"))));
    }

    @Tag("test-case")
    @SingleTableTest(design = "coverage.table.yaml")
    static class ServesAll {
        @Test
        void ordersOfCustomer(DynamoDbClient client) {
            readOrdersOf(client, "42");
        }

        @Test
        void openOrders(DynamoDbClient client) {
            readOpenOrders(client);
        }
    }

    @Tag("test-case")
    @SingleTableTest(design = "coverage.table.yaml")
    static class ServesOne {
        @Test
        void ordersOfCustomer(DynamoDbClient client) {
            readOrdersOf(client, "42");
        }
    }

    @Tag("test-case")
    @SingleTableTest(design = "coverage.table.yaml", scans = ScanGuard.ALLOW)
    static class ScansToo {
        @Test
        void scans(DynamoDbClient client) {
            readOrdersOf(client, "7");
            client.scan(s -> s.tableName("shop").indexName("GSI1"));
        }
    }

    @Tag("test-case")
    @SingleTableTest(design = "coverage.table.yaml")
    static class ToolkitOnly {
        @Test
        void verifies(SingleTable table) {
            Verification.of(table);
            table.accessPattern("ordersOfCustomer").with("customerId", 42).run();
        }
    }
}
