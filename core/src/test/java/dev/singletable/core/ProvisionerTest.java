package dev.singletable.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.singletable.engine.DynamoDbEngine;
import dev.singletable.fixtures.Fixtures;
import dev.singletable.fixtures.TableDesign;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.CreateTableResponse;
import software.amazon.awssdk.services.dynamodb.model.DeleteTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteTableResponse;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableResponse;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/** The one provisioner: batches of 25, one retry policy, waits for ACTIVE, nothing half made. */
class ProvisionerTest {

    /** A client that records every batch and leaves the first {@code unprocessedPerCall} items of some calls. */
    private static final class RecordingClient implements DynamoDbClient {
        final List<List<WriteRequest>> batches = new ArrayList<>();
        final List<Map<String, AttributeValue>> written = new ArrayList<>();
        private int callsLeavingUnprocessed;
        private final int unprocessedPerCall;

        RecordingClient(int callsLeavingUnprocessed, int unprocessedPerCall) {
            this.callsLeavingUnprocessed = callsLeavingUnprocessed;
            this.unprocessedPerCall = unprocessedPerCall;
        }

        @Override
        public BatchWriteItemResponse batchWriteItem(BatchWriteItemRequest request) {
            List<WriteRequest> writes = request.requestItems().get("app");
            batches.add(writes);
            int left = callsLeavingUnprocessed-- > 0 ? Math.min(unprocessedPerCall, writes.size()) : 0;
            writes.subList(left, writes.size()).forEach(w -> written.add(w.putRequest() != null ? w.putRequest().item()
                    : w.deleteRequest().key()));
            return BatchWriteItemResponse.builder()
                    .unprocessedItems(left == 0 ? Map.of() : Map.of("app", writes.subList(0, left))).build();
        }

        @Override
        public String serviceName() {
            return "dynamodb";
        }

        @Override
        public void close() {
        }
    }

    private static List<Map<String, AttributeValue>> items(int count) {
        return IntStream.range(0, count).mapToObj(i -> Map.of("PK", AttributeValue.fromS("ITEM#" + i),
                "SK", AttributeValue.fromS("A"))).toList();
    }

    private static final Provisioner.Retries FAST = new Provisioner.Retries(4, Duration.ofMillis(100),
            Duration.ofMillis(250));

    private static Provisioner provisioner(DynamoDbClient client, Provisioner.Sleeper sleeper) {
        return new Provisioner(client, null, FAST, sleeper);
    }

    @Test
    void should_write_25_items_per_call() {
        RecordingClient client = new RecordingClient(0, 0);

        SeedResult result = Provisioner.of(client).write("app", items(60), SeedProgress.NONE);

        assertThat(client.batches).extracting(List::size).containsExactly(25, 25, 10);
        assertThat(client.written).isEqualTo(items(60));
        assertThat(result).isEqualTo(new SeedResult(60, 3, 0));
    }

    @Test
    void should_resend_unprocessed_items_with_exponential_backoff() {
        RecordingClient client = new RecordingClient(3, 5);
        List<Long> delays = new ArrayList<>();

        SeedResult result = provisioner(client, delays::add).write("app", items(25), SeedProgress.NONE);

        assertThat(client.batches).extracting(List::size).containsExactly(25, 5, 5, 5);
        assertThat(client.written).containsExactlyInAnyOrderElementsOf(items(25));
        assertThat(result).isEqualTo(new SeedResult(25, 4, 3));
        assertThat(delays.get(0)).isBetween(50L, 100L);
        assertThat(delays.get(1)).isBetween(100L, 200L);
        assertThat(delays.get(2)).isBetween(125L, 250L);
    }

    @Test
    void should_give_up_after_the_last_attempt_with_a_clear_message() {
        RecordingClient client = new RecordingClient(Integer.MAX_VALUE, 2);

        assertThatThrownBy(() -> provisioner(client, millis -> { }).write("app", items(30), SeedProgress.NONE))
                .isInstanceOf(SeedException.class)
                .hasMessage("BatchWriteItem on table app still left 2 items unprocessed after 4 attempts; 23 of 30 items"
                        + " were written")
                .extracting(e -> ((SeedException) e).itemsWritten()).isEqualTo(23);
    }

