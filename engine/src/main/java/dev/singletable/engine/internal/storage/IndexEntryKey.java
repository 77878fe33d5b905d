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
            .thenComparing(IndexEntryKey::tablePartition, Comparator.nullsFirst(HashOrder.PARTITIONS))
            .thenComparing(IndexEntryKey::tableSort, NULLS_FIRST);

    /**
     * A bound that sorts before every entry whose index sort key is {@code indexSort} and after every entry with
     * a smaller one, so that a Query on an index reads a key range with sub/head/tail maps (no entry has a null
     * table key, so the bound is never an entry).
     */
    public static IndexEntryKey first(Value indexSort) {
        return new IndexEntryKey(indexSort, null, null);
    }

    @Override
    public int compareTo(IndexEntryKey other) {
        return ORDER.compare(this, other);
    }
}
