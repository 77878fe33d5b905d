package dev.singletable.benchmarks.suite;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Writes a Maven project of generated {@code @SingleTableTest} classes, to time a test run as users see it: by
 * default 50 classes of 10 tests, each test doing 5 calls (GetItem, a Query of the table, a Query of a GSI,
 * PutItem, a conditional UpdateItem) on a design with two GSIs and 1,000 fixture items. Run it with
 * {@code mvn test} on the embedded engine, or with {@code -Dsingletable.endpoint=URL} against an external one;
 * {@link SuiteReport} reads Surefire's reports afterwards. The project also holds the suite's floor, run with
 * {@code mvn test -Pfloor} (and only then): the same classes with the same calls and assertions, in package
 * {@code floor}, on plain JUnit with one SDK client, configured as the engine's in-memory clients are (no signing, a
 * fixed endpoint), whose HTTP client answers each call at once with a response prepared in advance of the size the
 * engine's would have — what the SDK and JUnit cost running cold, without the engine and the extension.
 * In either run, a launcher session listener writes where the test JVM's time went to {@value #JVM_TIMES} in the
 * reports' directory when the tests end.
 *
 * <pre>java -cp benchmarks.jar dev.singletable.benchmarks.suite.GeneratedSuite --out DIR
 *      [--classes 50] [--tests 10] [--items 1000] [--reset PER_TEST|PER_CLASS|FORK] [--version PROJECT_VERSION]</pre>
 *
 * The project's parent is {@code singletable-parent} of the same version (installed by {@code mvn install}), so
 * the versions of JUnit, the SDK and Surefire are the build's own. Every test asserts what its calls return, and
 * its update counts from the fixture state, so a suite whose tables were not reset between tests fails.
 */
public final class GeneratedSuite {
    static final String PACKAGE = "com.example.suite";
    /** The file in Surefire's reports directory where the test JVM's times go ({@link SuiteReport} reads it). */
    static final String JVM_TIMES = "jvm-times.properties";
    /** Customers, each with one profile and {@link #ORDERS} orders. */
    private static final int ORDERS = 9;
    private static final String[] STATUSES = {"OPEN", "PAID", "SHIPPED"};
    private static final String[] REGIONS = {"EU", "US", "APAC", "LATAM"};

    private GeneratedSuite() {
    }

    public static void main(String[] args) throws IOException {
        Map<String, String> options = options(args);
        String out = options.get("--out");
        if (out == null) {
            throw new IllegalArgumentException("usage: GeneratedSuite --out DIR [--classes 50] [--tests 10]"
                    + " [--items 1000] [--reset PER_TEST|PER_CLASS|FORK] [--version PROJECT_VERSION]");
        }
        String version = options.getOrDefault("--version", GeneratedSuite.class.getPackage().getImplementationVersion());
        if (version == null) {
            throw new IllegalArgumentException("no --version given and the jar names none");
        }
        int classes = Integer.parseInt(options.getOrDefault("--classes", "50"));
        int tests = Integer.parseInt(options.getOrDefault("--tests", "10"));
        int items = Integer.parseInt(options.getOrDefault("--items", "1000"));
        String reset = options.getOrDefault("--reset", "PER_TEST").toUpperCase(Locale.ROOT);
        if (!List.of("PER_TEST", "PER_CLASS", "FORK").contains(reset)) {
            throw new IllegalArgumentException("--reset takes PER_TEST, PER_CLASS or FORK, not " + reset);
        }
        generate(Path.of(out), version, classes, tests, items, reset);
        System.err.printf(Locale.ROOT, "GeneratedSuite: %d classes of %d tests (reset %s), %d fixture items in %s%n",
                classes, tests, reset, items, out);
    }

