package dev.singletable.cli;

import dev.singletable.fixtures.DesignImporter;
import dev.singletable.fixtures.Fixtures;
import dev.singletable.fixtures.ImportedDesign;
import dev.singletable.fixtures.TableDesign;
import dev.singletable.report.Words;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code singletable import}: a design, and fixtures from its sample data, from another tool's model. */
@Command(name = "import", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Writes a design descriptor from a NoSQL Workbench data model (JSON), a OneTable schema "
                + "(JSON or YAML), or a CloudFormation, SAM or Serverless Framework template (YAML or JSON), and "
                + "the sample data the model carries as fixtures beside it, with an expectation for each access "
                + "pattern taken from what it returns on that data.",
            "Access patterns come from OneTable queries and Workbench facets; entity templates from the source, "
                + "with a warning wherever they are inferred. A part of the source that cannot be imported is left "
                + "out with a warning naming file, line and column."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:design written", "2:usage or input error (the message names file, line and column)"})
final class ImportCommand implements Callable<Integer> {
    /** The formats an importer reads. */
    enum Source {
        workbench, onetable, cloudformation
    }

    @Parameters(index = "0", paramLabel = "FORMAT", description = "workbench, onetable or cloudformation (also "
            + "SAM and Serverless Framework).")
    Source source;

    @Parameters(index = "1", paramLabel = "FILE", description = "The file to import.")
    Path file;

    @Option(names = {"-o", "--output"}, required = true, paramLabel = "FILE",
            description = "Where to write the design descriptor (YAML); the fixtures go beside it "
                    + "(orders.table.yaml → orders.fixtures.yaml). Missing folders are created.")
    Path output;

    @Option(names = "--table", paramLabel = "NAME",
            description = "The table to import when the file describes several.")
    Optional<String> table;

    @Option(names = "--table-name", paramLabel = "NAME",
            description = "The name the design gives the table, when the source's is not a valid DynamoDB name "
                    + "or not the one to use.")
    Optional<String> tableName;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        ImportedDesign imported = switch (source) {
            case workbench -> DesignImporter.fromWorkbench(file);
            case onetable -> DesignImporter.fromOneTable(file);
            case cloudformation -> DesignImporter.fromCloudFormation(file);
        };
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        imported.warnings().forEach(warning -> err.println("warning: " + warning));
        TableDesign chosen = chosen(imported);
        TableDesign design = named(chosen);
        Optional<Fixtures> samples = imported.fixtures(chosen.tableName())
                .map(f -> Fixtures.of(design, f.items(), f.expectations()));
        TextFiles.write(output, design.toYaml());
        out.println("wrote " + output + ": table " + design.tableName() + ", "
                + Words.count(design.indexes().size(), "index", "indexes") + ", "
                + Words.count(design.entities().size(), "entity", "entities") + ", "
                + Words.count(design.accessPatterns().size(), "access pattern") + seeded(design));
        if (samples.isPresent() && !samples.get().items().isEmpty()) {
            RecordedExpectations recorded = RecordedExpectations.of(samples.get());
            Path fixturesFile = fixturesBeside(output);
            TextFiles.write(fixturesFile, recorded.fixtures().toYaml());
            out.println("wrote " + fixturesFile + ": " + Words.items(recorded.fixtures().items())
                    + recorded.summary());
            recorded.notes().forEach(out::println);
        } else {
            out.println("no sample data in " + file.getFileName() + ": no fixtures written");
            design.accessPatterns().stream().filter(p -> !p.parameters().isEmpty()).forEach(p -> out.println(
                    "no expectation for access pattern " + p.name() + ": there is no sample data; add an expect"
                    + " entry for it"));
        }
        if (design.accessPatterns().isEmpty()) {
            out.println("no access patterns: " + file.getFileName() + " declares none, so nothing will be checked "
                    + "until you add them under accessPatterns in " + output.getFileName());
        }
        return Singletable.OK;
    }

    private TableDesign chosen(ImportedDesign imported) {
        return table.map(name -> imported.design(name).orElseThrow(() -> new CliException(Singletable.USAGE,
                file + " has no table " + name + "; it has " + names(imported))))
                .orElseGet(() -> {
                    if (imported.designs().size() != 1) {
                        throw new CliException(Singletable.USAGE, file + " describes " + imported.designs().size()
                                + " tables (" + names(imported) + "); pick one with --table");
                    }
                    return imported.design();
                });
    }

    /** The design under the name it will have, which DynamoDB must accept: {@code verify} creates that table. */
    private TableDesign named(TableDesign design) {
        String name = tableName.orElse(design.tableName());
        TableDesign.tableNameProblem(name).ifPresent(problem -> {
            throw new CliException(Singletable.USAGE, "table name " + problem + (tableName.isPresent() ? ""
                    : "; name the table with --table-name NAME"));
        });
        return design.withTableName(name);
    }

    private String seeded(TableDesign design) {
        if (design.accessPatterns().isEmpty()) {
            return "";
        }
        return source == Source.workbench ? " (one per facet)" : " (from its queries)";
    }

    /** The fixtures beside a design: {@code orders.table.yaml} → {@code orders.fixtures.yaml}. */
    static Path fixturesBeside(Path design) {
        String name = design.getFileName().toString();
        String base = name.endsWith(".table.yaml") ? name.substring(0, name.length() - ".table.yaml".length())
                : name.replaceFirst("\\.(yaml|yml)$", "");
        return design.resolveSibling(base + ".fixtures.yaml");
    }


    private static String names(ImportedDesign imported) {
        return imported.designs().stream().map(TableDesign::tableName).collect(Collectors.joining(", "));
    }
}
