package dev.singletable.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.singletable.engine.DynamoDbEngine;
import dev.singletable.engine.RequestLog;
import dev.singletable.engine.model.Fault;
import dev.singletable.engine.model.KeyOperator;
import dev.singletable.engine.model.Operation;
import dev.singletable.engine.model.RequestLogEntry;
import dev.singletable.fixtures.FixtureSource;
import dev.singletable.fixtures.Fixtures;
import dev.singletable.fixtures.SourceLocation;
import dev.singletable.fixtures.TableDesign;
import dev.singletable.fixtures.TableKey;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/** The one verdict: each kind of shortfall as a typed reason, and what passes. */
class VerificationTest {
    /** A design whose patterns pass and fail in every way; singletable verify's tests read it too. */
    static final String DESIGN = resource("/verdicts/shop.table.yaml");
    static final String ITEMS = resource("/verdicts/shop.items.yaml");

    private final DynamoDbEngine engine = DynamoDbEngine.create();

    private static String resource(String name) {
        return FixtureSource.ofClasspath(VerificationTest.class, name).read();
    }

    @AfterEach
    void close() {
        engine.close();
    }

    private SingleTable table(String design, String fixtures, DynamoDbClient client, RequestLog log) {
        TableDesign parsed = TableDesign.parse(design, "shop.table.yaml");
        Fixtures loaded = Fixtures.load(parsed, List.of(FixtureSource.ofString("shop.fixtures.yaml", fixtures)));
        Provisioner.of(engine).provision(parsed, "shop", loaded.itemMaps());
        return SingleTable.of(client, log, parsed, "shop", loaded);
    }

    private Verification verify(String design, String fixtures) {
        return Verification.of(table(design, fixtures, engine.client(), engine.requestLog()));
    }

    @Test
    void passes_when_every_call_is_a_query_on_its_index_returning_the_expected_keys_in_order() {
        Verification verification = verify(DESIGN, ITEMS + """
                expect:
                  ordersOfCustomer:
                    - with: { customerId: 42 }
                      returns: [ { PK: "CUSTOMER#42", SK: "ORDER#2" }, { PK: "CUSTOMER#42", SK: "ORDER#1" } ]
                  customer:
                    - with: { customerId: 42 }
                      returns: [ { PK: "CUSTOMER#42", SK: PROFILE } ]
                """);

        assertThat(verification.passed()).isTrue();
        assertThat(verification.checkedNothing()).isFalse();
        assertThat(verification.checks()).extracting(PatternCheck::label).containsExactly(
                "ordersOfCustomer(customerId: 42)", "openOrders", "customer(customerId: 42)");
        PatternCheck orders = verification.checks().get(0);
        assertThat(orders.operations()).containsExactly(Operation.QUERY);
        assertThat(orders.index()).isEmpty();
        assertThat(orders.keyConditionText()).contains("PK = \"CUSTOMER#42\" AND begins_with(SK, \"ORDER#\")");
        assertThat(orders.keyCondition().orElseThrow().partitionValue()).isEqualTo(AttributeValue.fromS("CUSTOMER#42"));
        assertThat(orders.keyCondition().orElseThrow().sortCondition().orElseThrow().operator())
                .isEqualTo(KeyOperator.BEGINS_WITH);
        assertThat(orders.itemsRead()).isEqualTo(2);
        assertThat(orders.itemsReturned()).isEqualTo(2);
        assertThat(orders.pages()).isEqualTo(1);
        assertThat(orders.readUnits()).isEqualTo(0.5);
        assertThat(orders.returnedKeys()).containsExactly(TableKey.of("CUSTOMER#42", "ORDER#2"),
                TableKey.of("CUSTOMER#42", "ORDER#1"));
        assertThat(orders.expectationMet()).contains(true);
        assertThat(verification.checks().get(1).index()).contains("GSI1");
        assertThat(verification.checks().get(1).expectationMet()).isEmpty();
    }

