package dev.singletable.engine.internal.storage;

import dev.singletable.engine.internal.value.Value;
import java.util.Objects;

/**
 * An item's primary key; {@code sort} is null on a table without a sort key. Equal when the values are. Keeps the
 * key's bytes in the table's order ({@link KeyBytes}) once worked out, so that a write that reads the item and
 * then writes it, or a key made on one thread and written on another ({@link #prepared()}), works them out once.
 */
public final class PrimaryKey {
    private final Value partition;
    private final Value sort;
    /** The key's bytes, once asked for: set by whichever thread asks first, the same bytes from any. */
    private byte[] bytes;

    public PrimaryKey(Value partition, Value sort) {
        this.partition = partition;
        this.sort = sort;
    }

    public Value partition() {
        return partition;
    }

    public Value sort() {
        return sort;
    }

    /** Works out the key's bytes now, so that the table need not when the key is used (engine.load's reader). */
    public PrimaryKey prepared() {
        bytes();
        return this;
    }

    /** The partition hash and value, then the sort value when there is one: the table's key of these values. */
    byte[] bytes() {
        byte[] known = bytes;
        if (known == null) {
            KeyBytes key = new KeyBytes().hash(partition).value(partition);
            known = sort == null ? key.toArray() : key.value(sort).toArray();
            bytes = known;
        }
        return known;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PrimaryKey other && Objects.equals(partition, other.partition)
                && Objects.equals(sort, other.sort);
    }

    @Override
    public int hashCode() {
        return 31 * Objects.hashCode(partition) + Objects.hashCode(sort);
    }

    @Override
    public String toString() {
        return "PrimaryKey[partition=" + partition + ", sort=" + sort + "]";
    }
}
