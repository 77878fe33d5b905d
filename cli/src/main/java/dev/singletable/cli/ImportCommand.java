package dev.singletable.cli;

import dev.singletable.fixtures.DesignImporter;
import dev.singletable.fixtures.ImportedDesign;
import dev.singletable.fixtures.TableDesign;
import dev.singletable.report.Words;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

/** {@code singletable import}: a design descriptor from another tool's model of the table. */
@Command(name = "import", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Writes a design descriptor from a NoSQL Workbench data model (JSON), a OneTable schema "
                + "(JSON) or a CloudFormation/SAM template (YAML or JSON) with an AWS::DynamoDB::Table.",
            "Review the result: access patterns are not in those formats, and entity templates only where the "
                + "source has them."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:design written", "2:usage or input error (the message names file, line and column)"})
final class ImportCommand implements Callable<Integer> {
    /** The formats an importer reads. */
    enum Source {
        workbench, onetable, cloudformation
    }

    @Parameters(index = "0", paramLabel = "FORMAT", description = "workbench, onetable or cloudformation.")
    Source source;

    @Parameters(index = "1", paramLabel = "FILE", description = "The file to import.")
    Path file;

    @Option(names = {"-o", "--output"}, required = true, paramLabel = "FILE",
            description = "Where to write the design descriptor (YAML).")
    Path output;

    @Option(names = "--table", paramLabel = "NAME",
            description = "The table to import when the file describes several.")
    Optional<String> table;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        ImportedDesign imported = switch (source) {
            case workbench -> DesignImporter.fromWorkbench(file);
            case onetable -> DesignImporter.fromOneTable(file);
            case cloudformation -> DesignImporter.fromCloudFormation(file);
        };
        TableDesign design = table.map(name -> imported.design(name).orElseThrow(() -> new CliException(
                Singletable.USAGE, file + " has no table " + name + "; it has " + names(imported))))
                .orElseGet(() -> {
                    if (imported.designs().size() != 1) {
                        throw new CliException(Singletable.USAGE, file + " describes " + imported.designs().size()
                                + " tables (" + names(imported) + "); pick one with --table");
                    }
                    return imported.design();
                });
        try {
            Files.writeString(output, design.toYaml(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + output, e);
        }
        spec.commandLine().getOut().println("wrote " + output + ": table " + design.tableName() + ", "
                + Words.count(design.indexes().size(), "index", "indexes") + ", "
                + Words.count(design.entities().size(), "entity", "entities") + ", "
                + Words.count(design.accessPatterns().size(), "access pattern"));
        return Singletable.OK;
    }

    private static String names(ImportedDesign imported) {
        return imported.designs().stream().map(TableDesign::tableName).collect(Collectors.joining(", "));
    }
}
