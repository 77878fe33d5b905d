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
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Classes running at the same time each have their own table and never see each other's data; the tests of one
 * class take turns on it whatever JUnit's parallel configuration, with nothing annotated by hand.
 */
class ParallelTest {
    static final Map<String, String> PARALLEL_CLASSES = Map.of(
            "junit.jupiter.execution.parallel.enabled", "true",
            "junit.jupiter.execution.parallel.mode.default", "same_thread",
            "junit.jupiter.execution.parallel.mode.classes.default", "concurrent",
            "junit.jupiter.execution.parallel.config.strategy", "fixed",
            "junit.jupiter.execution.parallel.config.fixed.parallelism", "4");
    static final Set<String> seen = new ConcurrentSkipListSet<>();
    static final Set<String> names = new ConcurrentSkipListSet<>();
    static final Map<String, String> ALL_CONCURRENT = Map.of(
            "junit.jupiter.execution.parallel.enabled", "true",
            "junit.jupiter.execution.parallel.mode.default", "concurrent",
            "junit.jupiter.execution.parallel.config.strategy", "fixed",
            "junit.jupiter.execution.parallel.config.fixed.parallelism", "4");
    static final Map<String, AtomicInteger> runningNow = new ConcurrentHashMap<>();
    static final Map<String, AtomicInteger> mostAtOnce = new ConcurrentHashMap<>();
    static final Set<String> arrived = ConcurrentHashMap.newKeySet();
    /** Both classes wait here, so the run proves they were alive at the same time. */
    static CyclicBarrier together;

    @BeforeEach
    void forget() {
        seen.clear();
        names.clear();
        runningNow.clear();
        mostAtOnce.clear();
        arrived.clear();
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
    void with_methods_concurrent_too_the_tests_of_a_class_take_turns_and_classes_still_run_side_by_side() {
        together = new CyclicBarrier(2);

        Kit.assertSucceeded(Kit.run(ALL_CONCURRENT, TakesTurnsA.class, TakesTurnsB.class));

        assertThat(mostAtOnce).containsOnlyKeys("TakesTurnsA", "TakesTurnsB").allSatisfy((who, most) ->
                assertThat(most).as(who).hasValue(1));
        assertThat(seen).containsExactly("TakesTurnsA and TakesTurnsB ran at the same time",
                "every test began from the fixture state");
    }

    @Test
    void without_parallel_execution_the_same_classes_pass_one_after_another() {
        together = new CyclicBarrier(1);

        Kit.assertSucceeded(Kit.run(TakesTurnsA.class, TakesTurnsB.class));

        assertThat(mostAtOnce).containsOnlyKeys("TakesTurnsA", "TakesTurnsB").allSatisfy((who, most) ->
                assertThat(most).as(who).hasValue(1));
        assertThat(seen).containsExactly("every test began from the fixture state");
    }

    @Test
    void a_table_declared_in_a_static_field_refuses_tests_of_its_class_running_at_the_same_time() {
        Map<String, String> concurrentMethods = Map.of("junit.jupiter.execution.parallel.enabled", "true",
                "junit.jupiter.execution.parallel.mode.default", "concurrent");

        Kit.run(concurrentMethods, InStaticField.class).testEvents().assertThatEvents().haveExactly(1,
                event(test("marks"), finishedWithFailure(instanceOf(ExtensionConfigurationException.class),
                        message("@RegisterExtension field " + InStaticField.class.getName() + ".db: reset = PER_TEST"
                                + " resets the table before each test, so the tests of a class must run one at a"
                                + " time, but marks() runs concurrently; annotate the class with"
                                + " @Execution(ExecutionMode.SAME_THREAD), declare the table with @SingleTableTest"
                                + " (which keeps the tests of a class on one thread) or choose reset = FORK (a fork"
                                + " of the table per test, so that tests may run at the same time)"))));
    }

    /**
     * Counts the tests of a class running at once, checks that the test begins from the fixture state (customer 99
     * absent) and leaves a change behind for the next; the first test of each class waits for the other class.
     */
    static void takeTurn(String who, SingleTable table) throws Exception {
        AtomicInteger running = runningNow.computeIfAbsent(who, k -> new AtomicInteger());
        int now = running.incrementAndGet();
        mostAtOnce.computeIfAbsent(who, k -> new AtomicInteger()).accumulateAndGet(now, Math::max);
        try {
            if (arrived.add(who)) {
                together.await(30, TimeUnit.SECONDS);
                if (together.getParties() == 2) {
                    seen.add("TakesTurnsA and TakesTurnsB ran at the same time");
                }
            }
            boolean fixtureState = !table.client().getItem(r -> r.tableName(table.name())
                    .key(ResetTest.key("CUSTOMER#99", "PROFILE"))).hasItem();
            seen.add(fixtureState ? "every test began from the fixture state" : who + " saw another test's write");
            table.client().putItem(r -> r.tableName(table.name()).item(ResetTest.key("CUSTOMER#99", "PROFILE")));
            Thread.sleep(40); // long enough for a second test of the class to start, were it allowed to
        } finally {
            running.decrementAndGet();
        }
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

    /** Three tests that take turns; each subclass declares a table of its own. */
    abstract static class TakesTurns {
        /** One test's turn on the table. */
        void turn(SingleTable table) throws Exception {
            takeTurn(getClass().getSimpleName(), table);
        }

        @Test
        void first(SingleTable table) throws Exception {
            turn(table);
        }

        @Test
        void second(SingleTable table) throws Exception {
            turn(table);
        }

        @Test
        void third(SingleTable table) throws Exception {
            turn(table);
        }
    }

    @Tag("test-case")
    @SingleTableTest(design = "orders.table.yaml", fixtures = "customers.yaml")
    static class TakesTurnsA extends TakesTurns {
        /** Nested tests use the enclosing class's table, so they take turns with its tests. */
        @Nested
        class Inner {
            @Test
            void fourth(SingleTable table) throws Exception {
                takeTurn("TakesTurnsA", table);
            }

            @Test
            void fifth(SingleTable table) throws Exception {
                takeTurn("TakesTurnsA", table);
            }
        }
    }

    @Tag("test-case")
    @SingleTableTest(design = "orders.table.yaml", fixtures = "customers.yaml")
    static class TakesTurnsB extends TakesTurns {
    }

    @Tag("test-case")
    static class InStaticField {
        @RegisterExtension
        static SingleTableExtension db = SingleTableExtension.builder().design("orders.table.yaml")
                .fixtures("customers.yaml").build();

        @Test
        void marks() {
        }

        @Test
        void second() {
        }
    }
}
