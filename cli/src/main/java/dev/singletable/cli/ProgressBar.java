package dev.singletable.cli;

import dev.singletable.core.ReadProgress;
import dev.singletable.core.SeedProgress;
import java.io.PrintWriter;

/**
 * A one-line progress bar, redrawn in place with a carriage return: of items written (their total known), or of
 * items read (against the table's own estimate, or as a count when it has none).
 */
final class ProgressBar implements SeedProgress, ReadProgress {
    /** Fewer items than this are written or read in a blink: no bar. */
    static final int THRESHOLD = 100;
    private static final int WIDTH = 30;

    private final PrintWriter out;
    private boolean drawn;

    ProgressBar(PrintWriter out) {
        this.out = out;
    }

    /** A bar for long runs, nothing for short ones. */
    static SeedProgress forItems(PrintWriter out, int total) {
        return total < THRESHOLD ? SeedProgress.NONE : new ProgressBar(out);
    }

    @Override
    public void written(int done, int total) {
        draw(done, total);
        if (done == total) {
            out.println();
        }
        out.flush();
    }

    /** Reading ends when the reader returns: {@link #finish()} then ends the line. */
    @Override
    public void read(long read, long estimate) {
        if (read < THRESHOLD && estimate < THRESHOLD) {
            return;
        }
        if (estimate > 0) {
            draw(read, Math.max(read, estimate));
        } else {
            out.print("\r" + read + " items read");
        }
        drawn = true;
        out.flush();
    }

    /** Ends the line of a drawn bar. */
    void finish() {
        if (drawn) {
            out.println();
            out.flush();
        }
    }

    private void draw(long done, long total) {
        int filled = (int) (done * WIDTH / total);
        out.print("\r[" + "#".repeat(filled) + "-".repeat(WIDTH - filled) + "] " + done + "/" + total + " items");
    }
}
