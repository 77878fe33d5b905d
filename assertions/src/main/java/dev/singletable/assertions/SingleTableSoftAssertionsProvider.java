package dev.singletable.assertions;

import dev.singletable.core.AccessPatternCall;
import dev.singletable.core.SingleTable;
import dev.singletable.engine.Change;
import dev.singletable.engine.RequestLog;
import dev.singletable.engine.model.RequestLogEntry;
import java.util.List;
import java.util.Map;
import org.assertj.core.annotation.CheckReturnValue;
import org.assertj.core.api.SoftAssertionsProvider;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/**
 * The single-table entry points for any of AssertJ's soft assertions: mix it into your own, and every failure of
 * a test, AssertJ's and ours, is reported together. Navigation ({@code requestLog()}, {@code singleQuery()},
 * {@code queries()}) stays soft. Items are asserted with {@link #assertThatItem(Map)}, since
 * {@code assertThat(Map)} is AssertJ's.
 *
 * <pre>{@code
 * class MySoftAssertions extends BDDSoftAssertions implements SingleTableSoftAssertionsProvider {
 * }
 *
 * MySoftAssertions softly = new MySoftAssertions();
 * softly.then(order.total()).isPositive();
 * softly.assertThat(table.requestLog()).hasNoScans();
 * softly.assertAll();
 * }</pre>
 *
 * {@link SingleTableSoftAssertions} is AssertJ's {@code SoftAssertions} with these entry points.
 */
public interface SingleTableSoftAssertionsProvider extends SoftAssertionsProvider {

    /**
     * @param table a table of a single-table design
     * @return soft assertions on the table and its access patterns
     * @see SingleTableAssertions#assertThat(SingleTable)
     */
    @CheckReturnValue
    default SingleTableAssert assertThat(SingleTable table) {
        return proxy(SingleTableAssert.class, SingleTable.class, table).collectingInto(this);
    }

    /**
     * @param call an access pattern with its parameters
     * @return soft assertions on what the pattern does and returns
     * @see SingleTableAssertions#assertThat(AccessPatternCall)
     */
    @CheckReturnValue
    default AccessPatternAssert assertThat(AccessPatternCall call) {
        return proxy(AccessPatternAssert.class, AccessPatternCall.class, call);
    }

    /**
     * @param table         the table
     * @param accessPattern an access pattern of its design
     * @return soft assertions on the access pattern
     * @see SingleTableAssertions#assertThatAccessPattern(SingleTable, String)
     */
    @CheckReturnValue
    default AccessPatternAssert assertThatAccessPattern(SingleTable table, String accessPattern) {
        return assertThat(table.accessPattern(accessPattern));
    }

    /**
     * @param log the requests application code made
     * @return soft assertions on the requests
     * @see SingleTableAssertions#assertThat(RequestLog)
     */
    @CheckReturnValue
    default RequestLogAssert assertThat(RequestLog log) {
        return proxy(RequestLogAssert.class, RequestLog.class, log).collectingInto(this);
    }

    /**
     * @param request one logged request
     * @return soft assertions on the request
     * @see SingleTableAssertions#assertThat(RequestLogEntry)
     */
    @CheckReturnValue
    default RequestsAssert assertThat(RequestLogEntry request) {
        return proxy(RequestsAssert.class, Soft.listType(), List.of(request));
    }

    /**
     * @param item a DynamoDB item
     * @return soft assertions on the item
     * @see SingleTableAssertions#assertThatItem(Map)
     */
    @CheckReturnValue
    default ItemAssert assertThatItem(Map<String, AttributeValue> item) {
        return proxy(ItemAssert.class, Soft.mapType(), item);
    }

    /**
     * @param response a Query's response
     * @return soft assertions on its items
     * @see SingleTableAssertions#assertThat(QueryResponse)
     */
    @CheckReturnValue
    default ItemsAssert assertThat(QueryResponse response) {
        return assertThatItems(response.items());
    }

    /**
     * @param items DynamoDB items
     * @return soft assertions on the items
     * @see SingleTableAssertions#assertThatItems(List)
     */
    @CheckReturnValue
    default ItemsAssert assertThatItems(List<Map<String, AttributeValue>> items) {
        return proxy(ItemsAssert.class, Soft.listType(), items);
    }

    /**
     * @param changes the change records of a table
     * @return soft assertions on them
     * @see SingleTableAssertions#assertThatChanges(List)
     */
    @CheckReturnValue
    default ChangesAssert assertThatChanges(List<Change> changes) {
        return proxy(ChangesAssert.class, Soft.listType(), changes);
    }
}
