package dev.singletable.engine.internal.storage;

import dev.singletable.engine.internal.value.Sizes;
import dev.singletable.engine.internal.value.Value;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/** A stored item: its attributes (immutable, in the order written) and its DynamoDB size, computed once. */
public record Item(Map<String, Value> attributes, long size) {

    public static Item of(Map<String, Value> attributes) {
        Map<String, Value> copy = Collections.unmodifiableMap(new LinkedHashMap<>(attributes));
        return new Item(copy, Sizes.itemSize(copy));
    }

    public Value get(String name) {
        return attributes.get(name);
    }
}
