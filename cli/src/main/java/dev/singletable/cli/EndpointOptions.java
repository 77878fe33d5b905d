package dev.singletable.cli;

import dev.singletable.core.Endpoint;
import dev.singletable.core.Provisioner;
import dev.singletable.fixtures.TableDesign;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Option;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;

/** The endpoint a command talks to, with core's endpoint policy, and the check that its table is the design's. */
final class EndpointOptions {
    @Option(names = "--endpoint", required = true, paramLabel = "URL",
            description = "The endpoint, e.g. http://localhost:8000 or https://dynamodb.eu-west-1.amazonaws.com.")
    URI endpoint;

    @Option(names = "--region", paramLabel = "REGION",
            description = "The AWS region; default: the AWS region chain (AWS_REGION, profile), "
                    + "us-east-1 for an emulator (any endpoint that is not an AWS host).")
    Optional<String> region;

    /** @return a client for the endpoint; close it */
    DynamoDbClient client() {
        Endpoint target;
        try {
            target = Endpoint.of(endpoint);
        } catch (IllegalArgumentException e) {
            throw new CliException(Singletable.USAGE, "--endpoint: " + e.getMessage());
        }
        Region resolved = target.region(region).orElseThrow(() -> new CliException(Singletable.USAGE,
                "no AWS region configured: pass --region or set AWS_REGION"));
        return target.client(resolved);
    }

    /**
     * @param provisioner a provisioner on the endpoint
     * @param name        the table
     * @param design      the design it must have the keys and indexes of
     * @param designFile  where the design was read, for the message
     * @param action      what the command would do to it: "write into", "export"
     * @return the table, if it exists
     * @throws CliException (endpoint error) when its keys or indexes differ from the design, naming each
     */
    Optional<TableDescription> existingTable(Provisioner provisioner, String name, TableDesign design,
            Path designFile, String action) {
        Optional<TableDescription> existing = provisioner.describe(name);
        existing.ifPresent(table -> {
            List<String> differences = Provisioner.differences(table, design);
            if (!differences.isEmpty()) {
                throw new CliException(Singletable.ENDPOINT, "refusing to " + action + " table " + name + " at "
                        + endpoint + ": its keys differ from the design " + designFile + "\n  "
                        + String.join("\n  ", differences));
            }
        });
        return existing;
    }
}
