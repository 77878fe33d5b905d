package dev.singletable.core;

import dev.singletable.engine.DynamoDbEngine;
import dev.singletable.fixtures.FixtureSource;
import dev.singletable.fixtures.Fixtures;
import dev.singletable.fixtures.TableDesign;
import java.util.List;

/** A design and fixtures written in a test, seeded into a table of an engine of its own. */
final class Seeded implements AutoCloseable {
    private final DynamoDbEngine engine = DynamoDbEngine.create();
    private final SingleTable table;

    private Seeded(String design, String fixtures) {
        TableDesign parsed = TableDesign.parse(design, "shop.table.yaml");
        Fixtures loaded = Fixtures.load(parsed, List.of(FixtureSource.ofString("shop.fixtures.yaml", fixtures)));
        Provisioner.of(engine).provision(parsed, parsed.tableName(), loaded.itemMaps());
        table = SingleTable.of(engine.client(), engine.requestLog(), parsed, parsed.tableName(), loaded);
    }

    static Seeded of(String design, String fixtures) {
        return new Seeded(design, fixtures);
    }

    SingleTable table() {
        return table;
    }

    DynamoDbEngine engine() {
        return engine;
    }

    Verification verify() {
        return Verification.of(table);
    }

    @Override
    public void close() {
        engine.close();
    }
}
