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
    /** The NoSQL Workbench model the README's walkthrough imports. */
    static final String LIBRARY = Path.of("..", "examples", "import", "library.json").toString();
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
                + "0 access patterns\n"
                + "no sample data in template.yaml: no fixtures written\n"
                + "no access patterns: template.yaml declares none, so nothing will be checked until you add them"
                + " under accessPatterns in orders.table.yaml\n");
        assertThat(run.err()).isEmpty();
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

    @Test
    void writes_the_sample_data_beside_the_design_into_a_folder_it_creates_ready_to_verify() {
        Path design = dir.resolve("new").resolve("folder").resolve("library.table.yaml");
        Path fixtures = design.resolveSibling("library.fixtures.yaml");

        CommandRun run = execute("import", "workbench", LIBRARY, "-o", design.toString());

        assertThat(run.out()).isEqualTo("wrote " + design + ": table Library, 1 index, 4 entities, 4 access patterns"
                + " (one per facet)\n"
                + "wrote " + fixtures + ": 7 items (Member 2, Loan 2, Book 1, Review 2), 4 expectations taken from"
                + " what the access patterns return on them (review them)\n");
        assertThat(run.err()).isEqualTo("warning: " + LIBRARY + ":179:22: sample item 6 left out: invalid number:"
                + " 'three' is not a number\n");
        assertThat(run.exitCode()).isEqualTo(Singletable.OK);
        CommandRun verify = execute("verify", design.toString(), fixtures.toString());
        assertThat(verify.out()).endsWith("4 checks of 4 access patterns: every one a Query, every result as"
                + " expected.\n\n1 design warning:\n  unread index: no access pattern queries GSI1, yet it projects ALL"
                + " and every write of its 1 item writes it too\n");
        assertThat(verify.exitCode()).isEqualTo(Singletable.OK);
    }

    @Test
    void seeds_access_patterns_from_onetable_queries_and_names_those_without_an_expectation() throws IOException {
        Path schema = write("crm.json", """
                {"version": "0.1.0",
                 "indexes": {"primary": {"hash": "pk", "sort": "sk"}},
                 "models": {"User": {"pk": {"type": "string", "value": "account#${accountId}"},
                                     "sk": {"type": "string", "value": "user#${email}"}}},
                 "queries": {
                   "usersOfAccount": {"hash": "account#${accountId}", "sort": "user#", "operation": "Begins with",
                                      "index": "primary", "limit": 100},
                   "usersByDomain": {"hash": "account#${accountId}", "sort": "user#", "operation": "Begins with",
                                     "index": "primary", "limit": 100,
                                     "filters": [{"field": "domain", "operation": "Equal", "combine": "And",
                                                  "type": "string", "value": "${domain}"}]}},
                 "items": [{"_type": "User", "accountId": "a1", "email": "ada@acme.example"}]}
                """);
        Path design = dir.resolve("crm.table.yaml");

        CommandRun run = execute("import", "onetable", schema.toString(), "-o", design.toString());

        assertThat(run.out()).isEqualTo("wrote " + design + ": table crm, 0 indexes, 1 entity, 2 access patterns"
                + " (from its queries)\n"
                + "wrote " + dir.resolve("crm.fixtures.yaml") + ": 1 item (User 1), 2 expectations taken from what the"
                + " access patterns return on them (review them)\n");
        assertThat(run.exitCode()).isEqualTo(Singletable.OK);
    }

    @Test
    void refuses_a_table_name_dynamodb_would_refuse_and_says_how_to_name_it() throws IOException {
        Path schema = write("my orders.json", """
                {"version": "0.1.0", "indexes": {"primary": {"hash": "pk"}}}
                """);
        Path design = dir.resolve("orders.table.yaml");

        CommandRun refused = execute("import", "onetable", schema.toString(), "-o", design.toString());
        CommandRun named = execute("import", "onetable", schema.toString(), "-o", design.toString(), "--table-name",
                "orders");

        assertThat(refused.err()).isEqualTo("singletable import: table name 'my orders' is not a valid DynamoDB"
                + " table name: 3 to 255 letters, digits, '_', '-' or '.'; name the table with --table-name NAME\n");
        assertThat(refused.exitCode()).isEqualTo(Singletable.USAGE);
        assertThat(named.out()).startsWith("wrote " + design + ": table orders, 0 indexes");
        assertThat(named.exitCode()).isEqualTo(Singletable.OK);
        assertThat(TableDesign.load(design).tableName()).isEqualTo("orders");
    }

    @Test
    void names_a_serverless_table_after_its_logical_id_and_says_why() throws IOException {
        Path file = write("serverless.yml", """
                service: orders
                custom:
                  table: orders-${sls:stage}
                resources:
                  Resources:
                    OrdersTable:
                      Type: AWS::DynamoDB::Table
                      Properties:
                        TableName: ${self:custom.table}
                        AttributeDefinitions: [ { AttributeName: pk, AttributeType: S } ]
                        KeySchema: [ { AttributeName: pk, KeyType: HASH } ]
                """);

        CommandRun run = execute("import", "cloudformation", file.toString(), "-o",
                dir.resolve("orders.table.yaml").toString());

        assertThat(run.err()).isEqualTo("warning: " + file + ":9:20: TableName '${self:custom.table}' is resolved when"
                + " the stack is deployed; the design names the table OrdersTable, after its logical ID\n");
        assertThat(run.out()).startsWith("wrote " + dir.resolve("orders.table.yaml") + ": table OrdersTable");
        assertThat(run.exitCode()).isEqualTo(Singletable.OK);
    }

    @Test
    void exits_2_naming_the_reason_when_nothing_usable_is_left() throws IOException {
        Path model = write("model.json", """
                {"ModelName": "m", "DataModel": [{"TableName": "things"}]}
                """);

        CommandRun run = execute("import", "workbench", model.toString(), "-o", dir.resolve("t.yaml").toString());

        assertThat(run.err()).isEqualTo(model + ":1:34: nothing usable: no table could be imported; a table of"
                + " DataModel left out: table things is missing 'KeyAttributes'\n");
        assertThat(run.exitCode()).isEqualTo(Singletable.USAGE);
        assertThat(dir.resolve("t.yaml")).doesNotExist();
    }

    private Path write(String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text);
    }
}
