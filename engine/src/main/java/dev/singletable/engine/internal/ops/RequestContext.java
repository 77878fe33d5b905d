package dev.singletable.engine.internal.ops;

import dev.singletable.engine.internal.log.RequestRecord;
import dev.singletable.engine.model.Access;
import dev.singletable.engine.model.KeyCondition;
import dev.singletable.engine.model.Operation;
import java.util.function.Supplier;

/**
 * What a handler tells the request log about a request beyond what the request itself says: what it read,
 * returned and cost. Handlers fill it as they go, into the record the dispatcher keeps in the log.
 */
public final class RequestContext {
    private final RequestRecord record;

    public RequestContext(RequestRecord record) {
        this.record = record;
    }

    /** A context whose facts go to no log: for the engine's own Java API. */
    public static RequestContext unlogged() {
        return new RequestContext(new RequestRecord(Operation.UNKNOWN, ""));
    }

    /** The index the request read, when the request does not name it in IndexName (a PartiQL SELECT). */
    public void index(String index) {
        record.index(index);
    }

    /** A Query's key condition, made when the log is read. */
    public void keyCondition(Supplier<KeyCondition> keyCondition) {
        record.keyCondition(keyCondition);
    }

    public void counts(int scannedCount, int returnedCount) {
        record.counts(scannedCount, returnedCount);
    }

    public void morePages(boolean morePages) {
        record.morePages(morePages);
    }

    /** Total capacity units consumed, computed whether or not the client asked for them. */
    public void consumedCapacity(double units) {
        record.consumedCapacity(units);
    }

    /** How a statement read the table, when the operation alone does not say it (a PartiQL SELECT). */
    public void access(Access access) {
        record.access(access);
    }
}