    /** Writes the project; the directory's earlier sources and resources are replaced, its build output kept. */
    static void generate(Path dir, String version, int classes, int tests, int items, String reset)
            throws IOException {
        if (items < 1 + ORDERS) {
            throw new IllegalArgumentException("--items must be at least " + (1 + ORDERS));
        }
        Path sources = dir.resolve("src/test/java/" + PACKAGE.replace('.', '/'));
        Path resources = dir.resolve("src/test/resources");
        delete(dir.resolve("src"));
        Files.createDirectories(sources);
        Files.createDirectories(resources);
        Files.writeString(dir.resolve("pom.xml"), pom(version));
        Files.writeString(resources.resolve("suite.table.yaml"), design());
        int customers = items / (1 + ORDERS);
        Files.writeString(resources.resolve("suite.fixtures.yaml"), fixtures(customers));
        Path floor = sources.resolve("floor");
        Files.createDirectories(floor);
        Files.writeString(floor.resolve("StubClient.java"), stubClient(customers));
        Files.writeString(sources.resolve("JvmTimes.java"), jvmTimes());
        Path services = resources.resolve("META-INF/services");
        Files.createDirectories(services);
        Files.writeString(services.resolve("org.junit.platform.launcher.LauncherSessionListener"),
                PACKAGE + ".JvmTimes\n");
        for (int c = 1; c <= classes; c++) {
            String name = String.format(Locale.ROOT, "Suite%03dTest", c);
            Files.writeString(sources.resolve(name + ".java"), testClass(name, c, tests, customers, reset, false));
            Files.writeString(floor.resolve(name + ".java"), testClass(name, c, tests, customers, reset, true));
        }
    }

    private static String pom(String version) {
        return """
                <?xml version="1.0" encoding="UTF-8"?>
                <!-- Generated by dev.singletable.benchmarks.suite.GeneratedSuite: a test run as users see it. -->
                <project xmlns="http://maven.apache.org/POM/4.0.0"
                         xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
                         xsi:schemaLocation="http://maven.apache.org/POM/4.0.0 https://maven.apache.org/xsd/maven-4.0.0.xsd">
                  <modelVersion>4.0.0</modelVersion>
                  <parent>
                    <groupId>dev.singletable</groupId>
                    <artifactId>singletable-parent</artifactId>
                    <version>%s</version>
                    <relativePath/>
                  </parent>
                  <artifactId>generated-suite</artifactId>
                  <properties>
                    <automatic.module.name>com.example.suite</automatic.module.name>
                    <!-- a user's test JVM: the JVM's defaults, not the parent build's own; -DargLine=... sets others -->
                    <argLine></argLine>
                  </properties>
                  <dependencies>
                    <dependency>
                      <groupId>software.amazon.awssdk</groupId>
                      <artifactId>dynamodb</artifactId>
                    </dependency>
                    <dependency>
                      <groupId>dev.singletable</groupId>
                      <artifactId>singletable-junit</artifactId>
                      <version>${project.version}</version>
                      <scope>test</scope>
                    </dependency>
                    <dependency>
                      <groupId>org.junit.jupiter</groupId>
                      <artifactId>junit-jupiter</artifactId>
                      <scope>test</scope>
                    </dependency>
                    <dependency>
                      <!-- for JvmTimes, a launcher session listener -->
                      <groupId>org.junit.platform</groupId>
                      <artifactId>junit-platform-launcher</artifactId>
                      <scope>test</scope>
                    </dependency>
                  </dependencies>
                  <build>
                    <plugins>
                      <plugin>
                        <artifactId>maven-surefire-plugin</artifactId>
                        <configuration>
                          <excludes><exclude>%s/floor/**</exclude></excludes>
                        </configuration>
                      </plugin>
                    </plugins>
                  </build>
                  <profiles>
                    <profile>
                      <!-- the floor: mvn test -Pfloor runs only the classes on a stub HTTP client -->
                      <id>floor</id>
                      <build>
                        <plugins>
                          <plugin>
                            <artifactId>maven-surefire-plugin</artifactId>
                            <configuration>
                              <excludes combine.self="override"/>
                              <includes><include>%s/floor/**</include></includes>
                            </configuration>
                          </plugin>
                        </plugins>
                      </build>
                    </profile>
                  </profiles>
                </project>
                """.formatted(version, PACKAGE.replace('.', '/'), PACKAGE.replace('.', '/'));
    }

