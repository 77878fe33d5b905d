package dev.singletable.engine.internal.storage;

import dev.singletable.engine.internal.value.Value;
import java.util.Map;
import java.util.function.Function;

/**
 * The attributes that order a table's items or an index's entries, and the key bytes ({@link KeyBytes}) made of
 * them: the partition key's hash and value, then the sort key's value. An index's entries also carry the table's
 * key (hash, partition, sort), so that entries sharing an index key stay distinct and a read resumes exactly
 * after an ExclusiveStartKey. {@code sort}, {@code tableSort} may be null; {@code tablePartition} is null for
 * the table itself.
 */
record KeyLayout(KeyDef partition, KeyDef sort, KeyDef tablePartition, KeyDef tableSort) {

    static KeyLayout ofTable(KeyDef partition, KeyDef sort) {
        return new KeyLayout(partition, sort, null, null);
    }

    static KeyLayout ofIndex(IndexDef index, KeyDef tablePartition, KeyDef tableSort) {
        return new KeyLayout(index.partitionKey(), index.sortKey(), tablePartition, tableSort);
    }

    /** The key of an item or entry, from its attributes (all the layout's attributes present). */
    byte[] keyOf(Map<String, Value> attributes) {
        return keyOf(attributes::get);
    }

    byte[] keyOf(Item item) {
        return keyOf(item::get);
    }

    private byte[] keyOf(Function<String, Value> attributes) {
        KeyBytes key = new KeyBytes();
        Value partitionValue = attributes.apply(partition.name());
        key.hash(partitionValue).value(partitionValue);
        if (sort != null) {
            key.value(attributes.apply(sort.name()));
        }
        if (tablePartition != null) {
            Value tablePartitionValue = attributes.apply(tablePartition.name());
            key.hash(tablePartitionValue).value(tablePartitionValue);
            if (tableSort != null) {
                key.value(attributes.apply(tableSort.name()));
            }
        }
        return key.toArray();
    }

    /** The key of a table item with this primary key (the table's layout only). */
    byte[] keyOf(Value partitionValue, Value sortValue) {
        KeyBytes key = new KeyBytes().hash(partitionValue).value(partitionValue);
        return sort == null ? key.toArray() : key.value(sortValue).toArray();
    }

    /** What every key of a partition begins with. */
    byte[] partitionPrefix(Value partitionValue) {
        return new KeyBytes().hash(partitionValue).value(partitionValue).toArray();
    }

    /** What every key of a partition with this sort key value begins with. */
    byte[] sortPrefix(Value partitionValue, Value sortValue) {
        return new KeyBytes().hash(partitionValue).value(partitionValue).value(sortValue).toArray();
    }

    /** Whether a value can be this layout's partition key: of its declared type. */
    boolean fitsPartition(Value value) {
        return value != null && value.type().equals(partition.type());
    }

    boolean fitsSort(Value value) {
        return value == null || sort != null && value.type().equals(sort.type());
    }
}
