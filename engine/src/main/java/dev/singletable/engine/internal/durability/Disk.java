package dev.singletable.engine.internal.durability;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * Every change the journal makes to its directory, one method a step. The journal never writes to a file any
 * other way, so that a test can make any step fail as a full disk, an I/O error or a crash at that point would.
 */
class Disk {
    static final Disk REAL = new Disk();
    /** Windows opens no directory as a file; NTFS journals directory entries itself. */
    private static final boolean WINDOWS = System.getProperty("os.name", "").startsWith("Windows");

    /** Opens a file for writing at its end, creating it if it is missing. */
    FileChannel openForAppend(Path file) throws IOException {
        FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        channel.position(channel.size());
        return channel;
    }

    /** Creates a file, or empties the one there. */
    FileChannel create(Path file) throws IOException {
        return FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING);
    }

    void write(Path file, FileChannel channel, byte[] bytes) throws IOException {
        ByteBuffer buffer = ByteBuffer.wrap(bytes);
        while (buffer.hasRemaining()) {
            channel.write(buffer);
        }
    }

    /** Returns once what was written to the file is on the disk. */
    void force(Path file, FileChannel channel) throws IOException {
        channel.force(false);
    }

    /** Cuts the file to its first {@code size} bytes and writes on from there. */
    void truncate(Path file, FileChannel channel, long size) throws IOException {
        channel.truncate(size);
        channel.position(size);
    }

    /** Puts {@code source} in the place of {@code target} in one step: a reader finds one or the other, whole. */
    void replace(Path source, Path target) throws IOException {
        Files.move(source, target, StandardCopyOption.ATOMIC_MOVE);
    }

    /** Returns once the directory's entries (files created, renamed, removed) are on the disk. */
    void forceDirectory(Path directory) throws IOException {
        if (WINDOWS) {
            return;
        }
        try (FileChannel channel = FileChannel.open(directory, StandardOpenOption.READ)) {
            channel.force(true);
        }
    }

    void deleteIfExists(Path file) throws IOException {
        Files.deleteIfExists(file);
    }
}