    private static String design() {
        return """
                # Generated: customers by region (GSI2), orders by status and date (GSI1).
                table: suite
                key: { partition: PK, sort: SK }
                indexes:
                  GSI1: { partition: GSI1PK, sort: GSI1SK, projection: ALL }
                  GSI2: { partition: GSI2PK, sort: GSI2SK, projection: ALL }
                entities:
                  Customer:
                    PK: "CUSTOMER#{customerId}"
                    SK: PROFILE
                    GSI2PK: "REGION#{region}"
                    GSI2SK: "CUSTOMER#{customerId}"
                  Order:
                    PK: "CUSTOMER#{customerId}"
                    SK: "ORDER#{orderId}"
                    GSI1PK: "STATUS#{status}"
                    GSI1SK: "{createdAt}#{orderId}"
                accessPatterns:
                  ordersOfCustomer:
                    query: { partition: "CUSTOMER#{customerId}", sort: { beginsWith: "ORDER#" } }
                  ordersByStatus:
                    index: GSI1
                    query: { partition: "STATUS#{status}", sort: { between: ["{from}", "{to}"] } }
                    order: descending
                  customersOfRegion:
                    index: GSI2
                    query: { partition: "REGION#{region}" }
                """;
    }

    private static String fixtures(int customers) {
        StringBuilder yaml = new StringBuilder("# Generated: ").append(customers).append(" customers with ")
                .append(ORDERS).append(" orders each.\nitems:\n");
        for (int c = 0; c < customers; c++) {
            yaml.append(String.format(Locale.ROOT, "  - { entity: Customer, customerId: %d, region: %s,"
                    + " name: Customer %d, visits: 0 }%n", c, region(c), c));
            for (int o = 0; o < ORDERS; o++) {
                yaml.append(String.format(Locale.ROOT, "  - { entity: Order, customerId: %d, orderId: \"%d-%d\","
                        + " status: %s, createdAt: \"2026-%02d-%02d\", total: %d.50 }%n", c, c, o,
                        STATUSES[(c + o) % STATUSES.length], 1 + o, 1 + c % 28, 10 + o));
            }
        }
        return yaml.toString();
    }

    private static String region(int customer) {
        return REGIONS[customer % REGIONS.length];
    }

