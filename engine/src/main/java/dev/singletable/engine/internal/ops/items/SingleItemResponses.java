package dev.singletable.engine.internal.ops.items;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.singletable.engine.internal.storage.Table;

/** The members every single-item write answers with besides its Attributes. */
final class SingleItemResponses {
    private SingleItemResponses() {
    }

    /** Adds ConsumedCapacity when asked for (CC-01) and ItemCollectionMetrics when asked for and tracked (CC-10). */
    static void finish(ObjectNode response, Usage usage, String capacityMode, boolean metrics, Table table,
                       ItemWrite write) {
        ObjectNode consumed = usage.single(capacityMode);
        if (consumed != null) {
            response.set("ConsumedCapacity", consumed);
        }
        if (metrics) {
            ObjectNode collection = ItemCollections.metrics(table, write.key().partition());
            if (collection != null) {
                response.set("ItemCollectionMetrics", collection);
            }
        }
    }
}
