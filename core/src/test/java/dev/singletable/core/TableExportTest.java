package dev.singletable.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.singletable.engine.DynamoDbEngine;
import dev.singletable.fixtures.FixtureItem;
import dev.singletable.fixtures.FixtureSource;
import dev.singletable.fixtures.Fixtures;
import dev.singletable.fixtures.TableDesign;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;

/** Reading a table back as fixtures: whole, by item collection, as a sample; the same file every time. */
class TableExportTest {

    private static final TableDesign DESIGN = TableDesign.parse("""
            table: shop
            key: { partition: PK, sort: SK }
            indexes:
              GSI1: { partition: GSI1PK, sort: GSI1SK }
            entities:
              Customer: { PK: "CUSTOMER#{customerId}", SK: PROFILE }
              Order:
                PK: "CUSTOMER#{customerId}"
                SK: "ORDER#{orderId:%05d}"
                GSI1PK: "OPEN#{openSince}"
                GSI1SK: "{orderId:%05d}"
              Membership:
                - { PK: "USER#{userId}", SK: "TEAM#{teamId}" }
                - { PK: "TEAM#{teamId}", SK: "USER#{userId}" }
            """, "shop.table.yaml");

    /** Read once: 10 customers with 12 orders each, entities, raw items and every value type. */
    private static final Fixtures SHOP = shop();

    private final DynamoDbEngine engine = DynamoDbEngine.create();
    private final DynamoDbClient http = Endpoint.of(engine.httpEndpoint()).client(Region.US_EAST_1);

    @AfterEach
    void close() {
        http.close();
        engine.close();
    }

    /** Entities, raw items and every value type. */
    private static Fixtures shop() {
        StringBuilder yaml = new StringBuilder("items:\n");
        String note = "x".repeat(100);
        for (int customer = 1; customer <= 10; customer++) {
            yaml.append("  - { entity: Customer, customerId: ").append(customer).append(", name: \"Customer ")
                    .append(customer).append("\", tags: !ss [a, b], score: 39.90, photo: !b aGVsbG8= }\n");
            for (int order = 1; order <= 12; order++) {
                yaml.append("  - { entity: Order, customerId: ").append(customer).append(", orderId: ").append(order)
                        .append(order % 3 == 0 ? ", openSince: 2026-01-0" + (order / 3) : "").append(", note: ")
                        .append(note).append(", lines: [1, two, { sku: s-").append(order).append(" }] }\n");
            }
        }
        yaml.append("""
                  - { entity: Membership, userId: ada, teamId: engines, role: owner }
                  - { PK: "CUSTOMER#1", SK: "ADDRESS#home", city: Paris, zip: "75001", active: true, gone: null }
                  - !raw { PK: "CUSTOMER#2", SK: "NOTE#1", entity: something, n: !ns [1, 2.5] }
                """);
        return Fixtures.load(DESIGN, List.of(FixtureSource.ofString("shop.fixtures.yaml", yaml.toString())));
    }

    @Test
    void gives_the_same_file_after_a_round_trip_through_a_fresh_table_over_http() {
        Fixtures original = SHOP;
        Provisioner.of(http).provision(DESIGN, "shop", original.itemMaps());
        List<Long> progress = new ArrayList<>();
        String first = TableExport.of(http).all(DESIGN, "shop", 4, (read, estimate) -> progress.add(read))
                .toYaml();

        Fixtures reread = Fixtures.load(DESIGN, List.of(FixtureSource.ofString("exported.yaml", first)));
        Provisioner.of(http).provision(DESIGN, "shop-copy", reread.itemMaps());
        String second = TableExport.of(http).all(DESIGN, "shop-copy", 1, ReadProgress.NONE).toYaml();

        assertThat(second).isEqualTo(first);
        assertThat(reread.items()).hasSize(original.items().size());
        assertThat(progress).hasSize(4).isSorted().last().isEqualTo((long) original.items().size());
    }

    @Test
    void reads_every_page_of_a_table_larger_than_a_scan_page() {
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        for (int i = 0; i < 600; i++) {
            items.add(Map.of("PK", AttributeValue.fromS("P#" + i), "SK", AttributeValue.fromS("S"),
                    "blob", AttributeValue.fromS("x".repeat(2000))));
        }
        Provisioner.of(engine).provision(DESIGN, "big", items);
        List<Long> progress = new ArrayList<>();

        Fixtures all = TableExport.of(engine.client()).all(DESIGN, "big", 1, (read, estimate) -> {
            progress.add(read);
            assertThat(estimate).isEqualTo(600);
        });

        assertThat(all.items()).hasSize(600);
        assertThat(progress).hasSize(2).containsExactly(progress.get(0), 600L);
    }

    @Test
    void writes_entities_in_entity_form_and_the_rest_raw() {
        Provisioner.of(engine).provision(DESIGN, "shop", SHOP.itemMaps());

        String exported = TableExport.of(engine.client()).collections(DESIGN, "shop",
                List.of(AttributeValue.fromS("CUSTOMER#1"), AttributeValue.fromS("TEAM#engines"))).toYaml();

        assertThat(exported).startsWith("""
                items:
                  - PK: CUSTOMER#1
                    SK: ADDRESS#home
                    active: true
                    city: Paris
                    gone: null
                    zip: "75001"
                  - entity: Order
                    customerId: 1
                    orderId: 1
                    lines:
                      - 1
                      - two
                      - sku: s-1
                    note:\s""");
        assertThat(exported).contains("""
                  - entity: Order
                    customerId: 1
                    orderId: 3
                    openSince: 2026-01-01
                """).contains("""
                  - entity: Customer
                    customerId: 1
                    name: Customer 1
                    photo: !!binary |-
                      aGVsbG8=
                    score: 39.9
                    tags: !ss
                      - a
                      - b
                """).endsWith("""
                  - PK: TEAM#engines
                    SK: USER#ada
                    role: owner
                    teamId: engines
                    userId: ada
                """);
    }

    @Test
    void takes_whole_item_collections_as_a_sample() {
        Provisioner.of(engine).provision(DESIGN, "shop", SHOP.itemMaps());

        Fixtures sample = TableExport.of(engine.client()).sample(DESIGN, "shop", 3, ReadProgress.NONE);

        List<String> partitions = sample.items().stream().map(i -> i.item().get("PK").s()).distinct().toList();
        assertThat(partitions).hasSize(3);
        for (String partition : partitions) {
            assertThat(sample.items().stream().filter(i -> i.item().get("PK").s().equals(partition)))
                    .hasSize((int) SHOP.items().stream().map(FixtureItem::item)
                            .filter(i -> i.get("PK").s().equals(partition)).count());
        }
    }

    @Test
    void fails_with_the_endpoint_error_for_a_table_that_is_not_there() {
        assertThatThrownBy(() -> TableExport.of(engine.client()).all(DESIGN, "nothing", 2, ReadProgress.NONE))
                .isInstanceOf(ResourceNotFoundException.class);
    }
}
