package dev.singletable.junit;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Asks {@link SingleTableExtension} to assign a field: a {@link dev.singletable.core.SingleTable SingleTable}, {@code DynamoDbClient},
 * {@code DynamoDbAsyncClient}, {@code DynamoDbEnhancedClient}, the {@code RequestLog} of the current test, the
 * endpoint {@code URI}, or on the embedded engine the {@code DynamoDbEngine}, its {@code FaultInjector} or
 * {@code EngineClock}. Instance fields are assigned before each test; static fields before all tests (a per-class
 * table) and again before each test. Fields without this annotation are never touched, whatever their type.
 *
 * <pre>{@code
 * @SingleTableTest(design = "orders.table.yaml", fixtures = "orders.fixtures.yaml")
 * class OrdersTest {
 *     @SingleTableResource
 *     DynamoDbClient client;
 *
 *     @SingleTableResource
 *     RequestLog log;
 * }
 * }</pre>
 *
 * A final field, or a field of another type, fails the class with an {@code ExtensionConfigurationException}.
 */
@Target(ElementType.FIELD)
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface SingleTableResource {
}
