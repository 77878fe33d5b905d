package dev.singletable.assertions;

import org.assertj.core.api.SoftAssertions;

/**
 * Soft assertions: every failure of a test is collected and reported together, by {@link #assertAll()} or by
 * AssertJ's {@code SoftAssertionsExtension}. AssertJ's own {@code assertThat}s are here too, and the single-table
 * ones of {@link SingleTableSoftAssertionsProvider}, which also mixes into other soft assertions of AssertJ.
 *
 * <pre>{@code
 * @ExtendWith(SoftAssertionsExtension.class)
 * class OrdersTest {
 *     @InjectSoftAssertions
 *     SingleTableSoftAssertions softly;
 *
 *     @Test
 *     void openOrders(SingleTable table) {
 *         softly.assertThat(table).everyAccessPattern();
 *         softly.assertThat(table.requestLog()).hasNoScans();
 *     }
 * }
 * }</pre>
 */
public class SingleTableSoftAssertions extends SoftAssertions implements SingleTableSoftAssertionsProvider {
}
