package dev.singletable.engine.internal.storage;

import dev.singletable.engine.internal.value.Value;
import java.util.Arrays;
import java.util.Map;

/**
 * The entries of one secondary index, partitioned by the index partition key and sorted within a partition (a key
 * of several attributes orders as one value, see {@link KeyLayout}).
 * An index projecting ALL holds the table's own items; others hold their projected entries.
 */
public final class IndexData {
    private final IndexDef definition;
    private final SortedItems entries;

    IndexData(IndexDef definition, KeyDef tablePartition, KeyDef tableSort) {
        this(definition, new SortedItems(KeyLayout.ofIndex(definition, tablePartition, tableSort)));
    }

    private IndexData(IndexDef definition, SortedItems entries) {
        this.definition = definition;
        this.entries = entries;
    }

    public IndexDef definition() {
        return definition;
    }

    /** The entries, for Query and Scan. */
    public SortedItems entries() {
        return entries;
    }

    public long itemCount() {
        return entries.count();
    }

    public long sizeBytes() {
        return entries.sizeBytes();
    }

    /**
     * Moves an item's entry from its old form to its new one (either may be null: absent). An entry whose key
     * stays is replaced in place; when the two items hold the same key values byte for byte (a write that left
     * them alone), the key is worked out once.
     */
    void update(Item old, Item item, Map<String, Value> attributes) {
        if (old != null && item != null && definition.sameKeyEncoded(old, item)) {
            if (definition.covers(attributes)) {
                entries.put(entries.layout().keyOf(attributes), entry(item, attributes));
            }
            return;
        }
        byte[] oldKey = old != null && definition.covers(old.attributes()) ? entries.layout().keyOf(old) : null;
        byte[] newKey = item != null && definition.covers(attributes) ? entries.layout().keyOf(attributes) : null;
        if (oldKey != null && (newKey == null || !Arrays.equals(oldKey, newKey))) {
            entries.remove(oldKey);
        }
        if (newKey != null) {
            entries.put(newKey, entry(item, attributes));
        }
    }

    private Item entry(Item item, Map<String, Value> attributes) {
        KeyLayout layout = entries.layout();
        return definition.projectsAll() ? item
                : Item.of(definition.project(attributes, layout.tablePartition(), layout.tableSort()));
    }

    IndexData share() {
        return new IndexData(definition, entries.share());
    }

    void restore(IndexData snapshot) {
        entries.restore(snapshot.entries);
    }
}
