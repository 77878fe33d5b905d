package dev.singletable.core;

import dev.singletable.engine.RequestLog;
import dev.singletable.engine.model.RequestLogEntry;
import dev.singletable.fixtures.AccessPattern;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/**
 * An access pattern of a {@link SingleTable} with parameter values, ready to {@link #run()}. Immutable: every
 * {@code with} returns a new call.
 *
 * <pre>{@code
 * AccessPatternRun run = table.accessPattern("openOrdersByDate")
 *         .with("from", "2026-01-01")
 *         .with("to", "2026-02-01")
 *         .run();
 * }</pre>
 */
public final class AccessPatternCall {
    private final Handle table;
    private final AccessPattern pattern;
    private final Map<String, Object> parameters;

    AccessPatternCall(Handle table, AccessPattern pattern) {
        this(table, pattern, Map.of());
    }

    private AccessPatternCall(Handle table, AccessPattern pattern, Map<String, Object> parameters) {
        this.table = table;
        this.pattern = pattern;
        this.parameters = parameters;
    }

    /** @return the table the pattern runs against */
    public SingleTable table() {
        return table;
    }

    /** @return the access pattern called */
    public AccessPattern pattern() {
        return pattern;
    }

    /** @return the parameter values given so far, in the order given */
    public Map<String, Object> parameters() {
        return parameters;
    }

    /**
     * @param parameter a parameter of the pattern
     * @param value     its value: a string, number, boolean, date or {@link AttributeValue}
     * @return a call with this value added (replacing an earlier value of the parameter)
     */
    public AccessPatternCall with(String parameter, Object value) {
        return with(Collections.singletonMap(parameter, value));
    }

    /**
     * @param values parameter values to add (replacing earlier values of the same parameters)
     * @return a call with the values added
     */
    public AccessPatternCall with(Map<String, ?> values) {
        Map<String, Object> all = new LinkedHashMap<>(parameters);
        all.putAll(values);
        return new AccessPatternCall(table, pattern, Collections.unmodifiableMap(all));
    }

    /**
     * Runs the pattern's {@code Query} (or the {@code Scan} of a pattern declared as one) with the table's client:
     * every page, following {@code LastEvaluatedKey}, unless the pattern has a limit (then the first page only, as
     * the application would read it).
     *
     * <p>Its requests are the toolkit's own: coverage ({@link CoverageRecorder}) does not count them as the
     * application's.
     *
     * @return the items and the requests that ran
     * @throws IllegalArgumentException when a parameter is missing, unknown or does not fit its key
     */
    public AccessPatternRun run() {
        RequestLog log = table.requestLog();
        RequestLog.Mark before = log.mark();
        try {
            List<Map<String, AttributeValue>> items = pattern.scan() ? scan() : query();
            return new AccessPatternRun(this, ownRequests(log.since(before)), items);
        } finally {
            table.sentByToolkit(ownRequests(log.since(before)));
        }
    }

    /**
     * The run's own requests: each of its pages names the table. A table's log also keeps requests that name no
     * single table (a batch, a transaction), which meanwhile are other code's: a class running in parallel.
     */
    private List<RequestLogEntry> ownRequests(List<RequestLogEntry> since) {
        return since.stream().filter(entry -> entry.table().filter(table.name()::equals).isPresent()).toList();
    }

    private List<Map<String, AttributeValue>> query() {
        QueryRequest query = pattern.toQueryRequest(table.name(), parameters).toBuilder()
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL).build();
        return readPages(start -> {
            QueryResponse page = table.client().query(query.toBuilder().exclusiveStartKey(start).build());
            return new Page(page.items(), page.lastEvaluatedKey());
        });
    }

    /** A pattern the design declares as a Scan runs as one, so that the checks can say it falls short. */
    private List<Map<String, AttributeValue>> scan() {
        ScanRequest scan = pattern.toScanRequest(table.name(), parameters).toBuilder()
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL).build();
        return readPages(start -> {
            ScanResponse page = table.client().scan(scan.toBuilder().exclusiveStartKey(start).build());
            return new Page(page.items(), page.lastEvaluatedKey());
        });
    }

    /** One page of a Query or Scan: its items and where the next page starts (empty after the last). */
    private record Page(List<Map<String, AttributeValue>> items, Map<String, AttributeValue> lastEvaluatedKey) {
    }

    /** Every page, following {@code LastEvaluatedKey}, unless the pattern has a limit: then the first only. */
    private List<Map<String, AttributeValue>> readPages(Function<Map<String, AttributeValue>, Page> read) {
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        Page page = read.apply(null);
        items.addAll(page.items());
        while (!page.lastEvaluatedKey().isEmpty() && pattern.limit().isEmpty()) {
            page = read.apply(page.lastEvaluatedKey());
            items.addAll(page.items());
        }
        return items;
    }

    @Override
    public String toString() {
        return pattern.name() + parameters;
    }
}
