package dev.singletable.engine.reliability;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What a writer process ({@link ConditionalWriter}) logs, a line per request, and the checking test reads back:
 * the writes it sent with how each ended, and what each of its reads found. Times are the machine's clock in
 * milliseconds, which all processes share.
 */
final class WriterLog {
    /** The token of the write an item has before its first. */
    static final String NONE = "-";
    private static final String READ = "READ";

    private final List<Write> writes = new ArrayList<>();
    private final List<Read> reads = new ArrayList<>();

    /** How the writer saw a write end. */
    enum Outcome {
        /** Answered as done: it must be in the item's history. */
        ACKNOWLEDGED,
        /** Answered as refused (its condition did not hold): it must not be. */
        REFUSED,
        /** No answer (the server died, the connection broke) or a 500: it may or may not be, but whole. */
        UNKNOWN
    }

    /**
     * One item of a write: its key, the token of the write it replaces (its condition), the version it gives the
     * item, its own token, and the index keys it sets ({@link #NONE} for g2pk: removed).
     */
    record ItemWrite(String key, String previous, int version, String token, String g1pk, String g2pk) {
    }

    /** A write sent: its items (two for a transaction), how it ended, and when the answer came. */
    record Write(Outcome outcome, long answeredAt, List<ItemWrite> items) {
    }

    /** A consistent read: the key, what it found (token {@link #NONE} and version 0: nothing), when it was sent. */
    record Read(String key, String token, int version, long sentAt) {
    }

    List<Write> writes() {
        return writes;
    }

    List<Read> reads() {
        return reads;
    }

    void add(Write write) {
        writes.add(write);
    }

    void add(Read read) {
        reads.add(read);
    }

    void save(Path file) throws IOException {
        List<String> lines = new ArrayList<>();
        for (Read read : reads) {
            lines.add(String.join("\t", READ, read.key(), read.token(), Integer.toString(read.version()),
                    Long.toString(read.sentAt())));
        }
        for (Write write : writes) {
            StringBuilder line = new StringBuilder(write.outcome().name()).append('\t').append(write.answeredAt());
            for (ItemWrite item : write.items()) {
                line.append('\t').append(String.join(" ", item.key(), item.previous(), Integer.toString(item.version()),
                        item.token(), item.g1pk(), item.g2pk()));
            }
            lines.add(line.toString());
        }
        Files.write(file, lines, StandardCharsets.UTF_8);
    }

    static WriterLog load(Path file) throws IOException {
        WriterLog log = new WriterLog();
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            String[] fields = line.split("\t");
            if (fields[0].equals(READ)) {
                log.add(new Read(fields[1], fields[2], Integer.parseInt(fields[3]), Long.parseLong(fields[4])));
                continue;
            }
            List<ItemWrite> items = new ArrayList<>();
            for (int i = 2; i < fields.length; i++) {
                String[] item = fields[i].split(" ");
                items.add(new ItemWrite(item[0], item[1], Integer.parseInt(item[2]), item[3], item[4], item[5]));
            }
            log.add(new Write(Outcome.valueOf(fields[0]), Long.parseLong(fields[1]), items));
        }
        return log;
    }
}
