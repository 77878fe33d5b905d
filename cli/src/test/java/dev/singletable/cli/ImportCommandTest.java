package dev.singletable.cli;

import static dev.singletable.cli.CommandRun.execute;
import static org.assertj.core.api.Assertions.assertThat;

import dev.singletable.fixtures.TableDesign;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ImportCommandTest {
    private static final String TWO_TABLES = """
            Resources:
              Orders:
                Type: AWS::DynamoDB::Table
                Properties:
                  TableName: orders
                  BillingMode: PAY_PER_REQUEST
                  AttributeDefinitions:
                    - { AttributeName: PK, AttributeType: S }
                    - { AttributeName: SK, AttributeType: S }
                    - { AttributeName: GSI1PK, AttributeType: S }
                  KeySchema:
                    - { AttributeName: PK, KeyType: HASH }
                    - { AttributeName: SK, KeyType: RANGE }
                  GlobalSecondaryIndexes:
                    - IndexName: GSI1
                      KeySchema: [ { AttributeName: GSI1PK, KeyType: HASH } ]
                      Projection: { ProjectionType: ALL }
              Sessions:
                Type: AWS::DynamoDB::Table
                Properties:
                  TableName: sessions
                  AttributeDefinitions: [ { AttributeName: id, AttributeType: S } ]
                  KeySchema: [ { AttributeName: id, KeyType: HASH } ]
            """;

    @TempDir
    Path dir;

    @Test
    void writes_a_design_the_other_commands_read() throws IOException {
        Path template = write("template.yaml", TWO_TABLES);
        Path design = dir.resolve("orders.table.yaml");

        CommandRun run = execute("import", "cloudformation", template.toString(), "--table", "orders", "-o",
                design.toString());

        assertThat(run.out()).isEqualTo("wrote " + design + ": table orders, 1 index, 0 entities, "
                + "0 access patterns\n");
        TableDesign imported = TableDesign.load(design);
        assertThat(imported.tableName()).isEqualTo("orders");
        assertThat(imported.keyAttributeNames()).containsExactly("PK", "SK", "GSI1PK");
        assertThat(run.exitCode()).isEqualTo(Singletable.OK);
    }

    @Test
    void asks_which_table_when_the_file_has_several() throws IOException {
        Path template = write("template.yaml", TWO_TABLES);

        CommandRun run = execute("import", "cloudformation", template.toString(), "-o",
                dir.resolve("design.yaml").toString());

        assertThat(run.err()).isEqualTo("singletable import: " + template + " describes 2 tables (orders, "
                + "sessions); pick one with --table\n");
        assertThat(dir.resolve("design.yaml")).doesNotExist();
        assertThat(run.exitCode()).isEqualTo(Singletable.USAGE);
    }

    @Test
    void names_the_tables_it_has_when_asked_for_another() throws IOException {
        Path template = write("template.yaml", TWO_TABLES);

        CommandRun run = execute("import", "cloudformation", template.toString(), "--table", "users", "-o",
                dir.resolve("design.yaml").toString());

        assertThat(run.err()).isEqualTo("singletable import: " + template + " has no table users; it has orders, "
                + "sessions\n");
        assertThat(run.exitCode()).isEqualTo(Singletable.USAGE);
    }

    @Test
    void exits_2_on_an_unknown_source_format() {
        CommandRun run = execute("import", "dynobase", "model.json", "-o", "design.yaml");

        assertThat(run.err()).isEqualTo("""
                singletable import: Invalid value for positional parameter at index 0 (FORMAT): expected one of \
                [workbench, onetable, cloudformation] (case-sensitive) but was 'dynobase'
                Try 'singletable import --help' for more information.
                """);
        assertThat(run.exitCode()).isEqualTo(Singletable.USAGE);
    }

    @Test
    void exits_2_when_the_file_cannot_be_read() {
        Path missing = dir.resolve("missing.json");

        CommandRun run = execute("import", "workbench", missing.toString(), "-o", "design.yaml");

        assertThat(run.err()).isEqualTo("singletable import: cannot read " + missing + ": no such file\n");
        assertThat(run.exitCode()).isEqualTo(Singletable.USAGE);
    }

    private Path write(String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text);
    }
}
