package dev.singletable.junit;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import dev.singletable.junit.internal.TableLocks;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * Gives a test class a table built from a design descriptor, seeded with fixtures and reset to them before each
 * test, on an in-process engine shared by the whole run (or on the endpoint named by {@code singletable.endpoint}).
 *
 * <pre>{@code
 * @SingleTableTest(design = "orders.table.yaml", fixtures = {"customers.yaml", "orders.yaml"})
 * class OrdersTest {
 *     @Test
 *     void something(SingleTable table, DynamoDbClient client, RequestLog log) { ... }
 * }
 * }</pre>
 *
 * <p>Test methods, lifecycle methods and constructors can ask for a
 * {@link dev.singletable.core.SingleTable SingleTable}, a {@code DynamoDbClient}, a {@code DynamoDbAsyncClient}, a
 * {@code DynamoDbEnhancedClient} (when {@code dynamodb-enhanced} is on the class path), the {@code RequestLog} of
 * the current test and the endpoint {@code URI}; on the embedded engine also the {@code DynamoDbEngine}, its
 * {@code FaultInjector} and its {@code EngineClock}. Only parameters of exactly these types are resolved, and
 * none that carries {@code @Autowired}, {@code @Value} or a qualifier (Spring's). Fields of these types are
 * assigned when they carry {@link SingleTableResource &#64;SingleTableResource}: instance fields before each test,
 * static ones before all tests too; no other field is touched.
 *
 * <p>Files are looked up on the class path, relative to the test class's package and then from the root, and
 * then relative to the working directory. {@link SingleTableExtension#builder()} declares the same in code.
 *
 * <p>Under JUnit's parallel execution, classes run side by side, each on a table of its own, while the tests of one
 * class run one after another, because they share its table: the annotation declares a resource lock per class
 * ({@code @ResourceLock} with a provider), so that holds whatever mode the configuration chooses. With
 * {@link Reset#FORK} every test has a fork of its own and the class holds no lock: its tests may run at the same
 * time.
 *
 * <p>Configuration parameters ({@code junit-platform.properties}, system properties or the launcher):
 * {@value #SCANS_PROPERTY_NAME}, {@value #ENDPOINT_PROPERTY_NAME}, {@value #REGION_PROPERTY_NAME},
 * {@value #TABLE_PREFIX_PROPERTY_NAME}, {@value #DROP_LEFTOVERS_PROPERTY_NAME},
 * {@value #SYSTEM_PROPERTIES_PROPERTY_NAME}, {@value #COVERAGE_PROPERTY_NAME} and
 * {@value #COVERAGE_DIRECTORY_PROPERTY_NAME}, each described at its constant. A value that does not parse fails the
 * class, naming the parameter.
 */
@Target({ElementType.TYPE, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@ExtendWith(SingleTableExtension.class)
@ResourceLock(providers = TableLocks.class)
public @interface SingleTableTest {

    /**
     * {@code fail}, {@code warn} (the default) or {@code allow}: the {@link ScanGuard} of classes whose
     * {@link #scans()} is {@link ScanGuard#CONFIGURED}.
     */
    String SCANS_PROPERTY_NAME = "singletable.scans";

    /**
     * {@code true} (the default) or {@code false}: whether, while the launcher discovers the tests, a daemon thread
     * rehearses a class's start on a throwaway engine when the selection (classes, methods, packages, class path
     * roots, unique ids) holds a class that declares a table, so that the first class finds what it needs loaded.
     * Read from the launcher's configuration, system properties and {@code junit-platform.properties}.
     */
    String WARM_UP_PROPERTY_NAME = "singletable.warmUp";

    /**
     * An external DynamoDB-compatible endpoint ({@code http://localhost:8000}, real DynamoDB) to run against instead
     * of the in-process engine; also read from the environment variable {@value #ENDPOINT_ENVIRONMENT_VARIABLE}.
     * Credentials, region, timeouts and retries follow the policy of {@code dev.singletable.core.Endpoint}.
     */
    String ENDPOINT_PROPERTY_NAME = "singletable.endpoint";

    /** The environment variable naming an external endpoint when {@value #ENDPOINT_PROPERTY_NAME} is not set. */
    String ENDPOINT_ENVIRONMENT_VARIABLE = "SINGLETABLE_ENDPOINT";

    /** The region of the external endpoint; otherwise the SDK's default chain (or us-east-1 for an emulator). */
    String REGION_PROPERTY_NAME = "singletable.region";

    /**
     * The prefix of table names on an external endpoint. By default each run generates its own, which says when
     * and where the run started ({@code singletable-20260105t093012-4f1a2c-81234-}), so that a later run can drop
     * the tables of a run whose JVM died before dropping them; a configured prefix is never dropped that way.
     */
    String TABLE_PREFIX_PROPERTY_NAME = "singletable.tablePrefix";

    /**
     * {@code true} drops, when a run on an external endpoint starts, the tables that runs which ended left behind:
     * names with a generated prefix ({@link #TABLE_PREFIX_PROPERTY_NAME}) of an earlier run whose process is gone
     * (on this machine) or that started a day or more before (on another); no other table is touched, and each
     * one dropped is logged and published as a report entry of this name. By default {@code true} on an emulator
     * and {@code false} on real DynamoDB.
     */
    String DROP_LEFTOVERS_PROPERTY_NAME = "singletable.dropLeftovers";

    /**
     * {@code true} (the default) sets {@code aws.endpointUrlDynamoDb} (and {@code aws.region}, and on the engine
     * dummy credentials, when unset) while a class runs, for application code that builds its own client; this
     * needs a socket, so it starts the engine's HTTP endpoint once per run. {@code false} leaves system properties
     * alone and starts HTTP only when a test asks for the {@code URI}.
     */
    String SYSTEM_PROPERTIES_PROPERTY_NAME = "singletable.systemProperties";

    /**
     * {@code fail}, {@code warn} (the default) or {@code off}: access pattern coverage. During the run, the
     * application's reads on each table (not the toolkit's own access pattern runs) are counted against the
     * patterns of its design; at the end of the run a summary is logged and, per design, {@code coverage-TABLE.json}
     * and {@code TEST-singletable-coverage-TABLE.xml} are written to {@value #COVERAGE_DIRECTORY_PROPERTY_NAME}.
     * {@code fail} fails the run when a declared pattern was never served or an undeclared read was made.
     */
    String COVERAGE_PROPERTY_NAME = "singletable.coverage";

    /**
     * Where coverage files are written; by default {@code target/singletable}, or {@code build/singletable} when the
     * working directory has a Gradle build file.
     */
    String COVERAGE_DIRECTORY_PROPERTY_NAME = "singletable.coverage.directory";

    /** @return the design descriptor (YAML) the table is created from */
    String design();

    /** @return fixture files seeded into the table once per class, in order */
    String[] fixtures() default {};

    /** @return when the table returns to its fixture state */
    Reset reset() default Reset.PER_TEST;

    /** @return what a Scan during a test does; by default the configuration parameter {@code singletable.scans} decides */
    ScanGuard scans() default ScanGuard.CONFIGURED;

    /**
     * The property the application under test reads its table name from, such as {@code app.table-name}: in a
     * Spring test ({@code singletable-spring-boot}) the table's physical name is set as this property of the
     * application context's environment, above every other source, so that classes running in parallel, each
     * with a table of its own, never share one. Empty (the default) sets nothing: the application then names the
     * table itself, which works while no other class uses the design at the same time.
     *
     * @return the property's name, or empty
     */
    String tableNameProperty() default "";
}
