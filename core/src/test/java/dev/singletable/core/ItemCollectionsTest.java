package dev.singletable.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.singletable.fixtures.DynamoValues;
import dev.singletable.fixtures.FixtureSource;
import dev.singletable.fixtures.Fixtures;
import dev.singletable.fixtures.TableDesign;
import java.util.List;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The items as a Query sees them: per view, partitions in key order, projected items and their sizes. */
class ItemCollectionsTest {
    private static final TableDesign DESIGN = TableDesign.parse("""
            table: shop
            key: { partition: PK, sort: SK }
            attributes: { total: N }
            indexes:
              ByStatus: { partition: status, projection: KEYS_ONLY }
              ByTotal: { type: local, sort: total, projection: { include: [note] } }
            """, "shop.table.yaml");
    private static final Fixtures FIXTURES = Fixtures.load(DESIGN, List.of(FixtureSource.ofString("shop.yaml", """
            items:
              - { PK: "C#2", SK: "O#1", status: OPEN, total: 10, note: a, extra: x }
              - { PK: "C#10", SK: "O#2", total: 9 }
              - { PK: "C#2", SK: "O#0", status: OPEN, total: 100 }
            """)));

    @Test
    void groups_the_table_by_partition_in_key_order_with_items_in_sort_key_order() {
        ItemCollections.View table = ItemCollections.of(FIXTURES).get(0);

        assertThat(table.name()).isEqualTo("table");
        assertThat(table.describe()).isEqualTo("the table");
        assertThat(table.collections()).extracting(table::describe).containsExactly("PK=C#10", "PK=C#2");
        assertThat(table.collections().get(1).rows()).extracting(r -> r.item().get("SK").s())
                .containsExactly("O#0", "O#1");
        assertThat(table.items()).isEqualTo(3);
        assertThat(table.bytes()).isEqualTo(FIXTURES.items().stream().mapToLong(i -> DynamoValues.itemSize(i.item()))
                .sum());
    }

    @Test
    void leaves_out_of_an_index_the_items_without_its_keys_and_the_attributes_it_does_not_project() {
        List<ItemCollections.View> views = ItemCollections.of(FIXTURES);
        ItemCollections.View byStatus = views.get(1);
        ItemCollections.View byTotal = views.get(2);

        assertThat(byStatus.describe()).isEqualTo("index ByStatus");
        assertThat(byStatus.items()).as("C#10 has no status").isEqualTo(2);
        assertThat(byStatus.collections().get(0).rows().get(0).item()).containsOnlyKeys("PK", "SK", "status");
        assertThat(byTotal.collections()).extracting(c -> c.partition()).containsExactly(
                List.of(AttributeValue.fromS("C#10")), List.of(AttributeValue.fromS("C#2")));
        ItemCollections.Row first = byTotal.collections().get(1).rows().get(0);
        assertThat(first.item()).as("10 before 100: numbers by value").containsOnlyKeys("PK", "SK", "total", "note");
        assertThat(first.size()).isEqualTo(DynamoValues.itemSize(first.item()));
        assertThat(DESIGN.index("ByStatus").orElseThrow().holds(FIXTURES.items().get(1).item())).isFalse();
    }
}
