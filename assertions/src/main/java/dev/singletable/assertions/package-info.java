/**
 * AssertJ assertions for a DynamoDB single-table design: start with
 * {@link dev.singletable.assertions.SingleTableAssertions}, or {@link dev.singletable.assertions.SingleTableSoftAssertions}
 * to collect every failure of a test.
 *
 * <pre>{@code
 * assertThat(table).everyAccessPattern();
 * assertThat(table.accessPattern("openOrdersByDate").with("from", "2026-01-01").with("to", "2026-02-01"))
 *     .runsAsQuery().onIndex("GSI1")
 *     .returnsKeysInOrder(key("CUSTOMER#42", "ORDER#1002"), key("CUSTOMER#42", "ORDER#1001"));
 * assertThat(table.requestLog()).hasNoScans().singleQuery().onIndex("GSI1");
 * }</pre>
 */
package dev.singletable.assertions;
