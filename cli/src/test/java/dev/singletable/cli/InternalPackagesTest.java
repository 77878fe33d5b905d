package dev.singletable.cli;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ClassFileImporter;
import org.junit.jupiter.api.Test;

/** The command uses the other modules through their public API only: their internal packages may change at will. */
class InternalPackagesTest {

    @Test
    void no_class_of_the_command_uses_an_internal_package() {
        noClasses().that().resideInAPackage("dev.singletable.cli..")
                .should().dependOnClassesThat().resideInAPackage("dev.singletable..internal..")
                .check(new ClassFileImporter().importPackages("dev.singletable.cli"));
    }
}
