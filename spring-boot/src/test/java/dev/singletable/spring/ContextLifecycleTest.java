package dev.singletable.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.testkit.engine.EventConditions.container;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

import com.example.shop.Customer;
import com.example.shop.ShopApplication;
import com.example.shop.ShopRepository;
import dev.singletable.core.SingleTable;
import dev.singletable.junit.Reset;
import dev.singletable.junit.ScanGuard;
import dev.singletable.junit.SingleTableExtension;
import dev.singletable.junit.SingleTableTest;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.ApplicationContext;
import org.springframework.core.env.Environment;
import org.springframework.test.annotation.DirtiesContext;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * What Spring users meet every day — a context cached by a class without the extension, instances per class,
 * two launchers in one JVM, classes in parallel, a context closed between classes — each run through JUnit's test
 * kit as a build would run it.
 */
class ContextLifecycleTest {
    static final List<String> seen = new CopyOnWriteArrayList<>();
    static final String DESIGN = "/com/example/shop/shop.table.yaml";
    static final String FIXTURES = "/com/example/shop/shop.fixtures.yaml";
    /** Classes in the order of their {@code @Order}, whatever order they are selected in. */
    static final Map<String, String> ORDERED = Map.of("junit.jupiter.testclass.order.default",
            "org.junit.jupiter.api.ClassOrderer$OrderAnnotation");

    @BeforeEach
    void forget() {
        seen.clear();
    }

    /** A class of the same configuration that does not use the extension: its context talks to the app's endpoint. */
    @Tag("test-case")
    @SpringBootTest(classes = ShopApplication.class)
    static class WithoutExtension {
        @Test
        void usesTheApplicationsOwnClient(@Autowired DynamoDbClient client, @Autowired ApplicationContext context) {
            assertThat(EngineClients.isView(client)).isFalse();
            seen.add("without: context " + System.identityHashCode(context));
        }
    }

    @Tag("test-case")
    @Order(2)
    @SpringBootTest(classes = ShopApplication.class)
    @SingleTableTest(design = DESIGN, fixtures = FIXTURES, tableNameProperty = "shop.table-name")
    static class WithExtension {
        @Test
        void readsTheFixtures(@Autowired ShopRepository repository, @Autowired ApplicationContext context,
                SingleTable table) {
            assertThat(repository.customer("42").getName()).isEqualTo("Ada");
            assertThat(repository.customer("99")).isNull();
            seen.add("with: context " + System.identityHashCode(context) + ", table " + table.name());
        }
    }

    /** The same declaration, the extension's annotation first: JUnit calls it before Spring's. */
    @Tag("test-case")
    @Order(1)
    @SingleTableTest(design = DESIGN, fixtures = FIXTURES, tableNameProperty = "shop.table-name")
    @SpringBootTest(classes = ShopApplication.class)
    static class WritesACustomer {
        @Test
        void writes(@Autowired ShopRepository repository, @Autowired ApplicationContext context, SingleTable table) {
            Customer customer = new Customer();
            customer.setPK("CUSTOMER#99");
            repository.save(customer);
            assertThat(repository.customer("99")).isNotNull();
            seen.add("writer: context " + System.identityHashCode(context) + ", table " + table.name());
        }
    }

    @Tag("test-case")
    @TestInstance(TestInstance.Lifecycle.PER_CLASS)
    @SpringBootTest(classes = ShopApplication.class)
    @SingleTableTest(design = DESIGN, fixtures = FIXTURES, tableNameProperty = "shop.table-name")
    static class InstancePerClass {
        @Autowired
        ShopRepository repository;

        @Test
        void readsTheFixtures(SingleTable table) {
            assertThat(repository.customer("42").getName()).isEqualTo("Ada");
            assertThat(repository.table()).isEqualTo(table.name());
            seen.add("per class: table " + table.name());
        }
    }

    @Test
    void a_context_cached_by_a_class_without_the_extension_is_not_reused() {
        Kit.assertSucceeded(Kit.run(WithoutExtension.class, WithExtension.class));

        assertThat(seen).hasSize(2);
        assertThat(contextOf(seen.get(0))).isNotEqualTo(contextOf(seen.get(1)));
    }

