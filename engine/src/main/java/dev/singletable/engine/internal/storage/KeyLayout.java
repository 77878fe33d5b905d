package dev.singletable.engine.internal.storage;

import dev.singletable.engine.internal.value.Value;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The attributes that order a table's items or an index's entries, and the key bytes ({@link KeyBytes}) made of
 * them: the partition key's hash and value, then the sort key's value. An index's entries also carry the table's
 * key (hash, partition, sort), so that entries sharing an index key stay distinct and a read resumes exactly
 * after an ExclusiveStartKey. {@code sort} is empty without a sort key; {@code tableSort} may be null;
 * {@code tablePartition} is null for the table itself. A side of a global index's key made of several attributes
 * is one value in the key, their {@link CompositeKey}, which orders as DynamoDB orders them.
 */
record KeyLayout(List<KeyDef> partition, List<KeyDef> sort, KeyDef tablePartition, KeyDef tableSort) {

    static KeyLayout ofTable(KeyDef partition, KeyDef sort) {
        return new KeyLayout(List.of(partition), sort == null ? List.of() : List.of(sort), null, null);
    }

    static KeyLayout ofIndex(IndexDef index, KeyDef tablePartition, KeyDef tableSort) {
        return new KeyLayout(index.partitionKeys(), index.sortKeys(), tablePartition, tableSort);
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
        Value partitionValue = valueOf(partition, attributes);
        key.hash(partitionValue).value(partitionValue);
        if (!sort.isEmpty()) {
            key.value(valueOf(sort, attributes));
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

    /** A side of the key as one value: its attribute's, or its attributes' {@link CompositeKey}. */
    private static Value valueOf(List<KeyDef> side, Function<String, Value> attributes) {
        if (side.size() == 1) {
            return attributes.apply(side.get(0).name());
        }
        return CompositeKey.of(side.stream().map(key -> attributes.apply(key.name())).toList());
    }

    /** What every key of a partition begins with. */
    byte[] partitionPrefix(Value partitionValue) {
        return new KeyBytes().hash(partitionValue).value(partitionValue).toArray();
    }

    /** What every key of a partition with this sort key value begins with. */
    byte[] sortPrefix(Value partitionValue, Value sortValue) {
        return new KeyBytes().hash(partitionValue).value(partitionValue).value(sortValue).toArray();
    }

    /** Whether a value can be this layout's partition key: of its declared type (a composite is a binary). */
    boolean fitsPartition(Value value) {
        return value != null && value.type().equals(typeOf(partition));
    }

    boolean fitsSort(Value value) {
        return value == null || !sort.isEmpty() && value.type().equals(typeOf(sort));
    }

    private static String typeOf(List<KeyDef> side) {
        return side.size() == 1 ? side.get(0).type() : "B";
    }
}
