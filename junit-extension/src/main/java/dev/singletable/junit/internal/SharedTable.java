package dev.singletable.junit.internal;

import dev.singletable.core.Backend;
import dev.singletable.core.ProvisionedTable;
import dev.singletable.engine.RequestLog;
import dev.singletable.engine.model.Operation;
import dev.singletable.engine.model.RequestLogEntry;
import dev.singletable.fixtures.Fixtures;
import dev.singletable.fixtures.TableDesign;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/** A table of a {@link SharedTables} pool: created once, leased by one test class at a time. */
public final class SharedTable {
    /**
     * Requests that change a table beyond its items, or make or delete one (which may take the table's name), on
     * whichever table: telling them apart by table is not worth the risk of handing on a changed table.
     */
    private static final Set<Operation> RECONFIGURING = EnumSet.of(Operation.CREATE_TABLE, Operation.DELETE_TABLE,
            Operation.UPDATE_TABLE, Operation.UPDATE_TIME_TO_LIVE, Operation.UPDATE_CONTINUOUS_BACKUPS,
            Operation.TAG_RESOURCE, Operation.UNTAG_RESOURCE, Operation.UNKNOWN);
    private final Run run;
    private final String identity;
    private final TableDesign design;
    private final Fixtures fixtures;
    private final ProvisionedTable table;
    private volatile RequestLog.Mark ready;
    private volatile RequestLog.Mark leased;

    SharedTable(Run run, String identity, TableDesign design, Fixtures fixtures, ProvisionedTable table) {
        this.run = run;
        this.identity = identity;
        this.design = design;
        this.fixtures = fixtures;
        this.table = table;
        this.ready = run.backend().requestLog().mark();
    }

    /** @return what tells this table from every other of any run: the run, the declaration and the slot */
    public String identity() {
        return identity;
    }

    /** @return the physical name */
    public String name() {
        return table.name();
    }

    /** @return the design */
    public TableDesign design() {
        return design;
    }

    /** @return the fixtures seeded into it */
    public Fixtures fixtures() {
        return fixtures;
    }

    /** @return the table, to reset */
    public ProvisionedTable table() {
        return table;
    }

    /** @return where the table lives, with its clients */
    public Backend backend() {
        return run.backend();
    }

    /** @return whether the run it belongs to is still open (its engine running, its clients usable) */
    public boolean open() {
        return run.open();
    }

    /**
     * Called by the host once the application context around the table has started: what the application wrote
     * while starting belongs to the fixture state every test begins from.
     */
    public void contextStarted() {
        table.markFixtureState();
        ready = run.backend().requestLog().mark();
    }

    void leased(RequestLog.Mark at) {
        leased = at;
    }

    /**
     * @return whether a request since the current lease began may have changed the table itself (its settings,
     *         indexes, tags or time to live) or created or deleted a table, which a reset does not undo; also when
     *         the request log no longer holds every request since
     */
    boolean reconfiguredSinceLeased() {
        RequestLog log = run.backend().requestLog();
        if (log.mark().position() - leased.position() > log.capacity()) {
            return true;
        }
        return log.since(leased).stream().anyMatch(entry -> RECONFIGURING.contains(entry.operation()));
    }

    /** @return the item writes on the table recorded since the current lease began and its context started */
    public List<RequestLogEntry> writesSinceLeased() {
        RequestLog.Mark from = leased.position() > ready.position() ? leased : ready;
        return run.backend().requestLog().since(from).stream()
                .filter(e -> Writes.ofItemsIn(e, name())).toList();
    }
}
