package dev.singletable.assertions;

import dev.singletable.core.Provisioner;
import dev.singletable.core.SeedProgress;
import dev.singletable.core.SingleTable;
import dev.singletable.engine.DynamoDbEngine;
import dev.singletable.fixtures.FixtureSource;
import dev.singletable.fixtures.Fixtures;
import dev.singletable.fixtures.TableDesign;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The tables the tests assert on: the orders design from {@code orders.table.yaml}, created in one in-process
 * engine under a new name for every test, seeded with a fixture file.
 */
final class OrdersTable {

    static final DynamoDbEngine ENGINE = DynamoDbEngine.create();
    static final TableDesign DESIGN = TableDesign.parse(FixtureSource.ofClasspath(OrdersTable.class,
            "/orders.table.yaml").read(), "orders.table.yaml");
    private static final AtomicInteger TABLES = new AtomicInteger();

    private OrdersTable() {
    }

    /** @return a new table seeded from {@code orders.fixtures.yaml}, whose expectations all hold */
    static SingleTable seeded() {
        return seeded("orders.fixtures.yaml");
    }

    /**
     * @param fixtures a fixture file on the test class path
     * @return a new table seeded from it
     */
    static SingleTable seeded(String fixtures) {
        return seeded(DESIGN, fixtures);
    }

    /**
     * @param design   the design of the handle (the table is always created from the orders design)
     * @param fixtures a fixture file on the test class path
     * @return a new table seeded from it
     */
    static SingleTable seeded(TableDesign design, String fixtures) {
        String name = "orders_" + TABLES.incrementAndGet();
        ENGINE.client().createTable(DESIGN.toCreateTableRequest(name));
        Fixtures loaded = Fixtures.load(design, List.of(FixtureSource.ofClasspath(OrdersTable.class,
                "/" + fixtures)));
        Provisioner.of(ENGINE).write(name, loaded.itemMaps(), SeedProgress.NONE);
        return SingleTable.of(ENGINE.client(), ENGINE.requestLog(), design, name, loaded);
    }
}