    @Test
    void should_report_progress_after_every_call() {
        RecordingClient client = new RecordingClient(1, 10);
        List<String> progress = new ArrayList<>();

        provisioner(client, millis -> { }).write("app", items(30), (written, total) -> progress.add(written + "/"
                + total));

        assertThat(progress).containsExactly("15/30", "25/30", "30/30");
    }

    @Test
    void should_reject_a_policy_without_attempts() {
        assertThatThrownBy(() -> new Provisioner.Retries(0, Duration.ZERO, Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("maxAttempts must be at least 1, got 0");
    }

    @Test
    void should_delete_in_batches_with_the_same_retries() {
        RecordingClient client = new RecordingClient(1, 3);
        List<Long> delays = new ArrayList<>();

        provisioner(client, delays::add).delete("app", items(30));

        assertThat(client.batches).extracting(List::size).containsExactly(25, 3, 5);
        assertThat(client.written).containsExactlyInAnyOrderElementsOf(items(30));
        assertThat(delays).hasSize(1);
    }

    @Test
    void should_provision_a_table_with_its_indexes_and_items_on_the_engine_without_logging_them() {
        try (DynamoDbEngine engine = DynamoDbEngine.create()) {
            TableDesign design = Resources.ordersDesign();
            Fixtures fixtures = Resources.fixtures(design, "/customers.yaml", "/orders.yaml");

            SeedResult result = Provisioner.of(engine).provision(design, "orders-1", fixtures.itemMaps());

            assertThat(result.itemsWritten()).isEqualTo(fixtures.items().size());
            assertThat(engine.client().scan(r -> r.tableName("orders-1")).count()).isEqualTo(fixtures.items().size());
            assertThat(engine.client().describeTable(r -> r.tableName("orders-1")).table().globalSecondaryIndexes())
                    .extracting(index -> index.indexName()).containsExactlyInAnyOrder("GSI1", "GSI2");
            assertThat(engine.requestLog().entries()).extracting(e -> e.operation().toString())
                    .doesNotContain("BatchWriteItem");
        }
    }

    @Test
    void should_load_on_the_engine_in_batches_of_25_whether_progress_is_told_or_not() {
        try (DynamoDbEngine engine = DynamoDbEngine.create()) {
            Provisioner provisioner = Provisioner.of(engine);
            provisioner.createTable(Resources.ordersDesign(), "orders-1");
            provisioner.createTable(Resources.ordersDesign(), "orders-2");
            List<Map<String, AttributeValue>> items = new ArrayList<>(items(300));
            items.set(210, Map.of("PK", AttributeValue.fromS("NO-SORT-KEY"))); // in the 9th batch, items 201-225
            List<Integer> told = new ArrayList<>();

            assertThatThrownBy(() -> provisioner.write("orders-1", items, SeedProgress.NONE))
                    .isInstanceOf(DynamoDbException.class).hasMessageContaining("key");
            assertThatThrownBy(() -> provisioner.write("orders-2", items, (written, total) -> told.add(written)))
                    .isInstanceOf(DynamoDbException.class).hasMessageContaining("key");

            // either way, the batches before the refused item's are written and the rest are not
            assertThat(engine.client().scan(r -> r.tableName("orders-1")).count()).isEqualTo(200);
            assertThat(engine.client().scan(r -> r.tableName("orders-2")).count()).isEqualTo(200);
            assertThat(told).hasSize(8).last().isEqualTo(200);
        }
    }

    @Test
    void should_leave_no_table_behind_when_an_item_is_refused() {
        try (DynamoDbEngine engine = DynamoDbEngine.create()) {
            List<Map<String, AttributeValue>> items = List.of(Map.of("PK", AttributeValue.fromS("A")));

            assertThatThrownBy(() -> Provisioner.of(engine).provision(Resources.ordersDesign(), "orders-1", items))
                    .isInstanceOf(DynamoDbException.class).hasMessageContaining("key");
            assertThat(engine.client().listTables().tableNames()).isEmpty();
        }
    }

    @Test
    void should_wait_until_the_table_and_every_index_are_active() {
        List<String> statuses = new ArrayList<>(List.of("CREATING/-", "ACTIVE/CREATING", "ACTIVE/ACTIVE"));
        List<Long> delays = new ArrayList<>();
        DynamoDbClient client = new DynamoDbClient() {
            @Override
            public CreateTableResponse createTable(CreateTableRequest request) {
                return CreateTableResponse.builder().build();
            }

            @Override
            public DescribeTableResponse describeTable(DescribeTableRequest request) {
                String[] status = statuses.remove(0).split("/");
                TableDescription.Builder table = TableDescription.builder().tableStatus(status[0]);
                if (!status[1].equals("-")) {
                    table.globalSecondaryIndexes(GlobalSecondaryIndexDescription.builder().indexName("GSI1")
                            .indexStatus(status[1]).build());
                }
                return DescribeTableResponse.builder().table(table.build()).build();
            }

            @Override
            public String serviceName() {
                return "dynamodb";
            }

            @Override
            public void close() {
            }
        };

        provisioner(client, delays::add).createTable(Resources.ordersDesign(), "orders-1");

        assertThat(statuses).isEmpty();
        assertThat(delays).containsExactly(100L, 200L);
    }

    @Test
    void should_name_how_an_existing_table_differs_from_the_design() {
        try (DynamoDbEngine engine = DynamoDbEngine.create()) {
            engine.client().createTable(r -> r.tableName("orders").billingMode("PAY_PER_REQUEST")
                    .attributeDefinitions(AttributeDefinition.builder().attributeName("id")
                            .attributeType(ScalarAttributeType.S).build())
                    .keySchema(KeySchemaElement.builder().attributeName("id").keyType(KeyType.HASH).build()));
            Provisioner provisioner = Provisioner.of(engine);

            assertThat(Provisioner.differences(provisioner.describe("orders").orElseThrow(), Resources.ordersDesign()))
                    .containsExactly("the table's key: the table has id (S), the design has PK (S), SK (S)",
                            "index GSI1: the table has no such index", "index GSI2: the table has no such index");
            assertThat(provisioner.describe("missing")).isEmpty();
            provisioner.dropTable("orders");
            provisioner.dropTable("orders");
            assertThat(provisioner.describe("orders")).isEmpty();
        }
    }

    @Test
    void should_wait_until_a_dropped_table_is_gone_so_that_its_name_can_be_used_again() {
        List<String> calls = new ArrayList<>();
        DynamoDbClient deletesInTheBackground = new DynamoDbClient() {
            private int describes;

            @Override
            public DeleteTableResponse deleteTable(DeleteTableRequest request) {
                calls.add("DeleteTable " + request.tableName());
                return DeleteTableResponse.builder().build();
            }

            @Override
            public DescribeTableResponse describeTable(DescribeTableRequest request) {
                calls.add("DescribeTable " + request.tableName());
                if (++describes < 3) {
                    return DescribeTableResponse.builder()
                            .table(t -> t.tableName(request.tableName()).tableStatus(TableStatus.DELETING)).build();
                }
                throw ResourceNotFoundException.builder().message("Requested resource not found").build();
            }

            @Override
            public String serviceName() {
                return "dynamodb";
            }

            @Override
            public void close() {
            }
        };
        List<Long> pauses = new ArrayList<>();

        provisioner(deletesInTheBackground, pauses::add).dropTable("orders-2");

        assertThat(calls).containsExactly("DeleteTable orders-2", "DescribeTable orders-2", "DescribeTable orders-2",
                "DescribeTable orders-2");
        assertThat(pauses).containsExactly(100L, 200L);
    }
}
