package dev.singletable.engine.internal.durability;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Makes one journal the owner of a data directory: an OS lock on a file in it, held while the journal is open.
 * The OS releases the lock when the process ends, however it ends, so a killed server never blocks the next
 * start. The file holds the owner's pid, which the refusal of a second owner names.
 *
 * <p>Within one JVM the OS lock belongs to the process, not to an engine: a second lock there throws
 * OverlappingFileLockException, and on Linux closing any channel on the file would release the owner's lock. So
 * the owners in this JVM are kept here too, and a second engine is refused before it opens the file.
 */
final class DirectoryLock {
    static final String FILE = "owner.lock";

    /** The journals that own a directory in this JVM, by the directory's identity on disk. */
    private static final Map<Object, Journal> OWNERS = new ConcurrentHashMap<>();

    private final Object key;
    private final FileChannel channel;
    private final FileLock lock;

    private DirectoryLock(Object key, FileChannel channel, FileLock lock) {
        this.key = key;
        this.channel = channel;
        this.lock = lock;
    }

    /**
     * Makes {@code owner} the owner of the directory (which exists), or throws an IOException naming the pid of
     * the process that owns it.
     */
    static DirectoryLock acquire(Path directory, Journal owner) throws IOException {
        Object key = identity(directory);
        if (OWNERS.putIfAbsent(key, owner) != null) {
            throw new IOException(inUse("another engine in this process (pid "
                    + ProcessHandle.current().pid() + ")"));
        }
        try {
            FileChannel channel = FileChannel.open(directory.resolve(FILE), StandardOpenOption.CREATE,
                    StandardOpenOption.READ, StandardOpenOption.WRITE);
            FileLock lock;
            try {
                lock = channel.tryLock();
            } catch (OverlappingFileLockException e) {
                lock = null; // the same directory under a name this JVM's owners were not found by
            }
            if (lock == null) {
                String pid = new String(Files.readAllBytes(directory.resolve(FILE)), StandardCharsets.UTF_8).trim();
                channel.close();
                throw new IOException(inUse(pid.isEmpty() ? "another process" : "process " + pid));
            }
            channel.truncate(0);
            channel.write(ByteBuffer.wrap((ProcessHandle.current().pid() + "\n").getBytes(StandardCharsets.UTF_8)), 0);
            return new DirectoryLock(key, channel, lock);
        } catch (IOException | RuntimeException e) {
            OWNERS.remove(key, owner);
            throw e;
        }
    }

    /** The journal that owns the directory in this JVM, if one does. */
    static Journal ownerOf(Path directory) throws IOException {
        return OWNERS.get(identity(directory));
    }

    /** Gives the directory up (the file stays: removing it could part a later owner from its lock). */
    void release() {
        try {
            lock.release();
            channel.close();
        } catch (IOException e) {
            // closing the channel releases the lock whatever else fails
        } finally {
            OWNERS.remove(key);
        }
    }

    /** Said of the directory, which the message it ends up in names. */
    private static String inUse(String owner) {
        return "it is in use by " + owner
                + "; one engine at a time keeps a data directory: stop that one, or choose another directory";
    }

    /** The directory as the file system knows it (device and inode where it says), whatever path names it. */
    private static Object identity(Path directory) throws IOException {
        Path real = directory.toRealPath();
        Object fileKey = Files.readAttributes(real, BasicFileAttributes.class).fileKey();
        return fileKey != null ? fileKey : real;
    }
}
