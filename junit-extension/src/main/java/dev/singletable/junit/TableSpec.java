package dev.singletable.junit;

import java.util.List;
import java.util.Objects;

/** What a declaration asks for: the design, the fixture files, when to reset, what a Scan does. */
record TableSpec(String design, List<String> fixtures, Reset reset, ScanGuard scans) {

    TableSpec {
        Objects.requireNonNull(design, "design");
        fixtures = List.copyOf(fixtures);
        Objects.requireNonNull(reset, "reset");
        Objects.requireNonNull(scans, "scans");
    }

    static TableSpec of(SingleTableTest annotation) {
        return new TableSpec(annotation.design(), List.of(annotation.fixtures()), annotation.reset(),
                annotation.scans());
    }
}
