package dev.singletable.core;

import dev.singletable.engine.RequestLog;
import dev.singletable.fixtures.Fixtures;
import dev.singletable.fixtures.TableDesign;
import java.util.Objects;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * One table of a single-table design, ready to use: its design, its physical name, a client, the request log
 * and the fixtures seeded into it. The JUnit extension injects it; the command line and code that
 * talks to an external endpoint make one with {@link #of}.
 *
 * <pre>{@code
 * @Test
 * void ordersOfACustomer(SingleTable table) {
 *     AccessPatternRun run = table.accessPattern("ordersOfCustomer").with("customerId", 42).run();
 *     assertThat(run.items()).hasSize(2);
 * }
 * }</pre>
 */
public interface SingleTable {

    /** @return the design the table was created from; {@code design().tableName()} is its logical name */
    TableDesign design();

    /** @return the physical table name, unique while the tables of parallel test classes exist side by side */
    String name();

    /** @return a client for the table's endpoint; shared, do not close it */
    DynamoDbClient client();

    /**
     * @return the requests of the current test on this table (for a handle made by {@link #of}: since then), and
     *         those that name no single table, such as BatchWriteItem and TransactWriteItems
     */
    RequestLog requestLog();

    /** @return the items and expectations seeded into the table */
    Fixtures fixtures();

    /**
     * @param name an access pattern of the design
     * @return a call of it, without parameters yet
     * @throws IllegalArgumentException listing the known access patterns when the design has none of that name
     */
    AccessPatternCall accessPattern(String name);

    /**
     * A handle on a table that already exists and holds its fixtures.
     *
     * @param client       a client for the table's endpoint
     * @param log          the log the client's requests are recorded in (an engine's, or one a
     *                     {@code RequestLogInterceptor} fills); the handle shows the
     *                     requests on this table recorded from now on
     * @param design       the table's design
     * @param physicalName the table's name at the endpoint
     * @param fixtures     the items and expectations in the table
     * @return the handle
     */
    static SingleTable of(DynamoDbClient client, RequestLog log, TableDesign design, String physicalName,
            Fixtures fixtures) {
        Objects.requireNonNull(client, "client");
        return new Handle(() -> client, Handle.tableView(log, physicalName), design, physicalName, fixtures);
    }

    /**
     * A handle on a table of a backend that already exists and holds its fixtures. Its client is the backend's,
     * taken when first asked for: the handle is ready before the client is, which a cold JVM builds on another
     * thread meanwhile.
     *
     * @param backend      where the table lives; the handle shows the requests on the table in its log from now on
     * @param design       the table's design
     * @param physicalName the table's name at the backend
     * @param fixtures     the items and expectations in the table
     * @return the handle
     */
    static SingleTable of(Backend backend, TableDesign design, String physicalName, Fixtures fixtures) {
        return new Handle(backend::client, Handle.tableView(backend.requestLog(), physicalName), design,
                physicalName, fixtures);
    }
}
