package dev.singletable.engine.internal.durability;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.singletable.engine.internal.DynamoException;
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
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.function.Consumer;

/**
 * A database kept on disk: a snapshot of every table, and a journal of what changed since, one checksummed
 * record per write (a transaction's changes together), forced to disk before the write is answered. When the
 * journal grows past a size it is folded into a new snapshot. Start-up loads the snapshot and replays the
 * journal; a torn last record is dropped, damage before the end is reported and refuses the start.
 *
 * <p>Snapshot and journal carry a generation: folding writes the snapshot of generation n+1, then replaces the
 * journal by an empty one of n+1, each file whole by a rename. A crash between the two renames leaves the
 * journal of generation n beside a snapshot that already holds it, and start-up sets that journal aside.
 *
 * <p>When the disk fails a write or its flush (full, an I/O error), the journal stops for good: the write that
 * met the failure is answered InternalServerError and every later request too, because the tables in memory
 * may then be ahead of the disk, and after a failed flush not even the disk can say what it holds. The next
 * start recovers from what is on disk, which holds every write answered before. The directory has one owner at
 * a time ({@link DirectoryLock}).
 */
public final class Journal implements Durability {
    private static final ObjectMapper JSON = WireJson.mapper();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    static final String SNAPSHOT = "snapshot.db";
    static final String JOURNAL = "journal.log";
    /** Files being written, which only a rename makes the real ones: a crash may leave them, start-up removes them. */
    private static final String UNFINISHED = ".new";

    private final Path directory;
    private final Path journalFile;
    private final long compactAfterBytes;
    private final Consumer<String> warnings;
    private Disk disk;
    private DirectoryLock lock;
    private FileChannel journal;
    /** The generation of the snapshot, and of the journal of what changed since it. */
    private long generation;
    private volatile boolean closed;
    /** Why the disk can no longer be trusted to hold what the tables hold; null while it can. */
    private volatile String failure;
    private final CountDownLatch stopped = new CountDownLatch(1);
    private final List<ObjectNode> pending = new ArrayList<>();
    /** The metadata last made durable, by table name: a table whose metadata is another one has changed. */
    private final Map<String, TableMetadata> durableMetadata = new HashMap<>();

    private Journal(Path directory, Disk disk, long compactAfterBytes, Consumer<String> warnings) {
        this.directory = directory;
        this.journalFile = directory.resolve(JOURNAL);
        this.disk = disk;
        this.compactAfterBytes = compactAfterBytes;
        this.warnings = warnings;
    }

    /**
     * Opens the data directory (creating it if needed), loads what it holds into the database, and keeps every
     * later change of the database in it. Throws when another engine, in this process or another, has it open.
     */
    public static Journal open(Path directory, Database database, long compactAfterBytes, Consumer<String> warnings)
            throws IOException {
        return open(directory, database, compactAfterBytes, warnings, Disk.REAL);
    }

    static Journal open(Path directory, Database database, long compactAfterBytes, Consumer<String> warnings,
            Disk disk) throws IOException {
        Files.createDirectories(directory);
        Journal journal = new Journal(directory, disk, compactAfterBytes, warnings);
        journal.lock = DirectoryLock.acquire(directory, journal);
        try {
            journal.recover(database);
        } catch (IOException | RuntimeException e) {
            journal.stop();
            throw e;
        }
        database.durability(journal);
        return journal;
    }

    private void recover(Database database) throws IOException {
        disk.deleteIfExists(directory.resolve(SNAPSHOT + UNFINISHED));
        disk.deleteIfExists(directory.resolve(JOURNAL + UNFINISHED));
        JsonNode snapshot = readSnapshot();
        generation = snapshot == null ? 0 : snapshot.path("generation").asLong(0);
        RecordFile.Contents contents = Files.exists(journalFile) ? RecordFile.read(journalFile)
                : new RecordFile.Contents(List.of(), 0, false);
        List<byte[]> changes = contents.records();
        JsonNode first = changes.isEmpty() ? null : JSON.readTree(changes.get(0));
        long journalGeneration = 0; // a journal written before generations has none, nor has its snapshot
        if (first != null && first.isObject()) {
            journalGeneration = first.get("generation").asLong();
            changes = changes.subList(1, changes.size());
        }
        if (journalGeneration > generation) {
            throw new IOException("journal " + journalFile + " is of generation " + journalGeneration
                    + ", newer than its snapshot's " + generation + "; refusing to start with lost data");
        }
        // older: a crash came between the snapshot's rename and the journal's, and the snapshot holds its changes
        boolean folded = journalGeneration < generation;
        if (contents.tornTail() && !folded) {
            warnings.accept("dropped an incomplete last record at byte " + contents.intactLength() + " of "
                    + journalFile + " (a write that was never answered)");
        }
        load(database, snapshot, folded ? List.of() : changes);
        database.tables().forEach(t -> durableMetadata.put(t.name(), t.metadata()));
        if (folded) {
            journal = startJournal();
        } else {
            journal = disk.openForAppend(journalFile);
            disk.truncate(journalFile, journal, contents.intactLength());
            disk.force(journalFile, journal);
            disk.forceDirectory(directory);
        }
    }

    /** The snapshot's one record, or null when there is no snapshot. */
    private JsonNode readSnapshot() throws IOException {
        Path snapshot = directory.resolve(SNAPSHOT);
        if (!Files.exists(snapshot)) {
            return null;
        }
        List<byte[]> records = RecordFile.read(snapshot).records();
        if (records.size() != 1) {
            throw new IOException("snapshot " + snapshot + " is damaged; refusing to start with lost data");
        }
        return JSON.readTree(records.get(0));
    }

