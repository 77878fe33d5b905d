package dev.singletable.junit.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.singletable.junit.SingleTableExtension;
import dev.singletable.junit.SingleTableTest;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;
import org.junit.platform.launcher.LauncherDiscoveryListener;
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
