package dev.singletable.engine.internal.ops.items;

import dev.singletable.engine.internal.kernel.Database;
import dev.singletable.engine.internal.value.SdkItemEncoder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.locks.LockSupport;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * engine.load: puts items into a table in batches of 25, each written as one BatchWriteItem of its PutRequests
 * would be, in order, with the same checks and errors: a batch with a bad item is not written, the batches
 * before it are. Reading and encoding an item (most of a load's work) changes nothing, and nor does checking a
 * batch against the table's key and indexes, so for a large load a helper thread reads, encodes and checks
 * batches ahead (against the table as the last batch written found it) while the calling thread writes them,
 * under the engine's lock, one batch after the other; the calling thread reads batches too whenever the next one
 * is not ready. Reading a batch keeps the values of the attributes the checks look up (the table's and its indexes'
 * keys), so that they are not looked up in the encoding again, and writes each item's table key after its encoding,
 * so that the table holds the two as one array.
 */
public final class BulkLoad {
    private static final int BATCH = BatchWriteItem.MAX_REQUESTS;
    /**
     * Below this many items the calling thread reads them all in tens of milliseconds, which a helper thread does
     * not win back: in a cold JVM (a test run's first table) it competes for the cores with the JIT compilers and
     * with what else the run starts, and its reading code runs interpreted as the caller's does.
     */
    private static final int MIN_ITEMS_TO_SHARE = 2_000;
    /** Batches read but not yet written, at most: what a load holds besides the table stays small. */
    private static final int AHEAD = 64;

    private final String tableName;
    private final List<Map<String, AttributeValue>> items;
    private final int batches;
    /** The next batch to read, claimed by either thread. */
    private final AtomicInteger next = new AtomicInteger();
    /** Each batch once read: its puts, or what refused one of its items. */
    private final AtomicReferenceArray<Object> read;
    private final Semaphore ahead = new Semaphore(AHEAD);
    private final Thread caller = Thread.currentThread();
    /** The table as the last batch written found it, which readers check the next batches against. */
    private volatile BatchWriteItem.LoadTarget target;
    private volatile boolean stopped;

    private BulkLoad(String tableName, List<Map<String, AttributeValue>> items) {
        this.tableName = tableName;
        this.items = items;
        this.batches = (items.size() + BATCH - 1) / BATCH;
        this.read = new AtomicReferenceArray<>(batches);
    }

    /** Loads the items; throws what refused an item. */
    public static void put(Database database, String tableName, List<Map<String, AttributeValue>> items) {
        new BulkLoad(tableName, items).run(database);
    }

    private void run(Database database) {
        Thread helper = null;
        if (items.size() >= MIN_ITEMS_TO_SHARE && Runtime.getRuntime().availableProcessors() > 1) {
            helper = new Thread(this::readAhead, "singletable-load");
            helper.setDaemon(true);
            helper.start();
        }
        try {
            for (int batch = 0; batch < batches; batch++) {
                target = BatchWriteItem.putAll(database, ready(batch));
                read.set(batch, null); // written: what was read of it goes
                ahead.release();
            }
        } finally {
            stopped = true;
            ahead.release(AHEAD); // a helper waiting for room sees that it should stop
            if (helper != null) {
                awaitEnd(helper); // nothing of the load runs after it returns
            }
        }
    }

    /** The helper's work: reads batches ahead of the writer until none is left or the load stops. */
    private void readAhead() {
        while (!stopped) {
            ahead.acquireUninterruptibly();
            if (stopped || !readNext()) {
                return;
            }
            LockSupport.unpark(caller);
        }
    }

    /** A batch's puts, read by the helper or, when it is not ready and there is room, read here. */
    private BatchWriteItem.LoadBatch ready(int batch) {
        Object done;
        while ((done = read.get(batch)) == null) {
            if (!(next.get() < batches && ahead.tryAcquire() && readNext())) {
                LockSupport.park(this); // the helper is reading this batch; it unparks this thread when done
            }
        }
        if (done instanceof RuntimeException e) {
            throw e;
        }
        if (done instanceof Error e) {
            throw e;
        }
        return (BatchWriteItem.LoadBatch) done;
    }

    /** Claims and reads the next batch; false, giving the room back, when every batch is claimed. */
    private boolean readNext() {
        int batch = next.getAndIncrement();
        if (batch >= batches) {
            ahead.release();
            return false;
        }
        int from = batch * BATCH;
        int to = Math.min(items.size(), from + BATCH);
        List<BatchWriteItem.WriteRequest> puts = new ArrayList<>(to - from);
        Object done;
        BatchWriteItem.LoadTarget checkedAgainst = target;
        SdkItemEncoder reader = new SdkItemEncoder(checkedAgainst == null ? List.of() : checkedAgainst.namesChecked());
        try {
            // in order, so that the first bad item of the batch is the one reported, as a request's would be
            for (int i = from; i < to; i++) {
                puts.add(BatchWriteItem.loadedPut(tableName, reader, items.get(i), checkedAgainst));
            }
            done = BatchWriteItem.checkedAhead(puts, checkedAgainst);
        } catch (RuntimeException | Error e) {
            done = e;
        }
        read.set(batch, done);
        return true;
    }

    private static void awaitEnd(Thread helper) {
        boolean interrupted = false;
        while (true) {
            try {
                helper.join();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
