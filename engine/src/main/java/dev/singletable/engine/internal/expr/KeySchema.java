package dev.singletable.engine.internal.expr;

/**
 * The key of the table or index a Query runs on: attribute names and their types ({@code S}, {@code N} or
 * {@code B}); the sort key and its type are null for a partition-key-only schema.
 */
public record KeySchema(String partitionKey, String partitionType, String sortKey, String sortType) {
}
