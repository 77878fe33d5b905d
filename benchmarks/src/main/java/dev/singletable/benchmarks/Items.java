package dev.singletable.benchmarks;

import dev.singletable.engine.internal.value.Value;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The order item the micro-benchmarks use: about 300 bytes by DynamoDB's size rules, with a GSI1 key. */
final class Items {
    private Items() {
    }

    static Map<String, Value> order(int n) {
        Map<String, Value> item = new LinkedHashMap<>();
        item.put("PK", new Value.S("CUSTOMER#" + (n / 20)));
        item.put("SK", new Value.S(String.format("ORDER#%08d", n)));
        item.put("GSI1PK", new Value.S("STATUS#" + (n % 2 == 0 ? "OPEN" : "SHIPPED")));
        item.put("GSI1SK", new Value.S(String.format("2026-%02d-%02dT10:00:00Z#%08d", 1 + n % 12, 1 + n % 28, n)));
        item.put("GSI2PK", new Value.S("SKU#" + (n % 500)));
        item.put("GSI2SK", new Value.S(String.format("ORDER#%08d", n)));
        item.put("status", new Value.S(n % 2 == 0 ? "OPEN" : "SHIPPED"));
        item.put("total", Value.N.of(10 + n % 990));
        item.put("address", new Value.M(Map.of("street", new Value.S("Main Street " + n % 1000),
                "city", new Value.S("Berlin"), "zip", new Value.S("10115"))));
        item.put("lines", new Value.L(List.of(Value.N.of(1), Value.N.of(2), Value.N.of(3))));
        item.put("tags", new Value.SS(java.util.Set.of("gift", "express")));
        item.put("note", new Value.S("x".repeat(90)));
        return item;
    }
}
