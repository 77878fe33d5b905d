package dev.singletable.engine.internal.kernel;

import dev.singletable.engine.internal.DynamoException;
import dev.singletable.engine.internal.storage.ChangeListener;
import dev.singletable.engine.internal.storage.Item;
import dev.singletable.engine.internal.storage.Table;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.Supplier;

/**
 * The state of one engine: its tables, under one read/write lock. Writers (and multi-table transactions)
 * hold the write lock for the whole of a request, which makes conditional writes linearizable; readers share.
 * What follows item changes (streams, the journal) listens to every table through {@link #listen}.
 */
public final class Database {
    public static final String REGION = "us-east-1";
    public static final String ACCOUNT = "000000000000";
    private static final String ARN_PREFIX = "arn:aws:dynamodb:" + REGION + ":" + ACCOUNT + ":table/";

    private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
    /** Sorted by name, as ListTables returns them (names are ASCII, so String order is byte order). */
    private final TreeMap<String, Table> tables = new TreeMap<>();
    private final Clock clock;
    private final List<ChangeListener> listeners = new ArrayList<>();
    private Durability durability;
    /** While recovering from disk, changes are neither streamed nor journaled again. */
    private boolean replaying;

    public Database(Clock clock) {
        this.clock = clock;
    }

    /** Tells the listener of every change to every table's items from now on, and of every table deleted. */
    public void listen(ChangeListener listener) {
        lock.writeLock().lock();
        try {
            listeners.add(listener);
        } finally {
            lock.writeLock().unlock();
        }
    }

    public Clock clock() {
        return clock;
    }

    public <T> T read(Supplier<T> action) {
        lock.readLock().lock();
        try {
            refuseAfterDiskFailure();
            return action.get();
        } finally {
            lock.readLock().unlock();
        }
    }

    public <T> T write(Supplier<T> action) {
        lock.writeLock().lock();
        try {
            refuseAfterDiskFailure();
            return action.get();
        } finally {
            try {
                if (durability != null && !replaying) {
                    durability.commit(this);
                }
            } finally {
                lock.writeLock().unlock();
            }
        }
    }

    private void refuseAfterDiskFailure() {
        String failure = durability == null ? null : durability.failure();
        if (failure != null) {
            throw DynamoException.internal(failure);
        }
    }

    /** Keeps every change on disk from now on: told of each change, and committing before a write is answered. */
    public void durability(Durability durability) {
        this.durability = durability;
        listen(durability);
    }

    /** Runs a recovery: the tables it fills are neither streamed nor journaled. */
    public void replay(Runnable recovery) {
        lock.writeLock().lock();
        replaying = true;
        try {
            recovery.run();
        } finally {
            replaying = false;
            lock.writeLock().unlock();
        }
    }

    /** The table for a data-plane request, or DynamoDB's ResourceNotFoundException. Accepts a name or an ARN. */
    public Table table(String nameOrArn) {
        return find(nameOrArn).orElseThrow(DynamoException::resourceNotFound);
    }

    public Optional<Table> find(String nameOrArn) {
        return Optional.ofNullable(tables.get(nameOf(nameOrArn)));
    }

    /** The table name in a table ARN, or the argument itself. */
    public static String nameOf(String nameOrArn) {
        return nameOrArn.startsWith(ARN_PREFIX) ? nameOrArn.substring(ARN_PREFIX.length()) : nameOrArn;
    }

    public static String arnOf(String tableName) {
        return ARN_PREFIX + tableName;
    }

    public void add(Table table) {
        table.onChange(this::changed);
        tables.put(table.name(), table);
    }

    /** Adds a fork of a table, made by {@link Table#fork}; the data directory keeps it as a fork. */
    public void addFork(Table source, Table fork) {
        add(fork);
        if (durability != null && !replaying) {
            durability.forked(source, fork);
        }
    }

    private void changed(Table table, Item oldItem, Item newItem, boolean byTimeToLive) {
        if (replaying) {
            return;
        }
        for (ChangeListener listener : listeners) {
            listener.changed(table, oldItem, newItem, byTimeToLive);
        }
    }

    public void remove(String name) {
        Table removed = tables.remove(name);
        if (removed != null && !replaying) {
            listeners.forEach(listener -> listener.removed(removed));
        }
    }

    /** Every table, by name. */
    public Collection<Table> tables() {
        return Collections.unmodifiableCollection(tables.values());
    }

    /** Table names after {@code exclusiveStart} (null: from the first), in order. */
    public Collection<String> namesAfter(String exclusiveStart) {
        return Collections.unmodifiableSet(
                exclusiveStart == null ? tables.navigableKeySet() : tables.tailMap(exclusiveStart, false).navigableKeySet());
    }
}
