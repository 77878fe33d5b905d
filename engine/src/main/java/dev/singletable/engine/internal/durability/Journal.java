package dev.singletable.engine.internal.durability;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.singletable.engine.internal.kernel.Database;
import dev.singletable.engine.internal.kernel.Durability;
import dev.singletable.engine.internal.storage.Item;
import dev.singletable.engine.internal.storage.Table;
import dev.singletable.engine.internal.storage.TableMetadata;
import dev.singletable.engine.internal.value.Value;
import dev.singletable.engine.internal.value.ValueJson;
import dev.singletable.engine.internal.value.WireJson;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * A database kept on disk: a snapshot of every table, and a journal of what changed since, one checksummed
 * record per write (a transaction's changes together), forced to disk before the write is answered. When the
 * journal grows past a size it is folded into a new snapshot. Start-up loads the snapshot and replays the
 * journal; a torn last record is dropped, damage before the end is reported and refuses the start.
 */
public final class Journal implements Durability {
    private static final ObjectMapper JSON = WireJson.MAPPER;
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final String SNAPSHOT = "snapshot.db";
    private static final String JOURNAL = "journal.log";

    private final Path directory;
    private final long compactAfterBytes;
    private final Consumer<String> warnings;
    private FileChannel journal;
    private boolean closed;
    private final List<ObjectNode> pending = new ArrayList<>();
    /** The metadata last made durable, by table name: a table whose metadata is another one has changed. */
    private final Map<String, TableMetadata> durableMetadata = new HashMap<>();

    private Journal(Path directory, long compactAfterBytes, Consumer<String> warnings) {
        this.directory = directory;
        this.compactAfterBytes = compactAfterBytes;
        this.warnings = warnings;
    }

    /**
     * Opens the data directory (creating it if needed), loads what it holds into the database, and keeps every
     * later change of the database in it.
     */
    public static Journal open(Path directory, Database database, long compactAfterBytes, Consumer<String> warnings)
            throws IOException {
        Files.createDirectories(directory);
        Journal journal = new Journal(directory, compactAfterBytes, warnings);
        journal.recover(database);
        database.durability(journal);
        return journal;
    }

    private void recover(Database database) throws IOException {
        Path snapshot = directory.resolve(SNAPSHOT);
        Path log = directory.resolve(JOURNAL);
        List<byte[]> snapshotRecords = Files.exists(snapshot) ? RecordFile.read(snapshot).records() : List.of();
        if (Files.exists(snapshot) && snapshotRecords.size() != 1) {
            throw new IOException("snapshot " + snapshot + " is damaged; refusing to start with lost data");
        }
        RecordFile.Contents contents = Files.exists(log) ? RecordFile.read(log)
                : new RecordFile.Contents(List.of(), 0, false);
        if (contents.tornTail()) {
            warnings.accept("dropped an incomplete last record at byte " + contents.intactLength() + " of " + log
                    + " (a write that was never answered)");
        }
        IOException[] failure = new IOException[1];
        database.replay(() -> {
            try {
                for (byte[] record : snapshotRecords) {
                    for (JsonNode table : JSON.readTree(record).get("tables")) {
                        Table restored = new Table(MetadataJson.read(table.get("metadata")));
                        table.get("items").forEach(item -> restored.put(ValueJson.readItem(item)));
                        database.add(restored);
                    }
                }
                for (byte[] record : contents.records()) {
                    for (JsonNode entry : JSON.readTree(record)) {
                        apply(database, entry);
                    }
                }
            } catch (IOException e) {
                failure[0] = e;
            }
        });
        if (failure[0] != null) {
            throw failure[0];
        }
        database.tables().forEach(t -> durableMetadata.put(t.name(), t.metadata()));
        journal = FileChannel.open(log, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        journal.truncate(contents.intactLength());
        journal.position(contents.intactLength());
        journal.force(true);
    }

    private static void apply(Database database, JsonNode entry) {
        String table = entry.get("table").textValue();
        switch (entry.get("op").textValue()) {
            case "meta" -> {
                TableMetadata metadata = MetadataJson.read(entry.get("metadata"));
                Table rebuilt = new Table(metadata);
                database.find(table).ifPresent(old -> old.partitions().values()
                        .forEach(partition -> partition.values().forEach(item -> rebuilt.put(item.attributes()))));
                database.add(rebuilt);
            }
            case "drop" -> database.remove(table);
            case "put" -> database.table(table).put(ValueJson.readItem(entry.get("item")));
            default -> {
                Table t = database.table(table);
                t.delete(t.keyOf(ValueJson.readItem(entry.get("key"))));
            }
        }
    }

    @Override
    public void changed(Table table, Item oldItem, Item newItem, boolean byTimeToLive) {
        if (newItem != null) {
            pending.add(NODES.objectNode().put("op", "put").put("table", table.name())
                    .set("item", ValueJson.writeItem(newItem.attributes())));
        } else {
            Map<String, Value> key = new LinkedHashMap<>();
            key.put(table.partitionKey().name(), oldItem.get(table.partitionKey().name()));
            if (table.sortKey() != null) {
                key.put(table.sortKey().name(), oldItem.get(table.sortKey().name()));
            }
            pending.add(NODES.objectNode().put("op", "delete").put("table", table.name())
                    .set("key", ValueJson.writeItem(key)));
        }
    }

    @Override
    public void commit(Database database) {
        if (closed) {
            return;
        }
        ArrayNode record = NODES.arrayNode();
        Set<String> present = new HashSet<>();
        for (Table table : database.tables()) {
            present.add(table.name());
            TableMetadata metadata = table.metadata();
            if (metadata != durableMetadata.get(table.name())) {
                record.addObject().put("op", "meta").put("table", table.name())
                        .set("metadata", MetadataJson.write(metadata));
                durableMetadata.put(table.name(), metadata);
            }
        }
        for (String name : new ArrayList<>(durableMetadata.keySet())) {
            if (!present.contains(name)) {
                record.addObject().put("op", "drop").put("table", name);
                durableMetadata.remove(name);
            }
        }
        pending.forEach(record::add);
        pending.clear();
        if (record.isEmpty()) {
            return;
        }
        try {
            write(journal, RecordFile.frame(JSON.writeValueAsBytes(record)));
            journal.force(false);
            if (journal.size() > compactAfterBytes) {
                compact(database);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot keep the write on disk in " + directory, e);
        }
    }

    /** Folds the journal into a new snapshot: written beside the old one, forced, then moved over it. */
    private void compact(Database database) throws IOException {
        ObjectNode snapshot = NODES.objectNode();
        ArrayNode tables = snapshot.putArray("tables");
        for (Table table : database.tables()) {
            ObjectNode node = tables.addObject();
            node.set("metadata", MetadataJson.write(table.metadata()));
            ArrayNode items = node.putArray("items");
            for (TreeMap<Value, Item> partition : table.partitions().values()) {
                partition.values().forEach(item -> items.add(ValueJson.writeItem(item.attributes())));
            }
        }
        Path temporary = directory.resolve(SNAPSHOT + ".new");
        try (FileChannel out = FileChannel.open(temporary, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            write(out, RecordFile.frame(JSON.writeValueAsBytes(snapshot)));
            out.force(true);
        }
        Files.move(temporary, directory.resolve(SNAPSHOT), StandardCopyOption.ATOMIC_MOVE);
        journal.truncate(0);
        journal.position(0);
        journal.force(true);
    }

    private static void write(FileChannel channel, byte[] bytes) throws IOException {
        ByteBuffer buffer = ByteBuffer.wrap(bytes);
        while (buffer.hasRemaining()) {
            channel.write(buffer);
        }
    }

    /** Folds the journal into the snapshot and closes it; later writes are no longer kept. */
    public void close(Database database) {
        database.write(() -> {
            commit(database);
            try {
                compact(database);
                journal.close();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } finally {
                closed = true;
            }
            return null;
        });
    }
}
