package dev.singletable.engine.internal.storage;

import dev.singletable.engine.internal.value.Value;
import dev.singletable.engine.internal.value.ValueOrder;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Optional;
import java.util.TreeMap;

/**
 * One table's items and secondary indexes. Items are partitioned by partition key (partitions in hash order)
 * and sorted by sort key within a partition, so a Query reads a range and costs what it reads, not the table.
 * Not thread-safe: the engine serialises writers with its lock.
 */
public final class Table {
    /** Stands in for the sort key on tables without one, so every partition is a sorted map. */
    private static final Value NO_SORT_KEY = Value.Null.INSTANCE;
    /** A missing partition: empty, but ordered like a real one so range views of it work. */
    private static final NavigableMap<Value, Item> NO_PARTITION =
            Collections.unmodifiableNavigableMap(new TreeMap<>(ValueOrder.KEY_ORDER));

    private TableMetadata metadata;
    private final TreeMap<Value, TreeMap<Value, Item>> partitions = new TreeMap<>(HashOrder.PARTITIONS);
    private final Map<String, IndexData> indexes = new LinkedHashMap<>();
    private long itemCount;
    private long sizeBytes;
    /** Items as they were at the last checkpoint, recorded on their first change after it (null: absent). */
    private Map<PrimaryKey, Item> undoLog;
    private ChangeListener listener = ChangeListener.NONE;

    public Table(TableMetadata metadata) {
        this.metadata = metadata;
        for (IndexDef index : metadata.indexes()) {
            indexes.put(index.name(), new IndexData(index));
        }
    }

    /** Sets who is told of item changes (writes and TTL deletions; not rollbacks, which undo changes). */
    public void onChange(ChangeListener listener) {
        this.listener = listener;
    }

    public TableMetadata metadata() {
        return metadata;
    }

    /** Replaces what the table is (tags, TTL, settings, definitions); its indexes change only by add and remove. */
    public void metadata(TableMetadata changed) {
        if (!changed.indexes().equals(metadata.indexes())) {
            throw new IllegalArgumentException("indexes change by addIndex and removeIndex, not by new metadata");
        }
        this.metadata = changed;
    }

    public String name() {
        return metadata.name();
    }

    public KeyDef partitionKey() {
        return metadata.partitionKey();
    }

    /** The table's sort key, or null. */
    public KeyDef sortKey() {
        return metadata.sortKey();
    }

    public long itemCount() {
        return itemCount;
    }

    public long sizeBytes() {
        return sizeBytes;
    }

    public Optional<IndexData> index(String name) {
        return Optional.ofNullable(indexes.get(name));
    }

    public Collection<IndexData> indexes() {
        return Collections.unmodifiableCollection(indexes.values());
    }

    /** The primary key of an item that has the table's key attributes. */
    public PrimaryKey keyOf(Map<String, Value> item) {
        KeyDef sort = sortKey();
        return new PrimaryKey(item.get(partitionKey().name()), sort == null ? null : item.get(sort.name()));
    }

    public Item get(PrimaryKey key) {
        TreeMap<Value, Item> partition = partitions.get(key.partition());
        return partition == null ? null : partition.get(sortOf(key));
    }

    /** Items of one partition in sort-key order (one at most on a table without a sort key); empty if none. */
    public NavigableMap<Value, Item> partition(Value partitionKey) {
        TreeMap<Value, Item> partition = partitions.get(partitionKey);
        return partition == null ? NO_PARTITION : Collections.unmodifiableNavigableMap(partition);
    }

    /** Every partition in scan (hash) order. */
    public NavigableMap<Value, TreeMap<Value, Item>> partitions() {
        return Collections.unmodifiableNavigableMap(partitions);
    }

    /** Writes an item, replacing any item with its key, and keeps every index in step. Returns the old item. */
    public Item put(Map<String, Value> attributes) {
        Item item = Item.of(attributes);
        PrimaryKey key = keyOf(item.attributes());
        Item old = partitions.computeIfAbsent(key.partition(), k -> new TreeMap<>(ValueOrder.KEY_ORDER))
                .put(sortOf(key), item);
        remember(key, old);
        account(old, -1);
        account(item, 1);
        for (IndexData index : indexes.values()) {
            if (old != null) {
                index.remove(old.attributes(), partitionKey(), sortKey());
            }
            index.add(item.attributes(), partitionKey(), sortKey());
        }
        listener.changed(this, old, item, false);
        return old;
    }

    /** Deletes the item with this key, if any, and returns it. */
    public Item delete(PrimaryKey key) {
        return delete(key, false);
    }

    /** Deletes an expired item as DynamoDB's TTL process does (stream records name the service). */
    public Item expire(PrimaryKey key) {
        return delete(key, true);
    }

    private Item delete(PrimaryKey key, boolean byTimeToLive) {
        TreeMap<Value, Item> partition = partitions.get(key.partition());
        if (partition == null) {
            return null;
        }
        Item old = partition.remove(sortOf(key));
        if (old == null) {
            return null;
        }
        if (partition.isEmpty()) {
            partitions.remove(key.partition());
        }
        remember(key, old);
        account(old, -1);
        for (IndexData index : indexes.values()) {
            index.remove(old.attributes(), partitionKey(), sortKey());
        }
        listener.changed(this, old, null, byTimeToLive);
        return old;
    }

    /** Adds a secondary index and fills it from the items present (UpdateTable). */
    public void addIndex(IndexDef definition) {
        IndexData index = new IndexData(definition);
        for (TreeMap<Value, Item> partition : partitions.values()) {
            for (Item item : partition.values()) {
                index.add(item.attributes(), partitionKey(), sortKey());
            }
        }
        indexes.put(definition.name(), index);
        metadata = metadata.withIndexes(definitions());
    }

    public void removeIndex(String name) {
        indexes.remove(name);
        metadata = metadata.withIndexes(definitions());
    }

    private List<IndexDef> definitions() {
        List<IndexDef> definitions = new ArrayList<>();
        indexes.values().forEach(index -> definitions.add(index.definition()));
        return definitions;
    }

    /**
     * Starts recording changes so that {@link #rollback()} can return the items to their present state. The
     * cost of a rollback is the number of items changed since, not the size of the table.
     */
    public void checkpoint() {
        undoLog = new HashMap<>();
    }

    /** Returns the items to their state at the last checkpoint, which stays in force. */
    public void rollback() {
        if (undoLog == null) {
            throw new IllegalStateException("no checkpoint on table " + name());
        }
        Map<PrimaryKey, Item> changes = undoLog;
        ChangeListener told = listener;
        undoLog = null;
        listener = ChangeListener.NONE;
        try {
            changes.forEach((key, original) -> {
                if (original == null) {
                    delete(key);
                } else {
                    put(original.attributes());
                }
            });
        } finally {
            listener = told;
            undoLog = new HashMap<>();
        }
    }

    private void remember(PrimaryKey key, Item original) {
        if (undoLog != null && !undoLog.containsKey(key)) {
            undoLog.put(key, original); // null (the item was absent) is a value to remember too
        }
    }

    private void account(Item item, int sign) {
        if (item != null) {
            itemCount += sign;
            sizeBytes += sign * item.size();
        }
    }

    private static Value sortOf(PrimaryKey key) {
        return key.sort() == null ? NO_SORT_KEY : key.sort();
    }
}
