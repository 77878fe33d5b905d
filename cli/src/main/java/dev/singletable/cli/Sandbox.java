package dev.singletable.cli;

import dev.singletable.engine.DynamoDbEngine;
import dev.singletable.fixtures.FixtureSeeder;
import dev.singletable.fixtures.Fixtures;
import dev.singletable.junit.SingleTable;

/** An embedded engine holding the design's table with the fixtures written into it. */
final class Sandbox implements AutoCloseable {
    private final DynamoDbEngine engine;
    private final SingleTable table;

    private Sandbox(DynamoDbEngine engine, SingleTable table) {
        this.engine = engine;
        this.table = table;
    }

    static Sandbox start(Fixtures fixtures) {
        DynamoDbEngine engine = DynamoDbEngine.create();
        String name = fixtures.design().tableName();
        engine.client().createTable(fixtures.design().toCreateTableRequest(name));
        FixtureSeeder.seed(engine.client(), name, fixtures.itemMaps());
        // The log starts after the seeding, so it shows only what the access patterns do.
        return new Sandbox(engine, SingleTable.of(engine.client(),
                engine.requestLog().view(entry -> entry.table().filter(name::equals).isPresent()),
                fixtures.design(), name, fixtures));
    }

    SingleTable table() {
        return table;
    }

    @Override
    public void close() {
        engine.close();
    }
}
