package dev.singletable.engine.internal.durability;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The real disk, except at one chosen step of the journal's, which fails as a full disk or an I/O error would
 * there; after it every step fails (a crash: nothing more reaches the disk). A write can fail halfway, having
 * written the first half of its bytes. Names every step it is asked for, in order, so that a test can first
 * list the steps of an operation and then fail each in turn.
 */
final class FaultyDisk extends Disk {
    static final String DISK_FULL = "No space left on device";

    private final List<String> steps = new ArrayList<>();
    private final int failAt;
    private final boolean halfway;

    private FaultyDisk(int failAt, boolean halfway) {
        this.failAt = failAt;
        this.halfway = halfway;
    }

    /** Fails no step: lists them. */
    static FaultyDisk recording() {
        return new FaultyDisk(Integer.MAX_VALUE, false);
    }

    /** Fails the step of this index (0 is the first asked for from now on), and every one after it. */
    static FaultyDisk failingAt(int step) {
        return new FaultyDisk(step, false);
    }

    /** Fails the step of this index, a write, after writing half of its bytes; and every step after it. */
    static FaultyDisk failingHalfwayAt(int step) {
        return new FaultyDisk(step, true);
    }

    /** The steps asked for so far, as "write journal.log", "replace snapshot.db.new by snapshot.db", …. */
    List<String> steps() {
        return List.copyOf(steps);
    }

    /** The step that failed, or null while none has. */
    String failedStep() {
        return steps.size() > failAt ? steps.get(failAt) : null;
    }

    private void step(String name) throws IOException {
        steps.add(name);
        if (steps.size() - 1 >= failAt) {
            throw new IOException(DISK_FULL);
        }
    }

    @Override
    FileChannel openForAppend(Path file) throws IOException {
        step("open " + file.getFileName());
        return super.openForAppend(file);
    }

    @Override
    FileChannel create(Path file) throws IOException {
        step("create " + file.getFileName());
        return super.create(file);
    }

    @Override
    void write(Path file, FileChannel channel, byte[] bytes) throws IOException {
        if (halfway && steps.size() == failAt) {
            steps.add("write " + file.getFileName());
            super.write(file, channel, Arrays.copyOf(bytes, bytes.length / 2));
            throw new IOException(DISK_FULL);
        }
        step("write " + file.getFileName());
        super.write(file, channel, bytes);
    }

    @Override
    void force(Path file, FileChannel channel) throws IOException {
        step("force " + file.getFileName());
        super.force(file, channel);
    }

    @Override
    void truncate(Path file, FileChannel channel, long size) throws IOException {
        step("truncate " + file.getFileName());
        super.truncate(file, channel, size);
    }

    @Override
    void replace(Path source, Path target) throws IOException {
        step("replace " + target.getFileName() + " by " + source.getFileName());
        super.replace(source, target);
    }

    @Override
    void forceDirectory(Path directory) throws IOException {
        step("force the directory");
        super.forceDirectory(directory);
    }

    @Override
    void deleteIfExists(Path file) throws IOException {
        step("delete " + file.getFileName());
        super.deleteIfExists(file);
    }
}
