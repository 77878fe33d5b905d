package dev.singletable.assertions;

import dev.singletable.engine.Change;
import dev.singletable.engine.RequestLog;
import dev.singletable.engine.model.RequestLogEntry;
import dev.singletable.junit.AccessPatternCall;
import dev.singletable.junit.SingleTable;
import java.util.List;
import java.util.Map;
import org.assertj.core.annotation.CheckReturnValue;
import org.assertj.core.api.SoftAssertions;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/**
 * Soft assertions: every failure of a test is collected and reported together, by {@link #assertAll()} or by
 * AssertJ's {@code SoftAssertionsExtension}. AssertJ's own {@code assertThat}s are here too. Items are asserted
 * with {@link #assertThatItem(Map)} (an {@code assertThat(Map)} would clash with AssertJ's).
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
public class SingleTableSoftAssertions extends SoftAssertions {

    /**
     * @param table a table of a single-table design
     * @return soft assertions on the table and its access patterns
     * @see SingleTableAssertions#assertThat(SingleTable)
     */
    @CheckReturnValue
    public SingleTableAssert assertThat(SingleTable table) {
        SingleTableAssert soft = proxy(SingleTableAssert.class, SingleTable.class, table);
        soft.softly = this;
        return soft;
    }

    /**
     * @param call an access pattern with its parameters
     * @return soft assertions on what the pattern does and returns
     * @see SingleTableAssertions#assertThat(AccessPatternCall)
     */
    @CheckReturnValue
    public AccessPatternAssert assertThat(AccessPatternCall call) {
        return proxy(AccessPatternAssert.class, AccessPatternCall.class, call);
    }

    /**
     * @param table         the table
     * @param accessPattern an access pattern of its design
     * @return soft assertions on the access pattern
     * @see SingleTableAssertions#assertThatAccessPattern(SingleTable, String)
     */
    @CheckReturnValue
    public AccessPatternAssert assertThatAccessPattern(SingleTable table, String accessPattern) {
        return assertThat(table.accessPattern(accessPattern));
    }

    /**
     * @param log the requests application code made
     * @return soft assertions on the requests
     * @see SingleTableAssertions#assertThat(RequestLog)
     */
    @CheckReturnValue
    public RequestLogAssert assertThat(RequestLog log) {
        RequestLogAssert soft = proxy(RequestLogAssert.class, RequestLog.class, log);
        soft.softly = this;
        return soft;
    }

    /**
     * @param request one logged request
     * @return soft assertions on the request
     * @see SingleTableAssertions#assertThat(RequestLogEntry)
     */
    @CheckReturnValue
    public RequestsAssert assertThat(RequestLogEntry request) {
        return proxy(RequestsAssert.class, requestListType(), List.of(request));
    }

    /**
     * @param item a DynamoDB item
     * @return soft assertions on the item
     * @see SingleTableAssertions#assertThatItem(Map)
     */
    @CheckReturnValue
    public ItemAssert assertThatItem(Map<String, AttributeValue> item) {
        return proxy(ItemAssert.class, itemType(), item);
    }

    /**
     * @param response a Query's response
     * @return soft assertions on its items
     * @see SingleTableAssertions#assertThat(QueryResponse)
     */
    @CheckReturnValue
    public ItemsAssert assertThat(QueryResponse response) {
        return assertThatItems(response.items());
    }

    /**
     * @param items DynamoDB items
     * @return soft assertions on the items
     * @see SingleTableAssertions#assertThatItems(List)
     */
    @CheckReturnValue
    public ItemsAssert assertThatItems(List<Map<String, AttributeValue>> items) {
        return proxy(ItemsAssert.class, itemListType(), items);
    }

    /**
     * @param changes the change records of a table
     * @return soft assertions on them
     * @see SingleTableAssertions#assertThatChanges(List)
     */
    @CheckReturnValue
    public ChangesAssert assertThatChanges(List<Change> changes) {
        return proxy(ChangesAssert.class, changeListType(), changes);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Class<List<Change>> changeListType() {
        return (Class) List.class;
    }

    // The proxies find the assert's constructor by the erased type of its argument.
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Class<List<RequestLogEntry>> requestListType() {
        return (Class) List.class;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Class<Map<String, AttributeValue>> itemType() {
        return (Class) Map.class;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Class<List<Map<String, AttributeValue>>> itemListType() {
        return (Class) List.class;
    }
}
