package dev.singletable.junit;

import dev.singletable.core.Backend;
import dev.singletable.core.SingleTable;
import dev.singletable.engine.DynamoDbEngine;
import dev.singletable.engine.EngineClock;
import dev.singletable.engine.FaultInjector;
import dev.singletable.engine.RequestLog;
import dev.singletable.engine.model.RequestLogEntry;
import dev.singletable.junit.internal.CoverageReport;
import dev.singletable.junit.internal.Enhanced;
import dev.singletable.junit.internal.Run;
import dev.singletable.junit.internal.ScanReport;
import dev.singletable.junit.internal.Settings;
import dev.singletable.junit.internal.Sources;
import dev.singletable.junit.internal.Writes;
import java.lang.annotation.Annotation;
import java.lang.reflect.Executable;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Parameter;
import java.net.URI;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.junit.jupiter.api.extension.AfterTestExecutionCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext.Namespace;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.platform.commons.support.AnnotationSupport;
import org.junit.platform.commons.support.HierarchyTraversalMode;
import org.opentest4j.AssertionFailedError;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The extension behind {@link SingleTableTest @SingleTableTest}, also usable on its own:
 *
 * <pre>{@code
 * class OrdersTest {
 *     @RegisterExtension
 *     static SingleTableExtension db = SingleTableExtension.builder()
 *             .design("orders.table.yaml")
 *             .fixtures("customers.yaml", "orders.yaml")
 *             .build();
 *
 *     @Test
 *     void something(SingleTable table) { ... }
 * }
 * }</pre>
 *
 * A static field gives the class one table, reset between tests like the annotation's; an instance field gives
 * every test a table of its own. A class declares its table once: the annotation and a field, or two fields, fail
 * the class with an {@code ExtensionConfigurationException}.
 *
 * <p>Lifecycle: one engine for the whole run (in the root store, closed at its end); per declaring class a table
 * with a physical name no other live table has (the logical name while it is free), holding exactly its fixtures
 * before all tests (on the embedded engine leased from the tables of the same design and fixtures that earlier
 * classes handed back, else created and seeded); before each test a reset to the fixture state through the engine's undo log (or, with
 * {@link Reset#FORK}, a fork of the table for the test, dropped after it), then the test's
 * {@link Fixtures @Fixtures}; after each test its reads counted for coverage (see
 * {@link SingleTableTest#COVERAGE_PROPERTY_NAME}) and the {@link ScanGuard Scan guard}; after the class, the table
 * handed back in its fixture state (or dropped); at the end of the run the coverage summary and files.
 * All state lives in the {@code ExtensionContext.Store}; the extension itself holds only its configuration.
 */
public final class SingleTableExtension implements ExecutionCondition, BeforeAllCallback, BeforeEachCallback,
        AfterTestExecutionCallback, ParameterResolver {
    private static final Namespace NAMESPACE = Namespace.create(SingleTableExtension.class);
    /** What only the embedded engine has: fault injection, its clock, its change records. */
    private static final List<Class<?>> ENGINE_PARTS = List.of(DynamoDbEngine.class, FaultInjector.class,
            EngineClock.class);
    private static final List<Class<?>> INJECTABLE = List.of(SingleTable.class, DynamoDbClient.class,
            DynamoDbAsyncClient.class, RequestLog.class, URI.class, DynamoDbEngine.class, FaultInjector.class,
            EngineClock.class);
    private static final String INJECTED = "SingleTable, DynamoDbClient, DynamoDbAsyncClient,"
            + " DynamoDbEnhancedClient, RequestLog, URI, DynamoDbEngine, FaultInjector and EngineClock";
    private static final Set<String> INJECTION_ANNOTATIONS = Set.of(
            "org.springframework.beans.factory.annotation.Autowired",
            "org.springframework.beans.factory.annotation.Value");
    private static final System.Logger LOGGER = System.getLogger(SingleTableExtension.class.getName());

    /** Null when JUnit made this instance for {@code @SingleTableTest}, which then says what to create. */
    private final TableSpec spec;

    /** The instance {@code @SingleTableTest} registers; it reads its configuration from the annotation. */
    public SingleTableExtension() {
        this(null);
    }

    private SingleTableExtension(TableSpec spec) {
        this.spec = spec;
    }

    /** @return a builder for a {@code @RegisterExtension} field */
    public static Builder builder() {
        return new Builder();
    }

    TableSpec spec() {
        return spec;
    }

    boolean declarative() {
        return spec == null;
    }

    /**
     * Decides nothing: it starts the run's backend, the earliest a class's extensions are asked anything, because
     * Spring may build a test class's application context before any {@code beforeAll} callback, and the context
     * needs the engine ({@code singletable-spring-boot}); and it has the class's design and fixtures read
     * meanwhile, and the engine's HTTP endpoint started when the class will point the SDK's system properties at
     * it, each on a thread of its own.
     */
    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        if (context.getTestClass().isPresent() && context.getTestMethod().isEmpty()) {
            Declaration declaration = prefetchSources(context);
            try {
                Run run = run(context);
                if (declaration != null) {
                    run.startEndpointFor(TableResource.withContext(declaration));
                }
            } catch (ExtensionConfigurationException misconfigured) {
                // beforeAll meets the same and fails the class with it, as a misconfiguration and not a condition
            }
        }
        return ConditionEvaluationResult.enabled("a @SingleTableTest class runs");
    }

    /** @return the class's declaration, or null when it is misconfigured (beforeAll fails the class with that) */
    private static Declaration prefetchSources(ExtensionContext context) {
        try {
            Declaration declaration = Declaration.owner(context).declaration();
            if (!declaration.perTest()) {
                TableSpec spec = declaration.spec(context);
                sources(context).prefetch(declaration.anchor(), spec.design(), spec.fixtures());
            }
            return declaration;
        } catch (ExtensionConfigurationException misconfigured) {
            return null;
        }
    }

    /** Creates and seeds the class's table, unless its tables are per test, and fills static fields. */
    @Override
    public void beforeAll(ExtensionContext context) {
        Declaration.Owner owner = Declaration.owner(context);
        if (!owner.declaration().registered(this, context) || owner.declaration().perTest()) {
            return;
        }
        TableResource table = classTable(owner, context);
        injectFields(context, context.getRequiredTestClass(), null, table, table.classHandle());
    }

    /** Resets the table (or creates the test's own), writes the test's fixtures, fills fields. */
    @Override
    public void beforeEach(ExtensionContext context) {
        Declaration.Owner owner = Declaration.owner(context);
        if (!owner.declaration().registered(this, context)) {
            return;
        }
        TableResource table = owner.declaration().perTest()
                ? getOrCreate(context, new TableKey(owner.declaration()),
                        () -> TableResource.open(run(context), owner.declaration(), owner.declaration().spec(context)),
                        TableResource.class)
                : classTable(owner, context);
        RequestLog.Mark started = table.run().backend().requestLog().mark();
        SingleTable handle = table.beforeTest(context);
        if (table.spec().reset() != Reset.FORK) {
            // a fault rule is one test's business; with classes in parallel, scope rules with onTable(table.name())
            // (a fork's rules end with it: clearing them all here would take those of the tests beside it)
            run(context).backend().engine().ifPresent(engine -> engine.faults().clear());
        }
        context.getStore(NAMESPACE).put(TestState.class, new TestState(table, handle, started));
        for (Object instance : context.getRequiredTestInstances().getAllInstances()) {
            injectFields(context, instance.getClass(), instance, table, handle);
        }
        injectFields(context, context.getRequiredTestClass(), null, table, handle);
    }

    /**
     * Counts the test's reads for coverage, then the Scan guard: runs before {@code @AfterEach} methods, so their
     * cleanup reads and Scans do not count.
     */
    @Override
    public void afterTestExecution(ExtensionContext context) {
        TestState state = context.getStore(NAMESPACE).get(TestState.class, TestState.class);
        if (state == null) {
            return;
        }
        String test = context.getRequiredTestClass().getSimpleName() + "." + context.getRequiredTestMethod().getName()
                + "()";
        getOrCreate(context.getRoot(), CoverageReport.class, () -> CoverageReport.start(context),
                CoverageReport.class).record(state.table().spec().design(), state.handle(), test);
        if (!state.handle().name().equals(state.table().name())) {
            requireTheClassTableUntouched(test, state);
        }
        ScanGuard guard = state.table().spec().scans() == ScanGuard.CONFIGURED ? configuredScans(context)
                : state.table().spec().scans();
        if (guard == ScanGuard.ALLOW) {
            return;
        }
        List<RequestLogEntry> scans = state.handle().requestLog().entries(RequestLogEntry::isScan);
        if (scans.isEmpty() || scansAllowed(context)) { // the annotations are looked up only for a test that scanned
            return;
        }
        String message = ScanReport.message(test, state.handle().name(), state.handle().design().tableName(), scans);
        if (guard == ScanGuard.FAIL) {
            throw new AssertionFailedError(message);
        }
        context.publishReportEntry(SingleTableTest.SCANS_PROPERTY_NAME, message);
        LOGGER.log(System.Logger.Level.WARNING, message);
    }

    /** The run's {@link SingleTableTest#SCANS_PROPERTY_NAME}, read once (a value that does not parse, every time). */
    private static ScanGuard configuredScans(ExtensionContext context) {
        return getOrCreate(context.getRoot(), ScanGuard.class, () -> Settings.scans(context), ScanGuard.class);
    }

    /**
     * A test on a fork that wrote to the class's table itself (through a name kept from {@code @BeforeAll}) changed
     * the state every later fork starts from: fail it, saying where its writes went.
     */
    private static void requireTheClassTableUntouched(String test, TestState state) {
        String classTable = state.table().name();
        List<RequestLogEntry> writes = state.table().run().backend().requestLog().since(state.started()).stream()
                .filter(entry -> Writes.ofItemsIn(entry, classTable)).toList();
        if (!writes.isEmpty()) {
            throw new AssertionFailedError(writes.size() + (writes.size() == 1 ? " write" : " writes") + " ("
                    + writes.stream().map(RequestLogEntry::operationName).distinct().collect(Collectors.joining(", "))
                    + ") reached table '" + classTable + "', the class's table, during " + test
                    + "; with reset = FORK this test has a fork of its own, '" + state.handle().name()
                    + "', and every later fork starts from the class's table: take the table's name from the"
                    + " SingleTable the test is given (a parameter, a @SingleTableResource field or @BeforeEach),"
                    + " not from @BeforeAll or a constructor");
        }
    }

    private static boolean scansAllowed(ExtensionContext context) {
        if (AnnotationSupport.isAnnotated(context.getRequiredTestMethod(), AllowScan.class)) {
            return true;
        }
        for (Class<?> c = context.getRequiredTestClass(); c != null; c = c.getEnclosingClass()) {
            if (AnnotationSupport.isAnnotated(c, AllowScan.class)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Only parameters of exactly the types listed on {@link SingleTableTest}, and none that another framework
     * claims by an annotation ({@code @Autowired}, {@code @Value}, a qualifier): other resolvers keep theirs.
     */
    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return injectable(parameter.getParameter().getType()) && !claimedByAnother(parameter.getParameter())
                && Declaration.owner(context).declaration().registered(this, context);
    }

    /** Spring resolves a parameter with {@code @Autowired}, {@code @Value} or a qualifier; named as text. */
    private static boolean claimedByAnother(Parameter parameter) {
        for (Annotation annotation : parameter.getAnnotations()) {
            Class<? extends Annotation> type = annotation.annotationType();
            if (INJECTION_ANNOTATIONS.contains(type.getName()) || type.getSimpleName().equals("Qualifier")
                    || Arrays.stream(type.getAnnotations()).anyMatch(meta -> meta.annotationType().getSimpleName()
                            .equals("Qualifier"))) {
                return true;
            }
        }
        return false;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        Class<?> type = parameter.getParameter().getType();
        if (ENGINE_PARTS.contains(type) && run(context).backend().engine().isEmpty()) {
            throw new ParameterResolutionException(describe(parameter) + ": a " + type.getSimpleName() + " exists "
                    + "only when the tests run on the embedded engine, and " + SingleTableTest.ENDPOINT_PROPERTY_NAME
                    + " names an external one");
        }
        TestState test = context.getStore(NAMESPACE).get(TestState.class, TestState.class);
        if (test != null) {
            return value(type, test.table(), test.handle());
        }
        // Class-level callers: only a per-class declaration registers an instance that JUnit asks here.
        Declaration.Owner owner = Declaration.owner(context);
        TableResource table = classTable(owner, context);
        return value(type, table, table.classHandle());
    }

    private static String describe(ParameterContext parameter) {
        Parameter p = parameter.getParameter();
        Executable executable = parameter.getDeclaringExecutable();
        String name = executable instanceof Method ? executable.getDeclaringClass().getSimpleName() + "."
                + executable.getName() : executable.getDeclaringClass().getSimpleName();
        return "parameter " + (p.isNamePresent() ? "'" + p.getName() + "'" : "#" + (parameter.getIndex() + 1))
                + " of " + name + Arrays.stream(executable.getParameterTypes()).map(Class::getSimpleName)
                        .collect(Collectors.joining(", ", "(", ")"));
    }

    private static boolean injectable(Class<?> type) {
        return INJECTABLE.contains(type) || type.getName().equals(Enhanced.CLIENT_CLASS);
    }

    private static Object value(Class<?> type, TableResource table, SingleTable handle) {
        Backend backend = table.run().backend();
        if (type == SingleTable.class) {
            return handle;
        } else if (type == DynamoDbClient.class) {
            return handle.client();
        } else if (type == DynamoDbAsyncClient.class) {
            return backend.asyncClient();
        } else if (type == RequestLog.class) {
            return handle.requestLog();
        } else if (type == URI.class) {
            return backend.endpoint();
        } else if (ENGINE_PARTS.contains(type)) {
            DynamoDbEngine engine = backend.engine().orElseThrow();
            return type == DynamoDbEngine.class ? engine : type == FaultInjector.class ? engine.faults() : engine.clock();
        }
        return Enhanced.client(handle.client());
    }

    /**
     * Assigns the fields annotated with {@link SingleTableResource}: static ones when {@code instance} is null.
     *
     * @throws ExtensionConfigurationException for an annotated field that is final or of a type not injected
     */
    private static void injectFields(ExtensionContext context, Class<?> testClass, Object instance,
            TableResource table, SingleTable handle) {
        for (Field field : resourceFields(context, testClass, instance == null).fields()) {
            if (Modifier.isFinal(field.getModifiers()) || !injectable(field.getType())) {
                throw new ExtensionConfigurationException("@SingleTableResource field " + field.getDeclaringClass()
                        .getName() + "." + field.getName() + (Modifier.isFinal(field.getModifiers())
                                ? " is final; the extension assigns it, so it cannot be"
                                : " is a " + field.getType().getName() + "; the extension injects " + INJECTED));
            }
            try {
                field.setAccessible(true);
                field.set(instance, value(field.getType(), table, handle));
            } catch (IllegalAccessException e) {
                throw new IllegalStateException("cannot assign field " + field, e);
            }
        }
    }

    /**
     * A class's {@link SingleTableResource} fields, static or not, looked up once per run and kept in the root store:
     * every test asks for them twice (its instances', its class's), and the look walks the class's hierarchy.
     */
    private static ResourceFields resourceFields(ExtensionContext context, Class<?> testClass, boolean statics) {
        return getOrCreate(context.getRoot(), List.of(ResourceFields.class, testClass, statics),
                () -> new ResourceFields(AnnotationSupport.findAnnotatedFields(testClass, SingleTableResource.class,
                        field -> Modifier.isStatic(field.getModifiers()) == statics, HierarchyTraversalMode.TOP_DOWN)),
                ResourceFields.class);
    }

    /** The store's record of a class's {@link SingleTableResource} fields of one kind (static or not). */
    private record ResourceFields(List<Field> fields) {
    }

    private static TableResource classTable(Declaration.Owner owner, ExtensionContext context) {
        Declaration declaration = owner.declaration();
        return getOrCreate(owner.classContext(), new TableKey(declaration),
                () -> TableResource.open(run(context), declaration, declaration.spec(context)), TableResource.class);
    }

    /** The run, bound to the calling thread for hosts that look for it there (see {@link Run#current()}). */
    private static Run run(ExtensionContext context) {
        Run run = getOrCreate(context.getRoot(), Run.class, () -> Run.start(context, sources(context)), Run.class);
        run.bindToThread();
        return run;
    }

    /** Where the run reads designs and fixtures: before the run starts, so that it can read them meanwhile. */
    private static Sources sources(ExtensionContext context) {
        return getOrCreate(context.getRoot(), Sources.class, Sources::new, Sources.class);
    }

    /**
     * Create-or-get in one call. JUnit 6 renames {@code getOrComputeIfAbsent} to {@code computeIfAbsent}, which
     * 5.14 lacks; the old name works on both, so its deprecation on 6 is expected here.
     */
    @SuppressWarnings("deprecation")
    private static <V> V getOrCreate(ExtensionContext context, Object key, Supplier<V> create, Class<V> type) {
        return context.getStore(NAMESPACE).getOrComputeIfAbsent(key, k -> create.get(), type);
    }

    /**
     * The store key of a declaration's table. Its {@code equals} and {@code hashCode} are written out: a record's
     * generated ones bootstrap through {@code ObjectMethods}, which costs the first class of a cold JVM milliseconds.
     */
    private record TableKey(Declaration declaration) {
        @Override
        public boolean equals(Object other) {
            return other instanceof TableKey key && declaration.equals(key.declaration);
        }

        @Override
        public int hashCode() {
            return declaration.hashCode();
        }
    }

    /**
     * What the current test uses: its table, its handle (on the table or the test's fork; its log starts with the
     * test) and where the whole log stood when the test began.
     */
    private record TestState(TableResource table, SingleTable handle, RequestLog.Mark started) {
    }

    /** Configures a {@link SingleTableExtension} for a {@code @RegisterExtension} field. */
    public static final class Builder {
        private String design;
        private List<String> fixtures = List.of();
        private Reset reset = Reset.PER_TEST;
        private ScanGuard scans = ScanGuard.CONFIGURED;

        private Builder() {
        }

        /** @param design the design descriptor; required */
        public Builder design(String design) {
            this.design = Objects.requireNonNull(design, "design");
            return this;
        }

        /** @param files fixture files seeded into the table, in order */
        public Builder fixtures(String... files) {
            this.fixtures = List.of(files);
            return this;
        }

        /** @param reset when the table returns to its fixture state; {@link Reset#PER_TEST} by default */
        public Builder reset(Reset reset) {
            this.reset = Objects.requireNonNull(reset, "reset");
            return this;
        }

        /** @param scans what a Scan does; by default the configuration parameter {@code singletable.scans} decides */
        public Builder scans(ScanGuard scans) {
            this.scans = Objects.requireNonNull(scans, "scans");
            return this;
        }

        /**
         * @return the extension
         * @throws IllegalStateException when no design was given
         */
        public SingleTableExtension build() {
            if (design == null) {
                throw new IllegalStateException("SingleTableExtension.builder() needs design(\"...\") before build()");
            }
            return new SingleTableExtension(new TableSpec(design, fixtures, reset, scans));
        }
    }
}
