package dev.singletable.assertions;

import static dev.singletable.assertions.error.ShouldHaveRequests.shouldHaveNoRequestOn;
import static dev.singletable.assertions.error.ShouldHaveRequests.shouldHaveNoScans;
import static dev.singletable.assertions.error.ShouldHaveRequests.shouldHaveOperationCount;
import static dev.singletable.assertions.error.ShouldHaveRequests.shouldHaveQueries;
import static dev.singletable.assertions.error.ShouldHaveRequests.shouldHaveSingleQuery;
import static dev.singletable.assertions.error.ShouldHaveRequests.shouldOnlyQueryAndGet;
import static dev.singletable.assertions.error.ShouldServeAccessPattern.shouldServeAccessPattern;
import static dev.singletable.assertions.error.ShouldStayWithinBudget.shouldConsumeAtMost;

import dev.singletable.assertions.internal.Describe;
import dev.singletable.core.AccessPatternCall;
import dev.singletable.core.PatternShape;
import dev.singletable.core.Verification;
import dev.singletable.engine.RequestLog;
import dev.singletable.engine.model.Operation;
import dev.singletable.engine.model.RequestLogEntry;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.assertj.core.annotation.CheckReturnValue;
import org.assertj.core.api.AbstractAssert;
import org.assertj.core.api.AssertionErrorCollector;
import org.assertj.core.error.ErrorMessageFactory;

/**
 * Assertions on what application code did, as a request log recorded it: no Scans, which Queries, how many
 * requests of a kind, what they cost, and whether they have the shape of a declared access pattern. Each
 * assertion reads the log's entries when it runs.
 *
 * <pre>{@code
 * new OrderRepository(client, "app").openOrders(Instant.parse("2026-01-01T00:00:00Z"));
 * assertThat(log).hasNoScans().singleQuery().onIndex("GSI1");
 * }</pre>
 */
public class RequestLogAssert extends AbstractAssert<RequestLogAssert, RequestLog> {

    private static final Set<Operation> READS = EnumSet.of(Operation.QUERY, Operation.SCAN, Operation.GET_ITEM,
            Operation.BATCH_GET_ITEM, Operation.TRANSACT_GET_ITEMS);

    /** The collector of soft assertions, {@code null} for a hard assert: navigation then stays soft. */
    private AssertionErrorCollector softly;

    /**
     * @param log the request log to check
     */
    public RequestLogAssert(RequestLog log) {
        super(log, RequestLogAssert.class);
    }

    /**
     * Verifies that no request is a Scan. The failure shows each Scan's filter and, when known, the line of code
     * that issued it.
     *
     * <pre>{@code
     * assertThat(log).hasNoScans();
     * }</pre>
     *
     * @return this assertion object
     * @throws AssertionError listing the Scans
     */
    public RequestLogAssert hasNoScans() {
        List<RequestLogEntry> requests = entries();
        List<RequestLogEntry> scans = requests.stream().filter(RequestLogEntry::isScan).toList();
        if (!scans.isEmpty()) {
            throw assertionError(shouldHaveNoScans(requests, scans));
        }
        return myself;
    }

    /**
     * Verifies that exactly one request is a Query and navigates to it.
     *
     * <pre>{@code
     * assertThat(log).singleQuery().onIndex("GSI1").withPartitionKey("STATUS#OPEN");
     * }</pre>
     *
     * @return assertions on the Query (under soft assertions, on the Queries found), with this description
     * @throws AssertionError listing the Queries when there is none or more than one
     */
    @CheckReturnValue
    public RequestsAssert singleQuery() {
        List<RequestLogEntry> requests = entries();
        List<RequestLogEntry> queries = queriesOf(requests);
        if (queries.size() != 1) {
            Soft.fail(softly, assertionError(shouldHaveSingleQuery(requests, queries)));
        }
        return navigate(queries);
    }

    /**
     * Verifies that there is at least one Query and navigates to all of them.
     *
     * <pre>{@code
     * assertThat(log).queries().onIndex("GSI1");
     * }</pre>
     *
     * @return assertions on the Queries, with this description
     * @throws AssertionError when there is no Query
     */
    @CheckReturnValue
    public RequestsAssert queries() {
        List<RequestLogEntry> requests = entries();
        List<RequestLogEntry> queries = queriesOf(requests);
        if (queries.isEmpty()) {
            Soft.fail(softly, assertionError(shouldHaveQueries(requests)));
        }
        return navigate(queries);
    }

    private RequestsAssert navigate(List<RequestLogEntry> queries) {
        return Soft.navigate(softly, RequestsAssert.class, List.class, queries, RequestsAssert::new,
                info.description());
    }

    private static List<RequestLogEntry> queriesOf(List<RequestLogEntry> requests) {
        return requests.stream().filter(r -> r.operation() == Operation.QUERY).toList();
    }