    /**
     * One class: each test reads a customer, queries their orders and a GSI, writes an order and counts a visit
     * with a conditional update, asserting every answer against the fixtures.
     */
    private static String testClass(String name, int number, int tests, int customers, String reset,
            boolean floor) {
        StringBuilder s = new StringBuilder();
        if (floor) {
            s.append("""
                    package %s.floor;

                    import static org.junit.jupiter.api.Assertions.assertEquals;
                    import static org.junit.jupiter.api.Assertions.assertTrue;

                    import java.util.Map;
                    import org.junit.jupiter.api.Test;
                    import org.junit.jupiter.api.extension.ExtendWith;
                    import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
                    import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
                    import software.amazon.awssdk.services.dynamodb.model.ReturnValue;

                    /** Generated by GeneratedSuite: the floor of {@code %s.%s}, its calls answered by a stub. */
                    @ExtendWith(StubClient.class)
                    class %s {
                    """.formatted(PACKAGE, PACKAGE, name, name));
        } else {
            s.append("""
                package %s;

                import static org.junit.jupiter.api.Assertions.assertEquals;
                import static org.junit.jupiter.api.Assertions.assertTrue;

                import dev.singletable.core.SingleTable;
                import dev.singletable.junit.Reset;
                import dev.singletable.junit.SingleTableTest;
                import java.util.Map;
                import org.junit.jupiter.api.Test;
                import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
                import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
                import software.amazon.awssdk.services.dynamodb.model.ReturnValue;

                /** Generated by GeneratedSuite. */
                @SingleTableTest(design = "suite.table.yaml", fixtures = "suite.fixtures.yaml", reset = Reset.%s)
                class %s {
                """.formatted(PACKAGE, reset, name));
        }
        for (int t = 1; t <= tests; t++) {
            int customer = ((number - 1) * tests + t - 1) * 7 % customers;
            String status = STATUSES[t % STATUSES.length];
            boolean byRegion = t % 2 == 0;
            s.append("""

                        @Test
                        void test%02d(%s) {
                            String name = %s;
                            Map<String, AttributeValue> profile = Map.of("PK", s("CUSTOMER#%d"), "SK", s("PROFILE"));
                            assertEquals("Customer %d", client.getItem(r -> r.tableName(name).key(profile)).item().get("name").s());
                            assertEquals(%d, client.query(r -> r.tableName(name)
                                    .keyConditionExpression("PK = :pk AND begins_with(SK, :prefix)")
                                    .expressionAttributeValues(Map.of(":pk", s("CUSTOMER#%d"), ":prefix", s("ORDER#")))).count());
                            %s
                            client.putItem(r -> r.tableName(name).item(Map.of("PK", s("CUSTOMER#%d"), "SK", s("ORDER#new"),
                                    "GSI1PK", s("STATUS#OPEN"), "GSI1SK", s("2026-12-31#new"), "total", AttributeValue.fromN("1"))));
                            assertEquals("1", client.updateItem(r -> r.tableName(name).key(profile)
                                    .updateExpression("SET visits = visits + :one")
                                    .conditionExpression("attribute_exists(PK)")
                                    .expressionAttributeValues(Map.of(":one", AttributeValue.fromN("1")))
                                    .returnValues(ReturnValue.UPDATED_NEW)).attributes().get("visits").n());
                        }
                    """.formatted(t, floor ? "DynamoDbClient client" : "SingleTable table, DynamoDbClient client",
                            floor ? "\"suite\"" : "table.name()", customer, customer, ORDERS, customer, byRegion
                            ? """
                            assertTrue(client.query(r -> r.tableName(name).indexName("GSI2")
                                            .keyConditionExpression("GSI2PK = :region")
                                            .expressionAttributeValues(Map.of(":region", s("REGION#%s")))).count() > 0);"""
                                    .formatted(region(customer))
                            : """
                            assertTrue(client.query(r -> r.tableName(name).indexName("GSI1")
                                            .keyConditionExpression("GSI1PK = :status AND GSI1SK BETWEEN :from AND :to")
                                            .expressionAttributeValues(Map.of(":status", s("STATUS#%s"),
                                                    ":from", s("2026-01"), ":to", s("2026-12"))).limit(20)
                                            .scanIndexForward(false)).count() > 0);"""
                                    .formatted(status),
                    customer));
        }
        s.append("""

                    private static AttributeValue s(String value) {
                        return AttributeValue.fromS(value);
                    }
                }
                """);
        return s.toString();
    }

