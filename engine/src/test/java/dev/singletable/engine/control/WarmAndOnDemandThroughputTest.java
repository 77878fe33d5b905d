package dev.singletable.engine.control;

import static dev.singletable.engine.control.ControlAssertions.assertValidation;
import static dev.singletable.engine.control.ControlAssertions.hash;
import static dev.singletable.engine.control.ControlAssertions.singleTable;
import static dev.singletable.engine.control.ControlAssertions.string;
import static org.assertj.core.api.Assertions.assertThat;

import dev.singletable.engine.DynamoDbEngine;
import dev.singletable.engine.EngineTest;
import java.nio.file.Path;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexUpdate;
import software.amazon.awssdk.services.dynamodb.model.OnDemandThroughput;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;
import software.amazon.awssdk.services.dynamodb.model.WarmThroughput;

/**
 * OnDemandThroughput and WarmThroughput of tables and their GSIs: described as DynamoDB describes them (Terraform
 * waits for the warm throughput to be ACTIVE), accepted by CreateTable and UpdateTable, refused as DynamoDB
 * refuses them.
 */
class WarmAndOnDemandThroughputTest extends EngineTest {
    private static final String INVALID = "One or more parameter values were invalid: ";

    private static GlobalSecondaryIndex byOwner(Consumer<GlobalSecondaryIndex.Builder> changes) {
        GlobalSecondaryIndex.Builder index = GlobalSecondaryIndex.builder().indexName("ByOwner").keySchema(hash("owner"))
                .projection(p -> p.projectionType(ProjectionType.KEYS_ONLY));
        changes.accept(index);
        return index.build();
    }

    private static CreateTableRequest.Builder withIndex(GlobalSecondaryIndex index) {
        return singleTable("app").attributeDefinitions(string("PK"), string("SK"), string("owner"))
                .globalSecondaryIndexes(index);
    }

    private static CreateTableRequest.Builder provisioned(long read, long write) {
        return singleTable("app").billingMode(BillingMode.PROVISIONED)
                .provisionedThroughput(t -> t.readCapacityUnits(read).writeCapacityUnits(write));
    }

    private TableDescription describe() {
        return client.describeTable(r -> r.tableName("app")).table();
    }

    private static void assertWarm(WarmThroughputView warm, long read, long write) {
        assertThat(warm.read()).isEqualTo(read);
        assertThat(warm.write()).isEqualTo(write);
        assertThat(warm.status()).isEqualTo("ACTIVE");
    }

    /** The table's and an index's warm throughput descriptions have different SDK types but the same members. */
    private record WarmThroughputView(Long read, Long write, String status) {
        static WarmThroughputView of(TableDescription table) {
            return new WarmThroughputView(table.warmThroughput().readUnitsPerSecond(),
                    table.warmThroughput().writeUnitsPerSecond(), table.warmThroughput().statusAsString());
        }

        static WarmThroughputView of(GlobalSecondaryIndexDescription index) {
            return new WarmThroughputView(index.warmThroughput().readUnitsPerSecond(),
                    index.warmThroughput().writeUnitsPerSecond(), index.warmThroughput().statusAsString());
        }
    }

    @Test
    void should_describe_the_initial_warm_throughput_of_on_demand_and_provisioned_tables_and_indexes() {
        client.createTable(withIndex(byOwner(i -> { })).build());
        TableDescription onDemand = describe();
        client.deleteTable(r -> r.tableName("app"));
        client.createTable(provisioned(5, 3).attributeDefinitions(string("PK"), string("SK"), string("owner"))
                .globalSecondaryIndexes(byOwner(i -> i.provisionedThroughput(t -> t.readCapacityUnits(2L)
                        .writeCapacityUnits(1L)))).build());
        TableDescription provisioned = describe();

        assertWarm(WarmThroughputView.of(onDemand), 12_000, 4_000);
        assertWarm(WarmThroughputView.of(onDemand.globalSecondaryIndexes().get(0)), 12_000, 4_000);
        assertThat(onDemand.onDemandThroughput()).isNull();
        assertWarm(WarmThroughputView.of(provisioned), 5, 3);
        assertWarm(WarmThroughputView.of(provisioned.globalSecondaryIndexes().get(0)), 2, 1);
        assertThat(onDemand.tableStatus()).isEqualTo(TableStatus.ACTIVE);
    }

