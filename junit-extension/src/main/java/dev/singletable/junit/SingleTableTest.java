package dev.singletable.junit;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

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
 * <p>Test methods, lifecycle methods and constructors can ask for a {@link SingleTable}, a {@code DynamoDbClient},
 * a {@code DynamoDbAsyncClient}, a {@code DynamoDbEnhancedClient} (when {@code dynamodb-enhanced} is on the class
 * path), the {@code RequestLog} of the current test and the endpoint {@code URI}. Non-final fields of these types
 * are assigned before each test (static ones before all tests, too).
 *
 * <p>Files are looked up on the class path, relative to the test class's package and then from the root, and
 * then relative to the working directory. {@link SingleTableExtension#builder()} declares the same in code.
 *
 * <p>Configuration parameters ({@code junit-platform.properties} or system properties):
 * <ul>
 *   <li>{@code singletable.scans}: {@code fail}, {@code warn} (the default) or {@code allow}, for classes whose
 *       {@link #scans()} is {@link ScanGuard#CONFIGURED};</li>
 *   <li>{@code singletable.endpoint} (or the environment variable {@code SINGLETABLE_ENDPOINT}): an external
 *       DynamoDB-compatible endpoint to run against instead of the in-process engine;
 *       {@code singletable.region}: its region (otherwise the SDK's default chain decides);
 *       {@code singletable.tablePrefix}: the prefix of its table names (default {@code singletable-<random>-});</li>
 *   <li>{@code singletable.systemProperties}: {@code true} (the default) sets {@code aws.endpointUrlDynamoDb}
 *       (and {@code aws.region} and dummy credentials when unset) while a class runs, for application code that
 *       builds its own client; this needs a socket, so it starts the engine's HTTP endpoint once per run.
 *       {@code false} leaves system properties alone and starts HTTP only when a test asks for the {@code URI}.</li>
 * </ul>
 */
@Target({ElementType.TYPE, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@ExtendWith(SingleTableExtension.class)
public @interface SingleTableTest {

    /** @return the design descriptor (YAML) the table is created from */
    String design();

    /** @return fixture files seeded into the table once per class, in order */
    String[] fixtures() default {};

    /** @return when the table returns to its fixture state */
    Reset reset() default Reset.PER_TEST;

    /** @return what a Scan during a test does; by default the configuration parameter {@code singletable.scans} decides */
    ScanGuard scans() default ScanGuard.CONFIGURED;
}