    /**
     * A launcher session listener that, when the tests end, writes what the test JVM spent since it started: its
     * uptime, its CPU time (all threads), the CPU time of the thread that ran the tests (the session's, Surefire's
     * main thread), and the time the JIT spent compiling — so that a run's extra time can be told apart into the
     * test thread's own work and what the JVM's other threads took from it on a small machine. On Linux, where
     * {@code /proc} has each thread's scheduler statistics, also how long the test thread waited for a core while
     * ready to run, and the CPU time of the JIT's compiler threads (those alive at the end: HotSpot may stop extra
     * ones when idle on a larger machine; on 2 cores it runs one C1 and one C2 thread throughout).
     */
    private static String jvmTimes() {
        return """
                package %s;

                import com.sun.management.OperatingSystemMXBean;
                import java.io.IOException;
                import java.io.UncheckedIOException;
                import java.lang.management.CompilationMXBean;
                import java.lang.management.ManagementFactory;
                import java.nio.file.DirectoryStream;
                import java.nio.file.Files;
                import java.nio.file.NoSuchFileException;
                import java.nio.file.Path;
                import java.util.Locale;
                import org.junit.platform.launcher.LauncherSession;
                import org.junit.platform.launcher.LauncherSessionListener;

                /** Generated by GeneratedSuite: where the test JVM's time went, for SuiteReport. */
                public final class JvmTimes implements LauncherSessionListener {
                    /** The test thread's scheduler statistics: nanoseconds on a core, then waiting for one. */
                    private static final Path TEST_THREAD = Path.of("/proc/thread-self/schedstat");

                    @Override
                    public void launcherSessionClosed(LauncherSession session) {
                        OperatingSystemMXBean os = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
                        String times = String.format(Locale.ROOT, "upSeconds=%%.3f%%ncpuSeconds=%%.3f%%n"
                                + "testThreadCpuSeconds=%%.3f%%njitSeconds=%%.3f%%n",
                                ManagementFactory.getRuntimeMXBean().getUptime() / 1e3, os.getProcessCpuTime() / 1e9,
                                ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime() / 1e9, jitMillis() / 1e3);
                        try {
                            if (Files.isReadable(TEST_THREAD)) {
                                times += String.format(Locale.ROOT, "testThreadWaitingSeconds=%%.3f%%n"
                                        + "compilerThreadsCpuSeconds=%%.3f%%n", schedstat(TEST_THREAD, 1) / 1e9,
                                        compilerThreadsCpu() / 1e9);
                            }
                            Files.writeString(Path.of(System.getProperty("basedir", "."), "target", "surefire-reports",
                                    "%s"), times);
                        } catch (IOException e) {
                            throw new UncheckedIOException(e);
                        }
                    }

                    /** @return the JIT's compiling time; 0 in a JVM without a JIT ({@code -Xint}) */
                    private static long jitMillis() {
                        CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
                        return jit == null ? 0 : jit.getTotalCompilationTime();
                    }

                    /** @return nanoseconds on a core of the JIT's compiler threads (named "C1 CompilerThread0"...) */
                    private static long compilerThreadsCpu() throws IOException {
                        long nanos = 0;
                        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(Path.of("/proc/self/task"))) {
                            for (Path task : tasks) {
                                try {
                                    String name = Files.readString(task.resolve("comm")); // 15 characters at most
                                    if (name.startsWith("C1 CompilerThre") || name.startsWith("C2 CompilerThre")) {
                                        nanos += schedstat(task.resolve("schedstat"), 0);
                                    }
                                } catch (NoSuchFileException ended) {
                                    // a thread that ended while listed
                                }
                            }
                        }
                        return nanos;
                    }

                    private static long schedstat(Path file, int field) throws IOException {
                        return Long.parseLong(Files.readString(file).trim().split(" ")[field]);
                    }
                }
                """.formatted(PACKAGE, JVM_TIMES);
    }

