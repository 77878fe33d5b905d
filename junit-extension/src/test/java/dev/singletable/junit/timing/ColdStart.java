package dev.singletable.junit.timing;

import dev.singletable.core.SingleTable;
import dev.singletable.junit.SingleTableExtension;
import com.sun.management.OperatingSystemMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;
import software.amazon.awssdk.auth.credentials.AnonymousCredentialsProvider;
import software.amazon.awssdk.http.AbortableInputStream;
import software.amazon.awssdk.http.ExecutableHttpRequest;
import software.amazon.awssdk.http.HttpExecuteRequest;
import software.amazon.awssdk.http.HttpExecuteResponse;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.SdkHttpFullResponse;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * What one test class costs in a fresh JVM — the number a user meets running one class from the IDE: the time from
 * the extension's first callback to the first test method, for the design and fixtures given (the example's), in
 * one class run through the JUnit Platform launcher as IDEs and build tools run it (so the listeners the class path
 * registers take part), and on to the answer of the test's first call (a GetItem), so that work moved from the
 * class's start into its first call is not hidden; and the time from the JVM's start to the test method, so that
 * work moved ahead of the first callback is not hidden either. Run it once per JVM:
 *
 * <pre>java -Dcoldstart.design=DESIGN -Dcoldstart.fixtures=FIXTURES -cp TEST_CLASS_PATH
 *      dev.singletable.junit.timing.ColdStart [extension|floor]</pre>
 *
 * {@code extension} (the default) is a {@code SingleTableExtension} class on the embedded engine, or on the
 * endpoint that {@code -Dsingletable.endpoint} names. {@code floor} is what any test of DynamoDB code pays in a
 * fresh JVM: a test that builds an SDK client (its "test" time is taken once it is built) and makes one GetItem
 * through an HTTP client that answers at once. Prints one line:
 * {@code firstCallbackToTestMs=… firstCallbackToFirstAnswerMs=… jvmStartToFirstCallbackMs=… jvmStartToTestMs=…
 * cpuToTestMs=… cpuToFirstAnswerMs=… processCpuToTestMs=… threadCpuToTestMs=… threadWaitedToTestMs=…}: then the
 * CPU time the whole JVM spent over the same spans (JIT, GC and helper threads too) and from its start to the
 * test, and the CPU time of the thread that runs the class up to the test and how long it was blocked or waiting
 * meanwhile — figures that a machine shared with other work keeps.
 */
public final class ColdStart {
    /** The JVM's CPU time (all threads: JIT, GC and the helpers too), which a machine shared with others keeps. */
    private static final OperatingSystemMXBean CPU = (OperatingSystemMXBean) ManagementFactory
            .getOperatingSystemMXBean();
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    static long firstCallback;
    static long firstCallbackCpu;
    static long firstCallbackThreadCpu;
    static long firstCallbackWaited;
    static long testStarted;
    static long testStartedCpu;
    static long testStartedThreadCpu;
    static long testStartedWaited;
    static long firstCallAnswered;
    static long firstCallAnsweredCpu;
    static final Map<String, AttributeValue> KEY = Map.of("PK", AttributeValue.fromS("CUSTOMER#42"),
            "SK", AttributeValue.fromS("PROFILE"));

    private ColdStart() {
    }

