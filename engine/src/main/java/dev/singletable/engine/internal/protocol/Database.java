package dev.singletable.engine.internal.protocol;

import dev.singletable.engine.internal.DynamoException;
import dev.singletable.engine.internal.storage.Item;
import dev.singletable.engine.internal.storage.Table;
import dev.singletable.engine.internal.streams.ChangeStreams;
import java.time.Clock;
import java.util.Collection;
import java.util.Collections;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.Supplier;

/**
 * The state of one engine: its tables, under one read/write lock. Writers (and multi-table transactions)
 * hold the write lock for the whole of a request, which makes conditional writes linearizable; readers share.
 */
public final class Database {
    public static final String REGION = "us-east-1";
    public static final String ACCOUNT = "000000000000";
    private static final String ARN_PREFIX = "arn:aws:dynamodb:" + REGION + ":" + ACCOUNT + ":table/";

    private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
    /** Sorted by name, as ListTables returns them (names are ASCII, so String order is byte order). */
    private final TreeMap<String, Table> tables = new TreeMap<>();
    private final Clock clock;
    private final ChangeStreams streams;
    private Durability durability;
    /** While recovering from disk, changes are neither streamed nor journaled again. */
    private boolean replaying;

    public Database(Clock clock) {
        this.clock = clock;
        this.streams = new ChangeStreams(() -> clock.millis() / 1000.0);
    }

    /** The engine's DynamoDB Streams, fed by every table. */
    public ChangeStreams streams() {
        return streams;
    }

    public Clock clock() {
        return clock;
    }

    public <T> T read(Supplier<T> action) {
        lock.readLock().lock();
        try {
            return action.get();
        } finally {
            lock.readLock().unlock();
        }
    }

    public <T> T write(Supplier<T> action) {
        lock.writeLock().lock();
        try {
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

    /** Keeps every change on disk from now on. */
    public void durability(Durability durability) {
        this.durability = durability;
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
        streams.changed(table, oldItem, newItem, byTimeToLive);
        if (durability != null) {
            durability.changed(table, oldItem, newItem, byTimeToLive);
        }
    }

    public void remove(String name) {
        streams.forget(name);
        tables.remove(name);
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
