package dev.singletable.junit;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Adds fixture files for one test: their items are written after the table's reset and before the test, and are
 * gone again before the next test (with {@link Reset#PER_TEST}). Files are found like
 * {@link SingleTableTest#fixtures()}.
 *
 * <pre>{@code
 * @Test
 * @Fixtures("cancelled-order.yaml")
 * void cancelledOrdersAreNotOpen(SingleTable table) { ... }
 * }</pre>
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface Fixtures {

    /** @return the fixture files, in order */
    String[] value();
}
