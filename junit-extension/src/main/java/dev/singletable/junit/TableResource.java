package dev.singletable.junit;

import dev.singletable.core.ProvisionedTable;
import dev.singletable.core.SingleTable;
import dev.singletable.engine.model.RequestLogEntry;
import dev.singletable.fixtures.FixtureException;
import dev.singletable.fixtures.TableDesign;
import dev.singletable.junit.internal.Run;
import dev.singletable.junit.internal.SharedTable;
import dev.singletable.junit.internal.SharedTables;
import java.lang.reflect.Method;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Semaphore;
import java.util.stream.Collectors;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * The table of a declaration: per class in the class's store, or per test in the test's store; the store closes
 * it when its context ends. A class's table on the embedded engine, and any class around which Spring builds an
 * application context (which a cached context may go on using), is a {@link SharedTable} leased from the run's
 * pools: closing returns it to its pool in its fixture state (or drops it, when the class changed what a reset
 * does not undo). Any other table is created for the declaration, and closing drops it and frees its name.
 */
@SuppressWarnings("deprecation") // CloseableResource: JUnit before 5.13 closes only those (Spring Boot 3.5 has 5.12)
final class TableResource implements AutoCloseable, ExtensionContext.Store.CloseableResource {
    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(TableResource.class);
    /** Room for the table's name and a counter in a fork's name, within DynamoDB's 255 characters. */
    private static final int MAX_TEST_IN_NAME = 120;
    private final Run run;
    private final Declaration declaration;
    private final TableSpec spec;
    private final TableDesign design;
    private final dev.singletable.fixtures.Fixtures fixtures;
    private final String name;
    private final ProvisionedTable table;
    /** The leased table, or null for a table of the declaration's own. */
    private final SharedTable shared;
    /** Whether the table is leased for Spring's application context around the class. */
    private final boolean withContext;
    private final boolean systemProperties;
    private final SingleTable classHandle;
    /** With {@link Reset#FORK} on an endpoint that cannot fork: the tests of the class take turns. */
    private final Semaphore turn = new Semaphore(1, true);
    private boolean fixtureStateMarked;
    /** Whether a leased table's fixture state is the class's own (with what was written before the first test). */
    private boolean ownFixtureState;

    private TableResource(Run run, Declaration declaration, TableSpec spec, TableDesign design,
            dev.singletable.fixtures.Fixtures fixtures, ProvisionedTable table, SharedTable shared,
            boolean withContext) {
        this.run = run;
        this.declaration = declaration;
        this.spec = spec;
        this.design = design;
        this.fixtures = fixtures;
        this.name = table.name();
        this.table = table;
        this.shared = shared;
        this.withContext = withContext;
        this.systemProperties = run.wantsSystemProperties(withContext);
        this.classHandle = SingleTable.of(run.backend(), design, name, fixtures);
        if (systemProperties) {
            run.setSystemProperties();
        }
    }

    /**
     * Reads the design and fixtures, leases a table of them (or creates and seeds one: per test, or on an external
     * endpoint), and points system properties at it.
     */
    static TableResource open(Run run, Declaration declaration, TableSpec spec) {
        if (withContext(declaration)) {
            Declaration.OnClass onClass = (Declaration.OnClass) declaration;
            if (spec.reset() == Reset.FORK) {
                throw new ExtensionConfigurationException(declaration.describe() + ": reset = FORK gives each test"
                        + " a table of its own, but Spring builds the application context of the class once, with"
                        + " the class's table, so the application would never see a test's fork; choose"
                        + " reset = PER_TEST (the tests of the class then take turns on its table)");
            }
            SharedTable shared = run.sharedTables().lease(onClass.testClass());
            return new TableResource(run, declaration, spec, shared.design(), shared.fixtures(), shared.table(),
                    shared, true);
        }
        String element = declaration.describe();
        TableDesign design = run.sources().design(declaration.anchor(), spec.design(), element);
        dev.singletable.fixtures.Fixtures fixtures = run.sources().fixtures(declaration.anchor(), design,
                spec.fixtures().toArray(String[]::new), element);
        if (!declaration.perTest() && run.backend().engine().isPresent()) {
            SharedTable leased = run.sharedTables().lease(fixtures);
            return new TableResource(run, declaration, spec, design, fixtures, leased.table(), leased, false);
        }
        run.sharedTables().dropFreeTables();
        return new TableResource(run, declaration, spec, design, fixtures, run.provision(design, fixtures), null,
                false);
    }

