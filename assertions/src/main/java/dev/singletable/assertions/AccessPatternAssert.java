package dev.singletable.assertions;

import static dev.singletable.assertions.error.ShouldBeServedBy.shouldBeServedBy;
import static dev.singletable.assertions.error.ShouldReadIndex.shouldReadIndex;
import static dev.singletable.assertions.error.ShouldReturnItemsSatisfying.shouldReturnItemsSatisfying;
import static dev.singletable.assertions.error.ShouldReturnKeys.shouldReturnKeys;
import static dev.singletable.assertions.error.ShouldReturnKeys.shouldReturnNothing;
import static dev.singletable.assertions.error.ShouldRunAsQuery.shouldRunAsQuery;
import static dev.singletable.assertions.error.ShouldServeAccessPattern.shouldServeAccessPattern;
import static dev.singletable.assertions.error.ShouldStayWithinBudget.shouldConsumeAtMost;
import static dev.singletable.assertions.error.ShouldStayWithinBudget.shouldHaveNoFilterWaste;
import static dev.singletable.assertions.error.ShouldStayWithinBudget.shouldReadAtMost;
import static dev.singletable.assertions.error.ShouldStayWithinBudget.shouldTakePages;

import dev.singletable.assertions.internal.Describe;
import dev.singletable.core.AccessPatternCall;
import dev.singletable.core.AccessPatternRun;
import dev.singletable.core.KeyDifference;
import dev.singletable.core.PatternShape;
import dev.singletable.core.SingleTable;
import dev.singletable.core.Verification;
import dev.singletable.engine.RequestLog;
import dev.singletable.engine.model.RequestLogEntry;
import dev.singletable.fixtures.DynamoValues;
import dev.singletable.fixtures.TableKey;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import org.assertj.core.api.AbstractAssert;
import org.assertj.core.error.ErrorMessageFactory;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/**
 * Assertions on an access pattern called with parameters: that it runs as a Query on the index it claims, what
 * it returns, what it costs, and that application code serves it. The pattern runs once, on the first assertion;
 * the following assertions of the chain look at the same run.
 *
 * <pre>{@code
 * assertThat(table.accessPattern("openOrdersByDate").with("from", "2026-01-01").with("to", "2026-02-01"))
 *     .runsAsQuery()
 *     .onIndex("GSI1")
 *     .returnsKeysInOrder(key("CUSTOMER#42", "ORDER#00001002"), key("CUSTOMER#42", "ORDER#00001001"));
 * }</pre>
 */
public class AccessPatternAssert extends AbstractAssert<AccessPatternAssert, AccessPatternCall> {

    private AccessPatternRun run;
    private SdkException failure;

    /**
     * @param call the access pattern call to check
     */
    public AccessPatternAssert(AccessPatternCall call) {
        super(call, AccessPatternAssert.class);
    }

    /**
     * Verifies that every request the pattern made is a Query, or a key lookup, which passes wherever a Query is
     * required (the rule of {@link Verification#isQueryOrKeyLookup}), and that the pattern ran.
     *
     * <pre>{@code
     * assertThat(table.accessPattern("ordersOfCustomer").with("customerId", 42)).runsAsQuery();
     * }</pre>
     *
     * @return this assertion object
     * @throws AssertionError when a request is a Scan or another operation, or the pattern failed
     */
    public AccessPatternAssert runsAsQuery() {
        List<RequestLogEntry> requests = run().requests();
        if (requests.isEmpty() || !requests.stream().allMatch(Verification::isQueryOrKeyLookup)) {
            throw assertionError(shouldRunAsQuery(callText(), requests));
        }
        return myself;
    }

    /**
     * Verifies that the pattern's requests read the given secondary index.
     *
     * <pre>{@code
     * assertThat(table.accessPattern("openOrdersByDate").with("from", "2026-01-01").with("to", "2026-02-01"))
     *     .onIndex("GSI1");
     * }</pre>
     *
     * @param indexName the index expected
     * @return this assertion object
     * @throws AssertionError when a request read another index or the table
     */
    public AccessPatternAssert onIndex(String indexName) {
        return reads("index " + Objects.requireNonNull(indexName, "indexName"));
    }

    /**
     * Verifies that the pattern's requests read the table, not a secondary index.
     *
     * <pre>{@code
     * assertThat(table.accessPattern("ordersOfCustomer").with("customerId", 42)).onTable();
     * }</pre>
     *
     * @return this assertion object
     * @throws AssertionError when a request read an index
     */
    public AccessPatternAssert onTable() {
        return reads("the table");
    }

