package dev.singletable.core;

/**
 * What a seeding did.
 *
 * @param itemsWritten how many items were written
 * @param calls        how many {@code BatchWriteItem} calls it took, retries included
 * @param retries      how many of those calls re-sent unprocessed items
 */
public record SeedResult(int itemsWritten, int calls, int retries) {
}
