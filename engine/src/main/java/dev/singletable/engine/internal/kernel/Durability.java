package dev.singletable.engine.internal.kernel;

import dev.singletable.engine.internal.storage.ChangeListener;

/**
 * Keeps the database on disk: told of every item change, and asked to commit them (with any change of table
 * metadata) before a write lock is released, so a write is durable before it is answered.
 */
public interface Durability extends ChangeListener {
    /** Makes durable what changed since the last commit; called holding the write lock. */
    void commit(Database database);
}
