package dev.singletable.engine.internal.streams;

import dev.singletable.engine.internal.storage.ChangeListener;
import dev.singletable.engine.internal.storage.Item;
import dev.singletable.engine.internal.storage.KeyDef;
import dev.singletable.engine.internal.storage.Table;
import dev.singletable.engine.internal.storage.TableSettings;
import dev.singletable.engine.internal.value.Value;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.DoubleSupplier;

/**
 * The DynamoDB Streams of one engine: every stream ever enabled, by ARN, with its records in commit order.
 * A table's changes go to its latest stream while that stream is enabled (the table description says which);
 * a disabled stream keeps its records, as DynamoDB keeps them for 24 hours.
 */
public final class ChangeStreams implements ChangeListener {
    /** How many recent changes per table the Java API keeps, stream or not. */
    private static final int RECENT_PER_TABLE = 10_000;

    private final Map<String, StreamData> streams = new LinkedHashMap<>();
    private final Map<String, ArrayDeque<ChangeRecord>> recent = new HashMap<>();
    private final DoubleSupplier epochSeconds;
    private long sequence;

    public ChangeStreams(DoubleSupplier epochSeconds) {
        this.epochSeconds = epochSeconds;
    }

    /** Records a change if the table's stream is enabled; called under the database's write lock. */
    @Override
    public synchronized void changed(Table table, Item oldItem, Item newItem, boolean byTimeToLive) {
        if (oldItem != null && newItem != null && oldItem.sameAttributes(newItem)) {
            return; // DynamoDB writes no record for a write that changes nothing
        }
        String eventName = oldItem == null ? "INSERT" : newItem == null ? "REMOVE" : "MODIFY";
        long sequenceNumber = ++sequence;
        double time = epochSeconds.getAsDouble();
        ArrayDeque<ChangeRecord> tableChanges = recent.computeIfAbsent(table.name(), name -> new ArrayDeque<>());
        if (tableChanges.size() == RECENT_PER_TABLE) {
            tableChanges.removeFirst();
        }
        KeyDef partitionKey = table.partitionKey();
        KeyDef sortKey = table.sortKey();
        tableChanges.addLast(new ChangeRecord(sequenceNumber, eventName, time, partitionKey, sortKey, oldItem,
                newItem, "NEW_AND_OLD_IMAGES", byTimeToLive));
        Optional<StreamData> stream = latest(table);
        if (stream.isPresent()) {
            stream.get().records.add(new ChangeRecord(sequenceNumber, eventName, time, partitionKey, sortKey, oldItem,
                    newItem, stream.get().viewType, byTimeToLive));
        }
    }

    /** Forgets the recent changes of a deleted table (its streams stay readable, as DynamoDB keeps them). */
    @Override
    public synchronized void removed(Table table) {
        recent.remove(table.name());
    }

    /**
     * Forgets a table and every stream it had, records and all, as if it had never been: for a table dropped by
     * the engine (a test's fork), whose streams nobody is to read again, unlike a table deleted by request.
     */
    public synchronized void discard(Table table) {
        recent.remove(table.name());
        String tableId = table.metadata().tableId();
        streams.values().removeIf(stream -> stream.tableId.equals(tableId));
    }

    /** The table's enabled stream, made when first needed (enabling it does not wait for a write). */
    public synchronized Optional<StreamData> latest(Table table) {
        TableSettings settings = table.metadata().settings();
        if (!settings.streamEnabled()) {
            return Optional.empty();
        }
        TableSettings.LatestStream latest = settings.latestStream();
        return Optional.of(streams.computeIfAbsent(latest.arn(), arn -> new StreamData(arn, table.name(),
                table.metadata().tableId(), latest.label(), settings.streamViewType(), table.partitionKey(),
                table.sortKey(), epochSeconds.getAsDouble())));
    }

    public synchronized Optional<StreamData> stream(String arn) {
        return Optional.ofNullable(streams.get(arn));
    }

    public synchronized Collection<StreamData> all() {
        return List.copyOf(streams.values());
    }

    /** A table's recent changes (the last 10,000), oldest first, with both images, stream or not. */
    public synchronized List<ChangeRecord> recentChanges(String tableName) {
        return List.copyOf(recent.getOrDefault(tableName, new ArrayDeque<>()));
    }

    /** Records of one stream from a position, at most {@code limit}. */
    synchronized List<ChangeRecord> read(StreamData stream, int from, int limit) {
        int to = Math.min(stream.records.size(), from + limit);
        return from >= to ? List.of() : List.copyOf(stream.records.subList(from, to));
    }

    /**
     * One change, as a stream record carries it: the stored items before and after (null: absent). Its images, keys
     * and sequence number's text are worked out when asked for: most records (a bulk load's, the recent changes
     * beyond the last 10,000) are never read.
     */
    public record ChangeRecord(long sequence, String eventName, double approximateCreationDateTime,
                               KeyDef partitionKey, KeyDef sortKey, Item oldItem, Item newItem, String viewType,
                               boolean byTimeToLive) {
        /** The item before the change, or null. */
        public Map<String, Value> oldImage() {
            return oldItem == null ? null : oldItem.attributes();
        }

        /** The item after the change, or null. */
        public Map<String, Value> newImage() {
            return newItem == null ? null : newItem.attributes();
        }

        /** The position in the stream as DynamoDB's sequence numbers read: 21 digits, zero-padded. */
        public String sequenceNumber() {
            char[] digits = new char[21];
            long rest = sequence;
            for (int i = digits.length - 1; i >= 0; i--, rest /= 10) {
                digits[i] = (char) ('0' + rest % 10);
            }
            return new String(digits);
        }

        /** The item's key attributes, partition key first. */
        public Map<String, Value> keys() {
            Item item = newItem != null ? newItem : oldItem;
            Map<String, Value> keys = new LinkedHashMap<>();
            keys.put(partitionKey.name(), item.get(partitionKey.name()));
            if (sortKey != null) {
                keys.put(sortKey.name(), item.get(sortKey.name()));
            }
            return keys;
        }
    }

    /** One stream: its identity and its records. */
    public static final class StreamData {
        final String arn;
        final String tableName;
        /** The TableId of the table the stream belongs to: a table made again under the name has another. */
        final String tableId;
        final String label;
        final String viewType;
        final KeyDef partitionKey;
        final KeyDef sortKey;
        final double created;
        final List<ChangeRecord> records = new ArrayList<>();

        StreamData(String arn, String tableName, String tableId, String label, String viewType, KeyDef partitionKey,
                   KeyDef sortKey, double created) {
            this.arn = arn;
            this.tableName = tableName;
            this.tableId = tableId;
            this.label = label;
            this.viewType = viewType;
            this.partitionKey = partitionKey;
            this.sortKey = sortKey;
            this.created = created;
        }

        public String arn() {
            return arn;
        }

        public String tableName() {
            return tableName;
        }

        public List<ChangeRecord> records() {
            return records;
        }
    }
}
