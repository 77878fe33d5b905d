package dev.singletable.engine.internal.storage;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The settings of an orders table keyed by PK and SK (strings), on demand, for tests of the layers below the API. */
public final class Orders {
    private Orders() {
    }

    public static TableMetadata metadata(String name, IndexDef... indexes) {
        return metadata(name, new KeyDef("PK", "S"), new KeyDef("SK", "S"), indexes);
    }

    /** The settings of a table with other key attributes ({@code sort} null: none). */
    public static TableMetadata metadata(String name, KeyDef partition, KeyDef sort, IndexDef... indexes) {
        Map<String, String> types = new LinkedHashMap<>();
        types.put(partition.name(), partition.type());
        if (sort != null) {
            types.put(sort.name(), sort.type());
        }
        return new TableMetadata(name, "arn:aws:dynamodb:us-east-1:000000000000:table/" + name, name, 0,
                partition, sort, types, List.of(indexes), Map.of(),
                TableSettings.of(TableSettings.Throughput.of(0, 0),
                        new TableSettings.BillingSummary("PAY_PER_REQUEST", null), null, false, Map.of()),
                null);
    }
}
