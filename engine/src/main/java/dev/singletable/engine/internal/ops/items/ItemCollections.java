package dev.singletable.engine.internal.ops.items;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.singletable.engine.internal.storage.IndexData;
import dev.singletable.engine.internal.storage.Item;
import dev.singletable.engine.internal.storage.Table;
import dev.singletable.engine.internal.value.Value;
import dev.singletable.engine.internal.value.ValueJson;
import java.util.Iterator;

/**
 * ItemCollectionMetrics: reported only for tables with a local secondary index, whose item collections
 * (the items of one partition key and their LSI entries) are limited to 10 GB.
 */
final class ItemCollections {
    private static final double GB = 1024.0 * 1024 * 1024;

    private ItemCollections() {
    }

    static boolean tracked(Table table) {
        return table.indexes().stream().anyMatch(index -> !index.definition().global());
    }

    /** The metrics of the collection a partition key names, or null when the table has no LSI. */
    static ObjectNode metrics(Table table, Value partitionKey) {
        if (!tracked(table)) {
            return null;
        }
        long bytes = size(table.items().partition(partitionKey));
        for (IndexData index : table.indexes()) {
            if (!index.definition().global()) {
                bytes += size(index.entries().partition(partitionKey));
            }
        }
        double lower = Math.floor(bytes / GB);
        ObjectNode metrics = JsonNodeFactory.instance.objectNode();
        metrics.putObject("ItemCollectionKey").set(table.partitionKey().name(), ValueJson.write(partitionKey));
        metrics.putArray("SizeEstimateRangeGB").add(lower).add(lower + 1);
        return metrics;
    }

    private static long size(Iterator<Item> entries) {
        long bytes = 0;
        while (entries.hasNext()) {
            bytes += entries.next().size();
        }
        return bytes;
    }
}
