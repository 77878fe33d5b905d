package dev.singletable.core;

import dev.singletable.core.internal.EmbeddedBackend;
import dev.singletable.core.internal.ExternalBackend;
import dev.singletable.engine.DynamoDbEngine;
import dev.singletable.engine.RequestLog;
import dev.singletable.fixtures.TableDesign;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Where tables live while something uses them: the in-process engine, or an external DynamoDB-compatible endpoint.
 * It hands out clients whose requests are logged, and {@linkplain #provision provisions} tables that return to
 * their fixture state on demand. Hosts (the JUnit extension, the command line) keep one per run and close it at
 * its end.
 *
 * <pre>{@code
 * try (Backend backend = Backend.embedded()) {
 *     ProvisionedTable table = backend.provision(design, "orders", fixtures.itemMaps());
 *     SingleTable handle = SingleTable.of(backend, design, table.name(), fixtures);
 *     ...
 *     table.reset();
 * }
 * }</pre>
 */
public interface Backend extends AutoCloseable {

    /** @return a new in-process engine, closed with the backend */
    static Backend embedded() {
        return new EmbeddedBackend(DynamoDbEngine.create());
    }

    /**
     * @param endpoint an external endpoint; clients follow the {@link Endpoint} policy
     * @param region   the region the user configured, if any
     * @return a backend on the endpoint: tables created there are waited for, and reset by undoing what was
     *         written through this backend's clients (recorded client-side, as an endpoint has no undo log)
     * @throws IllegalArgumentException when the endpoint is real DynamoDB and no region is configured anywhere
     */
    static Backend external(Endpoint endpoint, Optional<String> region) {
        Region resolved = endpoint.region(region).orElseThrow(() -> new IllegalArgumentException("no AWS region"
                + " configured for " + endpoint + ": set AWS_REGION or the region of your AWS profile"));
        return new ExternalBackend(endpoint, resolved);
    }

    /** @return the client tests and application code use; its requests are logged */
    DynamoDbClient client();

    /** @return an asynchronous client on the same endpoint, logged too (made on first call) */
    DynamoDbAsyncClient asyncClient();

    /** @return the log every request of {@link #client()} and {@link #asyncClient()} is recorded in */
    RequestLog requestLog();

    /** @return the endpoint for HTTP clients (for the engine: its HTTP endpoint, started by the first call) */
    URI endpoint();

    /** @return the in-process engine, or empty on an external endpoint */
    Optional<DynamoDbEngine> engine();

    /** @return the region clients use */
    String region();

    /**
     * Creates the table from the design, waits until it and its indexes are ACTIVE and writes the items; on a
     * failure nothing is left behind.
     *
     * @param design the design
     * @param name   the physical table name
     * @param items  the items, in order
     * @return the table, to reset and drop
     */
    ProvisionedTable provision(TableDesign design, String name, List<Map<String, AttributeValue>> items);

    /**
     * Drops the tables that runs which ended without dropping them left on the endpoint
     * ({@link Provisioner#dropLeftovers}); touches no other table. The embedded engine never has any.
     *
     * @param current the prefix of this run's tables
     * @return the tables dropped, each with the run that left it
     */
    Map<String, TablePrefix> dropLeftovers(TablePrefix current);

    /** Closes the clients, and the engine of an embedded backend. */
    @Override
    void close();
}
