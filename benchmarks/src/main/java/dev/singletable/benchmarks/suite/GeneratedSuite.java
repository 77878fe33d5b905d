package dev.singletable.benchmarks.suite;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Writes a Maven project holding a test suite as users write theirs, to time a whole test run: {@code classes}
 * test classes of {@code tests} tests each, every test making five calls (a GetItem, a Query of the table, a Query
 * of a GSI, a PutItem and an UpdateItem) on a table with two GSIs seeded with {@code items} fixture items. The
 * classes use {@code @SingleTableTest} with the given reset; JUnit's parallel settings are left to the run (system
 * properties of {@code mvn test}). A listener of the suite writes {@code target/suite-clock.txt}: the run's wall
 * time and CPU time, and the sums of the times of its tests and of its classes.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar dev.singletable.benchmarks.suite.GeneratedSuite DIR [--classes 50]
 *     [--tests 10] [--items 1000] [--reset PER_TEST|PER_CLASS|FORK] [--version 0.1.0-SNAPSHOT]
 * </pre>
 */
public final class GeneratedSuite {
    private static final String PACKAGE = "generated";

    private final int classes;
    private final int tests;
    private final int items;
    private final String reset;
    private final String version;

    GeneratedSuite(int classes, int tests, int items, String reset, String version) {
        this.classes = classes;
        this.tests = tests;
        this.items = items;
        this.reset = reset;
        this.version = version;
    }

