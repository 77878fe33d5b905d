package dev.singletable.core;

import dev.singletable.fixtures.FixtureSource;
import dev.singletable.fixtures.Fixtures;
import dev.singletable.fixtures.TableDesign;
import java.util.Arrays;

/** The test resources: the orders design and its fixture files. */
final class Resources {
    private Resources() {
    }

    static TableDesign ordersDesign() {
        return TableDesign.load(FixtureSource.ofClasspath(Resources.class, "/orders.table.yaml"));
    }

    static Fixtures fixtures(TableDesign design, String... files) {
        return Fixtures.load(design, Arrays.stream(files).map(f -> FixtureSource.ofClasspath(Resources.class, f))
                .toList());
    }
}
