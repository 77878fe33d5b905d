package dev.singletable.engine.internal.log;

import dev.singletable.engine.model.Access;
import dev.singletable.engine.model.ExpressionKind;
import dev.singletable.engine.model.KeyCondition;
import dev.singletable.engine.model.Operation;
import dev.singletable.engine.model.RequestLogEntry;
import java.time.Duration;
import java.time.Instant;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Supplier;

/**
 * A request log entry as the engine keeps it. The expressions' display and the typed key condition are made
 * when first read, so that recording a request costs next to nothing while nobody reads the log.
 */
final class LoggedRequest implements RequestLogEntry {
    private final long sequence;
    private final Instant time;
    private final Operation operation;
    private final String operationName;
    private final String table;
    private final String index;
    /** What renders the expressions for display, until they are rendered. */
    private Supplier<Map<ExpressionKind, String>> expressionSource;
    private Map<ExpressionKind, String> expressions;
    private final String statement;
    /** What makes the typed key condition, until it is made. */
    private Supplier<KeyCondition> keyConditionSource;
    private KeyCondition keyCondition;
    private final Access access;
    private final int scannedCount;
    private final int returnedCount;
    private final boolean morePages;
    private final Double consumedCapacity;
    private final Duration duration;
    private final String errorType;
    private final String errorMessage;
    private final StackTraceElement caller;

    LoggedRequest(long sequence, RequestRecord r) {
        this.sequence = sequence;
        this.time = r.time;
        this.operation = r.operation;
        this.operationName = r.operationName;
        this.table = r.table;
        this.index = r.index;
        this.expressionSource = r.expressions;
        this.statement = r.statement;
        this.keyConditionSource = r.keyCondition;
        this.access = r.accessOrDefault();
        this.scannedCount = r.scannedCount;
        this.returnedCount = r.returnedCount;
        this.morePages = r.morePages;
        this.consumedCapacity = r.consumedCapacity;
        this.duration = r.duration;
        this.errorType = r.errorType;
        this.errorMessage = r.errorMessage;
        this.caller = r.caller;
    }

    @Override
    public long sequence() {
        return sequence;
    }

    @Override
    public Instant time() {
        return time;
    }

    @Override
    public Operation operation() {
        return operation;
    }

    @Override
    public String operationName() {
        return operationName;
    }

    @Override
    public Optional<String> table() {
        return Optional.ofNullable(table);
    }

    @Override
    public Optional<String> index() {
        return Optional.ofNullable(index);
    }

    @Override
    public synchronized Optional<KeyCondition> keyCondition() {
        if (keyConditionSource != null) {
            keyCondition = keyConditionSource.get();
            keyConditionSource = null;
        }
        return Optional.ofNullable(keyCondition);
    }

    @Override
    public synchronized Map<ExpressionKind, String> expressions() {
        if (expressionSource != null) {
            Map<ExpressionKind, String> byKind = new EnumMap<>(ExpressionKind.class);
            byKind.putAll(expressionSource.get());
            expressions = Collections.unmodifiableMap(byKind);
            expressionSource = null;
        }
        return expressions;
    }

    @Override
    public Optional<String> statement() {
        return Optional.ofNullable(statement);
    }

    @Override
    public Optional<Access> access() {
        return Optional.ofNullable(access);
    }

    @Override
    public int scannedCount() {
        return scannedCount;
    }

    @Override
    public int returnedCount() {
        return returnedCount;
    }

    @Override
    public boolean hasMorePages() {
        return morePages;
    }

    @Override
    public OptionalDouble consumedCapacity() {
        return consumedCapacity == null ? OptionalDouble.empty() : OptionalDouble.of(consumedCapacity);
    }

    @Override
    public Duration duration() {
        return duration;
    }

    @Override
    public Optional<String> errorType() {
        return Optional.ofNullable(errorType);
    }

    @Override
    public Optional<String> errorMessage() {
        return Optional.ofNullable(errorMessage);
    }

    @Override
    public Optional<StackTraceElement> caller() {
        return Optional.ofNullable(caller);
    }

    /** A one-line description: operation, table, index, key condition or filter, and outcome. */
    @Override
    public String toString() {
        StringBuilder s = new StringBuilder(operationName);
        if (table != null) {
            s.append(" on ").append(table);
        }
        if (index != null) {
            s.append(" index ").append(index);
        }
        expression(ExpressionKind.KEY_CONDITION).ifPresent(e -> s.append(" where ").append(e));
        expression(ExpressionKind.FILTER).ifPresent(e -> s.append(" filter ").append(e));
        if (errorType != null) {
            s.append(" failed with ").append(errorType);
        }
        return s.toString();
    }
}
