package dev.singletable.assertions;

import dev.singletable.core.AccessPatternCall;
import dev.singletable.core.SingleTable;
import dev.singletable.engine.Change;
import dev.singletable.engine.RequestLog;
import dev.singletable.engine.model.RequestLogEntry;
import dev.singletable.fixtures.TableKey;
import java.util.List;
import java.util.Map;
import org.assertj.core.annotation.CheckReturnValue;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/**
 * The entry point of the single-table assertions: one readable line proves an access pattern is a Query on the
 * index it claims and returns the expected items, and that application code never Scans.
 *
 * <pre>{@code
 * import static dev.singletable.assertions.SingleTableAssertions.*;
 *
 * assertThat(table).everyAccessPattern();
 * assertThat(table.accessPattern("openOrdersByDate").with("from", "2026-01-01").with("to", "2026-02-01"))
 *     .runsAsQuery().onIndex("GSI1")
 *     .returnsKeysInOrder(key("CUSTOMER#42", "ORDER#00001002"), key("CUSTOMER#42", "ORDER#00001001"));
 * assertThat(table.requestLog()).hasNoScans().singleQuery().onIndex("GSI1");
 * }</pre>
 *
 * Every {@code assertThat} is also on {@link SingleTableSoftAssertions}, to collect every failure of a test.
 */
public final class SingleTableAssertions {

    private SingleTableAssertions() {
    }

    /**
     * <pre>{@code
     * assertThat(table).everyAccessPattern();
     * }</pre>
     *
     * @param table a table of a single-table design
     * @return assertions on the table and its access patterns
     */
    @CheckReturnValue
    public static SingleTableAssert assertThat(SingleTable table) {
        return new SingleTableAssert(table);
    }

    /**
     * <pre>{@code
     * assertThat(table.accessPattern("ordersOfCustomer").with("customerId", 42)).runsAsQuery().onTable();
     * }</pre>
     *
     * @param call an access pattern with its parameters, from {@link SingleTable#accessPattern(String)}
     * @return assertions on what the pattern does and returns
     */
    @CheckReturnValue
    public static AccessPatternAssert assertThat(AccessPatternCall call) {
        return new AccessPatternAssert(call);
    }

    /**
     * Starts the verification of application code against an access pattern; the same as
     * {@code assertThat(table.accessPattern(name))}.
     *
     * <pre>{@code
     * assertThatAccessPattern(table, "openOrdersByDate")
     *     .isServedBy(() -> repository.openOrders(LocalDate.parse("2026-01-01"), LocalDate.parse("2026-02-01")));
     * }</pre>
     *
     * @param table       the table
     * @param accessPattern an access pattern of its design
     * @return assertions on the access pattern
     * @throws IllegalArgumentException listing the known access patterns when the design has none of that name
     */
    @CheckReturnValue
    public static AccessPatternAssert assertThatAccessPattern(SingleTable table, String accessPattern) {
        return new AccessPatternAssert(table.accessPattern(accessPattern));
    }

    /**
     * <pre>{@code
     * assertThat(log).hasNoScans().singleQuery().onIndex("GSI1");
     * }</pre>
     *
     * @param log the requests application code made, e.g. {@link SingleTable#requestLog()}
     * @return assertions on the requests
     */
    @CheckReturnValue
    public static RequestLogAssert assertThat(RequestLog log) {
        return new RequestLogAssert(log);
    }

    /**
     * <pre>{@code
     * assertThat(log.entries().get(0)).onTable().withPartitionKey("CUSTOMER#42");
     * }</pre>
     *
     * @param request one logged request
     * @return assertions on the request
     */
    @CheckReturnValue
    public static RequestsAssert assertThat(RequestLogEntry request) {
        return new RequestsAssert(List.of(request));
    }

    /**
     * <pre>{@code
     * assertThat(item).hasKey("CUSTOMER#42", "PROFILE").hasAttribute("name", "Ada Lovelace");
     * }</pre>
     *
     * @param item a DynamoDB item
     * @return assertions on the item
     */
    @CheckReturnValue
    public static ItemAssert assertThat(Map<String, AttributeValue> item) {
        return assertThatItem(item);
    }

    /**
     * The same as {@link #assertThat(Map)}, for code that also imports AssertJ's {@code assertThat}.
     *
     * <pre>{@code
     * assertThatItem(item).hasAttribute("status", "OPEN");
     * }</pre>
     *
     * @param item a DynamoDB item
     * @return assertions on the item
     */
    @CheckReturnValue
    public static ItemAssert assertThatItem(Map<String, AttributeValue> item) {
        return new ItemAssert(item);
    }

    /**
     * <pre>{@code
     * assertThat(client.query(request)).hasKey("CUSTOMER#42", "ORDER#00001001");
     * }</pre>
     *
     * @param response a Query's response
     * @return assertions on its items
     */
    @CheckReturnValue
    public static ItemsAssert assertThat(QueryResponse response) {
        return new ItemsAssert(response.items());
    }

    /**
     * <pre>{@code
     * assertThatChanges(engine.changes(table.name())).containsRemoveOf(key);
     * }</pre>
     *
     * @param changes the change records of a table
     * @return assertions on them
     */
    @CheckReturnValue
    public static ChangesAssert assertThatChanges(List<Change> changes) {
        return new ChangesAssert(changes);
    }

    /**
     * <pre>{@code
     * assertThatItems(run.items()).hasKey("CUSTOMER#42", "PROFILE");
     * }</pre>
     *
     * @param items DynamoDB items
     * @return assertions on the items
     */
    @CheckReturnValue
    public static ItemsAssert assertThatItems(List<Map<String, AttributeValue>> items) {
        return new ItemsAssert(items);
    }

    /**
     * A table key to compare returned items with: the values of the table's partition and sort key (the design
     * names the attributes).
     *
     * <pre>{@code
     * assertThat(table.accessPattern("ordersOfCustomer").with("customerId", 42))
     *     .returnsKeys(key("CUSTOMER#42", "ORDER#00001001"));
     * }</pre>
     *
     * @param partitionKey the partition key value: a String, Number, byte[] or date (dates and instants as
     *                     {@code with(...)} and the fixtures write them)
     * @param sortKey      the sort key value
     * @return the key
     */
    public static TableKey key(Object partitionKey, Object sortKey) {
        return TableKey.of(partitionKey, sortKey);
    }

    /**
     * A table key for a table without sort key.
     *
     * <pre>{@code
     * assertThat(sessions.accessPattern("session").with("id", 1)).returnsKeys(key("SESSION#1"));
     * }</pre>
     *
     * @param partitionKey the partition key value
     * @return the key
     */
    public static TableKey key(Object partitionKey) {
        return TableKey.of(partitionKey);
    }
}
