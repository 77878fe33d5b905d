package dev.singletable.engine.internal.storage;

import dev.singletable.engine.internal.value.Value;
import dev.singletable.engine.internal.value.ValueOrder;
import java.util.Comparator;

/**
 * Orders entries within one index partition: by the index sort key, then by the table's key so that entries
 * sharing an index key stay distinct and resume exactly after an ExclusiveStartKey.
 */
public record IndexEntryKey(Value indexSort, Value tablePartition, Value tableSort) implements Comparable<IndexEntryKey> {
    private static final Comparator<Value> NULLS_FIRST = Comparator.nullsFirst(ValueOrder.KEY_ORDER);
    private static final Comparator<IndexEntryKey> ORDER = Comparator
            .comparing(IndexEntryKey::indexSort, NULLS_FIRST)
            .thenComparing(IndexEntryKey::tablePartition, HashOrder.PARTITIONS)
            .thenComparing(IndexEntryKey::tableSort, NULLS_FIRST);

    @Override
    public int compareTo(IndexEntryKey other) {
        return ORDER.compare(this, other);
    }
}
