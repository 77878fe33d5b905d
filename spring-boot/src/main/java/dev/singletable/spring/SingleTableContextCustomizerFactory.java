package dev.singletable.spring;

import dev.singletable.junit.SingleTableExtension;
import dev.singletable.junit.SingleTableTest;
import dev.singletable.junit.internal.Run;
import dev.singletable.junit.internal.SharedTable;
import dev.singletable.junit.internal.SharedTables;
import java.lang.reflect.Field;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.platform.commons.support.AnnotationSupport;
import org.junit.platform.commons.support.HierarchyTraversalMode;
import org.junit.platform.commons.support.ReflectionSupport;
import org.springframework.test.context.ContextConfigurationAttributes;
import org.springframework.test.context.ContextCustomizer;
import org.springframework.test.context.ContextCustomizerFactory;
import org.springframework.test.context.bean.override.BeanOverrideHandler;
import org.springframework.test.context.bean.override.BeanOverrideStrategy;

/**
 * Reads {@code @SingleTableTest} while Spring's test context prepares a class, as {@code @ServiceConnection} and
 * {@code @DynamicPropertySource} are read: the engine (or external endpoint) of the run and the class's table
 * exist before the application context is built, whatever order JUnit's callbacks run in, and the table's
 * identity — run, declaration and slot — is part of the context's cache key. Registered in
 * {@code META-INF/spring.factories}; nothing to configure.
 *
 * <p>Classes of one declaration share a table, and so a cached context, while they run one after another; a class
 * that runs while another holds the table gets a table of its own (and a context of its own), whose physical name
 * goes into {@link SingleTableTest#tableNameProperty()}.
 */
public final class SingleTableContextCustomizerFactory implements ContextCustomizerFactory {

    @Override
    public ContextCustomizer createContextCustomizer(Class<?> testClass,
            List<ContextConfigurationAttributes> configurationAttributes) {
        Optional<Class<?>> owner = SharedTables.ownerOf(testClass);
        if (owner.isEmpty()) {
            refuseProgrammaticDeclaration(testClass);
            return null;
        }
        Run run = Run.current().orElseThrow(() -> new IllegalStateException(testClass.getName() + " carries "
                + "@SingleTableTest but no run of SingleTableExtension is open: run it with JUnit Jupiter"));
        SharedTable table = run.sharedTables().lease(owner.get());
        String property = AnnotationSupport.findAnnotation(owner.get(), SingleTableTest.class)
                .map(SingleTableTest::tableNameProperty).orElse("");
        List<BeanOverrideHandler> replaced = BeanOverrideHandler.forTestClass(testClass).stream()
                .filter(handler -> handler.getStrategy() != BeanOverrideStrategy.WRAP).toList();
        return new SingleTableContextCustomizer(table, property, OverriddenBeans.of(replaced));
    }

    /** A table declared in a field is made in {@code beforeAll}, too late for the context: say what to do. */
    private static void refuseProgrammaticDeclaration(Class<?> testClass) {
        List<Field> fields = ReflectionSupport.findFields(testClass, field -> field.isAnnotationPresent(
                RegisterExtension.class) && SingleTableExtension.class.isAssignableFrom(field.getType()),
                HierarchyTraversalMode.TOP_DOWN);
        if (!fields.isEmpty()) {
            Field field = fields.get(0);
            throw new IllegalStateException("@RegisterExtension field " + field.getDeclaringClass().getName() + "."
                    + field.getName() + " declares the table of a Spring test, whose application context is built"
                    + " before the extension in the field can make it: annotate the class with"
                    + " @SingleTableTest(design = \"...\") instead");
        }
    }
}
