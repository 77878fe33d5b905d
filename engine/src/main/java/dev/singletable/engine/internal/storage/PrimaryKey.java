package dev.singletable.engine.internal.storage;

import dev.singletable.engine.internal.value.Value;

/** An item's primary key; {@code sort} is null on a table without a sort key. */
public record PrimaryKey(Value partition, Value sort) {
}
