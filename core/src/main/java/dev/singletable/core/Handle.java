package dev.singletable.core;

import dev.singletable.engine.RequestLog;
import dev.singletable.fixtures.Fixtures;
import dev.singletable.fixtures.TableDesign;
import java.util.Objects;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** The one implementation of {@link SingleTable}: immutable, so a new log view means a new handle. */
record Handle(DynamoDbClient client, RequestLog requestLog, TableDesign design, String name, Fixtures fixtures)
        implements SingleTable {

    Handle {
        Objects.requireNonNull(client, "client");
        Objects.requireNonNull(requestLog, "requestLog");
        Objects.requireNonNull(design, "design");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(fixtures, "fixtures");
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
    public AccessPatternCall accessPattern(String name) {
        return new AccessPatternCall(this, design.accessPattern(name));
    }

    @Override
    public String toString() {
        return "SingleTable[" + name + (name.equals(design.tableName()) ? "" : " (design " + design.tableName() + ")")
                + "]";
    }
}
