package dev.singletable.junit.internal;

import dev.singletable.junit.Reset;
import dev.singletable.junit.SingleTableTest;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.parallel.ResourceLocksProvider;
import org.junit.platform.commons.support.AnnotationSupport;

/**
 * Keeps the tests of a {@code @SingleTableTest} class on one thread when they share its table, through JUnit's
 * own resource locks: the class holds a lock that no other class asks for, so JUnit runs its tests one after
 * another and still runs it beside other classes, whatever the parallel configuration says. Declared on
 * {@code @SingleTableTest} itself, so nobody annotates a class by hand. A class whose tests each get a fork
 * ({@link Reset#FORK}) holds none: its tests may run at the same time.
 */
public final class TableLocks implements ResourceLocksProvider {
    /** The prefix of the resource keys: one key per test class that declares a table. */
    static final String KEY_PREFIX = "dev.singletable.junit.table:";

    @Override
    public Set<Lock> provideForClass(Class<?> testClass) {
        return locksOf(testClass);
    }

    /** A {@code @Nested} class that declares a table of its own; the enclosing class's lock covers the others. */
    @Override
    public Set<Lock> provideForNestedClass(List<Class<?>> enclosingInstanceTypes, Class<?> testClass) {
        return locksOf(testClass);
    }

    private static Set<Lock> locksOf(Class<?> testClass) {
        return AnnotationSupport.findAnnotation(testClass, SingleTableTest.class)
                .filter(declaration -> declaration.reset() != Reset.FORK)
                .map(declaration -> Set.of(new Lock(KEY_PREFIX + testClass.getName())))
                .orElse(Set.of());
    }
}
