package dev.singletable.engine.internal.durability;

import java.io.IOException;
import java.nio.file.Path;

/** A process that dies, played within the test JVM. */
final class Crash {
    private Crash() {
    }

    /**
     * As if the process owning the directory died now: its files stay as they are, nothing more is written to
     * them, and the OS lock is released, so that the next engine starts from what is on disk.
     */
    static void of(Path directory) throws IOException {
        DirectoryLock.ownerOf(directory).stop();
    }
}