    @Test
    void should_create_a_table_with_on_demand_maximums_and_more_warm_throughput() {
        TableDescription created = client.createTable(withIndex(byOwner(i -> i
                        .onDemandThroughput(o -> o.maxReadRequestUnits(50L))
                        .warmThroughput(w -> w.readUnitsPerSecond(15_000L))))
                .onDemandThroughput(o -> o.maxReadRequestUnits(100L).maxWriteRequestUnits(40L))
                .warmThroughput(w -> w.readUnitsPerSecond(20_000L).writeUnitsPerSecond(5_000L)).build())
                .tableDescription();
        TableDescription table = describe();
        GlobalSecondaryIndexDescription index = table.globalSecondaryIndexes().get(0);

        assertThat(table.onDemandThroughput()).isEqualTo(OnDemandThroughput.builder().maxReadRequestUnits(100L)
                .maxWriteRequestUnits(40L).build());
        assertWarm(WarmThroughputView.of(table), 20_000, 5_000);
        assertThat(index.onDemandThroughput().maxReadRequestUnits()).isEqualTo(50L);
        assertThat(index.onDemandThroughput().maxWriteRequestUnits()).isNull();
        assertWarm(WarmThroughputView.of(index), 15_000, 4_000);
        assertThat(created.warmThroughput()).isNotNull();
    }

    @Test
    void should_leave_warm_throughput_out_of_the_create_table_answer_when_the_request_had_none() {
        TableDescription created = client.createTable(singleTable("app").build()).tableDescription();

        assertThat(created.warmThroughput()).isNull();
        assertThat(describe().warmThroughput()).isNotNull();
    }

    @Test
    void should_refuse_on_demand_maximums_for_a_provisioned_table_or_out_of_range() {
        assertValidation(INVALID + "MaxReadRequestUnits for OnDemandThroughput cannot be specified when table "
                + "BillingMode is PROVISIONED.", () -> client.createTable(provisioned(5, 5)
                .onDemandThroughput(o -> o.maxReadRequestUnits(10L)).build()));
        assertValidation(INVALID + "Requested MaxWriteRequestUnits for OnDemandThroughput for table is outside of "
                + "valid range", () -> client.createTable(singleTable("app")
                .onDemandThroughput(o -> o.maxReadRequestUnits(10L).maxWriteRequestUnits(0L)).build()));
        assertValidation(INVALID + "Requested MaxReadRequestUnits for OnDemandThroughput for table is outside of "
                + "valid range", () -> client.createTable(singleTable("app")
                .onDemandThroughput(o -> o.maxReadRequestUnits(-1L)).build()));
        assertThat(client.listTables().tableNames()).isEmpty();
    }

    @Test
    void should_refuse_warm_throughput_below_what_a_new_table_starts_with() {
        assertValidation(INVALID + "Requested ReadUnitsPerSecond for WarmThroughput for table is lower than initial "
                + "throughput for OnDemand. See: https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/"
                + "on-demand-capacity-mode.html#on-demand-capacity-mode-initial",
                () -> client.createTable(singleTable("app").warmThroughput(w -> w.readUnitsPerSecond(100L)).build()));
        assertValidation(INVALID + "Requested WriteUnitsPerSecond for WarmThroughput for index ByOwner is lower than "
                + "initial throughput for OnDemand. See: https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/"
                + "on-demand-capacity-mode.html#on-demand-capacity-mode-initial",
                () -> client.createTable(withIndex(byOwner(i -> i.warmThroughput(w -> w.writeUnitsPerSecond(10L))))
                        .build()));
        assertValidation(INVALID + "Requested ReadUnitsPerSecond for WarmThroughput for table is lower than "
                + "ReadCapacityUnits of ProvisionedThroughput",
                () -> client.createTable(provisioned(10, 10).warmThroughput(w -> w.readUnitsPerSecond(9L)).build()));
        assertThat(client.listTables().tableNames()).isEmpty();
    }

    @Test
    void should_set_merge_and_remove_on_demand_maximums_with_update_table() {
        client.createTable(singleTable("app").build());

        client.updateTable(r -> r.tableName("app").onDemandThroughput(o -> o.maxReadRequestUnits(100L)));
        client.updateTable(r -> r.tableName("app").onDemandThroughput(o -> o.maxWriteRequestUnits(30L)));
        OnDemandThroughput both = describe().onDemandThroughput();
        client.updateTable(r -> r.tableName("app").onDemandThroughput(o -> o.maxReadRequestUnits(-1L)));

        assertThat(both).isEqualTo(OnDemandThroughput.builder().maxReadRequestUnits(100L).maxWriteRequestUnits(30L)
                .build());
        assertThat(describe().onDemandThroughput()).isEqualTo(OnDemandThroughput.builder().maxWriteRequestUnits(30L)
                .build());
    }