    @Test
    void classes_of_one_declaration_one_after_another_share_the_table_and_the_cached_context_in_its_fixture_state() {
        Kit.assertSucceeded(Kit.run(ORDERED, WithExtension.class, WritesACustomer.class));

        assertThat(seen).hasSize(2);
        assertThat(seen.get(0)).startsWith("writer");
        assertThat(contextOf(seen.get(0))).isEqualTo(contextOf(seen.get(1)));
        assertThat(tableOf(seen.get(0))).isEqualTo(tableOf(seen.get(1))).isEqualTo("shop");
    }

    @Test
    void with_an_instance_per_class_the_context_is_built_before_beforeAll_and_still_reaches_the_engine() {
        Kit.assertSucceeded(Kit.run(InstancePerClass.class));

        assertThat(seen).containsExactly("per class: table shop");
    }

    @Test
    void a_context_cached_by_an_earlier_launcher_whose_engine_is_closed_is_not_reused() {
        Kit.assertSucceeded(Kit.run(WithExtension.class));
        Kit.assertSucceeded(Kit.run(WithExtension.class));

        assertThat(seen).hasSize(2);
        assertThat(contextOf(seen.get(0))).isNotEqualTo(contextOf(seen.get(1)));
    }

    /** Both classes hold their tables at once: each waits until the other has started. */
    static final CountDownLatch bothRunning = new CountDownLatch(2);

    @Tag("test-case")
    @SpringBootTest(classes = ShopApplication.class)
    @SingleTableTest(design = DESIGN, fixtures = FIXTURES, tableNameProperty = "shop.table-name")
    static class ParallelA {
        @Test
        void writesItsOwnCustomer(@Autowired ShopRepository repository, @Autowired Environment environment,
                SingleTable table) throws InterruptedException {
            inParallel(repository, environment, table, "A", "B");
        }
    }

    @Tag("test-case")
    @SpringBootTest(classes = ShopApplication.class)
    @SingleTableTest(design = DESIGN, fixtures = FIXTURES, tableNameProperty = "shop.table-name")
    static class ParallelB {
        @Test
        void writesItsOwnCustomer(@Autowired ShopRepository repository, @Autowired Environment environment,
                SingleTable table) throws InterruptedException {
            inParallel(repository, environment, table, "B", "A");
        }
    }

    static void inParallel(ShopRepository repository, Environment environment, SingleTable table, String mine,
            String theirs) throws InterruptedException {
        bothRunning.countDown();
        assertThat(bothRunning.await(60, TimeUnit.SECONDS)).as("the other class runs at the same time").isTrue();
        Customer customer = new Customer();
        customer.setPK("CUSTOMER#" + mine);
        repository.save(customer);
        Thread.sleep(200);
        assertThat(repository.customer(mine)).isNotNull();
        assertThat(repository.customer(theirs)).isNull();
        seen.add(mine + ": table " + table.name() + ", property " + environment.getProperty("shop.table-name")
                + ", repository " + repository.table());
    }

    @Test
    void classes_in_parallel_get_tables_of_their_own_named_in_the_applications_property() {
        Kit.assertSucceeded(Kit.run(Map.of("junit.jupiter.execution.parallel.enabled", "true",
                "junit.jupiter.execution.parallel.mode.classes.default", "concurrent",
                "junit.jupiter.execution.parallel.config.strategy", "fixed",
                "junit.jupiter.execution.parallel.config.fixed.parallelism", "2"), ParallelA.class, ParallelB.class));

        assertThat(seen).hasSize(2).allSatisfy(line -> assertThat(line).matches(
                "[AB]: table (shop(-2)?), property \\1, repository \\1"));
        assertThat(seen.stream().map(ContextLifecycleTest::tableOf)).containsExactlyInAnyOrder("shop", "shop-2");
    }

    @Tag("test-case")
    @Order(1)
    @SpringBootTest(classes = ShopApplication.class)
    @SingleTableTest(design = DESIGN, fixtures = FIXTURES, tableNameProperty = "shop.table-name")
    @DirtiesContext
    static class ClosesItsContext {
        @Test
        void readsTheFixtures(@Autowired ShopRepository repository) {
            assertThat(repository.customer("42").getName()).isEqualTo("Ada");
        }
    }