    /**
     * Verifies that every request is a Query or a read by key ({@code GetItem}, {@code BatchGetItem},
     * {@code TransactGetItems}): a read path that neither Scans nor writes.
     *
     * <pre>{@code
     * assertThat(log).onlyQueriesAndGets();
     * }</pre>
     *
     * @return this assertion object
     * @throws AssertionError listing the other requests
     */
    public RequestLogAssert onlyQueriesAndGets() {
        List<RequestLogEntry> requests = entries();
        List<RequestLogEntry> offending = requests.stream().filter(r -> !Verification.isQueryOrKeyLookup(r))
                .toList();
        if (!offending.isEmpty()) {
            throw assertionError(shouldOnlyQueryAndGet(requests, offending));
        }
        return myself;
    }

    /**
     * Verifies how many requests of an operation there are.
     *
     * <pre>{@code
     * assertThat(log).hasOperationCount("GetItem", 1);
     * }</pre>
     *
     * @param operation the operation name as on the wire, e.g. {@code Query}, {@code PutItem}
     * @param expected  how many requests of it are expected
     * @return this assertion object
     * @throws AssertionError giving the count found
     */
    public RequestLogAssert hasOperationCount(String operation, int expected) {
        List<RequestLogEntry> requests = entries();
        int count = (int) requests.stream().filter(r -> r.operationName().equals(operation)).count();
        if (count != expected) {
            throw failure(shouldHaveOperationCount(requests, operation, expected, count),
                    count, expected);
        }
        return myself;
    }

    /**
     * Verifies that the reads ({@code Query}, {@code Scan}, {@code GetItem}, {@code BatchGetItem},
     * {@code TransactGetItems}) consumed at most this many read capacity units together.
     *
     * <pre>{@code
     * assertThat(log).consumedReadCapacityAtMost(2.0);
     * }</pre>
     *
     * @param readCapacityUnits the most units allowed
     * @return this assertion object
     * @throws AssertionError giving the units consumed
     */
    public RequestLogAssert consumedReadCapacityAtMost(double readCapacityUnits) {
        List<RequestLogEntry> reads = entries().stream()
                .filter(r -> READS.contains(r.operation()) || r.access().isPresent()).toList();
        double consumed = reads.stream().mapToDouble(r -> r.consumedCapacity().orElse(0)).sum();
        if (consumed > readCapacityUnits) {
            throw assertionError(shouldConsumeAtMost("requests", Describe.requests(reads), readCapacityUnits,
                    consumed));
        }
        return myself;
    }

    /**
     * Verifies that no request names the table.
     *
     * <pre>{@code
     * assertThat(log).noRequestOn("audit");
     * }</pre>
     *
     * @param table a physical table name
     * @return this assertion object
     * @throws AssertionError listing the requests on it
     */
    public RequestLogAssert noRequestOn(String table) {
        List<RequestLogEntry> requests = entries();
        List<RequestLogEntry> offending = requests.stream().filter(r -> r.table().filter(table::equals).isPresent())
                .toList();
        if (!offending.isEmpty()) {
            throw assertionError(shouldHaveNoRequestOn(requests, table, offending));
        }
        return myself;
    }

    /**
     * Verifies that the reads (Queries and Scans; at least one) have the shape the access pattern declares: a
     * Query on the same index (or the table), a partition key value its template produces, the same kind of sort
     * key condition. The values may be any the template allows; to compare results too, use
     * {@link AccessPatternAssert#isServedBy(java.util.function.Supplier)}.
     *
     * <pre>{@code
     * repository.openOrders(LocalDate.parse("2026-01-01"), LocalDate.parse("2026-02-01"));
     * assertThat(table.requestLog()).servedAccessPattern(table.accessPattern("openOrdersByDate"));
     * }</pre>
     *
     * @param accessPattern the access pattern, from {@code table.accessPattern(name)}; its parameters are ignored
     * @return this assertion object
     * @throws AssertionError listing each read that differs and how, or saying there was no read
     */
    public RequestLogAssert servedAccessPattern(AccessPatternCall accessPattern) {
        List<RequestLogEntry> requests = entries();
        List<RequestLogEntry> reads = PatternShape.reads(requests);
        List<String> mismatches = Describe.mismatches(accessPattern.pattern(), reads);
        if (reads.isEmpty() || !mismatches.isEmpty()) {
            throw assertionError(shouldServeAccessPattern(requests, accessPattern.pattern(), mismatches));
        }
        return myself;
    }

    private List<RequestLogEntry> entries() {
        isNotNull();
        return actual.entries();
    }

    /** A failure with the values an IDE shows side by side, built from the public error factory. */
    private AssertionError failure(ErrorMessageFactory message, Object actualValue, Object expectedValue) {
        return failureWithActualExpected(actualValue, expectedValue, "%s",
                message.create(Describe.NO_DESCRIPTION, info.representation()));
    }

    /** For {@link SingleTableSoftAssertionsProvider}: collect the failures of navigation into its collector. */
    RequestLogAssert collectingInto(AssertionErrorCollector collector) {
        softly = collector;
        return myself;
    }
}
