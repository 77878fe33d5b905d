package dev.singletable.junit;

import dev.singletable.core.ProvisionedTable;
import dev.singletable.core.SingleTable;
import dev.singletable.fixtures.FixtureException;
import dev.singletable.fixtures.TableDesign;
import dev.singletable.junit.internal.Run;
import dev.singletable.junit.internal.Sources;
import java.lang.reflect.Method;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.platform.commons.support.AnnotationSupport;

/**
 * A table created for a declaration: per class in the class's store, or per test in the test's store. The store
 * closes it when its context ends, which drops the table and frees its name.
 */
final class TableResource implements AutoCloseable {
    private final Run run;
    private final Declaration declaration;
    private final TableSpec spec;
    private final TableDesign design;
    private final dev.singletable.fixtures.Fixtures fixtures;
    private final String name;
    private final ProvisionedTable table;
    private final SingleTable classHandle;
    private boolean fixtureStateMarked;

    private TableResource(Run run, Declaration declaration, TableSpec spec, TableDesign design,
            dev.singletable.fixtures.Fixtures fixtures, String name, ProvisionedTable table) {
        this.run = run;
        this.declaration = declaration;
        this.spec = spec;
        this.design = design;
        this.fixtures = fixtures;
        this.name = name;
        this.table = table;
        this.classHandle = SingleTable.of(run.backend().client(), run.backend().requestLog(), design, name, fixtures);
    }

    /** Reads the design and fixtures, creates and seeds the table, and points system properties at it. */
    static TableResource open(Run run, Declaration declaration, TableSpec spec) {
        String element = declaration.describe();
        TableDesign design = Sources.design(declaration.anchor(), spec.design(), element);
        dev.singletable.fixtures.Fixtures fixtures = Sources.fixtures(declaration.anchor(), design,
                spec.fixtures().toArray(String[]::new), element);
        String name = run.claimName(design.tableName());
        ProvisionedTable table;
        try {
            table = run.backend().provision(design, name, fixtures.itemMaps());
        } catch (RuntimeException e) {
            run.releaseName(name);
            throw e;
        }
        run.setSystemProperties();
        return new TableResource(run, declaration, spec, design, fixtures, name, table);
    }

    Run run() {
        return run;
    }

    TableSpec spec() {
        return spec;
    }

    /** @return the handle for class-level callers (constructors, {@code @BeforeAll}): its log runs from creation */
    SingleTable classHandle() {
        return classHandle;
    }

    /**
     * Resets the table (per the spec), writes the test's {@code @Fixtures} and returns the test's handle, whose
     * request log starts now. The first test of a class marks the fixture state instead of resetting, so that
     * what {@code @BeforeAll} methods wrote belongs to it.
     */
    SingleTable beforeTest(ExtensionContext context) {
        if (spec.reset() == Reset.PER_TEST && !declaration.perTest()) {
            requireSequential(context);
            synchronized (this) {
                if (fixtureStateMarked) {
                    table.reset();
                } else {
                    table.markFixtureState();
                    fixtureStateMarked = true;
                }
            }
        }
        Method method = context.getRequiredTestMethod();
        dev.singletable.fixtures.Fixtures testFixtures = AnnotationSupport.findAnnotation(method, Fixtures.class)
                .map(extra -> withExtra(method, extra)).orElse(fixtures);
        return SingleTable.of(run.backend().client(), run.backend().requestLog(), design, name, testFixtures);
    }

    private dev.singletable.fixtures.Fixtures withExtra(Method method, Fixtures extra) {
        String element = "@Fixtures on " + method.getDeclaringClass().getName() + "." + method.getName() + "()";
        dev.singletable.fixtures.Fixtures more = Sources.fixtures(method.getDeclaringClass(), design, extra.value(),
                element);
        dev.singletable.fixtures.Fixtures all;
        try {
            all = fixtures.plus(more);
        } catch (FixtureException e) {
            throw new ExtensionConfigurationException(element + ": fixtures do not match design '"
                    + design.tableName() + "': " + e.getMessage(), e);
        }
        table.write(more.itemMaps());
        return all;
    }

    /** Resetting before each test is meaningless while the tests of the class run at the same time. */
    private void requireSequential(ExtensionContext context) {
        boolean parallel = context.getConfigurationParameter("junit.jupiter.execution.parallel.enabled")
                .map(Boolean::parseBoolean).orElse(false);
        if (parallel && context.getExecutionMode() == ExecutionMode.CONCURRENT) {
            throw new ExtensionConfigurationException(declaration.describe() + ": reset = PER_TEST resets the"
                    + " table before each test, so the tests of a class must run one at a time, but "
                    + context.getRequiredTestMethod().getName() + "() runs concurrently; annotate the class with"
                    + " @Execution(ExecutionMode.SAME_THREAD) or choose reset = PER_CLASS");
        }
    }

    @Override
    public void close() {
        try {
            table.drop();
        } finally {
            run.releaseName(name);
            run.restoreSystemProperties();
        }
    }
}
