package dev.singletable.junit;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.platform.commons.support.AnnotationSupport;
import org.junit.platform.commons.support.HierarchyTraversalMode;
import org.junit.platform.commons.support.ReflectionSupport;

/**
 * Where a test class declares its table: {@code @SingleTableTest} on the class, or a {@code @RegisterExtension}
 * field holding a {@link SingleTableExtension} (static: one table per class; instance: one per test). Read from
 * the class itself, so every registered extension instance agrees on it, and a class that declares two tables is
 * told so before anything is created.
 */
sealed interface Declaration {
    ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(Declaration.class);

    /** @return the class that owns the declaration: its package anchors relative file names */
    Class<?> anchor();

    /** @return how messages name the declaration */
    String describe();

    /** @return {@code true} for an instance field: a table per test */
    boolean perTest();

    /** @return the specification, read from the annotation or the extension in the field */
    TableSpec spec(ExtensionContext context);

    /** @return whether this extension instance is the one the declaration registered (so it alone acts) */
    boolean registered(SingleTableExtension extension, ExtensionContext context);

    /**
     * The declaration that governs a context: the nearest class, from the context's outwards through enclosing
     * {@code @Nested} classes, that declares a table.
     *
     * @return the declaration and the context of the class that made it
     * @throws ExtensionConfigurationException when a class declares its table more than once, or none does
     */
    static Owner owner(ExtensionContext context) {
        for (ExtensionContext c = context; c.getTestClass().isPresent(); c = c.getParent().orElseThrow()) {
            if (c.getTestMethod().isPresent()) {
                continue;
            }
            List<Declaration> found = declaredIn(c);
            if (found.size() > 1) {
                throw new ExtensionConfigurationException(c.getRequiredTestClass().getName()
                        + " declares its table " + found.size() + " times: "
                        + found.stream().map(Declaration::describe).collect(Collectors.joining(" and "))
                        + "; a test class has one table, so keep one of them");
            }
            if (found.size() == 1) {
                return new Owner(found.get(0), c);
            }
        }
        throw new ExtensionConfigurationException("SingleTableExtension is registered on "
                + context.getRequiredTestClass().getName() + " but nothing declares its table: annotate the class"
                + " with @SingleTableTest(design = \"...\") or register SingleTableExtension.builder().design(\"...\")"
                + ".build() in a @RegisterExtension field");
    }

    /**
     * What a class context's class declares, looked up once and kept in its store: every callback and parameter
     * of every test asks, and a look through the class's fields and annotations is not free in a cold JVM. Keyed
     * by the class, because a store reads through to its parents': a {@code @Nested} class must not take the
     * enclosing class's answer for its own.
     */
    @SuppressWarnings("deprecation") // getOrComputeIfAbsent: see SingleTableExtension.getOrCreate
    private static List<Declaration> declaredIn(ExtensionContext classContext) {
        Class<?> testClass = classContext.getRequiredTestClass();
        return classContext.getStore(NAMESPACE).getOrComputeIfAbsent(testClass, k -> new Found(find(testClass)),
                Found.class).declarations();
    }

    /** The store's record of what a class declares. */
    record Found(List<Declaration> declarations) {
    }

    private static List<Declaration> find(Class<?> testClass) {
        List<Declaration> found = new ArrayList<>();
        AnnotationSupport.findAnnotation(testClass, SingleTableTest.class)
                .ifPresent(annotation -> found.add(new OnClass(testClass, annotation)));
        ReflectionSupport.findFields(testClass, field -> field.isAnnotationPresent(RegisterExtension.class)
                && SingleTableExtension.class.isAssignableFrom(field.getType()), HierarchyTraversalMode.TOP_DOWN)
                .stream().sorted(Comparator.comparing(Field::getName)).forEach(field -> found.add(new InField(field)));
        return found;
    }

    /** A declaration with the context of the class that made it, where a per-class table lives. */
    record Owner(Declaration declaration, ExtensionContext classContext) {
    }

    /** {@code @SingleTableTest} on a class (or inherited from a superclass). */
    record OnClass(Class<?> testClass, SingleTableTest annotation) implements Declaration {
        @Override
        public Class<?> anchor() {
            return testClass;
        }

        @Override
        public String describe() {
            return "@SingleTableTest on " + testClass.getName();
        }

        @Override
        public boolean perTest() {
            return false;
        }

        @Override
        public TableSpec spec(ExtensionContext context) {
            return TableSpec.of(annotation);
        }

        @Override
        public boolean registered(SingleTableExtension extension, ExtensionContext context) {
            return extension.declarative();
        }

        /** Written out: a record's generated equals bootstraps through {@code ObjectMethods} in a cold JVM. */
        @Override
        public boolean equals(Object other) {
            return other instanceof OnClass on && testClass == on.testClass && annotation.equals(on.annotation);
        }

        /** The class's alone: an annotation's hash code is worked out by reflection. */
        @Override
        public int hashCode() {
            return testClass.hashCode();
        }
    }

    /** A {@code @RegisterExtension} field holding a {@link SingleTableExtension}. */
    record InField(Field field) implements Declaration {
        @Override
        public Class<?> anchor() {
            return field.getDeclaringClass();
        }

        @Override
        public String describe() {
            return "@RegisterExtension field " + field.getDeclaringClass().getName() + "." + field.getName();
        }

        @Override
        public boolean perTest() {
            return !Modifier.isStatic(field.getModifiers());
        }

        @Override
        public TableSpec spec(ExtensionContext context) {
            return extension(context).map(SingleTableExtension::spec).orElseThrow(() ->
                    new ExtensionConfigurationException(describe() + " holds no SingleTableExtension"));
        }

        @Override
        public boolean registered(SingleTableExtension extension, ExtensionContext context) {
            return extension(context).filter(e -> e == extension).isPresent();
        }

        private Optional<SingleTableExtension> extension(ExtensionContext context) {
            if (!perTest()) {
                return read(null);
            }
            return context.getTestInstances().flatMap(instances -> instances.findInstance(field.getDeclaringClass()))
                    .flatMap(this::read);
        }

        private Optional<SingleTableExtension> read(Object target) {
            return ReflectionSupport.tryToReadFieldValue(field, target).toOptional()
                    .map(SingleTableExtension.class::cast);
        }

        /** Written out: a record's generated equals bootstraps through {@code ObjectMethods} in a cold JVM. */
        @Override
        public boolean equals(Object other) {
            return other instanceof InField in && field.equals(in.field);
        }

        @Override
        public int hashCode() {
            return field.hashCode();
        }
    }
}
