package dev.singletable.cli;

import dev.singletable.fixtures.Fixtures;
import dev.singletable.fixtures.TableDesign;
import dev.singletable.report.DesignReport;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** The design and fixture files a command reads, with the variables the fixtures may use. */
final class DesignInput {
    @Parameters(index = "0", paramLabel = "DESIGN", description = "The design descriptor (YAML).")
    Path design;

    @Parameters(index = "1..*", paramLabel = "FIXTURES", description = "Fixture files (YAML, or DynamoDB JSON as "
            + "`aws dynamodb scan` writes it), loaded in order.")
    List<Path> fixtures = new ArrayList<>();

    @Option(names = "--var", paramLabel = "NAME=VALUE", description = "A value for $${NAME} in the fixtures; "
            + "repeatable.")
    Map<String, String> variables = new LinkedHashMap<>();

    /** Reads and validates both; a problem names its file, line and column. */
    Loaded load() {
        return load(design, fixtures, variables);
    }

    static Loaded load(Path design, List<Path> fixtures, Map<String, String> variables) {
        TableDesign table = TableDesign.load(design);
        return new Loaded(table, Fixtures.load(table, fixtures, variables));
    }

    /** @return the verdict on every access pattern, on an embedded engine seeded with the fixtures, to render */
    DesignReport verify() {
        return DesignReport.verify(design, fixtures, variables);
    }

    /** A validated design and the fixtures checked against it. */
    record Loaded(TableDesign design, Fixtures fixtures) {
    }
}
