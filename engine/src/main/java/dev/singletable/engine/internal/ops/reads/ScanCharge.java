package dev.singletable.engine.internal.ops.reads;

import dev.singletable.engine.internal.kernel.Capacity;
import dev.singletable.engine.internal.storage.HashOrder;
import dev.singletable.engine.internal.value.Value;
import java.util.HashMap;
import java.util.Map;

/**
 * What one page of a Scan costs. DynamoDB scans a table partition by partition and rounds each partition's read
 * up to whole 4 KB units on its own, at least one even when the partition holds nothing of the scan; so a page
 * costs at least one unit for every partition it covers, not one for the page. A table has as many partitions as
 * its warm throughput needs (an on-demand table at least four), each owning an equal range of the key hash; a
 * parallel Scan's segment covers the partitions its hash range meets.
 */
final class ScanCharge {
    private static final long HASH_RANGE = 1L << 32;

    private final int partitions;
    private final int first;
    private final int lastOfSegment;
    private final Map<Integer, Long> bytes = new HashMap<>();
    private int reached;

    /**
     * @param partitions     how many partitions the table or index has
     * @param segment        the parallel-scan segment (0 for a whole Scan)
     * @param totalSegments  the number of segments (1 for a whole Scan)
     * @param startPartition the partition key the page resumes in, or null for the segment's start
     */
    ScanCharge(int partitions, int segment, int totalSegments, Value startPartition) {
        this.partitions = partitions;
        long lowestHash = ceilDiv(segment * HASH_RANGE, totalSegments);
        long highestHash = ceilDiv((segment + 1) * HASH_RANGE, totalSegments) - 1;
        this.first = startPartition == null ? partitionOfHash(lowestHash) : partitionOf(startPartition);
        this.lastOfSegment = partitionOfHash(highestHash);
        this.reached = first;
    }

    /** An entry of this size read from the partition of this key. */
    void read(Value partitionKey, long size) {
        int partition = partitionOf(partitionKey);
        bytes.merge(partition, size, Long::sum);
        reached = partition;
    }

    /**
     * The read units of the page: every partition from where it started to where it stopped, or to the end of
     * the segment when it read everything that was left.
     */
    double units(boolean consistent, boolean readToTheEnd) {
        int last = readToTheEnd ? lastOfSegment : reached;
        double units = 0;
        for (int partition = first; partition <= last; partition++) {
            units += Capacity.readUnits(bytes.getOrDefault(partition, 0L), consistent);
        }
        return units;
    }

    private int partitionOf(Value partitionKey) {
        return partitionOfHash(HashOrder.hash(partitionKey));
    }

    private int partitionOfHash(long hash) {
        return (int) ((hash * partitions) >>> 32);
    }

    private static long ceilDiv(long dividend, long divisor) {
        return (dividend + divisor - 1) / divisor;
    }
}
