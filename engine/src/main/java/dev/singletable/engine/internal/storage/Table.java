package dev.singletable.engine.internal.storage;

import dev.singletable.engine.internal.value.Value;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One table's items and secondary indexes. Items are kept in the order Query and Scan read them
 * ({@link SortedItems}), so a Query costs what it reads, not the table. A table can be forked in constant time
 * ({@link #fork}): the fork shares every item and index entry with it, and each side copies only what it
 * changes. Not thread-safe: the engine serialises writers with its lock.
 */
public final class Table {
    private TableMetadata metadata;
    private final SortedItems items;
    private final Map<String, IndexData> indexes = new LinkedHashMap<>();
    /** The items and index entries as they were at the last checkpoint, sharing storage with the table. */
    private Snapshot checkpoint;
    private ChangeListener listener = ChangeListener.NONE;

    public Table(TableMetadata metadata) {
        this.metadata = metadata;
        this.items = new SortedItems(KeyLayout.ofTable(metadata.partitionKey(), metadata.sortKey()));
        for (IndexDef index : metadata.indexes()) {
            indexes.put(index.name(), new IndexData(index, metadata.partitionKey(), metadata.sortKey()));
        }
    }

    private Table(TableMetadata metadata, Snapshot state) {
        this.metadata = metadata;
        this.items = state.items;
        this.indexes.putAll(state.indexes);
    }

    /**
     * A new table holding this table's items and index entries as they are now, under other metadata (its
     * name, its settings), made in constant time: both tables share the storage, and each copies what it then
     * changes, so neither sees the other's writes. The fork has no checkpoint and tells no listener yet.
     */
    public Table fork(TableMetadata forkMetadata) {
        return new Table(forkMetadata, snapshot());
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
        return items.count();
    }

    public long sizeBytes() {
        return items.sizeBytes();
    }

    /** The items, for Query and Scan. */
    public SortedItems items() {
        return items;
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
        return items.get(key.bytes());
    }

    /** Writes an item, replacing any item with its key, and keeps every index in step. Returns the old item. */
    public Item put(Map<String, Value> attributes) {
        return put(keyOf(attributes), Item.of(attributes), attributes);
    }

    /**
     * {@link #put(Map)} of an item already encoded from these attributes, whose key is known: filed under the key
     * it holds when it holds this one ({@link Item#holdsKey}).
     */
    public Item put(PrimaryKey key, Item item, Map<String, Value> attributes) {
        Item old = item.holdsKey(key) ? items.put(item) : items.put(key.bytes(), item);
        for (IndexData index : indexes.values()) {
            index.update(old, item, attributes);
        }
        listener.changed(this, old, item, false);
        return old;
    }

    /** Deletes the item with this key, if any, and returns it. */
    public Item delete(PrimaryKey key) {
        return delete(key, false);
    }

    /** Deletes an item whose time to live has passed: a change the stream marks as the service's own. */
    public Item expire(PrimaryKey key) {
        return delete(key, true);
    }

    private Item delete(PrimaryKey key, boolean byTimeToLive) {
        Item old = items.remove(key.bytes());
        if (old == null) {
            return null;
        }
        for (IndexData index : indexes.values()) {
            index.update(old, null, null);
        }
        listener.changed(this, old, null, byTimeToLive);
        return old;
    }

    /** Adds a secondary index and fills it from the items present (UpdateTable). */
    public void addIndex(IndexDef definition) {
        IndexData index = new IndexData(definition, partitionKey(), sortKey());
        fill(index);
        indexes.put(definition.name(), index);
        metadata = metadata.withIndexes(definitions());
    }

    private void fill(IndexData index) {
        for (Item item : items.all()) {
            index.update(null, item, item.attributes());
        }
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
     * Remembers the present items, so that {@link #rollback()} can return to them. Constant time: the table
     * shares its storage with the checkpoint, and copies what it changes after it.
     */
    public void checkpoint() {
        checkpoint = snapshot();
    }

    /**
     * Returns the items to their state at the last checkpoint, which stays in force: in constant time, plus
     * filling any index added since.
     */
    public void rollback() {
        if (checkpoint == null) {
            throw new IllegalStateException("no checkpoint on table " + name());
        }
        items.restore(checkpoint.items);
        for (IndexData index : indexes.values()) {
            IndexData then = checkpoint.indexes.get(index.definition().name());
            if (then != null && then.definition().equals(index.definition())) {
                index.restore(then);
            } else {
                index.restore(new IndexData(index.definition(), partitionKey(), sortKey()));
                fill(index);
            }
        }
    }

    /** Whether an item was written (or deleted) since the last checkpoint or rollback; true without a checkpoint. */
    public boolean changedSinceCheckpoint() {
        return checkpoint == null || !items.unchangedSince(checkpoint.items);
    }

    private Snapshot snapshot() {
        Map<String, IndexData> shared = new LinkedHashMap<>();
        indexes.forEach((name, index) -> shared.put(name, index.share()));
        return new Snapshot(items.share(), shared);
    }

    /** A table's items and index entries at one moment, sharing storage with the table. */
    private record Snapshot(SortedItems items, Map<String, IndexData> indexes) {
    }
}
