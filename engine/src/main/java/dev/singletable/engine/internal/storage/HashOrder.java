package dev.singletable.engine.internal.storage;

import dev.singletable.engine.internal.value.Value;

/**
 * The order partitions are kept and scanned in: by a well-mixed 32-bit hash of the partition key, as DynamoDB
 * scans in hash order, then by the key itself. Parallel Scan segments are contiguous ranges of this hash.
 */
public final class HashOrder {
    private HashOrder() {
    }

    /** An unsigned 32-bit hash of a key value, stable across runs. */
    public static long hash(Value key) {
        int h = key.hashCode();
        // murmur3's finaliser: spreads similar keys (CUSTOMER#1, CUSTOMER#2) over the whole range
        h ^= h >>> 16;
        h *= 0x85ebca6b;
        h ^= h >>> 13;
        h *= 0xc2b2ae35;
        h ^= h >>> 16;
        return Integer.toUnsignedLong(h);
    }

    /** The parallel-scan segment a partition key falls into. */
    public static int segment(Value key, int totalSegments) {
        return (int) ((hash(key) * totalSegments) >>> 32);
    }

    /** The smallest hash in a segment: the segments' hashes are {@code [first(s), first(s + 1))}. */
    static long firstHashOf(int segment, int totalSegments) {
        // hash h is in segment s when s * 2^32 <= h * total < (s + 1) * 2^32
        return ((long) segment << 32) / totalSegments + (((long) segment << 32) % totalSegments == 0 ? 0 : 1);
    }
}
