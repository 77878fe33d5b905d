package dev.singletable.junit.internal;

import static org.assertj.core.api.Assertions.assertThat;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClasspathRoots;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectPackage;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectUniqueId;

import dev.singletable.junit.SingleTableExtension;
import dev.singletable.junit.SingleTableTest;
import dev.singletable.junit.internal.warmup.plain.NoTable;
import dev.singletable.junit.internal.warmup.table.TableDeclaring;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.launcher.LauncherDiscoveryListener;
import org.junit.platform.launcher.core.LauncherConfig;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The head start a launcher's discovery gives the first table of a JVM. */
class WarmUpOnDiscoveryTest {
    private static final ClassLoader LOADER = WarmUpOnDiscoveryTest.class.getClassLoader();
    static boolean initialized;

    @Test
    void the_launcher_finds_the_listener_through_service_loader() {
        assertThat(ServiceLoader.load(LauncherDiscoveryListener.class, LOADER).stream()
                .map(ServiceLoader.Provider::type)).contains(WarmUpOnDiscovery.class);
    }

    @Test
    void classes_that_declare_a_table_are_told_from_others_without_running_their_code() {
        assertThat(WarmUpOnDiscovery.declaresTable(Annotated.class.getName(), LOADER)).isTrue();
        assertThat(WarmUpOnDiscovery.declaresTable(Inheriting.class.getName(), LOADER)).isTrue();
        assertThat(WarmUpOnDiscovery.declaresTable(StaticField.class.getName(), LOADER)).isTrue();
        assertThat(WarmUpOnDiscovery.declaresTable(InstanceField.class.getName(), LOADER)).isTrue();
        assertThat(WarmUpOnDiscovery.declaresTable(Plain.class.getName(), LOADER)).isFalse();
        assertThat(WarmUpOnDiscovery.declaresTable("com.example.NoSuchTest", LOADER)).isFalse();

        assertThat(initialized).as("a static initializer of a class looked at").isFalse();
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"[engine:junit-jupiter]/[class:dev.singletable.junit.internal.warmup.table.TableDeclaring]",
            "[engine:junit-jupiter]/[class:dev.singletable.junit.internal.warmup.table.TableDeclaring]/[method:reads()]",
            "[engine:junit-jupiter]/[class:dev.singletable.junit.internal.warmup.table.TableDeclaring]"
                    + "/[nested-class:Inner]/[method:readsToo()]"})
    void a_unique_id_selecting_a_class_with_a_table_rehearses(String id) throws InterruptedException {
        assertThat(discover(Map.of(), selectUniqueId(id))).isEqualTo(1);
    }

    @Test
    void a_package_holding_a_class_with_a_table_rehearses() throws InterruptedException {
        assertThat(discover(Map.of(), selectPackage(TableDeclaring.class.getPackageName()))).isEqualTo(1);
    }

    @Test
    void a_class_path_root_holding_a_class_with_a_table_rehearses() throws Exception {
        assertThat(discover(Map.of(), selectClasspathRoots(Set.of(testClasses())).get(0))).isEqualTo(1);
    }

    @Test
    void selections_without_a_table_do_not_rehearse() throws InterruptedException {
        assertThat(discover(Map.of(), selectPackage(NoTable.class.getPackageName()))).isEqualTo(0);
        assertThat(discover(Map.of(), selectUniqueId("[engine:junit-jupiter]/[class:" + NoTable.class.getName() + "]")))
                .isEqualTo(0);
        assertThat(discover(Map.of(), selectUniqueId("[engine:junit-vintage]/[runner:" + TableDeclaring.class.getName()
                + "]"))).as("another engine's id names no class to look at").isEqualTo(0);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"false", " FALSE "})
    void switched_off_nothing_is_started_for_any_selection(String value) throws InterruptedException {
        assertThat(discover(Map.of(SingleTableTest.WARM_UP_PROPERTY_NAME, value), selectClass(TableDeclaring.class),
                selectPackage(TableDeclaring.class.getPackageName()))).isNull();
    }

    @Test
    void a_value_that_is_not_true_starts_nothing() throws InterruptedException {
        assertThat(discover(Map.of(SingleTableTest.WARM_UP_PROPERTY_NAME, "sometimes"),
                selectClass(TableDeclaring.class))).isNull();
    }

    @Test
    void only_the_first_discovery_of_a_jvm_warms_up() throws InterruptedException {
        AtomicBoolean started = new AtomicBoolean();
        AtomicInteger rehearsals = new AtomicInteger();
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            WarmUpOnDiscovery listener = new WarmUpOnDiscovery(rehearsals::incrementAndGet, started);
            discover(listener, Map.of(), selectClass(TableDeclaring.class));
            if (listener.thread() != null) {
                threads.add(listener.thread());
                listener.thread().join();
            }
        }
        assertThat(rehearsals).hasValue(1);
        assertThat(threads).as("a thread for the later discovery, which would only list its classes again")
                .hasSize(1);
    }

    /**
     * Discovers through a launcher with a listener of its own (the one {@code ServiceLoader} registers left out).
     *
     * @return how many times it rehearsed, once its thread ended; null when it started no thread
     */
    private static Integer discover(Map<String, String> configuration, DiscoverySelector... selectors)
            throws InterruptedException {
        AtomicInteger rehearsals = new AtomicInteger();
        WarmUpOnDiscovery listener = new WarmUpOnDiscovery(rehearsals::incrementAndGet, new AtomicBoolean());
        discover(listener, configuration, selectors);
        if (listener.thread() == null) {
            return null;
        }
        listener.thread().join();
        return rehearsals.get();
    }

    private static void discover(WarmUpOnDiscovery listener, Map<String, String> configuration,
            DiscoverySelector... selectors) {
        LauncherFactory.create(LauncherConfig.builder().enableLauncherDiscoveryListenerAutoRegistration(false)
                .addLauncherDiscoveryListeners(listener).build())
                .discover(LauncherDiscoveryRequestBuilder.request().selectors(selectors)
                        .configurationParameters(configuration).build());
    }

    private static Path testClasses() throws URISyntaxException {
        return Path.of(TableDeclaring.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    }

    @Test
    void the_rehearsal_creates_seeds_and_reads_a_table_of_its_own_design() {
        assertThat(Rehearsal.rehearse()).containsEntry("PK", AttributeValue.fromS("CUSTOMER#1"))
                .containsEntry("name", AttributeValue.fromS("Warm Up"));
    }

    @SingleTableTest(design = "orders.table.yaml")
    static class Annotated {
    }

    static class Inheriting extends Annotated {
    }

    static class StaticField {
        static final SingleTableExtension db = SingleTableExtension.builder().design("orders.table.yaml").build();

        static {
            initialized = true;
        }
    }

    static class InstanceField {
        final SingleTableExtension db = SingleTableExtension.builder().design("orders.table.yaml").build();
    }

    static class Plain {
        static {
            initialized = true;
        }
    }
}
