package dev.singletable.engine.internal.kernel;

import dev.singletable.engine.internal.storage.ChangeListener;
import dev.singletable.engine.internal.storage.Table;

/**
 * Keeps the database on disk: told of every item change, and asked to commit them (with any change of table
 * metadata) before a write lock is released, so a write is durable before it is answered.
 */
public interface Durability extends ChangeListener {
    /** A table was forked: the fork holds the source's items as they are now. */
    void forked(Table source, Table fork);

    /**
     * Makes durable what changed since the last commit; called holding the write lock. Throws DynamoException
     * (InternalServerError) when the disk fails it, and from then on {@link #failure()} says why.
     */
    void commit(Database database);

    /**
     * Why the disk can no longer be trusted to hold what the database holds, or null while it can. Once it is
     * set the database refuses every request with it: what is in memory may be a write ahead of the disk.
     */
    String failure();
}