    public static void main(String[] args) {
        THREADS.setThreadContentionMonitoringEnabled(true);
        Instant jvmStart = ProcessHandle.current().info().startInstant().orElseThrow();
        long jvmStartNanos = System.nanoTime() - Duration.between(jvmStart, Instant.now()).toNanos();
        Class<?> testClass = args.length > 0 && args[0].equals("floor") ? Floor.class : Extension.class;
        // through the Launcher, as IDEs and build tools run tests: it registers the listeners the class path offers
        SummaryGeneratingListener summary = new SummaryGeneratingListener();
        LauncherFactory.create().execute(LauncherDiscoveryRequestBuilder.request()
                .selectors(DiscoverySelectors.selectClass(testClass)).build(), summary);
        TestExecutionSummary result = summary.getSummary();
        if (result.getTotalFailureCount() > 0 || result.getTestsSucceededCount() != 1) {
            throw new IllegalStateException("the timed class failed: " + result.getFailures().stream()
                    .map(failure -> failure.getTestIdentifier().getDisplayName() + ": " + failure.getException())
                    .toList());
        }
        System.out.printf(Locale.ROOT, "firstCallbackToTestMs=%.1f firstCallbackToFirstAnswerMs=%.1f"
                + " jvmStartToFirstCallbackMs=%.1f jvmStartToTestMs=%.1f cpuToTestMs=%.1f cpuToFirstAnswerMs=%.1f"
                + " processCpuToTestMs=%.1f threadCpuToTestMs=%.1f threadWaitedToTestMs=%d%n",
                (testStarted - firstCallback) / 1e6, (firstCallAnswered - firstCallback) / 1e6,
                (firstCallback - jvmStartNanos) / 1e6, (testStarted - jvmStartNanos) / 1e6,
                (testStartedCpu - firstCallbackCpu) / 1e6, (firstCallAnsweredCpu - firstCallbackCpu) / 1e6,
                testStartedCpu / 1e6, (testStartedThreadCpu - firstCallbackThreadCpu) / 1e6,
                testStartedWaited - firstCallbackWaited);
    }

    static void testStarted() {
        testStarted = System.nanoTime();
        testStartedCpu = CPU.getProcessCpuTime();
        testStartedThreadCpu = THREADS.getCurrentThreadCpuTime();
        testStartedWaited = waitedMillis();
    }

    /** How long the calling thread has been blocked or waiting, in ms: time it spent on other threads' work. */
    static long waitedMillis() {
        ThreadInfo info = THREADS.getThreadInfo(Thread.currentThread().getId());
        return info.getBlockedTime() + info.getWaitedTime();
    }

    static void firstCallAnswered() {
        firstCallAnswered = System.nanoTime();
        firstCallAnsweredCpu = CPU.getProcessCpuTime();
    }

    /** Registered before the extension, so its condition is the first callback of the class. */
    static final class Stopwatch implements ExecutionCondition {
        @Override
        public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
            if (firstCallback == 0) {
                firstCallback = System.nanoTime();
                firstCallbackCpu = CPU.getProcessCpuTime();
                firstCallbackThreadCpu = THREADS.getCurrentThreadCpuTime();
                firstCallbackWaited = waitedMillis();
            }
            return ConditionEvaluationResult.enabled("timed");
        }
    }

    @Tag("test-case")
    @ExtendWith(Stopwatch.class)
    static class Extension {
        @RegisterExtension
        static SingleTableExtension db = SingleTableExtension.builder().design(System.getProperty("coldstart.design"))
                .fixtures(System.getProperty("coldstart.fixtures")).build();

        @Test
        void first(SingleTable table) {
            testStarted();
            table.client().getItem(r -> r.tableName(table.name()).key(KEY));
            firstCallAnswered();
        }
    }

    @Tag("test-case")
    @ExtendWith(Stopwatch.class)
    static class Floor {
        @Test
        void first() {
            try (DynamoDbClient client = DynamoDbClient.builder().endpointOverride(URI.create("http://floor.invalid"))
                    .region(Region.US_EAST_1).credentialsProvider(AnonymousCredentialsProvider.create())
                    .httpClient(new Answering()).build()) {
                testStarted();
                client.getItem(r -> r.tableName("orders").key(KEY));
            }
            firstCallAnswered();
        }
    }

    /** Answers every request with an empty GetItem result, at once. */
    private static final class Answering implements SdkHttpClient {
        @Override
        public ExecutableHttpRequest prepareRequest(HttpExecuteRequest request) {
            return new ExecutableHttpRequest() {
                @Override
                public HttpExecuteResponse call() {
                    byte[] body = "{}".getBytes(java.nio.charset.StandardCharsets.UTF_8);
                    return HttpExecuteResponse.builder()
                            .response(SdkHttpFullResponse.builder().statusCode(200)
                                    .putHeader("Content-Type", "application/x-amz-json-1.0")
                                    .putHeader("Content-Length", Integer.toString(body.length)).build())
                            .responseBody(AbortableInputStream.create(new java.io.ByteArrayInputStream(body)))
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
}
