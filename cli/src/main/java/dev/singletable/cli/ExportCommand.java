package dev.singletable.cli;

import dev.singletable.report.Words;
import dev.singletable.core.Provisioner;
import dev.singletable.core.TableExport;
import dev.singletable.fixtures.DynamoValues;
import dev.singletable.fixtures.Fixtures;
import dev.singletable.fixtures.TableDesign;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** {@code singletable export}: a table's items, from any endpoint, as fixtures of its design. */
@Command(name = "export", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Reads a table from any DynamoDB endpoint and writes its items as a fixture file of the "
                + "design: each item whose entity's key templates give exactly its keys from its own attributes "
                + "as 'entity: Name' with those attributes, every other item raw with its keys.",
            "The whole table is read with a Scan in parallel segments, page after page; --partition takes item "
                + "collections and --sample the first item collections the Scan meets, each whole. Items are "
                + "written in key order, so that the same data always gives the same file."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:fixtures written", "2:usage or input error",
            "3:endpoint unreachable, table missing or of another shape than the design"})
final class ExportCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "DESIGN", description = "The table's design descriptor (YAML).")
    Path design;

    @Mixin
    EndpointOptions endpoint;

    @Option(names = "--table", paramLabel = "NAME", description = "The table to read; default: the design's table.")
    Optional<String> table;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE",
            description = "Where to write the fixtures (YAML); default: standard output.")
    Optional<Path> output;

    @ArgGroup(exclusive = true)
    Selection selection = new Selection();

    @Option(names = "--expectations", description = "Also write an expectation for each access pattern, taken "
            + "from what it returns on the exported items, for you to review.")
    boolean expectations;

    @Option(names = "--segments", paramLabel = "N", defaultValue = "4",
            description = "How many Scan segments to read in parallel (default: ${DEFAULT-VALUE}).")
    int segments;

    @Spec
    CommandSpec spec;

    /** Which items: all of them (by default), some item collections, or a sample of them. */
    static final class Selection {
        @Option(names = "--partition", paramLabel = "VALUE", description = "Take the item collection of this "
                + "partition key value (repeatable).")
        List<String> partitions = new ArrayList<>();

        @Option(names = "--sample", paramLabel = "N", description = "Take the first N item collections the Scan "
                + "meets, each whole.")
        Optional<Integer> sample = Optional.empty();
    }

    @Override
    public Integer call() {
        TableDesign tableDesign = TableDesign.load(design);
        String name = table.orElse(tableDesign.tableName());
        if (segments < 1 || segments > 1_000_000) {
            throw new CliException(Singletable.USAGE, "--segments must be 1 to 1000000, got " + segments);
        }
        if (selection.sample.filter(n -> n < 1).isPresent()) {
            throw new CliException(Singletable.USAGE, "--sample must be at least 1, got " + selection.sample.get());
        }
        List<AttributeValue> partitions = new ArrayList<>();
        for (String value : selection.partitions) {
            partitions.add(partitionValue(tableDesign, value));
        }
        PrintWriter err = spec.commandLine().getErr();
        Fixtures fixtures;
        try (DynamoDbClient client = endpoint.client()) {
            if (endpoint.existingTable(Provisioner.of(client), name, tableDesign, design, "export").isEmpty()) {
                throw new CliException(Singletable.ENDPOINT, "table " + name + " does not exist at "
                        + endpoint.endpoint);
            }
            TableExport export = TableExport.of(client);
            ProgressBar progress = new ProgressBar(err);
            if (!partitions.isEmpty()) {
                fixtures = export.collections(tableDesign, name, partitions);
            } else if (selection.sample.isPresent()) {
                fixtures = export.sample(tableDesign, name, selection.sample.get(), progress);
            } else {
                fixtures = export.all(tableDesign, name, segments, progress);
            }
            progress.finish();
        }
        String summary = Words.items(fixtures.items()) + " from table " + name + " at " + endpoint.endpoint;
        List<String> notes = List.of();
        if (expectations) {
            RecordedExpectations recorded = RecordedExpectations.of(fixtures);
            fixtures = recorded.fixtures();
            summary += recorded.summary();
            notes = recorded.notes();
        }
        String yaml = fixtures.toYaml();
        if (output.isPresent()) {
            TextFiles.write(output.get(), yaml);
            spec.commandLine().getOut().println("wrote " + output.get() + ": " + summary);
            notes.forEach(spec.commandLine().getOut()::println);
        } else {
            spec.commandLine().getOut().print(yaml);
            spec.commandLine().getOut().flush();
            err.println("exported " + summary);
            notes.forEach(err::println);
        }
        return Singletable.OK;
    }

    /** A partition key value as the design types it: text, a number, or base64 for binary. */
    private static AttributeValue partitionValue(TableDesign design, String text) {
        try {
            return switch (design.partitionKey().type()) {
                case N -> {
                    String problem = DynamoValues.numberProblem(text);
                    if (problem != null) {
                        throw new IllegalArgumentException(problem);
                    }
                    yield AttributeValue.fromN(text);
                }
                case B -> AttributeValue.fromB(SdkBytes.fromByteArray(Base64.getDecoder().decode(text)));
                default -> AttributeValue.fromS(text);
            };
        } catch (IllegalArgumentException e) {
            throw new CliException(Singletable.USAGE, "--partition " + text + ": the partition key "
                    + design.partitionKey().name() + " is " + design.partitionKey().type() + "; " + e.getMessage());
        }
    }

}
