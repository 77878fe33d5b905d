package dev.singletable.cli;

import static dev.singletable.cli.CommandRun.execute;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.singletable.assertions.SingleTableAssertions;
import dev.singletable.core.Backend;
import dev.singletable.core.SingleTable;
import dev.singletable.core.Verification;
import dev.singletable.engine.DynamoDbEngine;
import dev.singletable.fixtures.Fixtures;
import dev.singletable.fixtures.TableDesign;
import dev.singletable.report.DesignReport;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/**
 * The same designs, passing and failing in each way, through {@code singletable verify} and through
 * {@code assertThat(table).everyAccessPattern()}: both show the same verdict, and the same kinds of shortfall, for
 * every pattern call.
 */
class SameVerdictTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** The design of core's verification tests, whose patterns pass and fail in every way. */
    private static final Path VERDICTS = Path.of("..", "core", "src", "test", "resources", "verdicts");
    private static final String DESIGN = read("shop.table.yaml");
    private static final String ITEMS = read("shop.items.yaml");
    private static final String EXPECTED = """
            expect:
              ordersOfCustomer:
                - with: { customerId: 42 }
                  returns: [ { PK: "CUSTOMER#42", SK: "ORDER#2" }, { PK: "CUSTOMER#42", SK: "ORDER#1" } ]
              customer:
                - with: { customerId: 42 }
                  returns: [ { PK: "CUSTOMER#42", SK: PROFILE } ]
            """;
    /** A shortfall's kind, from the first words each front end renders it with. */
    private static final Map<String, String> KINDS = Map.of("not run", "not exercised", "not exercised",
            "not exercised", "failed", "endpoint error", "runs as", "not a query", "reads ", "wrong index",
            "expected (", "other keys", "returned:", "other keys", "no request", "no request");

    @TempDir
    Path dir;

    private static String read(String file) {
        try {
            return Files.readString(VERDICTS.resolve(file));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Stream<Arguments> designs() {
        return Stream.of(
                Arguments.of("passing", DESIGN, ITEMS + EXPECTED, "openOrders", List.of()),
                Arguments.of("a pattern declared as a Scan", read("shop-scan.table.yaml"), ITEMS + EXPECTED + """
                          openOrders:
                            - with: { status: OPEN }
                              returns: [ { PK: "CUSTOMER#42", SK: "ORDER#1" }, { PK: "CUSTOMER#42", SK: "ORDER#2" } ]
                        """, "openOrders(status: OPEN)", List.of("not a query")),
                Arguments.of("a wrong order", DESIGN, ITEMS + EXPECTED.replace(
                        "[ { PK: \"CUSTOMER#42\", SK: \"ORDER#2\" }, { PK: \"CUSTOMER#42\", SK: \"ORDER#1\" } ]",
                        "[ { PK: \"CUSTOMER#42\", SK: \"ORDER#1\" }, { PK: \"CUSTOMER#42\", SK: \"ORDER#2\" } ]"),
                        "ordersOfCustomer(customerId: 42)", List.of("other keys")),
                Arguments.of("a missing item", DESIGN, ITEMS + EXPECTED.replace("returns: [ { PK: \"CUSTOMER#42\","
                        + " SK: PROFILE } ]", "returns: [ { PK: \"CUSTOMER#42\", SK: PROFILE }, { PK: \"CUSTOMER#7\","
                        + " SK: PROFILE } ]"), "customer(customerId: 42)", List.of("other keys")),
                Arguments.of("an extra item", DESIGN, ITEMS + EXPECTED.replace(
                        "[ { PK: \"CUSTOMER#42\", SK: \"ORDER#2\" }, { PK: \"CUSTOMER#42\", SK: \"ORDER#1\" } ]",
                        "[ { PK: \"CUSTOMER#42\", SK: \"ORDER#2\" } ]"), "ordersOfCustomer(customerId: 42)",
                        List.of("other keys")),
                Arguments.of("an error from the endpoint", DESIGN.replace("""
                            order: descending
                        """, """
                            order: descending
                            filter: "begins_with(#SK, :prefix)"
                            parameters: [customerId, prefix]
                        """), ITEMS + EXPECTED.replace("- with: { customerId: 42 }\n      returns: [ { PK:"
                        + " \"CUSTOMER#42\", SK: \"ORDER#2\" }", "- with: { customerId: 42, prefix: \"ORDER#\" }\n"
                        + "      returns: [ { PK: \"CUSTOMER#42\", SK: \"ORDER#2\" }"),
                        "ordersOfCustomer(customerId: 42, prefix: ORDER#)", List.of("endpoint error")),
                Arguments.of("a pattern the fixtures expect nothing of", DESIGN, ITEMS, "customer",
                        List.of("not exercised")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("designs")
    void verify_and_every_access_pattern_give_the_same_verdict_for_every_pattern_call(String name, String design,
            String fixtures, String call, List<String> kinds) throws IOException {
        Path designFile = Files.writeString(dir.resolve("shop.table.yaml"), design);
        Path fixturesFile = Files.writeString(dir.resolve("shop.fixtures.yaml"), fixtures);

        CommandRun verify = execute("verify", designFile.toString(), fixturesFile.toString(), "--format", "json");
        Map<String, List<String>> byVerify = fromJson(verify.out());
        Map<String, List<String>> byAssertion;
        try (Backend backend = Backend.embedded()) {
            byAssertion = fromAssertion(table(backend, backend.client(), designFile, fixturesFile), byVerify);
        }

        assertThat(byVerify).containsEntry(call, kinds);
        assertThat(byAssertion).isEqualTo(byVerify);
        assertThat(verify.exitCode()).isEqualTo(name.equals("passing") ? Singletable.OK
                : Singletable.VERIFICATION_FAILED);
        assertThat(byVerify.values().stream().allMatch(List::isEmpty)).isEqualTo(name.equals("passing"));
    }

    /** A wrong index cannot be written in a design: a client that queries another index than asked plays it. */
    @Test
    void a_query_on_another_index_gets_the_same_verdict_from_both() throws IOException {
        Path designFile = Files.writeString(dir.resolve("shop.table.yaml"), DESIGN);
        Path fixturesFile = Files.writeString(dir.resolve("shop.fixtures.yaml"), ITEMS + EXPECTED);
        ExecutionInterceptor otherIndex = new ExecutionInterceptor() {
            @Override
            public SdkRequest modifyRequest(Context.ModifyRequest context, ExecutionAttributes attributes) {
                return context.request() instanceof QueryRequest query && "GSI1".equals(query.indexName())
                        ? query.toBuilder().indexName("GSI1copy").build() : context.request();
            }
        };
        try (Backend backend = Backend.embedded();
                DynamoDbClient client = backend.engine().map(DynamoDbEngine::clientBuilder).orElseThrow()
                        .overrideConfiguration(c -> c.addExecutionInterceptor(otherIndex)).build()) {
            SingleTable table = table(backend, client, designFile, fixturesFile);
            StringWriter json = new StringWriter();
            DesignReport.of("shop.table.yaml", table.fixtures(), Verification.of(table)).writeJson(new PrintWriter(json));
            Map<String, List<String>> byVerify = fromJson(json.toString());

            assertThat(byVerify).containsEntry("openOrders", List.of("wrong index"));
            assertThat(fromAssertion(table, byVerify)).isEqualTo(byVerify);
        }
    }

    private static SingleTable table(Backend backend, DynamoDbClient client, Path design, Path fixtures) {
        TableDesign parsed = TableDesign.load(design);
        Fixtures loaded = Fixtures.load(parsed, List.of(fixtures), Map.of());
        backend.provision(parsed, parsed.tableName(), loaded.itemMaps());
        return SingleTable.of(client, backend.requestLog(), parsed, parsed.tableName(), loaded);
    }

    /** Every pattern call of verify's JSON with the kinds of its shortfalls; none when it passed. */
    private static Map<String, List<String>> fromJson(String out) throws IOException {
        Map<String, List<String>> verdicts = new TreeMap<>();
        for (JsonNode row : JSON.readTree(out).get("patterns")) {
            List<String> parameters = new ArrayList<>();
            row.get("parameters").fields().forEachRemaining(p -> parameters.add(p.getKey() + ": "
                    + p.getValue().asText()));
            String label = row.get("pattern").asText() + (parameters.isEmpty() ? ""
                    : "(" + String.join(", ", parameters) + ")");
            List<String> kinds = new ArrayList<>();
            row.get("problems").forEach(problem -> kinds.add(kind(problem.asText())));
            verdicts.put(label, kinds);
        }
        return verdicts;
    }

    /** The same, from everyAccessPattern()'s failure: one block per pattern call that falls short. */
    private static Map<String, List<String>> fromAssertion(SingleTable table, Map<String, List<String>> calls) {
        AssertionError error = catchThrowableOfType(AssertionError.class,
                () -> SingleTableAssertions.assertThat(table).everyAccessPattern());
        Map<String, List<String>> verdicts = new TreeMap<>();
        calls.keySet().forEach(call -> verdicts.put(call, List.of()));
        if (error == null) {
            return verdicts;
        }
        String message = error.getMessage().replace(System.lineSeparator(), "\n");
        String blocks = message.substring(message.indexOf("fall short:\n") + "fall short:\n".length());
        Matcher heading = Pattern.compile("^  (\\S.*?)(, expected at .*|: (not exercised.*))?$", Pattern.MULTILINE)
                .matcher(blocks);
        String current = null;
        List<String> kinds = null;
        for (String line : blocks.split("\n")) {
            if (heading.reset(line).matches()) {
                current = heading.group(1);
                kinds = new ArrayList<>();
                if (heading.group(3) != null) {
                    kinds.add(kind(heading.group(3)));
                }
                verdicts.put(current, kinds);
            } else if (!line.startsWith("      ") && !line.strip().startsWith("ran:")) {
                String text = line.strip();
                if (KINDS.keySet().stream().anyMatch(text::startsWith) && !text.startsWith("expected:")) {
                    kinds.add(kind(text));
                }
            }
        }
        return verdicts;
    }

    private static String kind(String problem) {
        return KINDS.entrySet().stream().filter(e -> problem.startsWith(e.getKey())).map(Map.Entry::getValue)
                .findFirst().orElse("unknown: " + problem);
    }
}
