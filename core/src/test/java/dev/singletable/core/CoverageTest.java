package dev.singletable.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.singletable.fixtures.FixtureSource;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;

/** Which declared patterns the application's reads served, and which of its reads no pattern declares. */
class CoverageTest {

    /** The verdict design: ordersOfCustomer and customer on the table, openOrders on GSI1. */
    private final Seeded seeded = Seeded.of(VerificationTest.DESIGN, VerificationTest.ITEMS);
    private final DynamoDbClient client = seeded.engine().client();
    private final CoverageRecorder recorder = CoverageRecorder.of(seeded.table().design(), "shop.table.yaml");

    @AfterEach
    void close() {
        seeded.close();
    }

    private SingleTable nextTest() {
        SingleTable table = seeded.table();
        return SingleTable.of(client, seeded.engine().requestLog(), table.design(), table.name(), table.fixtures());
    }

    private void queryOrders(String customer, String operator) {
        client.query(q -> q.tableName("shop").keyConditionExpression("PK = :pk AND " + operator)
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS("CUSTOMER#" + customer),
                        ":sk", AttributeValue.fromS("ORDER#0"))));
    }

    @Test
    void counts_the_applications_reads_against_the_patterns_whose_shape_they_have() {
        SingleTable first = nextTest();
        queryOrders("42", "begins_with(SK, :sk)");
        queryOrders("7", "begins_with(SK, :sk)");
        client.getItem(g -> g.tableName("shop").key(Map.of("PK", AttributeValue.fromS("CUSTOMER#42"),
                "SK", AttributeValue.fromS("PROFILE"))));
        recorder.record(first, "ShopTest.first()");
        SingleTable second = nextTest();
        queryOrders("42", "begins_with(SK, :sk)");
        recorder.record(second, "ShopTest.second()");

        Coverage coverage = recorder.coverage();

        assertThat(coverage.table()).isEqualTo("shop");
        assertThat(coverage.design()).isEqualTo("shop.table.yaml");
        assertThat(coverage.patterns()).containsExactly(
                new Coverage.PatternUse("ordersOfCustomer", "table", 3, List.of("ShopTest.first()",
                        "ShopTest.second()")),
                new Coverage.PatternUse("openOrders", "GSI1", 0, List.of()),
                new Coverage.PatternUse("customer", "table", 1, List.of("ShopTest.first()")));
        assertThat(coverage.unserved()).extracting(Coverage.PatternUse::pattern).containsExactly("openOrders");
        assertThat(coverage.undeclared()).isEmpty();
        assertThat(coverage.complete()).isFalse();
    }

    @Test
    void leaves_out_the_toolkits_own_runs_failed_requests_writes_and_other_tables() {
        SingleTable test = nextTest();
        test.accessPattern("openOrders").run();
        Verification.of(test);
        assertThatThrownBy(() -> client.query(q -> q.tableName("shop").keyConditionExpression("nope = :v")
                .expressionAttributeValues(Map.of(":v", AttributeValue.fromS("x")))))
                .isInstanceOf(DynamoDbException.class);
        client.putItem(p -> p.tableName("shop").item(Map.of("PK", AttributeValue.fromS("CUSTOMER#9"),
                "SK", AttributeValue.fromS("PROFILE"))));
        client.createTable(seeded.table().design().toCreateTableRequest("other"));
        client.query(q -> q.tableName("other").keyConditionExpression("PK = :pk")
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS("CUSTOMER#1"))));

        recorder.record(test, "ShopTest.toolkit()");

        assertThat(recorder.coverage().patterns()).allMatch(p -> p.requests() == 0);
        assertThat(recorder.coverage().undeclared()).isEmpty();
    }

    @Test
    void groups_undeclared_reads_by_shape_with_the_nearest_pattern_and_how_they_differ() {
        SingleTable test = nextTest();
        queryOrders("42", "SK > :sk");
        queryOrders("7", "SK > :sk");
        client.scan(s -> s.tableName("shop").filterExpression("begins_with(SK, :o)")
                .expressionAttributeValues(Map.of(":o", AttributeValue.fromS("ORDER#"))));
        recorder.record(test, "ShopTest.undeclared()");

        Coverage coverage = recorder.coverage();

        assertThat(coverage.undeclared()).containsExactly(
                new Coverage.UndeclaredRead("Query", "table", "Query on the table where PK = \"CUSTOMER#…\" AND"
                        + " SK > \"ORDER#…\"", 2, "PK = \"CUSTOMER#42\" AND SK > \"ORDER#0\"",
                        List.of("ShopTest.undeclared()"), Optional.of("ordersOfCustomer"),
                        List.of("has sort key condition SK >, not begins_with(SK)")),
                new Coverage.UndeclaredRead("Scan", "table", "Scan of the table with a filter", 1,
                        "begins_with(SK, \"ORDER#\")", List.of("ShopTest.undeclared()"), Optional.empty(), List.of()));
        assertThat(coverage.complete()).isFalse();
    }

    @Test
    void shapes_a_key_value_with_digits_without_what_follows_its_last_separator() {
        SingleTable test = nextTest();
        for (String value : List.of("42", "ORDER:7/B|12#x9", "ORDER:7/B|12#", "PROFILE", "a\n1")) {
            client.query(q -> q.tableName("shop").keyConditionExpression("PK = :pk")
                    .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS(value))));
        }
        recorder.record(test, "ShopTest.values()");

        assertThat(recorder.coverage().undeclared()).extracting(Coverage.UndeclaredRead::shape, Coverage.UndeclaredRead::requests)
                .containsExactly(tuple("Query on the table where PK = \"…\"", 2),
                        tuple("Query on the table where PK = \"ORDER:7/B|12#…\"", 2),
                        tuple("Query on the table where PK = \"PROFILE\"", 1));
    }

    @Test
    void counts_a_scan_for_a_pattern_the_design_declares_as_a_scan_of_the_same_table() {
        try (Seeded scans = Seeded.of(FixtureSource.ofClasspath(CoverageTest.class, "/verdicts/shop-scan.table.yaml")
                .read(), VerificationTest.ITEMS)) {
            CoverageRecorder recorder = CoverageRecorder.of(scans.table().design(), "shop-scan.table.yaml");
            SingleTable test = SingleTable.of(scans.engine().client(), scans.engine().requestLog(),
                    scans.table().design(), "shop", scans.table().fixtures());
            scans.engine().client().scan(s -> s.tableName("shop"));
            scans.engine().client().scan(s -> s.tableName("shop").indexName("GSI1"));
            recorder.record(test, "ShopTest.scans()");

            Coverage coverage = recorder.coverage();

            assertThat(coverage.patterns().get(1)).isEqualTo(new Coverage.PatternUse("openOrders", "table", 1,
                    List.of("ShopTest.scans()")));
            assertThat(coverage.undeclared()).extracting(Coverage.UndeclaredRead::shape)
                    .containsExactly("Scan of index GSI1");
        }
    }

    @Test
    void writes_json_that_reads_back_equal() {
        SingleTable test = nextTest();
        queryOrders("42", "begins_with(SK, :sk)");
        queryOrders("42", "SK > :sk");
        recorder.record(test, "ShopTest.json()");
        Coverage coverage = recorder.coverage();

        String json = coverage.toJson();

        assertThat(Coverage.fromJson(json)).isEqualTo(coverage);
        assertThat(json).contains("\"complete\" : false", "\"served\" : 1", "\"declared\" : 3",
                "\"shape\" : \"Query on the table where PK = \\\"CUSTOMER#…\\\" AND SK > \\\"ORDER#…\\\"\"");
    }

    @Test
    void writes_json_indented_as_a_mapper_writes_it() throws Exception {
        Coverage coverage = new Coverage("shop", "shop.table.yaml", List.of(
                new Coverage.PatternUse("customer", "table", 2, List.of("T.a()", "T.b()")),
                new Coverage.PatternUse("openOrders", "GSI1", 0, List.of())), List.of(
                new Coverage.UndeclaredRead("Query", "table", "Query on the table where PK = \"CUSTOMER#…\"", 3,
                        "PK = :pk", List.of("T.c()"), Optional.of("customer"), List.of("has no sort key")),
                new Coverage.UndeclaredRead("Scan", "table", "Scan of the table", 1, "", List.of("T.d()"),
                        Optional.empty(), List.of())));
        ObjectMapper mapper = new ObjectMapper();

        String json = coverage.toJson();

        assertThat(json).isEqualTo(mapper.writerWithDefaultPrettyPrinter().writeValueAsString(mapper.readTree(json)))
                .contains("\"nearest\" : null", "\"requests\" : 3", "\"complete\" : false");
        assertThat(Coverage.fromJson(json)).isEqualTo(coverage);
    }

    @Test
    void refuses_a_file_that_is_not_coverage() {
        assertThatThrownBy(() -> Coverage.fromJson("[1]")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("not a coverage file: expected a JSON object");
        assertThatThrownBy(() -> Coverage.fromJson("{\"table\": \"shop\"")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("not a coverage file: Unexpected end-of-input");
        assertThatThrownBy(() -> Coverage.fromJson("{\"table\": \"shop\", \"design\": \"d\", \"patterns\": [{}],"
                + " \"undeclared\": []}")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("not a coverage file: 'pattern' is not a text");
        assertThatThrownBy(() -> Coverage.fromJson("{\"table\": \"shop\", \"design\": \"d\", \"undeclared\": []}"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("not a coverage file: 'patterns' is not a list");
    }

    @Test
    void is_complete_when_every_pattern_is_served_and_nothing_undeclared_ran() {
        Coverage coverage = new Coverage("shop", "shop.table.yaml", List.of(new Coverage.PatternUse("p", "table", 1,
                List.of("T.t()"))), List.of());

        assertThat(coverage.complete()).isTrue();
        assertThat(coverage.unserved()).isEmpty();
        assertThat(coverage.summary()).isEqualTo("1 of 1 declared pattern served by the application, 0 undeclared"
                + " reads");
    }

    @Test
    void says_in_one_line_how_many_patterns_were_served_and_how_many_reads_were_undeclared() {
        Coverage coverage = new Coverage("shop", "shop.table.yaml", List.of(
                new Coverage.PatternUse("p", "table", 2, List.of("T.t()")),
                new Coverage.PatternUse("q", "GSI1", 0, List.of())),
                List.of(new Coverage.UndeclaredRead("Scan", "table", "Scan of the table", 1, "", List.of("T.u()"),
                        Optional.empty(), List.of())));

        assertThat(coverage.complete()).isFalse();
        assertThat(coverage.summary()).isEqualTo("1 of 2 declared patterns served by the application, 1 undeclared"
                + " read");
    }
}
