package dev.singletable.engine.internal.ops.items;

import dev.singletable.engine.internal.kernel.Capacity;
import dev.singletable.engine.internal.storage.IndexData;
import dev.singletable.engine.internal.storage.IndexDef;
import dev.singletable.engine.internal.storage.Item;
import dev.singletable.engine.internal.storage.Table;
import dev.singletable.engine.internal.value.Sizes;
import dev.singletable.engine.internal.value.Value;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The write units one write consumes: on the table, 1 KB units of the larger of the old and new
 * item (at least one, also when nothing was there or the condition failed); on each index the write changes,
 * 1 KB units of the index entry — two entries when the index key changed, none when the item is in the index
 * neither before nor after or its projected entry is unchanged.
 */
record WriteCost(double table, Map<String, Double> globalIndexes, Map<String, Double> localIndexes) {

    /** A write that touched only the table: a failed condition, or an update that wrote nothing. */
    static WriteCost tableOnly(Item present) {
        return new WriteCost(Capacity.writeUnits(present == null ? 0 : present.size()), Map.of(), Map.of());
    }

    /**
     * The cost of replacing {@code old} (null: absent) by {@code after} (null: deleted); {@code stored} is
     * {@code after} as the table will store it when it is encoded already (a put's item, an update's result), else
     * null.
     */
    static WriteCost of(Table table, Item old, Map<String, Value> after, Item stored) {
        long newSize = stored != null ? stored.size() : after == null ? 0 : Sizes.itemSize(after);
        double tableUnits = Capacity.writeUnits(Math.max(old == null ? 0 : old.size(), newSize));
        Map<String, Double> global = new LinkedHashMap<>();
        Map<String, Double> local = new LinkedHashMap<>();
        long oldSize = old == null ? 0 : old.size();
        for (IndexData index : table.indexes()) {
            double units = indexUnits(table, index, old, oldSize, after, stored, newSize);
            if (units > 0) {
                (index.definition().global() ? global : local).put(index.definition().name(), units);
            }
        }
        return new WriteCost(tableUnits, global, local);
    }

    /**
     * The units of one index; the items' sizes are given, measured once for the table, and are the entries' sizes
     * when the index projects everything.
     */
    private static double indexUnits(Table table, IndexData index, Item oldItem, long oldSize,
                                     Map<String, Value> after, Item stored, long newSize) {
        IndexDef def = index.definition();
        Map<String, Value> old = oldItem == null ? null : oldItem.attributes();
        // a put that leaves the index key values as they were: in the index before and after alike, under one key
        boolean sameKey = oldItem != null && stored != null && def.sameKeyEncoded(oldItem, stored);
        boolean wasIn = old != null && def.covers(old);
        boolean isIn = sameKey ? wasIn : after != null && def.covers(after);
        Map<String, Value> oldEntry = wasIn ? def.project(old, table.partitionKey(), table.sortKey()) : null;
        Map<String, Value> newEntry = isIn ? def.project(after, table.partitionKey(), table.sortKey()) : null;
        if (oldEntry == null && newEntry == null) {
            return 0;
        }
        long oldEntrySize = oldEntry == null ? 0 : def.projectsAll() ? oldSize : Sizes.itemSize(oldEntry);
        long newEntrySize = newEntry == null ? 0 : def.projectsAll() ? newSize : Sizes.itemSize(newEntry);
        if (oldEntry == null || newEntry == null) {
            return Capacity.writeUnits(oldEntry == null ? newEntrySize : oldEntrySize);
        }
        if (!sameKey && !def.sameKey(old, after)) {
            return Capacity.writeUnits(oldEntrySize) + Capacity.writeUnits(newEntrySize);
        }
        if (oldEntrySize == newEntrySize && (def.projectsAll() && stored != null ? oldItem.sameAttributes(stored)
                : oldEntry.equals(newEntry))) {
            return 0; // an entry of the whole item, unchanged: its encodings compare without decoding
        }
        return Capacity.writeUnits(Math.max(oldEntrySize, newEntrySize));
    }

    /** The cost of the same write inside a transaction: every unit twice. */
    WriteCost doubled() {
        Map<String, Double> global = new LinkedHashMap<>();
        Map<String, Double> local = new LinkedHashMap<>();
        globalIndexes.forEach((name, units) -> global.put(name, units * 2));
        localIndexes.forEach((name, units) -> local.put(name, units * 2));
        return new WriteCost(table * 2, global, local);
    }
}
