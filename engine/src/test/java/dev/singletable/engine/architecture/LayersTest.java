package dev.singletable.engine.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.Architectures.LayeredArchitecture;
import org.junit.jupiter.api.Test;

/**
 * The engine's packages form layers, bottom to top: the public model; errors, values, storage, expressions and
 * the request recorder; the kernel (state, lock, durability hook, TTL, capacity); the operations, each on its own
 * over a shared base; the durable journal; the wire protocol; the transports; and the public API, which wires
 * them together (the registry of operations lives there). A layer uses only layers below it.
 */
class LayersTest {
    private static final String ENGINE = "dev.singletable.engine";

    private static final JavaClasses ENGINE_CLASSES = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages(ENGINE);

    /** The layers of an engine whose packages sit under {@code root}. */
    static LayeredArchitecture layers(String root) {
        String internal = root + ".internal";
        return layeredArchitecture().consideringOnlyDependenciesInLayers()
                .layer("Api").definedBy(root)
                .layer("Transports").definedBy(internal + ".transport..")
                .layer("Protocol").definedBy(internal + ".protocol..")
                .layer("Durability").definedBy(internal + ".durability..")
                .layer("Items").definedBy(internal + ".ops.items..")
                .layer("Reads").definedBy(internal + ".ops.reads..")
                .layer("Control").definedBy(internal + ".ops.control..")
                .layer("PartiQL").definedBy(internal + ".partiql..")
                .layer("Streams").definedBy(internal + ".streams..")
                .layer("Operations").definedBy(internal + ".ops")
                .layer("Kernel").definedBy(internal + ".kernel..")
                .layer("Recorder").definedBy(internal + ".log..")
                .layer("Expressions").definedBy(internal + ".expr..")
                .layer("Storage").definedBy(internal + ".storage..")
                .layer("Values").definedBy(internal + ".value..")
                .layer("Errors").definedBy(internal)
                .layer("Model").definedBy(root + ".model..")
                .whereLayer("Api").mayNotBeAccessedByAnyLayer()
                .whereLayer("Transports").mayOnlyBeAccessedByLayers("Api")
                .whereLayer("Protocol").mayOnlyBeAccessedByLayers("Transports", "Api")
                .whereLayer("Durability").mayOnlyBeAccessedByLayers("Api")
                .whereLayer("Items").mayOnlyBeAccessedByLayers("Api")
                .whereLayer("Reads").mayOnlyBeAccessedByLayers("Api")
                .whereLayer("Control").mayOnlyBeAccessedByLayers("Api")
                .whereLayer("PartiQL").mayOnlyBeAccessedByLayers("Api")
                .whereLayer("Streams").mayOnlyBeAccessedByLayers("Api")
                .whereLayer("Operations").mayOnlyBeAccessedByLayers("Items", "Reads", "Control", "PartiQL", "Streams",
                        "Protocol", "Api")
                .whereLayer("Kernel").mayOnlyBeAccessedByLayers("Operations", "Items", "Reads", "Control", "PartiQL",
                        "Streams", "Durability", "Protocol", "Api")
                .whereLayer("Recorder").mayOnlyBeAccessedByLayers("Operations", "Protocol", "Api")
                .whereLayer("Expressions").mayOnlyBeAccessedByLayers("Items", "Reads", "PartiQL", "Api")
                .whereLayer("Storage").mayOnlyBeAccessedByLayers("Kernel", "Operations", "Items", "Reads", "Control",
                        "PartiQL", "Streams", "Durability", "Api")
                .whereLayer("Values").mayOnlyBeAccessedByLayers("Storage", "Expressions", "Kernel", "Operations",
                        "Items", "Reads", "Control", "PartiQL", "Streams", "Durability", "Protocol", "Api")
                .whereLayer("Errors").mayOnlyBeAccessedByLayers("Values", "Storage", "Expressions", "Kernel",
                        "Operations", "Items", "Reads", "Control", "PartiQL", "Streams", "Durability", "Protocol",
                        "Transports", "Api");
    }

    @Test
    void every_layer_uses_only_the_layers_below_it() {
        layers(ENGINE).check(ENGINE_CLASSES);
    }

    @Test
    void no_package_of_the_engine_is_in_a_cycle() {
        slices().matching(ENGINE + ".(**)").should().beFreeOfCycles().check(ENGINE_CLASSES);
        slices().matching(ENGINE + ".internal.(**)").should().beFreeOfCycles().check(ENGINE_CLASSES);
    }

    @Test
    void the_public_model_depends_on_nothing_else_of_the_engine() {
        noClasses().that().resideInAPackage(ENGINE + ".model..")
                .should().dependOnClassesThat().resideOutsideOfPackages(ENGINE + ".model..", "java..",
                        "software.amazon.awssdk..")
                .check(ENGINE_CLASSES);
    }

    /** The rules are not empty words: a kernel class that reaches up into the protocol breaks them. */
    @Test
    void a_layer_crossed_the_wrong_way_fails_the_rules() {
        String root = ENGINE + ".architecture.wrongway";
        JavaClasses crossing = new ClassFileImporter().importPackages(root);

        assertThatThrownBy(() -> layers(root).withOptionalLayers(true).check(crossing)).isInstanceOf(AssertionError.class)
                .hasMessageContaining("where layer 'Protocol' may only be accessed by layers ['Transports', 'Api']")
                .hasMessageContaining("Method <" + root + ".internal.kernel.Kernel.describe()> calls constructor <"
                        + root + ".internal.protocol.Wire.<init>()>");
        assertThatThrownBy(() -> slices().matching(root + ".(**)").should().beFreeOfCycles().check(crossing))
                .isInstanceOf(AssertionError.class).hasMessageContaining("Cycle detected");
    }
}
