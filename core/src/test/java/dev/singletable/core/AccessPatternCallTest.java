package dev.singletable.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import dev.singletable.engine.DynamoDbEngine;
import dev.singletable.engine.model.RequestLogEntry;
import dev.singletable.fixtures.FixtureSource;
import dev.singletable.fixtures.TableDesign;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/** A handle made with SingleTable.of runs access patterns as Queries, over every page unless the pattern limits. */
class AccessPatternCallTest {
    private DynamoDbEngine engine;
    private SingleTable table;

    @BeforeEach
    void tableWithFixtures() {
        engine = DynamoDbEngine.create();
        TableDesign design = TableDesign.parse(FixtureSource.ofClasspath(getClass(), "/orders.table.yaml").read(),
                "orders.table.yaml");
        var fixtures = dev.singletable.fixtures.Fixtures.load(design, List.of(
                FixtureSource.ofClasspath(getClass(), "/customers.yaml"),
                FixtureSource.ofClasspath(getClass(), "/orders.yaml")));
        engine.client().createTable(design.toCreateTableRequest("orders-1"));
        Provisioner.of(engine).write("orders-1", fixtures.itemMaps(), SeedProgress.NONE);
        table = SingleTable.of(engine.client(), engine.requestLog(), design, "orders-1", fixtures);
    }

    @AfterEach
    void close() {
        engine.close();
    }

    @Test
    void a_run_returns_the_items_in_order_with_the_query_that_read_them() {
        AccessPatternRun run = table.accessPattern("ordersOfCustomer").with("customerId", 42).run();

        assertThat(run.items()).extracting(item -> item.get("SK").s())
                .containsExactly("ORDER#00001002", "ORDER#00001001");
        assertThat(run.requests()).extracting(RequestLogEntry::operationName, e -> e.table().orElseThrow())
                .containsExactly(tuple("Query", "orders-1"));
        assertThat(run.pages()).isEqualTo(1);
        assertThat(run.itemsRead()).isEqualTo(2);
        assertThat(run.call().parameters()).isEqualTo(Map.of("customerId", 42));
    }

    @Test
    void a_run_counts_only_its_own_requests_when_other_code_writes_a_transaction_meanwhile() {
        engine.client().createTable(table.design().toCreateTableRequest("other"));
        DynamoDbClient client = engine.client();
        DynamoDbClient withAnotherClassBeside = new DynamoDbClient() {
            @Override
            public QueryResponse query(QueryRequest request) {
                client.transactWriteItems(r -> r.transactItems(TransactWriteItem.builder().put(p -> p
                        .tableName("other").item(Map.of("PK", AttributeValue.fromS("A"), "SK",
                                AttributeValue.fromS("B")))).build()));
                return client.query(request);
            }

            @Override
            public String serviceName() {
                return client.serviceName();
            }

            @Override
            public void close() {
            }
        };
        SingleTable beside = SingleTable.of(withAnotherClassBeside, engine.requestLog(), table.design(), "orders-1",
                table.fixtures());

        AccessPatternRun run = beside.accessPattern("ordersOfCustomer").with("customerId", 42).run();

        assertThat(run.requests()).extracting(RequestLogEntry::operationName).containsExactly("Query");
    }

    @Test
    void a_run_follows_last_evaluated_key_over_every_page() {
        String kilobytes40 = "x".repeat(40_000);
        IntStream.range(0, 30).forEach(i -> engine.client().putItem(r -> r.tableName("orders-1").item(Map.of(
                "PK", AttributeValue.fromS("CUSTOMER#7"), "SK", AttributeValue.fromS("ORDER#" + (1000 + i)),
                "blob", AttributeValue.fromS(kilobytes40)))));

        AccessPatternRun run = table.accessPattern("customerWithOrders").with("customerId", 7).run();

        assertThat(run.items()).hasSize(30);
        assertThat(run.pages()).isEqualTo(2);
        assertThat(run.requests()).extracting(RequestLogEntry::hasMorePages).containsExactly(true, false);
    }

    @Test
    void a_pattern_with_a_limit_reads_one_page_as_the_application_would() {
        AccessPatternRun run = table.accessPattern("firstOrderOfCustomer").with("customerId", 42).run();

        assertThat(run.items()).extracting(item -> item.get("SK").s()).containsExactly("ORDER#00001001");
        assertThat(run.pages()).isEqualTo(1);
    }

    @Test
    void a_call_is_immutable() {
        AccessPatternCall call = table.accessPattern("openOrdersByDate").with("from", "2026-01-01");

        AccessPatternCall complete = call.with(Map.of("to", "2026-02-01"));

        assertThat(call.parameters()).isEqualTo(Map.of("from", "2026-01-01"));
        assertThat(complete.parameters()).containsExactly(Map.entry("from", "2026-01-01"),
                Map.entry("to", "2026-02-01"));
        assertThat(complete.pattern().indexName()).contains("GSI1");
        assertThat(complete.run().items()).extracting(item -> item.get("SK").s())
                .containsExactly("ORDER#00001002", "ORDER#00001001");
    }

    @Test
    void an_unknown_access_pattern_is_named_with_the_known_ones() {
        assertThatThrownBy(() -> table.accessPattern("ordersByColour"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown access pattern 'ordersByColour'; known access patterns: customerWithOrders,"
                        + " ordersOfCustomer, firstOrderOfCustomer, openOrdersByDate, customerByEmail");
    }

    @Test
    void a_missing_parameter_is_named_when_the_call_runs() {
        assertThatThrownBy(() -> table.accessPattern("openOrdersByDate").with("from", "2026-01-01").run())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("access pattern 'openOrdersByDate' is missing parameter to; it takes [from, to]");
    }

    @Test
    void the_handle_shows_the_requests_on_its_table_since_it_was_made() {
        engine.client().listTables();
        engine.client().getItem(r -> r.tableName("orders-1").key(Map.of("PK", AttributeValue.fromS("CUSTOMER#42"),
                "SK", AttributeValue.fromS("PROFILE"))));

        assertThat(table.requestLog().entries()).extracting(RequestLogEntry::operationName)
                .containsExactly("ListTables", "GetItem");
        assertThat(table).hasToString("SingleTable[orders-1 (design app)]");
    }
}
