package dev.singletable.engine.internal.storage;

import dev.singletable.engine.internal.value.ItemCodec;
import dev.singletable.engine.internal.value.Value;
import java.util.Map;

/**
 * A stored item: immutable, in the compact form of {@link ItemCodec} (attributes in the order written), with its
 * DynamoDB size computed once. The table and every index projecting all attributes hold the same instance, and
 * forks share it until they replace it.
 */
public final class Item {
    private final byte[] encoded;
    private final int size;

    private Item(byte[] encoded, int size) {
        this.encoded = encoded;
        this.size = size;
    }

    public static Item of(Map<String, Value> attributes) {
        return of(ItemCodec.encode(attributes));
    }

    /** An item already encoded, with its size. */
    public static Item of(ItemCodec.Encoded encoded) {
        return new Item(encoded.bytes(), (int) encoded.size());
    }

    /** The attributes, as a read-only view that decodes what is read of it. */
    public Map<String, Value> attributes() {
        return ItemCodec.view(encoded);
    }

    /** One attribute, or null. */
    public Value get(String name) {
        return ItemCodec.get(encoded, name);
    }

    public long size() {
        return size;
    }

    /** Whether another item holds the same attributes with the same values (in any order). */
    public boolean sameAttributes(Item other) {
        return ItemCodec.sameAttributes(encoded, other.encoded);
    }
}