    /**
     * The floor's client: the SDK client the extension hands out, but over an HTTP client that answers at once with
     * the response the engine would give, prepared when the class loads from the same data the fixtures hold.
     */
    private static String stubClient(int customers) {
        return """
                package %s.floor;

                import java.io.ByteArrayInputStream;
                import java.io.IOException;
                import java.io.InputStream;
                import java.io.UncheckedIOException;
                import java.net.URI;
                import java.nio.charset.StandardCharsets;
                import java.util.List;
                import java.util.concurrent.CompletableFuture;
                import java.util.regex.Matcher;
                import java.util.regex.Pattern;
                import org.junit.jupiter.api.extension.ExtensionContext;
                import org.junit.jupiter.api.extension.ParameterContext;
                import org.junit.jupiter.api.extension.ParameterResolver;
                import software.amazon.awssdk.auth.credentials.AnonymousCredentialsProvider;
                import software.amazon.awssdk.endpoints.Endpoint;
                import software.amazon.awssdk.http.AbortableInputStream;
                import software.amazon.awssdk.http.ExecutableHttpRequest;
                import software.amazon.awssdk.http.HttpExecuteRequest;
                import software.amazon.awssdk.http.HttpExecuteResponse;
                import software.amazon.awssdk.http.SdkHttpClient;
                import software.amazon.awssdk.http.SdkHttpFullResponse;
                import software.amazon.awssdk.http.auth.scheme.NoAuthAuthScheme;
                import software.amazon.awssdk.http.auth.spi.scheme.AuthSchemeOption;
                import software.amazon.awssdk.regions.Region;
                import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

                /** Generated by GeneratedSuite: one client for the run, its calls answered by a stub. */
                public final class StubClient implements ParameterResolver {
                    private static final int CUSTOMERS = %d;
                    private static final int ORDERS = %d;
                    private static final String[] STATUSES = {"OPEN", "PAID", "SHIPPED"};
                    private static final String[] REGIONS = {"EU", "US", "APAC", "LATAM"};
                    private static final Pattern CUSTOMER = Pattern.compile("CUSTOMER#(\\\\d+)");
                    private static final Pattern VALUE = Pattern.compile("(REGION|STATUS)#(\\\\w+)");
                    private static final URI STUB = URI.create("http://stub.invalid");
                    private static final byte[][] PROFILES = new byte[CUSTOMERS][];
                    private static final byte[][] ORDERS_OF = new byte[CUSTOMERS][];
                    private static final byte[][] CUSTOMERS_OF_REGION = new byte[REGIONS.length][];
                    private static final byte[][] ORDERS_BY_STATUS = new byte[STATUSES.length][];
                    private static final byte[] EMPTY = bytes("{}");
                    private static final byte[] UPDATED = bytes("{\\"Attributes\\":{\\"visits\\":{\\"N\\":\\"1\\"}}}");
                    private static final DynamoDbClient CLIENT = DynamoDbClient.builder().endpointOverride(STUB)
                            .region(Region.US_EAST_1).credentialsProvider(AnonymousCredentialsProvider.create())
                            .authSchemeProvider(params -> List.of(AuthSchemeOption.builder()
                                    .schemeId(NoAuthAuthScheme.SCHEME_ID).build()))
                            .endpointProvider(params -> CompletableFuture.completedFuture(
                                    Endpoint.builder().url(STUB).build()))
                            .httpClient(new Answers()).build();

                    static {
                        StringBuilder[] regions = new StringBuilder[REGIONS.length];
                        int[] inRegion = new int[REGIONS.length];
                        for (int c = 0; c < CUSTOMERS; c++) {
                            String profile = customer(c);
                            PROFILES[c] = bytes("{\\"Item\\":" + profile + "}");
                            int r = c %% REGIONS.length;
                            regions[r] = (regions[r] == null ? new StringBuilder() : regions[r].append(',')).append(profile);
                            inRegion[r]++;
                            StringBuilder orders = new StringBuilder();
                            for (int o = 0; o < ORDERS; o++) {
                                orders.append(o == 0 ? "" : ",").append(order(c, o));
                            }
                            ORDERS_OF[c] = items(orders, ORDERS);
                        }
                        for (int r = 0; r < REGIONS.length; r++) {
                            CUSTOMERS_OF_REGION[r] = items(regions[r], inRegion[r]);
                        }
                        for (int s = 0; s < STATUSES.length; s++) { // a page of 20, as the tests ask
                            StringBuilder orders = new StringBuilder();
                            int n = 0;
                            for (int c = 0; c < CUSTOMERS && n < 20; c++) {
                                for (int o = 0; o < ORDERS && n < 20; o++) {
                                    if ((c + o) %% STATUSES.length == s) {
                                        orders.append(n++ == 0 ? "" : ",").append(order(c, o));
                                    }
                                }
                            }
                            ORDERS_BY_STATUS[s] = items(orders, n);
                        }
                    }

                    private static String s(String value) {
                        return "{\\"S\\":\\"" + value + "\\"}";
                    }

                    private static String n(String value) {
                        return "{\\"N\\":\\"" + value + "\\"}";
                    }

                    private static String customer(int c) {
                        return "{\\"PK\\":" + s("CUSTOMER#" + c) + ",\\"SK\\":" + s("PROFILE") + ",\\"GSI2PK\\":"
                                + s("REGION#" + REGIONS[c %% REGIONS.length]) + ",\\"GSI2SK\\":" + s("CUSTOMER#" + c)
                                + ",\\"customerId\\":" + n(String.valueOf(c)) + ",\\"region\\":"
                                + s(REGIONS[c %% REGIONS.length]) + ",\\"name\\":" + s("Customer " + c)
                                + ",\\"visits\\":" + n("0") + "}";
                    }

                    private static String order(int c, int o) {
                        String created = String.format(java.util.Locale.ROOT, "2026-%%02d-%%02d", 1 + o, 1 + c %% 28);
                        String id = c + "-" + o;
                        return "{\\"PK\\":" + s("CUSTOMER#" + c) + ",\\"SK\\":" + s("ORDER#" + id) + ",\\"GSI1PK\\":"
                                + s("STATUS#" + STATUSES[(c + o) %% STATUSES.length]) + ",\\"GSI1SK\\":"
                                + s(created + "#" + id) + ",\\"customerId\\":" + n(String.valueOf(c))
                                + ",\\"orderId\\":" + s(id) + ",\\"status\\":" + s(STATUSES[(c + o) %% STATUSES.length])
                                + ",\\"createdAt\\":" + s(created) + ",\\"total\\":" + n((10 + o) + ".50") + "}";
                    }

                    private static byte[] items(CharSequence items, int count) {
                        return bytes("{\\"Items\\":[" + items + "],\\"Count\\":" + count + ",\\"ScannedCount\\":" + count
                                + "}");
                    }

                    private static byte[] bytes(String text) {
                        return text.getBytes(StandardCharsets.UTF_8);
                    }

                    @Override
                    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
                        return parameter.getParameter().getType() == DynamoDbClient.class;
                    }

                    @Override
                    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
                        return CLIENT;
                    }

                    /** Reads each request, as a transport does, and answers with the prepared response. */
                    private static final class Answers implements SdkHttpClient {
                        @Override
                        public ExecutableHttpRequest prepareRequest(HttpExecuteRequest request) {
                            return new ExecutableHttpRequest() {
                                @Override
                                public HttpExecuteResponse call() {
                                    String target = request.httpRequest().firstMatchingHeader("X-Amz-Target").orElse("");
                                    String body;
                                    try (InputStream in = request.contentStreamProvider().orElseThrow().newStream()) {
                                        body = new String(in.readAllBytes(), StandardCharsets.UTF_8);
                                    } catch (IOException e) {
                                        throw new UncheckedIOException(e);
                                    }
                                    byte[] answer = answer(target.substring(target.indexOf('.') + 1), body);
                                    return HttpExecuteResponse.builder()
                                            .response(SdkHttpFullResponse.builder().statusCode(200)
                                                    .putHeader("Content-Type", "application/x-amz-json-1.0")
                                                    .putHeader("Content-Length", Integer.toString(answer.length)).build())
                                            .responseBody(AbortableInputStream.create(new ByteArrayInputStream(answer)))
                                            .build();
                                }

                                @Override
                                public void abort() {
                                }
                            };
                        }

                        @Override
                        public void close() {
                        }
                    }

                    private static byte[] answer(String operation, String body) {
                        switch (operation) {
                            case "GetItem":
                                return PROFILES[customer(body)];
                            case "Query":
                                Matcher value = VALUE.matcher(body);
                                if (!value.find()) {
                                    return ORDERS_OF[customer(body)];
                                }
                                List<String> names = List.of(value.group(1).equals("REGION") ? REGIONS : STATUSES);
                                return (value.group(1).equals("REGION") ? CUSTOMERS_OF_REGION : ORDERS_BY_STATUS)
                                        [names.indexOf(value.group(2))];
                            case "UpdateItem":
                                return UPDATED;
                            default:
                                return EMPTY;
                        }
                    }

                    private static int customer(String body) {
                        Matcher m = CUSTOMER.matcher(body);
                        if (!m.find()) {
                            throw new IllegalArgumentException("no customer in " + body);
                        }
                        return Integer.parseInt(m.group(1));
                    }
                }
                """.formatted(PACKAGE, customers, ORDERS);
    }

    private static void delete(Path path) throws IOException {
        if (!Files.exists(path)) {
            return;
        }
        try (var walk = Files.walk(path)) {
            walk.sorted((a, b) -> b.getNameCount() - a.getNameCount()).forEach(p -> {
                try {
                    Files.delete(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
    }

    private static Map<String, String> options(String[] args) {
        Map<String, String> options = new LinkedHashMap<>();
        for (int i = 0; i + 1 < args.length; i += 2) {
            options.put(args[i], args[i + 1]);
        }
        return options;
    }
}
