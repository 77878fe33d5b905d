package dev.singletable.engine.internal.storage;

import dev.singletable.engine.internal.value.Value;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * The entries of one secondary index, partitioned by the index partition key and sorted within a partition (by
 * the values {@link IndexDef#partitionOf} and {@link IndexDef#sortOf} give, one per side of the key).
 */
public final class IndexData {
    private final IndexDef definition;
    private final TreeMap<Value, TreeMap<IndexEntryKey, Item>> partitions = new TreeMap<>(HashOrder.PARTITIONS);
    private long itemCount;
    private long sizeBytes;

    IndexData(IndexDef definition) {
        this.definition = definition;
    }

    public IndexDef definition() {
        return definition;
    }

    /** Entries of one index partition, in index sort order; empty if none. */
    public NavigableMap<IndexEntryKey, Item> partition(Value partitionKey) {
        TreeMap<IndexEntryKey, Item> partition = partitions.get(partitionKey);
        return partition == null ? new TreeMap<>() : partition;
    }

    /** Every partition in scan (hash) order. */
    public NavigableMap<Value, TreeMap<IndexEntryKey, Item>> partitions() {
        return partitions;
    }

    public long itemCount() {
        return itemCount;
    }

    public long sizeBytes() {
        return sizeBytes;
    }

    void add(Map<String, Value> item, KeyDef tablePartition, KeyDef tableSort) {
        if (!definition.covers(item)) {
            return;
        }
        Item entry = Item.of(definition.project(item, tablePartition, tableSort));
        Item previous = partitions.computeIfAbsent(definition.partitionOf(item), k -> new TreeMap<>())
                .put(entryKey(item, tablePartition, tableSort), entry);
        itemCount++;
        sizeBytes += entry.size();
        if (previous != null) {
            itemCount--;
            sizeBytes -= previous.size();
        }
    }

    void remove(Map<String, Value> item, KeyDef tablePartition, KeyDef tableSort) {
        if (!definition.covers(item)) {
            return;
        }
        Value partitionKey = definition.partitionOf(item);
        TreeMap<IndexEntryKey, Item> partition = partitions.get(partitionKey);
        if (partition == null) {
            return;
        }
        Item removed = partition.remove(entryKey(item, tablePartition, tableSort));
        if (removed != null) {
            itemCount--;
            sizeBytes -= removed.size();
        }
        if (partition.isEmpty()) {
            partitions.remove(partitionKey);
        }
    }

    /** The entry key of an item in this index. */
    public IndexEntryKey entryKey(Map<String, Value> item, KeyDef tablePartition, KeyDef tableSort) {
        return new IndexEntryKey(definition.sortOf(item), item.get(tablePartition.name()),
                tableSort == null ? null : item.get(tableSort.name()));
    }
}