    /** @return whether the declaration's table is leased for the application context Spring builds around it */
    static boolean withContext(Declaration declaration) {
        return declaration instanceof Declaration.OnClass onClass && SharedTables.sharedWithSpring(onClass.testClass());
    }

    Run run() {
        return run;
    }

    /** @return the table's physical name */
    String name() {
        return name;
    }

    TableSpec spec() {
        return spec;
    }

    /** @return the handle for class-level callers (constructors, {@code @BeforeAll}): its log runs from creation */
    SingleTable classHandle() {
        return classHandle;
    }

    /**
     * Resets the table (per the spec) or forks it, writes the test's {@code @Fixtures} and returns the test's
     * handle, whose request log starts now. The first test of a class marks the fixture state instead of resetting,
     * so that what {@code @BeforeAll} methods wrote belongs to it.
     */
    SingleTable beforeTest(ExtensionContext context) {
        ProvisionedTable testTable = table;
        if (spec.reset() == Reset.FORK && !declaration.perTest()) {
            testTable = forkFor(context);
        } else if (spec.reset() == Reset.PER_TEST && !declaration.perTest()) {
            requireSequential(context);
            returnToFixtureState(context);
        }
        Method method = context.getRequiredTestMethod();
        // @Fixtures targets methods only, so no annotation carries it: the method's own is all there is to find
        Fixtures extra = method.getAnnotation(Fixtures.class);
        dev.singletable.fixtures.Fixtures testFixtures = extra == null ? fixtures : withExtra(method, extra, testTable);
        return SingleTable.of(run.backend(), design, testTable.name(), testFixtures);
    }

    private synchronized void returnToFixtureState(ExtensionContext context) {
        if (withContext) {
            // The fixture state is the shared table's, so the first test begins from it too.
            if (!fixtureStateMarked) {
                requireNoWritesBeforeTheFirstTest(context);
            }
            table.reset();
        } else if (fixtureStateMarked) {
            table.reset();
        } else if (shared == null || run.backend().engine().orElseThrow().changedSinceCheckpoint(name)) {
            // what set-up code wrote before the first test belongs to the class's fixture state; a leased table
            // that holds more than the pool's fixtures then goes when the class ends
            table.markFixtureState();
            ownFixtureState = shared != null;
        }
        fixtureStateMarked = true;
    }

    /**
     * The test's own fork of the table, named after the table and the test, dropped when the test's context
     * closes. An endpoint that cannot fork gives the table itself, once the test before it has let go of it, back
     * in its fixture state.
     */
    private ProvisionedTable forkFor(ExtensionContext context) {
        String test = context.getRequiredTestMethod().getName().replaceAll("[^A-Za-z0-9_.-]", "_");
        String forkName = run.claimName(name + "." + test.substring(0, Math.min(test.length(), MAX_TEST_IN_NAME)));
        Optional<ProvisionedTable> fork;
        try {
            fork = table.fork(forkName);
        } catch (RuntimeException e) {
            run.releaseName(forkName);
            throw e;
        }
        ExtensionContext.Store store = context.getStore(NAMESPACE);
        if (fork.isPresent()) {
            store.put(Fork.class, new Fork(run, fork.get()));
            return fork.get();
        }
        run.releaseName(forkName);
        turn.acquireUninterruptibly();
        store.put(Turn.class, new Turn(turn));
        returnToFixtureState(context);
        return table;
    }

