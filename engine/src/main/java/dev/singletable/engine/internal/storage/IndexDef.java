package dev.singletable.engine.internal.storage;

import dev.singletable.engine.internal.value.Sizes;
import dev.singletable.engine.internal.value.Value;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A secondary index's definition. {@code sortKey} is null for a hash-only GSI; {@code nonKeyAttributes} is
 * empty unless the projection is INCLUDE.
 */
public record IndexDef(String name, boolean global, KeyDef partitionKey, KeyDef sortKey, String projectionType,
                       List<String> nonKeyAttributes) {
    private static final int MAX_PARTITION_KEY_BYTES = 2048;
    private static final int MAX_SORT_KEY_BYTES = 1024;

    public IndexDef {
        nonKeyAttributes = List.copyOf(nonKeyAttributes);
    }

    /**
     * Whether an item belongs in the index: it has every index key attribute with the declared type, not empty and
     * within the key size limits.
     */
    public boolean covers(Map<String, Value> item) {
        return hasKey(item, partitionKey, MAX_PARTITION_KEY_BYTES)
                && (sortKey == null || hasKey(item, sortKey, MAX_SORT_KEY_BYTES));
    }

    private static boolean hasKey(Map<String, Value> item, KeyDef key, int maxBytes) {
        Value value = item.get(key.name());
        if (value == null || !value.type().equals(key.type())) {
            return false;
        }
        // writes refuse empty and oversize index keys, but items written before the index existed may hold them:
        // DynamoDB leaves those out when it fills a new index
        long size = Sizes.valueSize(value);
        return size > 0 && size <= maxBytes;
    }

    /** The index entry of an item: what the index projects, always with the table and index keys. */
    public Map<String, Value> project(Map<String, Value> item, KeyDef tablePartition, KeyDef tableSort) {
        if (projectsAll()) {
            return item;
        }
        Map<String, Value> entry = new LinkedHashMap<>();
        copy(item, entry, tablePartition.name());
        if (tableSort != null) {
            copy(item, entry, tableSort.name());
        }
        copy(item, entry, partitionKey.name());
        if (sortKey != null) {
            copy(item, entry, sortKey.name());
        }
        for (String attribute : nonKeyAttributes) {
            copy(item, entry, attribute);
        }
        return entry;
    }

    /** Whether the index's entries are the whole items. */
    public boolean projectsAll() {
        return projectionType.equals("ALL");
    }

    /** Whether two versions of one item have the same key in this index (both in the index). */
    public boolean sameKey(Map<String, Value> a, Map<String, Value> b) {
        return Objects.equals(a.get(partitionKey.name()), b.get(partitionKey.name()))
                && (sortKey == null || Objects.equals(a.get(sortKey.name()), b.get(sortKey.name())));
    }

    /** Whether the index projects this attribute. */
    public boolean projects(String attribute, KeyDef tablePartition, KeyDef tableSort) {
        return projectsAll() || attribute.equals(tablePartition.name())
                || (tableSort != null && attribute.equals(tableSort.name())) || attribute.equals(partitionKey.name())
                || (sortKey != null && attribute.equals(sortKey.name())) || nonKeyAttributes.contains(attribute);
    }

    private static void copy(Map<String, Value> from, Map<String, Value> to, String name) {
        Value value = from.get(name);
        if (value != null) {
            to.put(name, value);
        }
    }
}
