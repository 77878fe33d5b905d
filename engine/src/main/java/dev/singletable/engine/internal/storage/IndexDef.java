package dev.singletable.engine.internal.storage;

import dev.singletable.engine.internal.value.ItemCodec;
import dev.singletable.engine.internal.value.Sizes;
import dev.singletable.engine.internal.value.Value;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A secondary index's definition. Its partition key, and its sort key, is one attribute, or for a global index up
 * to four; {@code sortKeys} is empty for a hash-only GSI; {@code nonKeyAttributes} is empty unless the projection
 * is INCLUDE. An index stores one value for each side of its key: the attribute's value, or for several
 * attributes their {@link CompositeKey}, which orders as DynamoDB orders them.
 */
public record IndexDef(String name, boolean global, List<KeyDef> partitionKeys, List<KeyDef> sortKeys,
                       String projectionType, List<String> nonKeyAttributes) {
    private static final int MAX_PARTITION_KEY_BYTES = 2048;
    private static final int MAX_SORT_KEY_BYTES = 1024;

    public IndexDef {
        partitionKeys = List.copyOf(partitionKeys);
        sortKeys = List.copyOf(sortKeys);
        nonKeyAttributes = List.copyOf(nonKeyAttributes);
    }

    /** Every key attribute of the index: the partition key's, then the sort key's. */
    public List<KeyDef> keys() {
        List<KeyDef> keys = new ArrayList<>(partitionKeys);
        keys.addAll(sortKeys);
        return keys;
    }

    /** Whether the attribute belongs to the index's partition key (else, if a key, to its sort key). */
    public boolean isPartitionKey(KeyDef key) {
        return partitionKeys.contains(key);
    }

    /**
     * Whether an item belongs in the index: it has every index key attribute with the declared type, not empty and
     * within the key size limits.
     */
    public boolean covers(Map<String, Value> item) {
        return hasKeys(item, partitionKeys, MAX_PARTITION_KEY_BYTES) && hasKeys(item, sortKeys, MAX_SORT_KEY_BYTES);
    }

    /** Every write asks this of every index: a loop, not a stream, keeps it free of allocations. */
    private static boolean hasKeys(Map<String, Value> item, List<KeyDef> keys, int maxBytes) {
        for (KeyDef key : keys) {
            if (!hasKey(item, key, maxBytes)) {
                return false;
            }
        }
        return true;
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

    /** The value the index partitions an item (or a key naming every partition attribute) by. */
    public Value partitionOf(Map<String, Value> item) {
        return valueOf(partitionKeys, item);
    }

    /** The value the index sorts an item (or a key naming every sort attribute) by; null without a sort key. */
    public Value sortOf(Map<String, Value> item) {
        return sortKeys.isEmpty() ? null : valueOf(sortKeys, item);
    }

    private static Value valueOf(List<KeyDef> keys, Map<String, Value> item) {
        if (keys.size() == 1) {
            return item.get(keys.get(0).name());
        }
        return CompositeKey.of(keys.stream().map(key -> item.get(key.name())).toList());
    }

    /**
     * Whether two versions of one item hold byte for byte the same values of this index's key attributes, or lack
     * the same ones: then both are in the index under the same key, or both out of it, found without decoding a
     * value. False may also mean an equal value encoded apart (a set in another order), which no key holds.
     */
    public boolean sameKeyEncoded(Item a, Item b) {
        return sameEncoded(a, b, partitionKeys) && sameEncoded(a, b, sortKeys);
    }

    private static boolean sameEncoded(Item a, Item b, List<KeyDef> keys) {
        for (KeyDef key : keys) {
            if (!ItemCodec.sameEncodedValue(a.encoded, b.encoded, key.name())) {
                return false;
            }
        }
        return true;
    }

    /** Whether two versions of one item have the same key in this index (both in the index). */
    public boolean sameKey(Map<String, Value> a, Map<String, Value> b) {
        return sameValues(a, b, partitionKeys) && sameValues(a, b, sortKeys);
    }

    private static boolean sameValues(Map<String, Value> a, Map<String, Value> b, List<KeyDef> keys) {
        for (KeyDef key : keys) {
            if (!Objects.equals(a.get(key.name()), b.get(key.name()))) {
                return false;
            }
        }
        return true;
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
        keys().forEach(key -> copy(item, entry, key.name()));
        for (String attribute : nonKeyAttributes) {
            copy(item, entry, attribute);
        }
        return entry;
    }

    /** Whether the index's entries are the whole items. */
    public boolean projectsAll() {
        return projectionType.equals("ALL");
    }

    /** Whether the index projects this attribute. */
    public boolean projects(String attribute, KeyDef tablePartition, KeyDef tableSort) {
        return projectsAll() || attribute.equals(tablePartition.name())
                || (tableSort != null && attribute.equals(tableSort.name()))
                || keys().stream().anyMatch(key -> key.name().equals(attribute)) || nonKeyAttributes.contains(attribute);
    }

    private static void copy(Map<String, Value> from, Map<String, Value> to, String name) {
        Value value = from.get(name);
        if (value != null) {
            to.put(name, value);
        }
    }
}
