package dev.singletable.junit.internal;

/** Waiting for the helper threads of a run. */
final class Threads {
    private Threads() {
    }

    /**
     * Waits until the thread has ended; an interrupt meanwhile does not stop the wait (what the thread does must be
     * over before the caller goes on) and is kept for the caller's thread.
     */
    static void awaitEnd(Thread thread) {
        boolean interrupted = false;
        while (thread.isAlive()) {
            try {
                thread.join();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
