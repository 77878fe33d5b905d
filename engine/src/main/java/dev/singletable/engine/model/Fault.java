package dev.singletable.engine.model;

/**
 * What an injected fault makes the engine answer instead of serving the request. Each is an answer DynamoDB
 * really gives, so application retry logic meets what it will meet in production.
 */
public enum Fault {
    /**
     * {@code ThrottlingException} (HTTP 400), its throttling reason the on-demand maximum of the table or index
     * read or written ({@code TableWriteMaxOnDemandThroughputExceeded}, …); the SDK retries it.
     */
    THROTTLING,
    /**
     * {@code ProvisionedThroughputExceededException} (HTTP 400), its throttling reason the provisioned throughput
     * ({@code TableReadProvisionedThroughputExceeded}, …); the SDK retries it.
     */
    PROVISIONED_THROUGHPUT_EXCEEDED,
    /**
     * {@code RequestLimitExceeded} (HTTP 400): the account's throughput limit, its throttling reason
     * {@code …AccountLimitExceeded}; the SDK retries it.
     */
    REQUEST_LIMIT_EXCEEDED,
    /** {@code InternalServerError} (HTTP 500); the SDK retries it. */
    INTERNAL_ERROR,
    /**
     * A conflict with another transaction: {@code TransactionConflictException} for single-item writes,
     * {@code TransactionCanceledException} with a {@code TransactionConflict} reason for transactions.
     */
    TRANSACTION_CONFLICT,
    /**
     * BatchWriteItem answers with every request in {@code UnprocessedItems}, BatchGetItem with every key in
     * {@code UnprocessedKeys}, writing and reading nothing. Other operations are served normally.
     */
    UNPROCESSED
}
