package dev.singletable.engine.internal.storage;

import dev.singletable.engine.internal.value.Value;
import java.util.Collections;
import java.util.Iterator;
import java.util.Map;

/**
 * The items of a table, or the entries of one of its secondary indexes, in the order Query and Scan read them:
 * partitions in hash order, and within a partition by sort key (then, in an index, by the table's key). Reads
 * seek to the range they need, so they cost what they return, not the size of the table.
 */
public final class SortedItems {
    private final KeyLayout layout;
    private final ItemTree tree;
    private long sizeBytes;

    SortedItems(KeyLayout layout) {
        this(layout, new ItemTree(), 0);
    }

    private SortedItems(KeyLayout layout, ItemTree tree, long sizeBytes) {
        this.layout = layout;
        this.tree = tree;
        this.sizeBytes = sizeBytes;
    }

    public long count() {
        return tree.size();
    }

    /** The DynamoDB size of every item or entry held. */
    public long sizeBytes() {
        return sizeBytes;
    }

    /**
     * The entries of one partition whose sort key lies between two bounds (a null bound is open), after an
     * ExclusiveStartKey when one is given (it holds the key attributes of this table or index), in sort order or
     * reversed. A partition or bound of the wrong type matches nothing.
     */
    public Iterator<Item> query(Value partition, Value low, boolean lowInclusive, Value high, boolean highInclusive,
                                Map<String, Value> exclusiveStartKey, boolean forward) {
        if (!layout.fitsPartition(partition) || !layout.fitsSort(low) || !layout.fitsSort(high)) {
            return Collections.emptyIterator();
        }
        byte[] prefix = layout.partitionPrefix(partition);
        // a bound on the sort key is a prefix of the keys of the entries with that sort key value (in an index,
        // several): from the first of them when inclusive, else from past the last; likewise the upper bound
        byte[] from = prefix;
        if (low != null) {
            byte[] lowPrefix = layout.sortPrefix(partition, low);
            from = lowInclusive ? lowPrefix : KeyBytes.prefixEnd(lowPrefix);
        }
        byte[] to = KeyBytes.prefixEnd(prefix);
        if (high != null) {
            byte[] highPrefix = layout.sortPrefix(partition, high);
            to = highInclusive ? KeyBytes.prefixEnd(highPrefix) : highPrefix;
        }
        boolean fromInclusive = true;
        if (exclusiveStartKey != null) {
            byte[] start = layout.keyOf(exclusiveStartKey);
            if (forward) {
                from = start;
                fromInclusive = false;
            } else {
                to = start;
            }
        }
        return tree.range(from, fromInclusive, to, false, !forward);
    }

    /** Every entry of one partition, in sort order. */
    public Iterator<Item> partition(Value partition) {
        return query(partition, null, false, null, false, null, true);
    }

    /**
     * The entries a Scan segment reads, in order, after an ExclusiveStartKey when one is given: the partitions
     * whose hash falls in the segment ({@link HashOrder#segment}), which are contiguous in hash order.
     */
    public Iterator<Item> scan(int segment, int totalSegments, Map<String, Value> exclusiveStartKey) {
        long firstHash = HashOrder.firstHashOf(segment, totalSegments);
        byte[] from = firstHash == 0 ? null : KeyBytes.ofHash(firstHash);
        boolean fromInclusive = true;
        if (exclusiveStartKey != null) {
            from = layout.keyOf(exclusiveStartKey);
            fromInclusive = false;
        }
        byte[] to = segment + 1 == totalSegments ? null : KeyBytes.ofHash(HashOrder.firstHashOf(segment + 1, totalSegments));
        return tree.range(from, fromInclusive, to, false, false);
    }

    /** Every entry, in scan order. */
    public Iterable<Item> all() {
        return () -> tree.range(null, true, null, true, false);
    }

    Item get(byte[] key) {
        return tree.get(key);
    }

    /** Writes an entry under its key; returns the one it replaced. */
    Item put(byte[] key, Item item) {
        return put(key, 0, item);
    }

    /** Writes an item under the key it holds ({@link Item#holdsKey}); returns the one it replaced. */
    Item put(Item item) {
        return put(item.encoded, item.keyStart, item);
    }

    private Item put(byte[] keyArray, int keyStart, Item item) {
        Item old = tree.put(keyArray, keyStart, item);
        sizeBytes += item.size() - (old == null ? 0 : old.size());
        return old;
    }

    Item remove(byte[] key) {
        Item old = tree.remove(key);
        if (old != null) {
            sizeBytes -= old.size();
        }
        return old;
    }

    KeyLayout layout() {
        return layout;
    }

    /** The same entries, sharing their storage with this one until either side writes (constant time). */
    SortedItems share() {
        return new SortedItems(layout, tree.share(), sizeBytes);
    }

    /** Whether these entries are still what a shared copy holds: no write since it was made or restored. */
    boolean unchangedSince(SortedItems snapshot) {
        return tree.unchangedSince(snapshot.tree);
    }

    /** Makes these entries what a shared copy holds, in constant time. */
    void restore(SortedItems snapshot) {
        tree.restore(snapshot.tree);
        sizeBytes = snapshot.sizeBytes;
    }
}
