package dev.singletable.junit.timing;

import dev.singletable.core.SingleTable;
import dev.singletable.junit.Reset;
import dev.singletable.junit.SingleTableExtension;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.testkit.engine.EngineTestKit;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Measures what a user pays for the extension, in one JVM, through the real Jupiter engine:
 * <ol>
 *   <li>a class with a two-GSI design and 1,000 fixture items, from the first class callback to the first test
 *       (the first class of a run also starts the engine; later classes reuse it);</li>
 *   <li>the reset before a test, after a test that changed 10 items of a table of 10,000.</li>
 * </ol>
 * Run: {@code java -cp <test class path> dev.singletable.junit.timing.ExtensionTimings}.
 */
public final class ExtensionTimings {
    static final List<Long> nanos = new CopyOnWriteArrayList<>();
    static long started;

    private ExtensionTimings() {
    }

    public static void main(String[] args) throws IOException {
        Path dir = Files.createTempDirectory("singletable-timings");
        System.setProperty("timings.thousand", write(dir.resolve("thousand.yaml"), 1_000).toString());
        System.setProperty("timings.tenThousand", write(dir.resolve("ten-thousand.yaml"), 10_000).toString());

        List<Long> firstClass = new ArrayList<>();
        List<Long> laterClass = new ArrayList<>();
        for (int run = 0; run < 30; run++) {
            nanos.clear();
            execute(ThousandItems.class, ThousandItemsAgain.class);
            firstClass.add(nanos.get(0));
            laterClass.add(nanos.get(1));
        }
        report("class with 1,000 items, first class of a run (engine start included)", firstClass);
        report("class with 1,000 items, later class of a run", laterClass);

        nanos.clear();
        execute(TenThousandItems.class);
        report("reset before a test after 10 changed items of 10,000", nanos.subList(50, nanos.size()));
    }

    private static void execute(Class<?>... classes) {
        var results = EngineTestKit.engine("junit-jupiter").selectors(Arrays.stream(classes)
                .map(DiscoverySelectors::selectClass).toArray(DiscoverySelector[]::new))
                .execute();
        if (results.allEvents().failed().count() > 0) {
            throw new IllegalStateException("a timed class failed: " + results.allEvents().failed().list());
        }
    }

    private static void report(String what, List<Long> samples) {
        List<Long> sorted = samples.stream().sorted().toList();
        System.out.printf("%-70s median %7.2f ms   p90 %7.2f ms   (n=%d; the first samples of each JVM are"
                + " warm-up)%n", what, sorted.get(sorted.size() / 2) / 1e6, sorted.get(sorted.size() * 9 / 10) / 1e6,
                sorted.size());
    }

    /** Orders of customers, every one on both GSIs. */
    private static Path write(Path file, int items) throws IOException {
        StringBuilder yaml = new StringBuilder("items:\n");
        for (int i = 0; i < items; i++) {
            yaml.append("  - { entity: Order, customerId: ").append(i % 100).append(", orderId: ").append(i)
                    .append(", status: ").append(i % 3 == 0 ? "OPEN" : "SHIPPED").append(", createdAt: 2026-01-")
                    .append(String.format("%02d", 1 + i % 28)).append(", total: ").append(i).append(" }\n");
        }
        return Files.writeString(file, yaml);
    }

    /** Notes the moment just before the extension's own callbacks: it is registered first, so it runs first. */
    static final class Stopwatch implements BeforeAllCallback, BeforeEachCallback {
        @Override
        public void beforeAll(ExtensionContext context) {
            started = System.nanoTime();
        }

        @Override
        public void beforeEach(ExtensionContext context) {
            if (context.getRequiredTestClass() == TenThousandItems.class) {
                started = System.nanoTime();
            }
        }
    }

    @Tag("test-case")
    @ExtendWith(Stopwatch.class)
    static class ThousandItems {
        @RegisterExtension
        static SingleTableExtension db = SingleTableExtension.builder().design("/orders.table.yaml")
                .fixtures(System.getProperty("timings.thousand")).build();

        @Test
        void first(SingleTable table) {
            nanos.add(System.nanoTime() - started);
        }
    }

    @Tag("test-case")
    @ExtendWith(Stopwatch.class)
    static class ThousandItemsAgain {
        @RegisterExtension
        static SingleTableExtension db = SingleTableExtension.builder().design("/orders.table.yaml")
                .fixtures(System.getProperty("timings.thousand")).build();

        @Test
        void first(SingleTable table) {
            nanos.add(System.nanoTime() - started);
        }
    }

    @Tag("test-case")
    @ExtendWith(Stopwatch.class)
    static class TenThousandItems {
        @RegisterExtension
        static SingleTableExtension db = SingleTableExtension.builder().design("/orders.table.yaml")
                .fixtures(System.getProperty("timings.tenThousand")).reset(Reset.PER_TEST).build();

        @RepeatedTest(300)
        void changesTenItems(SingleTable table) {
            nanos.add(System.nanoTime() - started);
            for (int i = 0; i < 10; i++) {
                int orderId = i * 997;
                table.client().updateItem(r -> r.tableName(table.name())
                        .key(Map.of("PK", AttributeValue.fromS("CUSTOMER#" + orderId % 100),
                                "SK", AttributeValue.fromS(String.format("ORDER#%08d", orderId))))
                        .updateExpression("SET #s = :s").expressionAttributeNames(Map.of("#s", "status"))
                        .expressionAttributeValues(Map.of(":s", AttributeValue.fromS("CANCELLED"))));
            }
        }
    }
}