    @Test
    void a_pattern_on_an_index_keyed_on_several_attributes_passes_with_a_condition_per_attribute() {
        Verification verification = verify("""
                table: tasks
                key: { partition: PK, sort: SK }
                attributes: { priority: N }
                indexes:
                  ByTenantRegion: { partition: [tenantId, region], sort: [status, priority] }
                entities:
                  Task: { PK: "TENANT#{tenantId}", SK: "TASK#{taskId}" }
                accessPatterns:
                  urgentTasks:
                    index: ByTenantRegion
                    query:
                      partition: { tenantId: "{tenantId}", region: "{region}" }
                      sort: { status: OPEN, priority: { gte: "{min}" } }
                """, """
                items:
                  - { entity: Task, tenantId: acme, taskId: "1", region: eu, status: OPEN, priority: 10 }
                  - { entity: Task, tenantId: acme, taskId: "2", region: eu, status: OPEN, priority: 2 }
                  - { entity: Task, tenantId: acme, taskId: "3", region: us, status: OPEN, priority: 9 }
                  - { entity: Task, tenantId: acme, taskId: "4", region: eu, status: DONE, priority: 9 }
                expect:
                  urgentTasks:
                    - with: { tenantId: acme, region: eu, min: 5 }
                      returns: [ { PK: "TENANT#acme", SK: "TASK#1" } ]
                """);

        assertThat(verification.passed()).isTrue();
        PatternCheck check = verification.checks().get(0);
        assertThat(check.label()).isEqualTo("urgentTasks(tenantId: acme, region: eu, min: 5)");
        assertThat(check.index()).contains("ByTenantRegion");
        assertThat(check.keyConditionText()).contains("tenantId = \"acme\" AND region = \"eu\" AND status = \"OPEN\""
                + " AND priority >= 5");
        assertThat(check.keyCondition().orElseThrow().partitionKey()).extracting(a -> a.attribute())
                .containsExactly("tenantId", "region");
        assertThat(check.keyCondition().orElseThrow().sortCondition().orElseThrow().operator())
                .isEqualTo(KeyOperator.GE);
        assertThat(check.itemsRead()).isEqualTo(1);
    }

    @Test
    void a_call_without_an_expectation_that_takes_parameters_is_not_exercised() {
        PatternCheck check = verify(DESIGN, ITEMS).checks().get(0);

        assertThat(check.shortfalls()).containsExactly(new Shortfall.NotExercised(List.of("customerId")));
        assertThat(check.ran()).isFalse();
        assertThat(check.operations()).isEmpty();
        assertThat(check.shortfalls().get(0)).hasToString("not run: it takes [customerId] and the fixtures have no"
                + " expect entry for it");
    }

    @Test
    void a_pattern_declared_as_a_scan_falls_short_with_what_it_read() {
        PatternCheck check = verify(resource("/verdicts/shop-scan.table.yaml"), ITEMS + "expect:\n  openOrders:\n    - with: { status: OPEN }\n      returns: []\n")
                .checks().get(1);

        assertThat(check.shortfalls()).containsExactly(new Shortfall.NotAQuery(List.of(Operation.SCAN), 3, 2),
                new Shortfall.UnexpectedKeys(List.of(), List.of(TableKey.of("CUSTOMER#42", "ORDER#1"),
                        TableKey.of("CUSTOMER#42", "ORDER#2")), new SourceLocation("shop.fixtures.yaml", 7, 7)));
        assertThat(check.shortfalls().get(0)).hasToString("runs as Scan, not as a Query: it reads 3 items to return 2");
    }

    @Test
    void a_query_that_reads_another_index_falls_short() {
        ExecutionInterceptor otherIndex = new ExecutionInterceptor() {
            @Override
            public SdkRequest modifyRequest(Context.ModifyRequest context, ExecutionAttributes attributes) {
                return context.request() instanceof QueryRequest query && "GSI1".equals(query.indexName())
                        ? query.toBuilder().indexName("GSI1copy").build() : context.request();
            }
        };
        try (DynamoDbClient client = engine.clientBuilder().overrideConfiguration(c -> c.addExecutionInterceptor(
                otherIndex)).build()) {
            PatternCheck check = Verification.of(table(DESIGN, ITEMS, client, engine.requestLog())).checks().get(1);

            assertThat(check.shortfalls()).containsExactly(new Shortfall.WrongIndex(Optional.of("GSI1"),
                    Optional.of("GSI1copy")));
            assertThat(check.shortfalls().get(0)).hasToString("reads index GSI1copy, not index GSI1");
        }
    }

