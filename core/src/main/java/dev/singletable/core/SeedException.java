package dev.singletable.core;

/** Writing items gave up: the endpoint kept returning unprocessed items after the last allowed attempt, or the wait was interrupted. */
public class SeedException extends RuntimeException {

    private final int itemsWritten;

    /**
     * @param message      what happened
     * @param itemsWritten how many items had been written when seeding gave up
     */
    public SeedException(String message, int itemsWritten) {
        super(message);
        this.itemsWritten = itemsWritten;
    }

    /** @return how many items had been written when seeding gave up */
    public int itemsWritten() {
        return itemsWritten;
    }
}
