package dev.singletable.junit;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Permits Scans in the annotated test method, or in every test of the annotated class (and its nested classes),
 * whatever {@link ScanGuard} is in force: for the export job or the migration that means to read everything.
 *
 * <pre>{@code
 * @Test
 * @AllowScan("the nightly export reads the whole table")
 * void exportsEveryItem(DynamoDbClient client) { ... }
 * }</pre>
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
public @interface AllowScan {

    /** @return why scanning is right here, for the reader */
    String value() default "";
}
