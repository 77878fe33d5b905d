package dev.singletable.junit.internal;

import dev.singletable.core.Backend;
import dev.singletable.core.ProvisionedTable;
import dev.singletable.core.SingleTable;
import dev.singletable.fixtures.FixtureSource;
import dev.singletable.fixtures.Fixtures;
import dev.singletable.fixtures.TableDesign;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * What the first test class of a JVM does before its first test, done once on a design of its own and a throwaway
 * engine: parse a design and fixtures, start an engine, create, seed and mark a table, answer a GetItem through
 * the engine's client, reset the table. Run by {@link WarmUpOnDiscovery} so that the classes these steps load and
 * initialize are ready when a real class takes the same steps; nothing is kept.
 */
final class Rehearsal {
    private static final String DESIGN = """
            table: warm-up
            key: { partition: PK, sort: SK }
            indexes:
              GSI1: { partition: GSI1PK, sort: GSI1SK, projection: ALL }
            entities:
              Customer:
                PK: "CUSTOMER#{customerId}"
                SK: PROFILE
              Order:
                PK: "CUSTOMER#{customerId}"
                SK: "ORDER#{orderId:%08d}"
                GSI1PK: "STATUS#{status}"
                GSI1SK: "{createdAt:date}"
            accessPatterns:
              ordersOfCustomer:
                query: { partition: "CUSTOMER#{customerId}", sort: { beginsWith: "ORDER#" } }
                order: descending
              openOrdersByDate:
                index: GSI1
                query: { partition: "STATUS#OPEN", sort: { between: ["{from:date}", "{to:date}"] } }
            """;
    private static final String FIXTURES = """
            items:
              - entity: Customer
                customerId: 1
                name: Warm Up
              - entity: Order
                customerId: 1
                orderId: 1
                status: OPEN
                createdAt: 2026-01-05
                total: 39.90
                lines: [ { sku: A, quantity: 2 } ]
            """;
    private static final Map<String, AttributeValue> KEY = Map.of("PK", AttributeValue.fromS("CUSTOMER#1"),
            "SK", AttributeValue.fromS("PROFILE"));

    private Rehearsal() {
    }

    /** Rehearses; a failure changes nothing but how soon the first class starts. */
    static void run() {
        try {
            rehearse();
        } catch (RuntimeException | LinkageError e) {
            // the first class then loads what it needs itself, as without the rehearsal
        }
    }

    /** @return the item the rehearsal's GetItem read back from its table */
    static Map<String, AttributeValue> rehearse() {
        TableDesign design = TableDesign.parse(DESIGN, "warm-up.table.yaml");
        Fixtures fixtures = Fixtures.fromSources(design,
                List.of(FixtureSource.ofString("warm-up.fixtures.yaml", FIXTURES)), Map.of());
        try (Backend backend = Backend.embedded()) {
            ProvisionedTable table = backend.provision(design, design.tableName(), fixtures.itemMaps());
            table.markFixtureState();
            SingleTable handle = SingleTable.of(backend, design, table.name(), fixtures);
            Map<String, AttributeValue> item = handle.client()
                    .getItem(request -> request.tableName(table.name()).key(KEY)).item();
            table.reset();
            return item;
        }
    }
}
