package dev.singletable.engine.internal.storage;

import java.util.List;
import java.util.Map;

/** The settings of an orders table keyed by PK and SK (strings), on demand, for tests of the layers below the API. */
public final class Orders {
    private Orders() {
    }

    public static TableMetadata metadata(String name, IndexDef... indexes) {
        return new TableMetadata(name, "arn:aws:dynamodb:us-east-1:000000000000:table/" + name, name, 0,
                new KeyDef("PK", "S"), new KeyDef("SK", "S"), Map.of("PK", "S", "SK", "S"), List.of(indexes), Map.of(),
                TableSettings.of(TableSettings.Throughput.of(0, 0),
                        new TableSettings.BillingSummary("PAY_PER_REQUEST", null), null, false, Map.of()),
                null);
    }
}
