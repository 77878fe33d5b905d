package dev.singletable.engine.model;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * One request as the engine (or a client-side {@code RequestLogInterceptor}) saw it: what was asked, what it
 * read and returned, what it cost and how it ended. Entries are immutable and made only by the engine; read
 * them from a {@code RequestLog}. The display form of the expressions is computed on first use, so recording
 * costs almost nothing when nobody reads the log.
 */
public interface RequestLogEntry {

    /** The position of this entry in its log, counting from 1; later requests have larger numbers. */
    long sequence();

    /** When the request arrived. */
    Instant time();

    /** The operation; {@link Operation#UNKNOWN} for a name the engine does not serve. */
    Operation operation();

    /** The operation's name as the request carried it, e.g. {@code Query}; for a known operation, its wire name. */
    String operationName();

    /** The table named by the request, if it names exactly one. */
    Optional<String> table();

    /** The index read by a Query or Scan, if any. */
    Optional<String> index();

    /** What a Query's key condition asks, typed; empty for other operations and for a Query refused before it ran. */
    Optional<KeyCondition> keyCondition();

    /**
     * The request's expressions by kind, with {@code #names} and {@code :values} substituted for display, e.g.
     * {@code PK = "CUSTOMER#42" AND begins_with(SK, "ORDER#")}: strings in double quotes, numbers as written.
     */
    Map<ExpressionKind, String> expressions();

    /** The expression of one kind, for display; empty when the request had none. */
    default Optional<String> expression(ExpressionKind kind) {
        return Optional.ofNullable(expressions().get(kind));
    }

    /** The PartiQL statement of an ExecuteStatement, as sent. */
    Optional<String> statement();

    /**
     * How the request read its table: {@link Access#QUERY} or {@link Access#SCAN} for those operations and for
     * PartiQL SELECTs (one partition or all of them); empty for other requests.
     */
    Optional<Access> access();

    /** Whether the request read a whole table or index: a Scan, or a PartiQL SELECT that scanned. */
    default boolean isScan() {
        return access().filter(Access.SCAN::equals).isPresent();
    }

    /** Items read (DynamoDB's ScannedCount for Query and Scan; items found for reads by key); -1 if unknown. */
    int scannedCount();

    /** Items returned; -1 if unknown. */
    int returnedCount();

    /** Whether the response carried a LastEvaluatedKey (or NextToken): the result has another page. */
    boolean hasMorePages();

    /** Capacity units the request consumed, as DynamoDB computes them, whether or not the client asked. */
    OptionalDouble consumedCapacity();

    /** How long the request took to answer. */
    Duration duration();

    /** Whether the request was answered without an error. */
    default boolean succeeded() {
        return errorType().isEmpty();
    }

    /** The error type such as {@code ValidationException}, when the request failed. */
    Optional<String> errorType();

    /** The error's message, when the request failed with one. */
    Optional<String> errorMessage();

    /**
     * The first frame outside the engine and the AWS SDK on the thread that issued the request, when known
     * (recorded for Scans and PartiQL statements issued through the in-memory transport, to say where a Scan
     * came from).
     */
    Optional<StackTraceElement> caller();
}