    @Test
    void other_keys_or_another_order_fall_short_with_what_is_missing_unexpected_or_out_of_order() {
        List<PatternCheck> checks = verify(DESIGN, ITEMS + """
                expect:
                  ordersOfCustomer:
                    - with: { customerId: 42 }
                      returns: [ { PK: "CUSTOMER#42", SK: "ORDER#1" }, { PK: "CUSTOMER#42", SK: "ORDER#2" } ]
                    - with: { customerId: 42 }
                      returns: [ { PK: "CUSTOMER#42", SK: "ORDER#2" } ]
                    - with: { customerId: 42 }
                      returns: [ { PK: "CUSTOMER#42", SK: "ORDER#2" }, { PK: "CUSTOMER#42", SK: "ORDER#1" },
                                 { PK: "CUSTOMER#42", SK: "ORDER#3" } ]
                """).checks();

        Shortfall.UnexpectedKeys order = (Shortfall.UnexpectedKeys) checks.get(0).shortfalls().get(0);
        assertThat(order.difference().outOfOrder()).isTrue();
        assertThat(order).hasToString("expected (shop.fixtures.yaml:7:7) [(\"CUSTOMER#42\", \"ORDER#1\"),"
                + " (\"CUSTOMER#42\", \"ORDER#2\")] but it returned [(\"CUSTOMER#42\", \"ORDER#2\"),"
                + " (\"CUSTOMER#42\", \"ORDER#1\")]");
        Shortfall.UnexpectedKeys extra = (Shortfall.UnexpectedKeys) checks.get(1).shortfalls().get(0);
        assertThat(extra.difference().unexpected()).containsExactly(TableKey.of("CUSTOMER#42", "ORDER#1"));
        assertThat(extra.difference().missing()).isEmpty();
        Shortfall.UnexpectedKeys missing = (Shortfall.UnexpectedKeys) checks.get(2).shortfalls().get(0);
        assertThat(missing.difference().missing()).containsExactly(TableKey.of("CUSTOMER#42", "ORDER#3"));
        assertThat(missing.difference().outOfOrder()).isFalse();
        assertThat(checks.get(0).expectationMet()).contains(false);
    }

    @Test
    void a_design_without_access_patterns_has_not_passed_it_was_not_checked() {
        Verification verification = verify("""
                table: shop
                key: { partition: PK, sort: SK }
                """, "items: [ { PK: A, SK: B } ]");

        assertThat(verification.checkedNothing()).isTrue();
        assertThat(verification.passed()).isFalse();
        assertThat(verification.failed()).isEmpty();
    }

    @Test
    void an_error_from_the_endpoint_falls_short_with_its_code_and_message() {
        engine.faults().on("Query").respondWith(Fault.INTERNAL_ERROR);

        PatternCheck check = verify(DESIGN, ITEMS).checks().get(1);

        assertThat(check.shortfalls()).hasSize(1).first().isInstanceOf(Shortfall.EndpointError.class)
                .extracting(s -> ((Shortfall.EndpointError) s).errorCode()).isEqualTo("InternalServerError");
        assertThat(check.ran()).isFalse();
        assertThat(check.pages()).isZero();
    }

    @Test
    void a_log_that_does_not_see_the_client_falls_short() {
        PatternCheck check = Verification.of(table(DESIGN, ITEMS, engine.client(), new RequestLog(10))).checks()
                .get(1);

        assertThat(check.shortfalls()).containsExactly(new Shortfall.NoRequestRecorded());
    }

    @Test
    void a_key_lookup_passes_where_a_query_is_required_and_a_scan_does_not() {
        verify(DESIGN, ITEMS);
        engine.requestLog().clear();
        engine.client().getItem(r -> r.tableName("shop").key(Map.of("PK", AttributeValue.fromS("CUSTOMER#42"),
                "SK", AttributeValue.fromS("PROFILE"))));
        engine.client().scan(r -> r.tableName("shop"));
        List<RequestLogEntry> entries = engine.requestLog().entries();

        assertThat(entries).extracting(Verification::isQueryOrKeyLookup).containsExactly(true, false);
        TableDesign design = TableDesign.parse(DESIGN, "shop.table.yaml");
        assertThat(Verification.keyLookupServes(design.accessPattern("customer"))).isTrue();
        assertThat(Verification.keyLookupServes(design.accessPattern("ordersOfCustomer"))).isFalse();
        assertThat(Verification.keyLookupServes(design.accessPattern("openOrders"))).isFalse();
    }
}