    private AccessPatternAssert reads(String expected) {
        List<RequestLogEntry> offending = run().requests().stream().filter(r -> !readText(r).equals(expected))
                .toList();
        if (!offending.isEmpty()) {
            throw failure(shouldReadIndex("access pattern", callText(), expected, offending), readText(offending
                    .get(0)), expected);
        }
        return myself;
    }

    static String readText(RequestLogEntry request) {
        return request.index().map(i -> "index " + i).orElse("the table");
    }

    /**
     * Verifies that the pattern returns items with exactly these table keys, in any order. Keys are the values of
     * the table's key attributes (the design names them), also for patterns on an index.
     *
     * <pre>{@code
     * assertThat(table.accessPattern("ordersOfCustomer").with("customerId", 42))
     *     .returnsKeys(key("CUSTOMER#42", "ORDER#00001001"), key("CUSTOMER#42", "ORDER#00001002"));
     * }</pre>
     *
     * @param keys the keys expected, made with {@link SingleTableAssertions#key(Object, Object)}
     * @return this assertion object
     * @throws AssertionError listing the keys missing and unexpected
     */
    public AccessPatternAssert returnsKeys(TableKey... keys) {
        return returns(Arrays.asList(keys), false);
    }

    /**
     * Verifies that the pattern returns items with exactly these table keys, in this order.
     *
     * <pre>{@code
     * assertThat(table.accessPattern("ordersOfCustomer").with("customerId", 42))
     *     .returnsKeysInOrder(key("CUSTOMER#42", "ORDER#00001002"), key("CUSTOMER#42", "ORDER#00001001"));
     * }</pre>
     *
     * @param keys the keys expected, in the order expected
     * @return this assertion object
     * @throws AssertionError listing the keys missing, unexpected or out of order
     */
    public AccessPatternAssert returnsKeysInOrder(TableKey... keys) {
        return returns(Arrays.asList(keys), true);
    }

    private AccessPatternAssert returns(List<TableKey> expected, boolean ordered) {
        List<TableKey> actualKeys = keysOf(run().items());
        boolean same = ordered ? actualKeys.equals(expected) : new KeyDifference(expected, actualKeys).sameKeys();
        if (!same) {
            throw failure(shouldReturnKeys(runText(), expected, actualKeys, ordered), actualKeys, expected);
        }
        return myself;
    }

    /**
     * Verifies that the pattern returns no item.
     *
     * <pre>{@code
     * assertThat(table.accessPattern("ordersOfCustomer").with("customerId", 7)).returnsNothing();
     * }</pre>
     *
     * @return this assertion object
     * @throws AssertionError listing the keys returned
     */
    public AccessPatternAssert returnsNothing() {
        List<TableKey> actualKeys = keysOf(run().items());
        if (!actualKeys.isEmpty()) {
            throw assertionError(shouldReturnNothing(runText(), actualKeys));
        }
        return myself;
    }

    /**
     * Verifies that the pattern returns at least one item and that every item satisfies the requirements
     * (AssertJ assertions on the item).
     *
     * <pre>{@code
     * assertThat(table.accessPattern("ordersOfCustomer").with("customerId", 42))
     *     .returnsItemsSatisfying(item -> assertThatItem(item).hasAttribute("status", "OPEN"));
     * }</pre>
     *
     * @param requirements assertions on one item
     * @return this assertion object
     * @throws AssertionError showing each item that falls short and why
     */
    public AccessPatternAssert returnsItemsSatisfying(Consumer<Map<String, AttributeValue>> requirements) {
        List<Map<String, AttributeValue>> items = run().items();
        List<String> failures = new ArrayList<>();
        for (Map<String, AttributeValue> item : items) {
            try {
                requirements.accept(item);
            } catch (AssertionError e) {
                failures.add(DynamoValues.display(item) + Describe.NEXT_LINE + "  "
                        + e.getMessage().strip().replace(Describe.NL, Describe.NEXT_LINE + "  "));
            }
        }
        if (items.isEmpty() || !failures.isEmpty()) {
            throw assertionError(shouldReturnItemsSatisfying(runText(), items.size(), failures));
        }
        return myself;
    }

    /**
     * Verifies that the pattern reads at most this many items (DynamoDB's {@code ScannedCount}, over every page):
     * a filter or a too-wide key condition reads more than it returns.
     *
     * <pre>{@code
     * assertThat(table.accessPattern("ordersOfCustomer").with("customerId", 42)).readsAtMost(20);
     * }</pre>
     *
     * @param items the most items it may read
     * @return this assertion object
     * @throws AssertionError giving the items read
     */
    public AccessPatternAssert readsAtMost(int items) {
        int read = run().itemsRead();
        if (read > items) {
            throw assertionError(shouldReadAtMost(runText(), items, read));
        }
        return myself;
    }

