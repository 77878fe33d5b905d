package dev.singletable.engine;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Supplier;

/**
 * One request as the engine (or a client-side interceptor) saw it: what was asked, what it read and returned,
 * what it cost and how it ended. Immutable; the display form of the expressions is computed on first use so
 * that recording costs almost nothing when nobody reads the log.
 */
public final class RequestLogEntry {
    private final long sequence;
    private final Instant time;
    private final String operation;
    private final String table;
    private final String index;
    private final Supplier<Map<String, String>> expressions;
    private volatile Map<String, String> resolvedExpressions;
    private final KeyConditionShape keyCondition;
    private final String access;
    private final int scannedCount;
    private final int returnedCount;
    private final boolean morePages;
    private final Double consumedCapacity;
    private final Duration duration;
    private final String errorType;
    private final String errorMessage;
    private final StackTraceElement caller;

    RequestLogEntry(Builder b) {
        this.sequence = b.sequence;
        this.time = b.time;
        this.operation = b.operation;
        this.table = b.table;
        this.index = b.index;
        this.expressions = b.expressions;
        this.keyCondition = b.keyCondition;
        this.access = b.access;
        this.scannedCount = b.scannedCount;
        this.returnedCount = b.returnedCount;
        this.morePages = b.morePages;
        this.consumedCapacity = b.consumedCapacity;
        this.duration = b.duration;
        this.errorType = b.errorType;
        this.errorMessage = b.errorMessage;
        this.caller = b.caller;
    }

    /** A builder, for engines and interceptors that record entries. */
    public static Builder builder(String operation) {
        return new Builder(operation);
    }

    /** The position of this entry in its log, counting from 1; later requests have larger numbers. */
    public long sequence() {
        return sequence;
    }

    public Instant time() {
        return time;
    }

    /** The operation name as on the wire, e.g. {@code Query}, {@code Scan}, {@code PutItem}. */
    public String operation() {
        return operation;
    }

    /** The table named by the request, if it names exactly one. */
    public Optional<String> table() {
        return Optional.ofNullable(table);
    }

    /** The index read by a Query or Scan, if any. */
    public Optional<String> index() {
        return Optional.ofNullable(index);
    }

    /**
     * The request's expressions by kind ({@code KeyCondition}, {@code Filter}, {@code Condition}, {@code Update},
     * {@code Projection}) with {@code #names} and {@code :values} substituted for display, e.g.
     * {@code PK = "CUSTOMER#42" AND begins_with(SK, "ORDER#")}.
     */
    public Map<String, String> expressions() {
        Map<String, String> resolved = resolvedExpressions;
        if (resolved == null) {
            resolved = Map.copyOf(expressions.get());
            resolvedExpressions = resolved;
        }
        return resolved;
    }

    /** The expression of one kind, for display; empty when the request had none. */
    public Optional<String> expression(String kind) {
        return Optional.ofNullable(expressions().get(kind));
    }

    /** The shape of a Query's key condition; empty for other operations. */
    public Optional<KeyConditionShape> keyCondition() {
        return Optional.ofNullable(keyCondition);
    }

    /**
     * How the request read its table: {@code Query} or {@code Scan} for those operations and for PartiQL
     * SELECTs (one partition or all of them); empty for other requests.
     */
    public Optional<String> access() {
        if (access != null) {
            return Optional.of(access);
        }
        return operation.equals("Query") || operation.equals("Scan") ? Optional.of(operation) : Optional.empty();
    }

    /** Whether the request read a whole table or index: a Scan, or a PartiQL SELECT that scanned. */
    public boolean isScan() {
        return access().filter("Scan"::equals).isPresent();
    }

    /** Items read (DynamoDB's ScannedCount for Query and Scan; items found for reads by key); -1 if unknown. */
    public int scannedCount() {
        return scannedCount;
    }

    /** Items returned; -1 if unknown. */
    public int returnedCount() {
        return returnedCount;
    }

    /** Whether the response carried a LastEvaluatedKey (or NextToken): the result has another page. */
    public boolean hasMorePages() {
        return morePages;
    }

    /** Capacity units the request consumed, as DynamoDB computes them, whether or not the client asked. */
    public OptionalDouble consumedCapacity() {
        return consumedCapacity == null ? OptionalDouble.empty() : OptionalDouble.of(consumedCapacity);
    }

    public Duration duration() {
        return duration;
    }

    public boolean succeeded() {
        return errorType == null;
    }

    /** The error type such as {@code ValidationException}, when the request failed. */
    public Optional<String> errorType() {
        return Optional.ofNullable(errorType);
    }

    public Optional<String> errorMessage() {
        return Optional.ofNullable(errorMessage);
    }

    /**
     * The first frame outside the engine and the AWS SDK on the thread that issued the request, when known
     * (recorded for Scans issued through the in-memory transport, to say where a Scan came from).
     */
    public Optional<StackTraceElement> caller() {
        return Optional.ofNullable(caller);
    }

    /** A one-line description: operation, table, index, key condition or filter, and outcome. */
    @Override
    public String toString() {
        StringBuilder s = new StringBuilder(operation);
        if (table != null) {
            s.append(" on ").append(table);
        }
        if (index != null) {
            s.append(" index ").append(index);
        }
        expression("KeyCondition").ifPresent(e -> s.append(" where ").append(e));
        expression("Filter").ifPresent(e -> s.append(" filter ").append(e));
        if (errorType != null) {
            s.append(" failed with ").append(errorType);
        }
        return s.toString();
    }

    /** Assembles an entry. */
    public static final class Builder {
        private long sequence;
        private Instant time = Instant.now();
        private final String operation;
        private String table;
        private String index;
        private Supplier<Map<String, String>> expressions = Map::of;
        private KeyConditionShape keyCondition;
        private String access;
        private int scannedCount = -1;
        private int returnedCount = -1;
        private boolean morePages;
        private Double consumedCapacity;
        private Duration duration = Duration.ZERO;
        private String errorType;
        private String errorMessage;
        private StackTraceElement caller;

        private Builder(String operation) {
            this.operation = operation;
        }

        Builder sequence(long sequence) {
            this.sequence = sequence;
            return this;
        }

        public Builder time(Instant time) {
            this.time = time;
            return this;
        }

        public Builder table(String table) {
            this.table = table;
            return this;
        }

        public Builder index(String index) {
            this.index = index;
            return this;
        }

        /** The expressions by kind, resolved for display; computed when first read. */
        public Builder expressions(Supplier<Map<String, String>> expressions) {
            this.expressions = expressions;
            return this;
        }

        public Builder keyCondition(KeyConditionShape keyCondition) {
            this.keyCondition = keyCondition;
            return this;
        }

        /** How a statement read the table ("Query" or "Scan") when the operation name does not say it. */
        public Builder access(String access) {
            this.access = access;
            return this;
        }

        public Builder counts(int scannedCount, int returnedCount) {
            this.scannedCount = scannedCount;
            this.returnedCount = returnedCount;
            return this;
        }

        public Builder morePages(boolean morePages) {
            this.morePages = morePages;
            return this;
        }

        public Builder consumedCapacity(Double consumedCapacity) {
            this.consumedCapacity = consumedCapacity;
            return this;
        }

        public Builder duration(Duration duration) {
            this.duration = duration;
            return this;
        }

        public Builder error(String type, String message) {
            this.errorType = type;
            this.errorMessage = message;
            return this;
        }

        public Builder caller(StackTraceElement caller) {
            this.caller = caller;
            return this;
        }

        public RequestLogEntry build() {
            return new RequestLogEntry(this);
        }
    }
}
