package dev.singletable.cli;

import static dev.singletable.cli.CommandRun.execute;
import static dev.singletable.cli.CommandRun.resource;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.InternalServerErrorException;

class ServeCommandTest {
    private static final String DESIGN = resource("shop.table.yaml");
    private static final String FIXTURES = resource("shop.fixtures.yaml");

    @Test
    void serves_the_design_with_its_fixtures_and_takes_more_from_seed() throws Exception {
        ServerInThread server = ServerInThread.start("serve", DESIGN, FIXTURES, "--port", "0");
        URI endpoint = server.command().awaitEndpoint();

        CommandRun seed = execute("seed", DESIGN, resource("more.fixtures.yaml"), "--endpoint", endpoint.toString());

        assertThat(seed.out()).isEqualTo("wrote 2 items to table shop at " + endpoint + " in 1 BatchWriteItem call\n");
        try (DynamoDbClient client = DynamoDbClient.builder().endpointOverride(endpoint).region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("a", "b")))
                .build()) {
            assertThat(client.scan(r -> r.tableName("shop")).count()).isEqualTo(5);
        }
        assertThat(server.stop()).isEqualTo(Singletable.OK);
        assertThat(server.out().toString()).isEqualTo("table shop: 3 items from 1 fixture file\n"
                + "DynamoDB endpoint: " + endpoint + "\n"
                + "try: aws dynamodb list-tables --endpoint-url " + endpoint + "\n"
                + "Ctrl-C stops it.\n"
                + "stopped\n");
        assertThat(server.err().toString()).isEmpty();
    }

    @Test
    void serves_an_empty_endpoint_without_a_design() throws Exception {
        ServerInThread server = ServerInThread.start("serve", "--port", "0");

        assertThat(server.stop()).isEqualTo(Singletable.OK);
        assertThat(server.out().toString()).startsWith("DynamoDB endpoint: http://127.0.0.1:");
    }

    @Test
    void keeps_the_tables_in_a_data_directory_and_does_not_seed_them_again_after_a_restart(@TempDir Path data)
            throws Exception {
        ServerInThread first = ServerInThread.start("serve", DESIGN, FIXTURES, "--port", "0", "--data", data.toString());
        try (DynamoDbClient client = client(first.command().awaitEndpoint(), "a", "b")) {
            client.putItem(r -> r.tableName("shop").item(Map.of("PK", AttributeValue.fromS("CUSTOMER#9"),
                    "SK", AttributeValue.fromS("PROFILE"))));
        }
        assertThat(first.stop()).isEqualTo(Singletable.OK);

        ServerInThread second = ServerInThread.start("serve", DESIGN, FIXTURES, "--port", "0", "--data", data.toString());
        try (DynamoDbClient client = client(second.command().awaitEndpoint(), "a", "b")) {
            assertThat(client.scan(r -> r.tableName("shop")).count()).isEqualTo(4);
        }
        assertThat(second.stop()).isEqualTo(Singletable.OK);
        assertThat(second.out().toString()).doesNotContain("table shop:");
    }

    @Test
    void refuses_a_data_directory_another_server_keeps(@TempDir Path data) throws Exception {
        ServerInThread owner = ServerInThread.start("serve", DESIGN, FIXTURES, "--port", "0", "--data", data.toString());

        CommandRun second = execute("serve", DESIGN, "--port", "0", "--data", data.toString());

        assertThat(second.err()).isEqualTo("singletable serve: cannot open the data directory " + data + ": it is in "
                + "use by another engine in this process (pid " + ProcessHandle.current().pid() + "); one engine at a "
                + "time keeps a data directory: stop that one, or choose another directory\n");
        assertThat(second.exitCode()).isEqualTo(Singletable.USAGE);
        assertThat(owner.stop()).isEqualTo(Singletable.OK);
    }

    /**
     * A real write failure: the server runs in a process whose files may not grow past 128 KiB (ulimit -f), so
     * that the journal's write fails as on a full disk ("File too large").
     */
    @Test
    @DisabledOnOs(OS.WINDOWS)
    void stops_with_code_5_when_the_disk_fails_the_data_directory_and_recovers_every_answered_write(@TempDir Path data)
            throws Exception {
        List<String> command = new ArrayList<>(List.of("sh", "-c", "ulimit -f 256 && exec \"$@\"", "sh",
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), Singletable.class.getName(),
                "serve", DESIGN, FIXTURES, "--port", "0", "--data", data.toString()));
        Process process = new ProcessBuilder(command).start();
        BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        String line;
        while ((line = out.readLine()) != null && !line.startsWith("DynamoDB endpoint: ")) {
            // the table line comes first
        }
        assertThat(line).as("the endpoint line").isNotNull();
        List<String> answered = new ArrayList<>();
        try (DynamoDbClient client = client(URI.create(line.substring("DynamoDB endpoint: ".length())), "a", "b")) {
            for (int i = 0; ; i++) {
                String key = "PROFILE#" + i;
                try {
                    client.putItem(r -> r.tableName("shop").item(Map.of("PK", AttributeValue.fromS("CUSTOMER#9"),
                            "SK", AttributeValue.fromS(key), "notes", AttributeValue.fromS("n".repeat(4000)))));
                    answered.add(key);
                } catch (InternalServerErrorException e) {
                    assertThat(e.getMessage()).contains("File too large");
                    break;
                }
                assertThat(i).as("writes before the file limit").isLessThan(1000);
            }
        }

        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            process.destroyForcibly();
        }
        assertThat(process.exitValue()).isEqualTo(Singletable.DATA_DIRECTORY_FAILED);
        assertThat(new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8))
                .contains("singletable serve: The engine stopped: its data directory " + data
                        + " failed (File too large). Start it again once the disk is writable: it recovers every "
                        + "write it answered.");
        assertThat(answered).isNotEmpty();
        ServerInThread restarted = ServerInThread.start("serve", DESIGN, FIXTURES, "--port", "0", "--data", data.toString());
        try (DynamoDbClient client = client(restarted.command().awaitEndpoint(), "a", "b")) {
            List<String> found = client.query(r -> r.tableName("shop").keyConditionExpression("PK = :pk AND "
                    + "begins_with(SK, :p)").expressionAttributeValues(Map.of(":pk", AttributeValue.fromS("CUSTOMER#9"),
                    ":p", AttributeValue.fromS("PROFILE#")))).items().stream().map(i -> i.get("SK").s()).toList();
            assertThat(found).containsExactlyInAnyOrderElementsOf(answered);
        }
        assertThat(restarted.stop()).isEqualTo(Singletable.OK);
    }

    @Test
    void serves_only_requests_signed_with_the_given_credentials() throws Exception {
        ServerInThread server = ServerInThread.start("serve", DESIGN, "--port", "0", "--credentials", "AKIDSERVE:s3cret");
        URI endpoint = server.command().awaitEndpoint();

        try (DynamoDbClient signed = client(endpoint, "AKIDSERVE", "s3cret");
             DynamoDbClient other = client(endpoint, "AKIDSERVE", "guess")) {
            assertThat(signed.listTables().tableNames()).containsExactly("shop");
            assertThatThrownBy(other::listTables).isInstanceOfSatisfying(DynamoDbException.class,
                    e -> assertThat(e.awsErrorDetails().errorCode()).isEqualTo("InvalidSignatureException"));
        }
        assertThat(server.stop()).isEqualTo(Singletable.OK);
    }

    @Test
    void refuses_credentials_without_a_secret() {
        CommandRun run = execute("serve", "--port", "0", "--credentials", "AKIDONLY");

        assertThat(run.err()).isEqualTo("singletable serve: --credentials takes ACCESS_KEY_ID:SECRET_ACCESS_KEY\n");
        assertThat(run.exitCode()).isEqualTo(Singletable.USAGE);
    }

    private static DynamoDbClient client(URI endpoint, String accessKeyId, String secret) {
        return DynamoDbClient.builder().endpointOverride(endpoint).region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create(accessKeyId, secret)))
                .overrideConfiguration(c -> c.retryStrategy(r -> r.maxAttempts(1)))
                .build();
    }

    @Test
    void exits_2_when_the_port_is_taken() throws Exception {
        ServerInThread server = ServerInThread.start("serve", "--port", "0");
        int port = server.command().awaitEndpoint().getPort();

        CommandRun run = execute("serve", "--port", Integer.toString(port));

        assertThat(run.err()).startsWith("singletable serve: cannot listen on 127.0.0.1:" + port + ": ");
        assertThat(run.exitCode()).isEqualTo(Singletable.USAGE);
        server.stop();
    }

    @Test
    void answers_a_header_section_over_max_header_bytes_with_431_and_keeps_serving() throws Exception {
        ServerInThread server = ServerInThread.start("serve", "--port", "0", "--max-header-bytes", "1024");
        URI endpoint = server.endpoint();

        assertThat(statusOfGetWithHeader(endpoint, "x".repeat(2000)))
                .isEqualTo("HTTP/1.1 431 Request Header Fields Too Large");
        assertThat(statusOfGetWithHeader(endpoint, "x".repeat(500))).isEqualTo("HTTP/1.1 200 OK");
        assertThat(server.stop()).isEqualTo(Singletable.OK);
    }

    @Test
    void refuses_limits_that_are_not_above_zero_naming_the_option() {
        CommandRun connections = execute("serve", "--port", "0", "--max-connections", "0");
        CommandRun idle = execute("serve", "--port", "0", "--idle-timeout", "-1");

        assertThat(connections.err()).isEqualTo("singletable serve: --max-connections must be at least 1, was 0\n");
        assertThat(connections.exitCode()).isEqualTo(Singletable.USAGE);
        assertThat(idle.err()).isEqualTo("singletable serve: --idle-timeout must be a number of seconds above zero, "
                + "was -1.0\n");
        assertThat(idle.exitCode()).isEqualTo(Singletable.USAGE);
    }

    @Test
    void help_shows_the_engines_own_limits_as_defaults() {
        CommandRun help = execute("serve", "--help");

        assertThat(help.out()).contains("default: 512", "default: 16384", "default: 20)", "default: 120)");
    }

    /** A raw keep-alive GET of the health check with one header of the given value, and the status line. */
    private static String statusOfGetWithHeader(URI endpoint, String value) throws Exception {
        try (Socket socket = new Socket(endpoint.getHost(), endpoint.getPort())) {
            socket.getOutputStream().write(("GET / HTTP/1.1\r\nHost: " + endpoint.getAuthority() + "\r\nX-Padding: "
                    + value + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            return new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.US_ASCII))
                    .readLine();
        }
    }
}