    /** Fills the database with the snapshot's tables, then the journal's changes, none of them journaled again. */
    private static void load(Database database, JsonNode snapshot, List<byte[]> changes) throws IOException {
        IOException[] failure = new IOException[1];
        database.replay(() -> {
            try {
                if (snapshot != null) {
                    for (JsonNode table : snapshot.get("tables")) {
                        Table restored = new Table(MetadataJson.read(table.get("metadata")));
                        table.get("items").forEach(item -> restored.put(ValueJson.readItem(item)));
                        database.add(restored);
                    }
                }
                for (byte[] record : changes) {
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
    }

    private static void apply(Database database, JsonNode entry) {
        String table = entry.get("table").textValue();
        switch (entry.get("op").textValue()) {
            case "meta" -> {
                TableMetadata metadata = MetadataJson.read(entry.get("metadata"));
                Table rebuilt = new Table(metadata);
                database.find(table)
                        .ifPresent(old -> old.items().all().forEach(item -> rebuilt.put(item.attributes())));
                database.add(rebuilt);
            }
            case "drop" -> database.remove(table);
            case "fork" -> {
                Table source = database.table(entry.get("source").textValue());
                database.addFork(source, source.fork(MetadataJson.read(entry.get("metadata"))));
            }
            case "put" -> database.table(table).put(ValueJson.readItem(entry.get("item")));
            default -> {
                Table t = database.table(table);
                t.delete(t.keyOf(ValueJson.readItem(entry.get("key"))));
            }
        }
    }

    /** A fork is journaled as one (its source's items at that point of the journal), not item by item. */
    @Override
    public void forked(Table source, Table fork) {
        pending.add(NODES.objectNode().put("op", "fork").put("table", fork.name()).put("source", source.name())
                .set("metadata", MetadataJson.write(fork.metadata())));
        durableMetadata.put(fork.name(), fork.metadata());
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
        if (closed || failure != null) {
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
            byte[] bytes = RecordFile.frame(JSON.writeValueAsBytes(record));
            disk.write(journalFile, journal, bytes);
            disk.force(journalFile, journal);
            if (journal.size() > compactAfterBytes) {
                compact(database);
            }
        } catch (IOException e) {
            throw fail(e);
        }
    }

    @Override
    public String failure() {
        return failure;
    }

    /** Blocks until the journal stops, closed or failed by the disk; returns how the disk failed it, or null. */
    public String awaitStop() throws InterruptedException {
        stopped.await();
        return failure;
    }

    /**
     * Stops for good: nothing more is written, and the database refuses every request from now on. The files
     * stay as the failure left them, which start-up reads as it reads them after a crash.
     */
    private DynamoException fail(IOException cause) {
        String how = cause.getMessage() != null ? cause.getMessage() : cause.getClass().getSimpleName();
        failure = "The engine stopped: its data directory " + directory + " failed (" + how
                + "). Start it again once the disk is writable: it recovers every write it answered.";
        closeJournal();
        stopped.countDown();
        return DynamoException.internal(failure);
    }

    /**
     * Folds the journal into a new snapshot: the snapshot is written beside the old one, forced, renamed over
     * it; then an empty journal of the new generation replaces the old one the same way.
     */
    private void compact(Database database) throws IOException {
        ObjectNode snapshot = NODES.objectNode().put("generation", generation + 1);
        ArrayNode tables = snapshot.putArray("tables");
        for (Table table : database.tables()) {
            ObjectNode node = tables.addObject();
            node.set("metadata", MetadataJson.write(table.metadata()));
            ArrayNode items = node.putArray("items");
            table.items().all().forEach(item -> items.add(ValueJson.writeItem(item.attributes())));
        }
        Path temporary = directory.resolve(SNAPSHOT + UNFINISHED);
        try (FileChannel out = disk.create(temporary)) {
            disk.write(temporary, out, RecordFile.frame(JSON.writeValueAsBytes(snapshot)));
            disk.force(temporary, out);
        }
        disk.replace(temporary, directory.resolve(SNAPSHOT));
        disk.forceDirectory(directory);
        generation++;
        FileChannel folded = journal;
        journal = startJournal();
        folded.close();
    }

    /** An empty journal of the current generation in the place of the one there: whole or not at all. */
    private FileChannel startJournal() throws IOException {
        Path temporary = directory.resolve(JOURNAL + UNFINISHED);
        FileChannel started = disk.create(temporary);
        try {
            disk.write(temporary, started, RecordFile.frame(JSON.writeValueAsBytes(
                    NODES.objectNode().put("generation", generation))));
            disk.force(temporary, started);
            disk.replace(temporary, journalFile);
            disk.forceDirectory(directory);
            return started;
        } catch (IOException e) {
            started.close();
            throw e;
        }
    }

    /**
     * Folds the journal into the snapshot, closes it and gives the directory up; later writes are no longer
     * kept. After a failure of the disk it only gives the directory up, leaving the files as they are.
     */
    public void close(Database database) {
        try {
            if (failure == null && !closed) {
                database.write(() -> {
                    commit(database);
                    try {
                        compact(database);
                    } catch (IOException e) {
                        throw fail(e);
                    }
                    return null;
                });
            }
        } catch (DynamoException e) {
            throw new UncheckedIOException(e.getMessage(), new IOException(e));
        } finally {
            stop();
        }
    }

    /** Writes no more and gives the directory up: what a process that ends leaves behind. */
    void stop() {
        closed = true;
        closeJournal();
        if (lock != null) {
            lock.release();
            lock = null;
        }
        stopped.countDown();
    }

    private void closeJournal() {
        if (journal != null) {
            try {
                journal.close();
            } catch (IOException e) {
                // a channel that cannot close writes no more all the same
            }
        }
    }

    /** Makes every later change of the files through {@code disk}, which a test fails at the step it chooses. */
    void disk(Disk disk) {
        this.disk = disk;
    }
}