    /**
     * Verifies that the pattern consumes at most this many read capacity units, over every page.
     *
     * <pre>{@code
     * assertThat(table.accessPattern("ordersOfCustomer").with("customerId", 42)).consumesAtMost(1.0);
     * }</pre>
     *
     * @param readCapacityUnits the most units it may consume
     * @return this assertion object
     * @throws AssertionError giving the units consumed
     */
    public AccessPatternAssert consumesAtMost(double readCapacityUnits) {
        double consumed = run().consumedCapacity();
        if (consumed > readCapacityUnits) {
            throw assertionError(shouldConsumeAtMost("access pattern", runText(), readCapacityUnits, consumed));
        }
        return myself;
    }

    /**
     * Verifies that the pattern's result fits in one page: one request, no {@code LastEvaluatedKey}.
     *
     * <pre>{@code
     * assertThat(table.accessPattern("ordersOfCustomer").with("customerId", 42)).inOnePage();
     * }</pre>
     *
     * @return this assertion object
     * @throws AssertionError giving the pages it took
     */
    public AccessPatternAssert inOnePage() {
        return pages(1);
    }

    /**
     * Verifies how many pages (requests) the pattern takes.
     *
     * <pre>{@code
     * assertThat(table.accessPattern("customerWithOrders").with("customerId", 42)).pages(1);
     * }</pre>
     *
     * @param expected the pages expected
     * @return this assertion object
     * @throws AssertionError giving the pages it took
     */
    public AccessPatternAssert pages(int expected) {
        int pages = run().pages();
        if (pages != expected) {
            throw failure(shouldTakePages(runText(), expected, pages), pages, expected);
        }
        return myself;
    }

    /**
     * Verifies that the pattern returns every item it reads: no filter discards what the key condition selected,
     * which would cost capacity for nothing.
     *
     * <pre>{@code
     * assertThat(table.accessPattern("ordersOfCustomer").with("customerId", 42)).hasNoFilterWaste();
     * }</pre>
     *
     * @return this assertion object
     * @throws AssertionError giving the items read and returned
     */
    public AccessPatternAssert hasNoFilterWaste() {
        int read = run().itemsRead();
        int returned = run().items().size();
        if (read != returned) {
            throw failure(shouldHaveNoFilterWaste(runText(), read, returned), returned, read);
        }
        return myself;
    }

    /**
     * Verifies that application code serves this access pattern: runs the code, checks that its Queries have the
     * pattern's shape (index, partition key template, kind of sort key condition) and that the items it returns
     * are the items the pattern returns, in the same order. The pattern runs with the parameters given to the
     * call and, for the others, the values read from the key condition of the code's first Query.
     *
     * <pre>{@code
     * assertThatAccessPattern(table, "openOrdersByDate")
     *     .isServedBy(() -> repository.openOrders(LocalDate.parse("2026-01-01"), LocalDate.parse("2026-02-01")));
     * }</pre>
     *
     * @param code application code returning the items it read: a {@code List<Map<String, AttributeValue>>} or
     *             a {@link QueryResponse}
     * @return this assertion object
     * @throws AssertionError when the code's requests have another shape, or its items differ
     * @throws IllegalArgumentException when the code returns something else (use
     *                                  {@link #isServedBy(Supplier, Function)}), or a parameter cannot be read
     *                                  from its requests
     */
    public AccessPatternAssert isServedBy(Supplier<?> code) {
        return servedBy(code, result -> {
            if (result instanceof QueryResponse response) {
                return keysOf(response.items());
            }
            if (result instanceof List<?> list && list.stream().allMatch(Map.class::isInstance)) {
                @SuppressWarnings("unchecked")
                List<Map<String, AttributeValue>> items = (List<Map<String, AttributeValue>>) list;
                return keysOf(items);
            }
            throw new IllegalArgumentException("isServedBy(code) takes code returning items"
                    + " (List<Map<String, AttributeValue>>) or a QueryResponse, but it returned " + (result == null
                            ? "null" : result.getClass().getName())
                    + "; for other results say how to get an element's key: isServedBy(code, element -> key(...))");
        });
    }

