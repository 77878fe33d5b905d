package dev.singletable.engine.internal.protocol;

import dev.singletable.engine.model.Access;
import dev.singletable.engine.model.KeyCondition;
import java.util.function.Supplier;

/**
 * What a handler tells the request log about a request beyond what the request itself says: what it read,
 * returned and cost. Handlers fill it as they go; the dispatcher records it.
 */
public final class RequestContext {
    private String index;
    private Supplier<KeyCondition> keyCondition = () -> null;
    private int scannedCount = -1;
    private int returnedCount = -1;
    private boolean morePages;
    private Double consumedCapacity;
    private Access access;

    public void index(String index) {
        this.index = index;
    }

    /** A Query's key condition, made when the log is read. */
    public void keyCondition(Supplier<KeyCondition> keyCondition) {
        this.keyCondition = keyCondition;
    }

    public void counts(int scannedCount, int returnedCount) {
        this.scannedCount = scannedCount;
        this.returnedCount = returnedCount;
    }

    public void morePages(boolean morePages) {
        this.morePages = morePages;
    }

    /** Total capacity units consumed, computed whether or not the client asked for them. */
    public void consumedCapacity(double units) {
        this.consumedCapacity = units;
    }

    /** How a statement read the table, when the operation alone does not say it (a PartiQL SELECT). */
    public void access(Access access) {
        this.access = access;
    }

    Access access() {
        return access;
    }

    String index() {
        return index;
    }

    Supplier<KeyCondition> keyCondition() {
        return keyCondition;
    }

    int scannedCount() {
        return scannedCount;
    }

    int returnedCount() {
        return returnedCount;
    }

    boolean morePages() {
        return morePages;
    }

    Double consumedCapacity() {
        return consumedCapacity;
    }
}
