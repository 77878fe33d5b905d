package dev.singletable.cli;

import dev.singletable.core.Provisioner;
import dev.singletable.core.SeedResult;
import dev.singletable.fixtures.TableDesign;
import dev.singletable.report.Words;
import java.io.PrintWriter;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;

/** {@code singletable seed}: writes the fixtures into a table of any DynamoDB endpoint. */
@Command(name = "seed", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Writes the fixtures' items to a DynamoDB endpoint (real DynamoDB with the default AWS "
                + "credentials chain, or a local one) with BatchWriteItem, retrying unprocessed items with "
                + "exponential backoff.",
            "Refuses to write into a table whose keys or indexes differ from the design."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:every item written (or, with --dry-run, would be)", "2:usage or input error",
            "3:endpoint unreachable, table missing or of another shape, or items left unprocessed"})
final class SeedCommand implements Callable<Integer> {
    @Mixin
    DesignInput input;

    @Mixin
    EndpointOptions endpoint;

    @Option(names = "--table", paramLabel = "NAME", description = "The table to write; default: the design's table.")
    Optional<String> table;

    @Option(names = "--create-table", description = "Create the table from the design when it does not exist.")
    boolean createTable;

    @Option(names = "--dry-run", description = "Check everything and say what would be written; write nothing.")
    boolean dryRun;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        DesignInput.Loaded loaded = input.load();
        TableDesign design = loaded.design();
        String name = table.orElse(design.tableName());
        List<Map<String, AttributeValue>> items = loaded.fixtures().itemMaps();
        PrintWriter out = spec.commandLine().getOut();
        URI at = endpoint.endpoint;
        try (DynamoDbClient client = endpoint.client()) {
            Provisioner provisioner = Provisioner.of(client);
            Optional<TableDescription> existing = endpoint.existingTable(provisioner, name, design, input.design,
                    "write into");
            if (existing.isEmpty() && !createTable) {
                throw new CliException(Singletable.ENDPOINT, "table " + name + " does not exist at " + at
                        + "; pass --create-table to create it from the design");
            }
            if (dryRun) {
                if (existing.isEmpty()) {
                    out.println("would create table " + name + " at " + at);
                }
                out.println("would write " + Words.count(items.size(), "item") + " to table " + name + " at "
                        + at + " in "
                        + calls((items.size() + Provisioner.BATCH_SIZE - 1) / Provisioner.BATCH_SIZE)
                        + "; dry run, nothing written");
                return Singletable.OK;
            }
            if (existing.isEmpty()) {
                provisioner.createTable(design, name);
                out.println("created table " + name + " at " + at);
            }
            SeedResult result = provisioner.write(name, items, ProgressBar.forItems(spec.commandLine().getErr(),
                    items.size()));
            out.println("wrote " + Words.count(result.itemsWritten(), "item") + " to table " + name + " at "
                    + at + " in "
                    + calls(result.calls()) + (result.retries() == 0 ? ""
                            : " (" + result.retries() + " of them retried unprocessed items)"));
            return Singletable.OK;
        }
    }

    private static String calls(int calls) {
        return Words.count(calls, "BatchWriteItem call");
    }
}
