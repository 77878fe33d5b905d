package dev.singletable.engine.internal.log;

import dev.singletable.engine.model.Access;
import dev.singletable.engine.model.ExpressionKind;
import dev.singletable.engine.model.KeyCondition;
import dev.singletable.engine.model.Operation;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.function.Supplier;

/**
 * What is known of one request, gathered while it is served (or, client-side, when its answer arrives) and
 * handed to a {@link RequestRecorder}, which numbers it and keeps it as an immutable entry.
 */
public final class RequestRecord {
    final Operation operation;
    final String operationName;
    Instant time = Instant.now();
    String table;
    String index;
    Supplier<Map<ExpressionKind, String>> expressions = Map::of;
    String statement;
    Supplier<KeyCondition> keyCondition = () -> null;
    Access access;
    int scannedCount = -1;
    int returnedCount = -1;
    boolean morePages;
    Double consumedCapacity;
    Duration duration = Duration.ZERO;
    String errorType;
    String errorMessage;
    StackTraceElement caller;

    /** A record of a request for an operation, {@code operationName} as the request named it. */
    public RequestRecord(Operation operation, String operationName) {
        this.operation = operation;
        this.operationName = operationName;
    }

    public RequestRecord time(Instant time) {
        this.time = time;
        return this;
    }

    public RequestRecord table(String table) {
        this.table = table;
        return this;
    }

    public RequestRecord index(String index) {
        this.index = index;
        return this;
    }

    /** The expressions by kind, resolved for display; computed when first read. */
    public RequestRecord expressions(Supplier<Map<ExpressionKind, String>> expressions) {
        this.expressions = expressions;
        return this;
    }

    public RequestRecord statement(String statement) {
        this.statement = statement;
        return this;
    }

    /** A Query's key condition, typed; computed when first read (null when there is none). */
    public RequestRecord keyCondition(Supplier<KeyCondition> keyCondition) {
        this.keyCondition = keyCondition;
        return this;
    }

    /** How a statement read the table, when the operation does not say it (a PartiQL SELECT). */
    public RequestRecord access(Access access) {
        this.access = access;
        return this;
    }

    public RequestRecord counts(int scannedCount, int returnedCount) {
        this.scannedCount = scannedCount;
        this.returnedCount = returnedCount;
        return this;
    }

    public RequestRecord morePages(boolean morePages) {
        this.morePages = morePages;
        return this;
    }

    public RequestRecord consumedCapacity(Double consumedCapacity) {
        this.consumedCapacity = consumedCapacity;
        return this;
    }

    public RequestRecord duration(Duration duration) {
        this.duration = duration;
        return this;
    }

    public RequestRecord error(String type, String message) {
        this.errorType = type;
        this.errorMessage = message;
        return this;
    }

    public RequestRecord caller(StackTraceElement caller) {
        this.caller = caller;
        return this;
    }

    /** The operation the request asked for. */
    public Operation operation() {
        return operation;
    }

    /** How the request read its table: as set, else what a Query or a Scan does by its name. */
    Access accessOrDefault() {
        if (access != null) {
            return access;
        }
        return operation == Operation.QUERY ? Access.QUERY : operation == Operation.SCAN ? Access.SCAN : null;
    }
}