    public static void main(String[] args) throws IOException {
        if (args.length == 0 || args.length % 2 == 0) {
            System.err.println("usage: GeneratedSuite DIR [--classes N] [--tests N] [--items N]"
                    + " [--reset PER_TEST|PER_CLASS|FORK] [--version V]");
            System.exit(2);
        }
        int classes = 50;
        int tests = 10;
        int items = 1000;
        String reset = "PER_TEST";
        String version = "0.1.0-SNAPSHOT";
        for (int i = 1; i < args.length; i += 2) {
            String value = args[i + 1];
            switch (args[i]) {
                case "--classes" -> classes = Integer.parseInt(value);
                case "--tests" -> tests = Integer.parseInt(value);
                case "--items" -> items = Integer.parseInt(value);
                case "--reset" -> reset = value.toUpperCase(Locale.ROOT);
                case "--version" -> version = value;
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        new GeneratedSuite(classes, tests, items, reset, version).writeTo(Path.of(args[0]));
    }

    void writeTo(Path root) throws IOException {
        Path java = root.resolve("src/test/java/" + PACKAGE);
        Path resources = root.resolve("src/test/resources");
        Files.createDirectories(java);
        Files.createDirectories(resources.resolve("META-INF/services"));
        write(root.resolve("pom.xml"), pom());
        write(resources.resolve("suite.table.yaml"), design());
        write(resources.resolve("suite.fixtures.yaml"), fixtures());
        write(resources.resolve("META-INF/services/org.junit.platform.launcher.TestExecutionListener"),
                PACKAGE + ".SuiteClock\n");
        write(java.resolve("Calls.java"), CALLS);
        write(java.resolve("SuiteClock.java"), CLOCK);
        for (int c = 1; c <= classes; c++) {
            String name = String.format(Locale.ROOT, "Generated%03dTest", c);
            write(java.resolve(name + ".java"), testClass(name, c));
        }
    }

    private static void write(Path file, String text) {
        try {
            Files.writeString(file, text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private String pom() {
        return """
                <?xml version="1.0" encoding="UTF-8"?>
                <project xmlns="http://maven.apache.org/POM/4.0.0">
                  <modelVersion>4.0.0</modelVersion>
                  <groupId>generated</groupId>
                  <artifactId>generated-suite</artifactId>
                  <version>1</version>
                  <properties>
                    <maven.compiler.release>17</maven.compiler.release>
                    <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>
                  </properties>
                  <dependencyManagement>
                    <dependencies>
                      <dependency>
                        <groupId>org.junit</groupId>
                        <artifactId>junit-bom</artifactId>
                        <version>5.14.4</version>
                        <type>pom</type>
                        <scope>import</scope>
                      </dependency>
                    </dependencies>
                  </dependencyManagement>
                  <dependencies>
                    <dependency>
                      <groupId>dev.singletable</groupId>
                      <artifactId>singletable-junit</artifactId>
                      <version>%s</version>
                      <scope>test</scope>
                    </dependency>
                    <dependency>
                      <groupId>org.junit.jupiter</groupId>
                      <artifactId>junit-jupiter</artifactId>
                      <scope>test</scope>
                    </dependency>
                    <dependency>
                      <groupId>org.junit.platform</groupId>
                      <artifactId>junit-platform-launcher</artifactId>
                      <scope>test</scope>
                    </dependency>
                  </dependencies>
                  <build>
                    <plugins>
                      <plugin>
                        <artifactId>maven-resources-plugin</artifactId>
                        <version>3.3.1</version>
                      </plugin>
                      <plugin>
                        <artifactId>maven-compiler-plugin</artifactId>
                        <version>3.14.0</version>
                      </plugin>
                      <plugin>
                        <artifactId>maven-surefire-plugin</artifactId>
                        <version>3.5.4</version>
                        <configuration>
                          <redirectTestOutputToFile>true</redirectTestOutputToFile>
                        </configuration>
                      </plugin>
                    </plugins>
                  </build>
                </project>
                """.formatted(version);
    }

    private static String design() {
        return """
                table: suite
                key: { partition: PK, sort: SK }
                indexes:
                  GSI1: { partition: GSI1PK, sort: GSI1SK, projection: ALL }
                  GSI2: { partition: GSI2PK, sort: GSI2SK, projection: ALL }
                """;
    }

    /** Customers of ten orders each; orders by status and date on GSI1, by product on GSI2. */
    private String fixtures() {
        StringBuilder yaml = new StringBuilder("items:\n");
        for (int i = 0; i < items; i++) {
            int customer = i / 10;
            yaml.append(String.format(Locale.ROOT, "  - { PK: \"CUSTOMER#%d\", SK: \"ORDER#%05d\","
                    + " GSI1PK: \"STATUS#%s\", GSI1SK: \"2026-%02d-%02d\", GSI2PK: \"PRODUCT#%d\","
                    + " GSI2SK: \"ORDER#%05d\", amount: %d.50,"
                    + " note: \"order %d of customer %d\" }%n", customer, i, STATUSES[i % STATUSES.length],
                    1 + i % 12, 1 + i % 28, i % 50, i, 10 + i % 90, i, customer));
        }
        return yaml.toString();
    }

    private static final String[] STATUSES = {"OPEN", "PAID", "SHIPPED", "CANCELLED"};

    private String testClass(String name, int classNumber) {
        StringBuilder java = new StringBuilder("""
                package %s;

                import dev.singletable.core.SingleTable;
                import dev.singletable.junit.Reset;
                import dev.singletable.junit.SingleTableTest;
                import org.junit.jupiter.api.Test;

                @SingleTableTest(design = "/suite.table.yaml", fixtures = "/suite.fixtures.yaml", reset = Reset.%s)
                class %s {
                """.formatted(PACKAGE, reset, name));
        for (int t = 1; t <= tests; t++) {
            java.append("""

                        @Test
                        void test%02d(SingleTable table) {
                            Calls.five(table, %d);
                        }
                    """.formatted(t, (classNumber * tests + t) % Math.max(1, items / 10)));
        }
        return java.append("}\n").toString();
    }

    private static final String CALLS = """
            package generated;

            import dev.singletable.core.SingleTable;
            import java.util.Map;
            import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
            import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

            /** A test's five calls: GetItem, a Query of the table, a Query of GSI1, PutItem, UpdateItem. */
            final class Calls {
                private Calls() {
                }

                static void five(SingleTable table, int customer) {
                    DynamoDbClient client = table.client();
                    String name = table.name();
                    AttributeValue pk = AttributeValue.fromS("CUSTOMER#" + customer);
                    AttributeValue first = AttributeValue.fromS(String.format("ORDER#%05d", customer * 10));
                    if (!client.getItem(r -> r.tableName(name).key(Map.of("PK", pk, "SK", first))).hasItem()) {
                        throw new AssertionError("order " + first.s() + " of customer " + customer + " missing");
                    }
                    int orders = client.query(r -> r.tableName(name).keyConditionExpression("PK = :pk")
                            .expressionAttributeValues(Map.of(":pk", pk))).count();
                    if (orders != 10) {
                        throw new AssertionError("customer " + customer + " has " + orders + " orders, not 10");
                    }
                    client.query(r -> r.tableName(name).indexName("GSI1").limit(20)
                            .keyConditionExpression("GSI1PK = :s AND GSI1SK BETWEEN :from AND :to")
                            .expressionAttributeValues(Map.of(":s", AttributeValue.fromS("STATUS#OPEN"), ":from",
                                    AttributeValue.fromS("2026-01-01"), ":to", AttributeValue.fromS("2026-03-31"))));
                    client.putItem(r -> r.tableName(name).item(Map.of("PK", pk, "SK", AttributeValue.fromS("ORDER#new"),
                            "GSI1PK", AttributeValue.fromS("STATUS#OPEN"), "GSI1SK", AttributeValue.fromS("2026-02-02"),
                            "amount", AttributeValue.fromN("1"))));
                    client.updateItem(r -> r.tableName(name).key(Map.of("PK", pk, "SK", first))
                            .updateExpression("SET amount = amount + :one")
                            .expressionAttributeValues(Map.of(":one", AttributeValue.fromN("1"))));
                }
            }
            """;

    private static final String CLOCK = """
            package generated;

            import java.io.IOException;
            import java.io.UncheckedIOException;
            import java.lang.management.ManagementFactory;
            import java.nio.file.Files;
            import java.nio.file.Path;
            import java.util.Map;
            import java.util.concurrent.ConcurrentHashMap;
            import java.util.concurrent.atomic.AtomicLong;
            import org.junit.platform.engine.TestExecutionResult;
            import org.junit.platform.engine.support.descriptor.ClassSource;
            import org.junit.platform.launcher.TestExecutionListener;
            import org.junit.platform.launcher.TestIdentifier;
            import org.junit.platform.launcher.TestPlan;

            /**
             * Writes target/suite-clock.txt: the run's wall time and CPU time (of the whole test JVM, every thread:
             * on a shared machine the figure the load changes least), and the sums of its tests' and classes' times.
             */
            public final class SuiteClock implements TestExecutionListener {
                private final Map<String, Long> started = new ConcurrentHashMap<>();
                private final AtomicLong testNanos = new AtomicLong();
                private final AtomicLong classNanos = new AtomicLong();
                private final AtomicLong tests = new AtomicLong();
                private final AtomicLong classes = new AtomicLong();
                private final AtomicLong failed = new AtomicLong();
                private long planStarted;
                private long cpuStarted;

                private static long cpuNanos() {
                    return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                            .getProcessCpuTime();
                }

                @Override
                public void testPlanExecutionStarted(TestPlan plan) {
                    planStarted = System.nanoTime();
                    cpuStarted = cpuNanos();
                }

                @Override
                public void executionStarted(TestIdentifier id) {
                    started.put(id.getUniqueId(), System.nanoTime());
                }

                @Override
                public void executionFinished(TestIdentifier id, TestExecutionResult result) {
                    long nanos = System.nanoTime() - started.remove(id.getUniqueId());
                    if (result.getStatus() != TestExecutionResult.Status.SUCCESSFUL) {
                        failed.incrementAndGet();
                    }
                    if (id.isTest()) {
                        tests.incrementAndGet();
                        testNanos.addAndGet(nanos);
                    } else if (id.getSource().filter(ClassSource.class::isInstance).isPresent()) {
                        classes.incrementAndGet();
                        classNanos.addAndGet(nanos);
                    }
                }

                @Override
                public void testPlanExecutionFinished(TestPlan plan) {
                    long wall = System.nanoTime() - planStarted;
                    long cpu = cpuNanos() - cpuStarted;
                    String line = String.format(java.util.Locale.ROOT, "wall_ms=%.0f cpu_ms=%.0f tests=%d classes=%d"
                            + " failed=%d test_ms_sum=%.0f class_ms_sum=%.0f ms_per_test=%.2f ms_per_class=%.1f%n",
                            wall / 1e6, cpu / 1e6, tests.get(), classes.get(), failed.get(), testNanos.get() / 1e6,
                            classNanos.get() / 1e6, testNanos.get() / 1e6 / Math.max(1, tests.get()),
                            classNanos.get() / 1e6 / Math.max(1, classes.get()));
                    try {
                        Files.writeString(Path.of("target", "suite-clock.txt"), line);
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                }
            }
            """;
}
