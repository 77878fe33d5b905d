package dev.singletable.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.instanceOf;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

import dev.singletable.core.SingleTable;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Classes running at the same time each have their own table and never see each other's data. */
class ParallelTest {
    static final Map<String, String> PARALLEL_CLASSES = Map.of(
            "junit.jupiter.execution.parallel.enabled", "true",
            "junit.jupiter.execution.parallel.mode.default", "same_thread",
            "junit.jupiter.execution.parallel.mode.classes.default", "concurrent",
            "junit.jupiter.execution.parallel.config.strategy", "fixed",
            "junit.jupiter.execution.parallel.config.fixed.parallelism", "4");
    static final Set<String> seen = new ConcurrentSkipListSet<>();
    static final Set<String> names = new ConcurrentSkipListSet<>();
    /** Both classes wait here, so the run proves they were alive at the same time. */
    static CyclicBarrier together;

    @BeforeEach
    void forget() {
        seen.clear();
        names.clear();
        together = new CyclicBarrier(2);
    }

    @Test
    void classes_running_at_the_same_time_get_tables_of_their_own() {
        Kit.assertSucceeded(Kit.run(PARALLEL_CLASSES, Left.class, Right.class));

        assertThat(new TreeSet<>(seen)).containsExactly(
                "Left sees only its own marker in a table of design app",
                "Right sees only its own marker in a table of design app",
                "table names: app, app-2");
    }

    @Test
    void reset_per_test_refuses_tests_of_one_class_running_at_the_same_time() {
        Map<String, String> concurrentMethods = Map.of("junit.jupiter.execution.parallel.enabled", "true",
                "junit.jupiter.execution.parallel.mode.default", "concurrent");

        Kit.run(concurrentMethods, Left.class).testEvents().assertThatEvents().haveExactly(1, event(test("marks"),
                finishedWithFailure(instanceOf(ExtensionConfigurationException.class), message("@SingleTableTest on "
                        + Left.class.getName() + ": reset = PER_TEST resets the table before each test, so the tests"
                        + " of a class must run one at a time, but marks() runs concurrently; annotate the class with"
                        + " @Execution(ExecutionMode.SAME_THREAD) or choose reset = PER_CLASS"))));
    }

    static void markAndLook(String who, SingleTable table) throws Exception {
        table.client().putItem(r -> r.tableName(table.name()).item(Map.of("PK", AttributeValue.fromS("MARK#" + who),
                "SK", AttributeValue.fromS("MARK"))));
        names.add(table.name());
        together.await(30, TimeUnit.SECONDS);
        var markers = table.client().scan(r -> r.tableName(table.name())).items().stream()
                .map(item -> item.get("PK").s()).filter(pk -> pk.startsWith("MARK#")).toList();
        seen.add(who + (markers.equals(List.of("MARK#" + who)) ? " sees only its own marker"
                : " sees " + markers) + " in a table of design " + table.design().tableName());
        together.await(30, TimeUnit.SECONDS);
        if (names.size() == 2) {
            seen.add("table names: " + String.join(", ", names));
        }
    }

    @Tag("test-case")
    @AllowScan("looks at every item")
    @SingleTableTest(design = "orders.table.yaml", fixtures = "customers.yaml")
    static class Left {
        @Test
        void marks(SingleTable table) throws Exception {
            markAndLook("Left", table);
        }

        @Test
        void second() {
        }
    }

    @Tag("test-case")
    @AllowScan("looks at every item")
    @SingleTableTest(design = "orders.table.yaml", fixtures = "customers.yaml")
    static class Right {
        @Test
        void marks(SingleTable table) throws Exception {
            markAndLook("Right", table);
        }
    }
}