    /**
     * Verifies that application code returning domain objects serves this access pattern, as
     * {@link #isServedBy(Supplier)} does, reading each object's table key with the given function.
     *
     * <pre>{@code
     * assertThatAccessPattern(table, "ordersOfCustomer")
     *     .isServedBy(() -> repository.ordersOf(42), order -> key("CUSTOMER#42", "ORDER#" + order.number()));
     * }</pre>
     *
     * @param code  application code returning the objects it read, in order
     * @param keyOf gives an object's table key
     * @param <T>   the type of the objects
     * @return this assertion object
     * @throws AssertionError when the code's requests have another shape, or its objects' keys differ
     */
    public <T> AccessPatternAssert isServedBy(Supplier<? extends Iterable<T>> code,
            Function<? super T, TableKey> keyOf) {
        return servedBy(code, result -> {
            @SuppressWarnings("unchecked") // code is a Supplier<? extends Iterable<T>>
            Iterable<T> elements = (Iterable<T>) result;
            List<TableKey> keys = new ArrayList<>();
            elements.forEach(element -> keys.add(keyOf.apply(element)));
            return keys;
        });
    }

    private AccessPatternAssert servedBy(Supplier<?> code, Function<Object, List<TableKey>> keysOfResult) {
        isNotNull();
        SingleTable table = actual.table();
        RequestLog log = table.requestLog();
        RequestLog.Mark before = log.mark();
        Object result = code.get();
        List<RequestLogEntry> requests = log.since(before);
        List<RequestLogEntry> reads = PatternShape.reads(requests);
        List<String> mismatches = Describe.mismatches(actual.pattern(), reads);
        if (reads.isEmpty() || !mismatches.isEmpty()) {
            throw assertionError(shouldServeAccessPattern(requests, actual.pattern(), mismatches));
        }
        List<TableKey> actualKeys = keysOfResult.apply(result);
        AccessPatternCall call = withParametersOf(reads.get(0));
        AccessPatternRun patternRun = runOnce(call);
        List<TableKey> expected = keysOf(patternRun.items(), table);
        if (!actualKeys.equals(expected)) {
            throw failure(shouldBeServedBy(requests, Describe.call(call.pattern().name(), call.parameters()),
                    expected, actualKeys), actualKeys, expected);
        }
        return myself;
    }

    /** The call with the parameters read from the request's key condition, where none was given. */
    private AccessPatternCall withParametersOf(RequestLogEntry request) {
        Map<String, Object> parameters = new LinkedHashMap<>(PatternShape.parameters(actual.pattern(), request));
        parameters.putAll(actual.parameters());
        List<String> missing = actual.pattern().parameters().stream().filter(p -> !parameters.containsKey(p))
                .toList();
        if (!missing.isEmpty()) {
            throw new IllegalArgumentException("cannot read parameter " + String.join(", ", missing)
                    + " of access pattern " + actual.pattern().name() + " from the key condition of "
                    + Describe.request(request) + "; give it: assertThat(table.accessPattern(\""
                    + actual.pattern().name() + "\").with(\"" + missing.get(0) + "\", …)).isServedBy(…)");
        }
        return actual.with(parameters);
    }

    private AccessPatternRun run() {
        isNotNull();
        if (run == null && failure == null) {
            try {
                run = actual.run();
            } catch (SdkException e) {
                failure = e;
            }
        }
        if (failure != null) {
            throw assertionError(shouldRunAsQuery(callText(), failure));
        }
        return run;
    }

    private AccessPatternRun runOnce(AccessPatternCall call) {
        try {
            return call.run();
        } catch (SdkException e) {
            throw assertionError(shouldRunAsQuery(Describe.call(call.pattern().name(), call.parameters()), e));
        }
    }

    private List<TableKey> keysOf(List<Map<String, AttributeValue>> items) {
        return keysOf(items, actual.table());
    }

    static List<TableKey> keysOf(List<Map<String, AttributeValue>> items, SingleTable table) {
        List<String> names = table.design().primaryKey().stream().map(k -> k.name()).toList();
        return items.stream().map(item -> TableKey.ofItem(item, names)).toList();
    }

    private String callText() {
        return Describe.call(actual.pattern().name(), actual.parameters());
    }

    private String runText() {
        return Describe.run(actual.pattern().name(), actual.parameters(), run().requests());
    }

    /** A failure with the values an IDE shows side by side, built from the public error factory. */
    private AssertionError failure(ErrorMessageFactory message, Object actualValue, Object expectedValue) {
        return failureWithActualExpected(actualValue, expectedValue, "%s",
                message.create(Describe.NO_DESCRIPTION, info.representation()));
    }
}
