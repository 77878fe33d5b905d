package dev.singletable.assertions;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Each module's internal packages are used by that module alone: the engine's, the formats', the extension's and
 * the assertions' (all on this module's class path), so that they may change without breaking another module.
 */
class InternalPackagesTest {

    @Test
    void each_internal_package_is_used_by_its_own_module_only() {
        JavaClasses classes = new ClassFileImporter().importPackages("dev.singletable");
        for (String module : List.of("engine", "fixtures", "junit", "assertions")) {
            String root = "dev.singletable." + module;
            classes().that().resideInAPackage(root + ".internal..")
                    .should().onlyHaveDependentClassesThat().resideInAPackage(root + "..")
                    .check(classes);
        }
    }
}
