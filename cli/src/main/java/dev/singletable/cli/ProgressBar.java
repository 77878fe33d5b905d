package dev.singletable.cli;

import dev.singletable.core.SeedProgress;
import java.io.PrintWriter;

/** A one-line progress bar, redrawn in place with a carriage return; the last drawing ends the line. */
final class ProgressBar implements SeedProgress {
    /** Fewer items than this are written in a blink: no bar. */
    static final int THRESHOLD = 100;
    private static final int WIDTH = 30;

    private final PrintWriter out;

    ProgressBar(PrintWriter out) {
        this.out = out;
    }

    /** A bar for long runs, nothing for short ones. */
    static SeedProgress forItems(PrintWriter out, int total) {
        return total < THRESHOLD ? SeedProgress.NONE : new ProgressBar(out);
    }

    @Override
    public void written(int done, int total) {
        int filled = (int) ((long) done * WIDTH / total);
        out.print("\r[" + "#".repeat(filled) + "-".repeat(WIDTH - filled) + "] " + done + "/" + total + " items");
        if (done == total) {
            out.println();
        }
        out.flush();
    }
}