    @Test
    void closing_a_context_closes_no_client_of_the_run() {
        Kit.assertSucceeded(Kit.run(ORDERED, WithExtension.class, ClosesItsContext.class));

        assertThat(seen).singleElement().asString().endsWith("table shop");
    }

    @Tag("test-case")
    @TestInstance(TestInstance.Lifecycle.PER_CLASS)
    @SpringBootTest(classes = ShopApplication.class)
    @SingleTableTest(design = DESIGN, fixtures = FIXTURES, tableNameProperty = "shop.table-name")
    static class WritesInBeforeAll {
        @Autowired
        ShopRepository repository;

        @BeforeAll
        void seed() {
            Customer customer = new Customer();
            customer.setPK("CUSTOMER#7");
            repository.save(customer);
        }

        @Test
        void findsTheCustomer() {
            assertThat(repository.customer("7")).isNotNull();
        }
    }

    @Test
    void writes_before_the_first_test_of_a_shared_table_fail_the_class_instead_of_vanishing() {
        Kit.run(WritesInBeforeAll.class).testEvents().assertThatEvents().haveExactly(1, event(
                test("findsTheCustomer"), finishedWithFailure(message("@SingleTableTest on " + WritesInBeforeAll.class
                        .getName() + ": 1 write (PutItem) reached table 'shop' before the first test; the table is"
                        + " shared with a cached application context and returns to its fixture state before every"
                        + " test, so they would be lost. Write them in a @BeforeEach method, or add the items with"
                        + " @Fixtures or to the fixture files"))));
    }

    @Tag("test-case")
    @SpringBootTest(classes = ShopApplication.class)
    @SingleTableTest(design = DESIGN, fixtures = FIXTURES, tableNameProperty = "shop.table-name", reset = Reset.FORK)
    static class Forks {
        @Test
        void findsTheCustomer(@Autowired ShopRepository repository) {
            assertThat(repository.customer("42")).isNotNull();
        }
    }

    @Test
    void forks_are_refused_for_a_spring_test_whose_application_would_never_see_them() {
        Kit.run(Forks.class).allEvents().assertThatEvents().haveAtLeastOne(event(finishedWithFailure(message(
                "@SingleTableTest on " + Forks.class.getName() + ": reset = FORK gives each test a table of its own,"
                        + " but Spring builds the application context of the class once, with the class's table, so"
                        + " the application would never see a test's fork; choose reset = PER_TEST (the tests of the"
                        + " class then take turns on its table)"))));
    }

    @Tag("test-case")
    @SpringBootTest(classes = ShopApplication.class)
    static class DeclaresInAField {
        @RegisterExtension
        static SingleTableExtension db = SingleTableExtension.builder().design(DESIGN).build();

        @Test
        void test() {
        }
    }

    @Test
    void a_table_declared_in_a_field_of_a_spring_test_is_refused_with_what_to_do() {
        Kit.run(DeclaresInAField.class).allEvents().assertThatEvents().haveAtLeastOne(event(finishedWithFailure(
                message(m -> m.contains("@RegisterExtension field " + DeclaresInAField.class.getName() + ".db declares"
                        + " the table of a Spring test, whose application context is built before the extension in"
                        + " the field can make it: annotate the class with @SingleTableTest(design = \"...\")"
                        + " instead")))));
    }

    @Tag("test-case")
    @SpringBootTest(classes = ShopApplication.class)
    @SingleTableTest(design = DESIGN, fixtures = FIXTURES, tableNameProperty = "shop.table-name",
            scans = ScanGuard.FAIL)
    static class Scans {
        @Test
        void readsEverything(@Autowired ShopRepository repository) {
            repository.everything();
        }
    }

    @Test
    void the_scan_guard_names_the_line_of_the_application_that_scanned() {
        Kit.run(Scans.class).testEvents().assertThatEvents().haveExactly(1, event(test("readsEverything"),
                finishedWithFailure(message(m -> m.contains("Scan of the table without filter, called from "
                        + "com.example.shop.ShopRepository.everything(ShopRepository.java:")))));
    }

    private static String contextOf(String line) {
        return line.replaceAll(".*context (\\d+).*", "$1");
    }

    private static String tableOf(String line) {
        return line.replaceAll(".*table ([^,]+).*", "$1");
    }
}
