package dev.singletable.junit.internal;

import dev.singletable.core.ProvisionedTable;
import dev.singletable.fixtures.Fixtures;
import dev.singletable.fixtures.TableDesign;
import dev.singletable.junit.SingleTableTest;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.platform.commons.support.AnnotationSupport;

/**
 * Tables that outlive a test class, because an application context that a host caches across classes (Spring's
 * test context) keeps using them. Classes of one declaration — the same design and fixture files seen from the
 * same package — take turns on a pool of tables: a class leases a free one (or a new one, when every table of the
 * pool is leased by a class running in parallel), and returns it in its fixture state when it ends. A table's slot
 * in its pool is part of its {@link SharedTable#identity() identity}, so a cached context is reused exactly when
 * its table is free. The tables live as long as the run; on an external endpoint they are deleted at its end.
 *
 * <p>The JUnit extension and {@code singletable-spring-boot} both lease here, whichever comes first for a class:
 * Spring may build the context before or after the extension's {@code beforeAll}.
 */
public final class SharedTables {
    /** Spring's JUnit Jupiter extension, named as text: this module does not depend on Spring. */
    private static final String SPRING_EXTENSION = "org.springframework.test.context.junit.jupiter.SpringExtension";
    /** The Spring Boot support of singletable, present when the application's tests have it. */
    private static final String SPRING_SUPPORT = "dev.singletable.spring.SingleTableContextCustomizerFactory";

    private final Run run;
    private final Map<String, List<SharedTable>> pools = new HashMap<>();
    private final Map<Class<?>, SharedTable> leases = new HashMap<>();

    SharedTables(Run run) {
        this.run = run;
    }

    /**
     * @param testClass a test class, perhaps {@code @Nested}
     * @return the class whose {@code @SingleTableTest} governs it: itself or the nearest enclosing class that
     *         carries the annotation (directly, inherited or as a meta-annotation), as the extension reads it
     */
    public static Optional<Class<?>> ownerOf(Class<?> testClass) {
        for (Class<?> c = testClass; c != null; c = c.isMemberClass() ? c.getEnclosingClass() : null) {
            if (AnnotationSupport.isAnnotated(c, SingleTableTest.class)) {
                return Optional.of(c);
            }
        }
        return Optional.empty();
    }

    /**
     * @param owner a class that declares its table with {@code @SingleTableTest}
     * @return whether an application context will be built around it that {@code singletable-spring-boot}
     *         customizes, so that its table must be leased here
     */
    public static boolean sharedWithSpring(Class<?> owner) {
        boolean spring = AnnotationSupport.findRepeatableAnnotations(owner, ExtendWith.class).stream()
                .flatMap(extendWith -> List.of(extendWith.value()).stream())
                .anyMatch(extension -> extension.getName().equals(SPRING_EXTENSION));
        if (!spring) {
            return false;
        }
        try {
            Class.forName(SPRING_SUPPORT, false, owner.getClassLoader());
            return true;
        } catch (ClassNotFoundException absent) {
            return false;
        }
    }

    /**
     * The table of a class: the one it already leased, else a free table of its declaration's pool, else a new
     * one, created and seeded now.
     *
     * @param owner the class that declares the table
     * @return the class's table
     */
    public synchronized SharedTable lease(Class<?> owner) {
        SharedTable leased = leases.get(owner);
        if (leased != null) {
            return leased;
        }
        SingleTableTest declaration = AnnotationSupport.findAnnotation(owner, SingleTableTest.class)
                .orElseThrow(() -> new IllegalArgumentException(owner.getName() + " carries no @SingleTableTest"));
        String key = owner.getPackageName() + ":" + declaration.design() + List.of(declaration.fixtures());
        List<SharedTable> pool = pools.computeIfAbsent(key, k -> new ArrayList<>());
        SharedTable table = pool.stream().filter(t -> !leases.containsValue(t)).findFirst()
                .orElseGet(() -> {
                    SharedTable created = create(owner, declaration, key + "#" + (pool.size() + 1));
                    pool.add(created);
                    return created;
                });
        leases.put(owner, table);
        table.leased(run.backend().requestLog().mark());
        return table;
    }

    private SharedTable create(Class<?> owner, SingleTableTest declaration, String slot) {
        String element = "@SingleTableTest on " + owner.getName();
        TableDesign design = run.sources().design(owner, declaration.design(), element);
        Fixtures fixtures = run.sources().fixtures(owner, design, declaration.fixtures(), element);
        ProvisionedTable table = run.provision(design, fixtures);
        table.markFixtureState();
        return new SharedTable(run, run.id() + "/" + slot, design, fixtures, table);
    }

    /**
     * Returns a class's table to its pool, in the fixture state.
     *
     * @param owner the class that leased it
     */
    public synchronized void release(Class<?> owner) {
        SharedTable table = leases.remove(owner);
        if (table != null) {
            table.table().reset();
        }
    }

    /** Drops every table of the pools (on the engine they go with it anyway). */
    synchronized void close() {
        if (run.backend().engine().isEmpty()) {
            pools.values().forEach(pool -> pool.forEach(t -> t.table().drop()));
        }
        pools.values().forEach(pool -> pool.forEach(t -> run.releaseName(t.name())));
        pools.clear();
        leases.clear();
    }
}
