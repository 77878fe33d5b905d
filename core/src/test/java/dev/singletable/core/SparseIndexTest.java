package dev.singletable.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.singletable.fixtures.FixtureSource;
import dev.singletable.fixtures.Fixtures;
import dev.singletable.fixtures.TableDesign;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which indexes hold only some of the fixture items, and how many. */
class SparseIndexTest {

    private static final TableDesign DESIGN = TableDesign.parse("""
            table: shop
            key: { partition: PK, sort: SK }
            indexes:
              Open: { partition: GSI1PK, sort: GSI1SK }
              ByEmail: { partition: email }
              ByDay: { type: local, sort: day }
            entities:
              Customer: { PK: "CUSTOMER#{customerId}", SK: PROFILE }
              Order:
                PK: "CUSTOMER#{customerId}"
                SK: "ORDER#{orderId}"
                GSI1PK: "OPEN#{openSince}"
                GSI1SK: "{orderId}"
                day: "{day}"
            """, "shop.table.yaml");

    private static Fixtures fixtures(String yaml) {
        return Fixtures.load(DESIGN, List.of(FixtureSource.ofString("shop.fixtures.yaml", yaml)));
    }

    @Test
    void names_each_index_that_holds_fewer_items_than_the_table() {
        List<SparseIndex> sparse = SparseIndex.of(fixtures("""
                items:
                  - { entity: Customer, customerId: 1, email: ada@example.com }
                  - { entity: Order, customerId: 1, orderId: "1", openSince: 2026-01-05, day: 2026-01-05 }
                  - { entity: Order, customerId: 1, orderId: "2", day: 2026-01-06 }
                """));

        assertThat(sparse).extracting(SparseIndex::toString).containsExactly("index Open holds 1 of the 3 items",
                "index ByEmail holds 1 of the 3 items", "index ByDay holds 2 of the 3 items");
    }

    @Test
    void names_no_index_that_holds_every_item() {
        assertThat(SparseIndex.of(fixtures("""
                items:
                  - { entity: Order, customerId: 1, orderId: "1", openSince: x, day: y, email: e }
                """))).isEmpty();
    }
}