    @Test
    void should_raise_warm_throughput_but_never_lower_it() {
        client.createTable(withIndex(byOwner(i -> { })).build());

        client.updateTable(r -> r.tableName("app").warmThroughput(w -> w.readUnitsPerSecond(12_001L)));
        client.updateTable(r -> r.tableName("app").globalSecondaryIndexUpdates(GlobalSecondaryIndexUpdate.builder()
                .update(u -> u.indexName("ByOwner").warmThroughput(w -> w.writeUnitsPerSecond(4_500L))).build()));

        assertWarm(WarmThroughputView.of(describe()), 12_001, 4_000);
        assertWarm(WarmThroughputView.of(describe().globalSecondaryIndexes().get(0)), 12_000, 4_500);
        assertValidation(INVALID + "Requested ReadUnitsPerSecond for WarmThroughput for table is lower than current "
                + "WarmThroughput, decreasing WarmThroughput is not supported",
                () -> client.updateTable(r -> r.tableName("app").warmThroughput(w -> w.readUnitsPerSecond(12_000L))));
        assertValidation(INVALID + "Requested WriteUnitsPerSecond for WarmThroughput for index ByOwner is lower than "
                + "current WarmThroughput, decreasing WarmThroughput is not supported",
                () -> client.updateTable(r -> r.tableName("app").globalSecondaryIndexUpdates(GlobalSecondaryIndexUpdate
                        .builder().update(u -> u.indexName("ByOwner").warmThroughput(w -> w.writeUnitsPerSecond(4_000L)))
                        .build())));
        assertValidation(INVALID + "WarmThroughput must have at least one of ReadUnitsPerSecond or WriteUnitsPerSecond "
                + "specified for index: ByOwner",
                () -> client.updateTable(r -> r.tableName("app").globalSecondaryIndexUpdates(GlobalSecondaryIndexUpdate
                        .builder().update(u -> u.indexName("ByOwner").warmThroughput(WarmThroughput.builder().build()))
                        .build())));
    }

    @Test
    void should_warm_a_provisioned_table_to_its_highest_throughput_and_an_on_demand_switch_to_the_initial_one() {
        client.createTable(provisioned(5, 5).build());

        client.updateTable(r -> r.tableName("app").provisionedThroughput(t -> t.readCapacityUnits(20L)
                .writeCapacityUnits(2L)));
        TableDescription raised = describe();
        client.updateTable(r -> r.tableName("app").billingMode(BillingMode.PAY_PER_REQUEST));

        assertWarm(WarmThroughputView.of(raised), 20, 5);
        assertWarm(WarmThroughputView.of(describe()), 12_000, 4_000);
    }

    @Test
    void should_refuse_warm_or_on_demand_throughput_combined_with_other_changes() {
        client.createTable(singleTable("app").build());

        assertValidation(INVALID + "WarmThroughput must be the only operation in the request",
                () -> client.updateTable(r -> r.tableName("app").deletionProtectionEnabled(true)
                        .warmThroughput(w -> w.readUnitsPerSecond(13_000L))));
        assertValidation(INVALID + "OnDemandThroughput can only be combined with BillingMode in an UpdateTable request",
                () -> client.updateTable(r -> r.tableName("app").deletionProtectionEnabled(true)
                        .onDemandThroughput(o -> o.maxReadRequestUnits(10L))));
        assertValidation(INVALID + "Requested MaxReadRequestUnits for OnDemandThroughput for table is outside of valid "
                + "range", () -> client.updateTable(r -> r.tableName("app")
                .onDemandThroughput(o -> o.maxReadRequestUnits(0L))));
        assertThat(describe().deletionProtectionEnabled()).isFalse();
        assertThat(describe().onDemandThroughput()).isNull();
    }

    @Test
    void should_refuse_on_demand_maximums_for_a_table_that_is_provisioned() {
        client.createTable(provisioned(5, 5).build());

        assertValidation(INVALID + "MaxWriteRequestUnits for OnDemandThroughput cannot be specified when the table "
                + "BillingMode is PROVISIONED", () -> client.updateTable(r -> r.tableName("app")
                .onDemandThroughput(o -> o.maxWriteRequestUnits(10L))));
    }

    @Test
    void should_refuse_an_index_update_of_an_on_demand_table_with_nothing_it_can_change() {
        client.createTable(withIndex(byOwner(i -> { })).build());

        assertValidation(INVALID + "The only Updates for index: ByOwner when TableThroughputMode is PAY_PER_REQUEST "
                + "can be to OnDemandThroughput, WarmThroughput",
                () -> client.updateTable(r -> r.tableName("app").globalSecondaryIndexUpdates(GlobalSecondaryIndexUpdate
                        .builder().update(u -> u.indexName("ByOwner")).build())));
    }

    @Test
    void should_keep_warm_and_on_demand_throughput_across_a_restart_of_a_durable_engine(
            @TempDir Path data) {
        try (DynamoDbEngine durable = DynamoDbEngine.builder()
                .dataDirectory(data).build()) {
            transport.client(durable).createTable(singleTable("app")
                    .onDemandThroughput(o -> o.maxReadRequestUnits(100L))
                    .warmThroughput(w -> w.readUnitsPerSecond(13_000L)).build());
        }
        try (DynamoDbEngine durable = DynamoDbEngine.builder()
                .dataDirectory(data).build()) {
            TableDescription table = transport.client(durable).describeTable(r -> r.tableName("app")).table();

            assertThat(table.onDemandThroughput().maxReadRequestUnits()).isEqualTo(100L);
            assertWarm(WarmThroughputView.of(table), 13_000, 4_000);
        }
    }
}
