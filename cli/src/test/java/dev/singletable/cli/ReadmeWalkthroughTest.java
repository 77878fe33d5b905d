package dev.singletable.cli;

import static dev.singletable.cli.CommandRun.execute;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The project README walks a new user from a NoSQL Workbench model and from a CloudFormation template to a passing
 * {@code verify}: these tests run its commands and find their output in the README as it is, so that it cannot go
 * stale. Paths are shown as a user at the repository root types them, and the endpoint as the README starts it.
 */
class ReadmeWalkthroughTest {
    private static final Path README = Path.of("..", "README.md");
    private static final Path EXAMPLES = Path.of("..", "examples");
    private static final String COMMAND = "$ java -jar cli/target/singletable.jar ";

    @TempDir
    Path dir;

    @Test
    void from_a_workbench_model_to_a_passing_verify() throws IOException {
        Path design = dir.resolve("library").resolve("library.table.yaml");
        Path fixtures = dir.resolve("library").resolve("library.fixtures.yaml");

        CommandRun imported = execute("import", "workbench", EXAMPLES.resolve("import/library.json").toString(), "-o",
                design.toString());
        CommandRun verified = execute("verify", design.toString(), fixtures.toString());

        assertThat(verified.exitCode()).isEqualTo(Singletable.OK);
        assertThat(Files.readString(README)).contains(shown(
                COMMAND + "import workbench examples/import/library.json -o library/library.table.yaml\n"
                        + imported.err() + imported.out()
                        + COMMAND + "verify library/library.table.yaml library/library.fixtures.yaml\n"
                        + verified.out()));
    }

    @Test
    void from_a_cloudformation_template_and_a_dev_table_to_a_passing_verify() throws Exception {
        ServerInThread server = ServerInThread.start("serve", "--port", "0");
        try {
            String endpoint = server.endpoint().toString();
            Path orders = EXAMPLES.resolve("src/test/resources");
            execute("seed", orders.resolve("orders.table.yaml").toString(), orders.resolve("orders.fixtures.yaml")
                    .toString(), "--endpoint", endpoint, "--table", "orders-dev", "--create-table");
            Path design = dir.resolve("orders").resolve("orders.table.yaml");
            Path fixtures = dir.resolve("orders").resolve("orders.fixtures.yaml");
            String readme = Files.readString(README);
            String addition = readme.substring(readme.indexOf("cat >> orders/orders.table.yaml <<'EOF'\n")
                    + "cat >> orders/orders.table.yaml <<'EOF'\n".length());
            addition = addition.substring(0, addition.indexOf("EOF\n"));

            CommandRun imported = execute("import", "cloudformation", EXAMPLES.resolve("import/orders.template.yaml")
                    .toString(), "-o", design.toString());
            Files.writeString(design, addition, StandardOpenOption.APPEND);
            CommandRun exported = execute("export", design.toString(), "--endpoint", endpoint, "--table", "orders-dev",
                    "--expectations", "-o", fixtures.toString());
            CommandRun verified = execute("verify", design.toString(), fixtures.toString());

            assertThat(verified.exitCode()).isEqualTo(Singletable.OK);
            assertThat(readme).contains(shown(
                    COMMAND + "import cloudformation examples/import/orders.template.yaml -o orders/orders.table.yaml\n"
                            + imported.err() + imported.out()
                            + "$ cat >> orders/orders.table.yaml <<'EOF'\n" + addition + "EOF\n"
                            + COMMAND + "export orders/orders.table.yaml --endpoint http://127.0.0.1:8000 --table"
                            + " orders-dev --expectations -o orders/orders.fixtures.yaml\n"
                            + exported.out().replace(endpoint, "http://127.0.0.1:8000")
                            + COMMAND + "verify orders/orders.table.yaml orders/orders.fixtures.yaml\n"
                            + verified.out()));
        } finally {
            server.stop();
        }
    }

    /** The transcript with paths as typed at the repository root. */
    private String shown(String transcript) {
        return transcript.replace(dir + "/", "").replace(EXAMPLES.toString(), "examples");
    }
}
