package dev.singletable.core;

import dev.singletable.engine.RequestLog;
import dev.singletable.engine.model.RequestLogEntry;
import dev.singletable.fixtures.Fixtures;
import dev.singletable.fixtures.TableDesign;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The one implementation of {@link SingleTable}. A new log view means a new handle; the handle remembers which of
 * the requests in its log the toolkit sent itself (its access pattern runs), so that coverage counts only the
 * application's.
 */
final class Handle implements SingleTable {
    /** Asked on each use, so that a handle can be made before the backend's client is built. */
    private final Supplier<DynamoDbClient> client;
    private final RequestLog requestLog;
    private final TableDesign design;
    private final String name;
    private final Fixtures fixtures;
    /** Sequence numbers of the requests of {@link AccessPatternCall#run()}s through this handle. */
    private final Set<Long> toolkitRequests = ConcurrentHashMap.newKeySet();

    Handle(Supplier<DynamoDbClient> client, RequestLog requestLog, TableDesign design, String name,
            Fixtures fixtures) {
        this.client = Objects.requireNonNull(client, "client");
        this.requestLog = Objects.requireNonNull(requestLog, "requestLog");
        this.design = Objects.requireNonNull(design, "design");
        this.name = Objects.requireNonNull(name, "name");
        this.fixtures = Objects.requireNonNull(fixtures, "fixtures");
    }

    /**
     * A live view of the requests on one table, from now on. Requests that name no single table (BatchWriteItem,
     * TransactWriteItems, ListTables…) are kept: they are most often the test's own, and a log that hid a test's
     * batch writes would mislead more than one that, under parallel classes, shows another class's.
     */
    static RequestLog tableView(RequestLog log, String physicalName) {
        return log.view(entry -> entry.table().map(physicalName::equals).orElse(true));
    }

    @Override
    public DynamoDbClient client() {
        return client.get();
    }

    @Override
    public RequestLog requestLog() {
        return requestLog;
    }

    @Override
    public TableDesign design() {
        return design;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public Fixtures fixtures() {
        return fixtures;
    }

    @Override
    public AccessPatternCall accessPattern(String name) {
        return new AccessPatternCall(this, design.accessPattern(name));
    }

    /** Marks requests as the toolkit's own. */
    void sentByToolkit(List<RequestLogEntry> requests) {
        requests.forEach(r -> toolkitRequests.add(r.sequence()));
    }

    /** @return whether the toolkit sent the request through this handle */
    boolean sentByToolkit(RequestLogEntry request) {
        return toolkitRequests.contains(request.sequence());
    }

    @Override
    public String toString() {
        return "SingleTable[" + name + (name.equals(design.tableName()) ? "" : " (design " + design.tableName() + ")")
                + "]";
    }
}
