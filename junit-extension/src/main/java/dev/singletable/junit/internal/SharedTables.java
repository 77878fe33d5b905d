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
import java.util.function.Supplier;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.platform.commons.support.AnnotationSupport;

/**
 * Tables that outlive a test class, leased by one class at a time: creating a table and seeding its fixtures costs
 * far more than returning it to them, and most classes of a suite declare the same design and fixtures.
 *
 * <ul>
 * <li>A class around which a host builds an application context that it caches across classes (Spring's test
 * context) must lease here, as that context keeps using its table. Classes of one declaration — the same design
 * and fixture files seen from the same package — take turns on a pool of tables: a class leases a free one (or a
 * new one, when every table of the pool is leased by a class running in parallel), and returns it in its fixture
 * state when it ends. A table's slot in its pool is part of its {@link SharedTable#identity() identity}, so a
 * cached context is reused exactly when its table is free.
 * <li>Any other class with a table of its own on the embedded engine leases from a pool of its design and
 * fixtures ({@link #lease(Fixtures)}): a free table there holds exactly the fixtures, so the class
 * begins as on a new table. A class that changed more than a reset undoes — items written before its first test,
 * which then belong to its own fixture state, or the table itself (UpdateTable, tags, time to live) — has its
 * table dropped instead of handed on. A class of other design or fixtures first drops the free tables of the
 * others, so that it sees the tables it would see if each class dropped its own at its end.
 * </ul>
 * The tables live as long as the run; on an external endpoint they are deleted at its end.
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
    /** Pools by declaration: a Spring class's by its package and annotation, another's by its design and fixtures. */
    private final Map<Object, List<SharedTable>> pools = new HashMap<>();
    /** The leased tables, each by its lessee: a Spring class, or for other classes the table itself. */
    private final Map<Object, SharedTable> leases = new HashMap<>();

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
    public synchronized SharedTable lease(Class<?> owner) { // whole: Spring and the extension may ask at once
        SharedTable leased = leases.get(owner);
        if (leased != null) {
            return leased;
        }
        SingleTableTest declaration = AnnotationSupport.findAnnotation(owner, SingleTableTest.class)
                .orElseThrow(() -> new IllegalArgumentException(owner.getName() + " carries no @SingleTableTest"));
        String key = owner.getPackageName() + ":" + declaration.design() + List.of(declaration.fixtures());
        String element = "@SingleTableTest on " + owner.getName();
        return lease(owner, key, () -> {
            TableDesign design = run.sources().design(owner, declaration.design(), element);
            return new Declared(design, run.sources().fixtures(owner, design, declaration.fixtures(), element));
        });
    }

    /**
     * A table of the fixtures' design holding exactly the fixtures, for one class: a free table of the pool of the
     * fixtures, else a new one, created and seeded now. {@link Sources} gives the same fixtures object for the same
     * design and fixture texts, so classes that read the same files share a pool; the pool is told by that object
     * (by identity), not by walking the design and items.
     *
     * @param fixtures the fixtures seeded into it, with their design
     * @return the table, until {@link #release(SharedTable, boolean)}
     */
    public SharedTable lease(Fixtures fixtures) {
        return lease(null, fixtures, () -> new Declared(fixtures.design(), fixtures));
    }

    /** A lease by {@code owner} (null: the table is its own lessee) from the pool of {@code key}. */
    private SharedTable lease(Class<?> owner, Object key, Supplier<Declared> declared) {
        dropFreeTablesExcept(key);
        SharedTable table;
        synchronized (this) {
            table = pools.getOrDefault(key, List.of()).stream().filter(t -> !leases.containsValue(t)).findFirst()
                    .orElse(null);
            if (table != null) {
                leases.put(owner != null ? owner : table, table);
            }
        }
        if (table == null) { // seeded outside the lock (a Spring class holds it): other classes do not wait for it
            Declared what = declared.get();
            ProvisionedTable created = run.provision(what.design(), what.fixtures());
            created.markFixtureState();
            synchronized (this) {
                List<SharedTable> pool = pools.computeIfAbsent(key, k -> new ArrayList<>());
                // a Spring class's pool is told by its declaration; another's table by its name, unique in the run
                String declaration = key instanceof String text ? text : created.name();
                table = new SharedTable(run, run.id() + "/" + declaration + "#" + (pool.size() + 1), what.design(),
                        what.fixtures(), created);
                pool.add(table);
                leases.put(owner != null ? owner : table, table);
            }
        }
        table.leased(run.backend().requestLog().mark());
        return table;
    }

    /**
     * Drops the free tables of other classes' designs and fixtures, so that a class sees the tables it would see
     * if every class dropped its table at its end: in {@code ListTables}, and under its logical name, which
     * application code that names the table itself expects. A Spring class's table stays: a cached context may
     * use it again.
     */
    public void dropFreeTables() {
        dropFreeTablesExcept(null);
    }

    private void dropFreeTablesExcept(Object keep) {
        List<SharedTable> free = new ArrayList<>();
        synchronized (this) {
            pools.forEach((key, pool) -> {
                if (!(key instanceof String) && !key.equals(keep)) {
                    pool.stream().filter(t -> !leases.containsValue(t)).forEach(free::add);
                    pool.removeAll(free);
                }
            });
        }
        free.forEach(this::drop);
    }

    private void drop(SharedTable table) {
        try {
            table.table().drop();
        } finally {
            run.releaseName(table.name());
        }
    }

    /** What the tables of a pool are made of. */
    private record Declared(TableDesign design, Fixtures fixtures) {
    }

    /**
     * Returns a class's table to its pool, in the fixture state.
     *
     * @param owner the class that leased it
     */
    public void release(Class<?> owner) {
        SharedTable table;
        synchronized (this) {
            table = leases.get(owner);
        }
        if (table != null) {
            handBack(owner, table, true);
        }
    }

    /**
     * Ends a {@link #lease(Fixtures) lease}: the table returns to its pool in its fixture state, or,
     * when the class changed what a reset does not undo, is dropped and leaves the pool.
     *
     * @param table            the leased table
     * @param fixtureStateKept whether the class left the pool's fixture state in force (marked none of its own)
     */
    public void release(SharedTable table, boolean fixtureStateKept) {
        handBack(table, table, fixtureStateKept && !table.reconfiguredSinceLeased());
    }

    private void handBack(Object lessee, SharedTable table, boolean reusable) {
        try {
            if (reusable) {
                table.table().reset();
            } else {
                drop(table);
            }
        } finally {
            synchronized (this) {
                leases.remove(lessee);
                if (!reusable) {
                    pools.values().forEach(pool -> pool.remove(table));
                }
            }
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