    private dev.singletable.fixtures.Fixtures withExtra(Method method, Fixtures extra, ProvisionedTable target) {
        String element = "@Fixtures on " + method.getDeclaringClass().getName() + "." + method.getName() + "()";
        dev.singletable.fixtures.Fixtures more = run.sources().fixtures(method.getDeclaringClass(), design,
                extra.value(), element);
        dev.singletable.fixtures.Fixtures all;
        try {
            all = fixtures.plus(more);
        } catch (FixtureException e) {
            throw new ExtensionConfigurationException(element + ": fixtures do not match design '"
                    + design.tableName() + "': " + e.getMessage(), e);
        }
        target.write(more.itemMaps());
        return all;
    }

    /**
     * A shared table returns to the state its fixtures (and the application's start) gave it before every test, so
     * what {@code @BeforeAll} methods wrote would be undone silently: say so instead.
     */
    private void requireNoWritesBeforeTheFirstTest(ExtensionContext context) {
        List<RequestLogEntry> writes = shared.writesSinceLeased();
        if (!writes.isEmpty()) {
            throw new ExtensionConfigurationException(declaration.describe() + ": " + writes.size()
                    + (writes.size() == 1 ? " write" : " writes") + " (" + writes.stream()
                            .map(RequestLogEntry::operationName).distinct().collect(Collectors.joining(", "))
                    + ") reached table '" + name + "' before the first test; the table is shared with a cached"
                    + " application context and returns to its fixture state before every test, so they would be"
                    + " lost. Write them in a @BeforeEach method, or add the items with @Fixtures or to the"
                    + " fixture files");
        }
    }

    /**
     * Resetting before each test is meaningless while the tests of the class run at the same time. The annotation
     * keeps them on one thread by a resource lock ({@link dev.singletable.junit.internal.TableLocks}); a field's
     * extension cannot declare one, so its class is checked here.
     */
    private void requireSequential(ExtensionContext context) {
        if (declaration instanceof Declaration.OnClass) {
            return;
        }
        boolean parallel = context.getConfigurationParameter("junit.jupiter.execution.parallel.enabled")
                .map(Boolean::parseBoolean).orElse(false);
        if (parallel && context.getExecutionMode() == ExecutionMode.CONCURRENT) {
            throw new ExtensionConfigurationException(declaration.describe() + ": reset = PER_TEST resets the"
                    + " table before each test, so the tests of a class must run one at a time, but "
                    + context.getRequiredTestMethod().getName() + "() runs concurrently; annotate the class with"
                    + " @Execution(ExecutionMode.SAME_THREAD), declare the table with @SingleTableTest (which keeps"
                    + " the tests of a class on one thread) or choose reset = FORK (a fork of the table per test, so"
                    + " that tests may run at the same time)");
        }
    }

    @Override
    public void close() {
        try {
            if (withContext) {
                run.sharedTables().release(((Declaration.OnClass) declaration).testClass());
            } else if (shared != null) {
                run.sharedTables().release(shared, !ownFixtureState);
            } else {
                table.drop();
                run.releaseName(name);
            }
        } finally {
            if (systemProperties) {
                run.restoreSystemProperties();
            }
        }
    }

    /** A test's fork: dropped, its name freed and its fault rules removed when the test's context closes. */
    private record Fork(Run run, ProvisionedTable table) implements AutoCloseable,
            ExtensionContext.Store.CloseableResource {
        @Override
        public void close() {
            try {
                table.drop();
            } finally {
                run.releaseName(table.name());
                run.backend().engine().ifPresent(engine -> engine.faults().clear(table.name()));
            }
        }
    }

    /** A test's turn on the table, given back when the test's context closes. */
    private record Turn(Semaphore turn) implements AutoCloseable, ExtensionContext.Store.CloseableResource {
        @Override
        public void close() {
            turn.release();
        }
    }
}
