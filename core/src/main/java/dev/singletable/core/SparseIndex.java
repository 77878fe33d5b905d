package dev.singletable.core;

import dev.singletable.fixtures.FixtureItem;
import dev.singletable.fixtures.Fixtures;
import dev.singletable.fixtures.IndexDesign;
import java.util.List;
import java.util.Objects;

/**
 * A secondary index that holds only some of the fixture items: DynamoDB puts an item in an index only when the
 * item has the index's key attributes, and a single-table design leaves them out on purpose (an entity template
 * whose parameters an item lacks writes no index key).
 *
 * @param index        the index
 * @param itemsHeld    how many fixture items it holds
 * @param fixtureItems how many items the fixtures write to the table
 */
public record SparseIndex(IndexDesign index, int itemsHeld, int fixtureItems) {

    /** Validates the components. */
    public SparseIndex {
        Objects.requireNonNull(index, "index");
    }

    /**
     * @param fixtures the fixtures of a design
     * @return the design's indexes that hold fewer items than the table, in declaration order
     */
    public static List<SparseIndex> of(Fixtures fixtures) {
        List<FixtureItem> items = fixtures.items();
        return fixtures.design().indexes().stream()
                .map(index -> new SparseIndex(index, (int) items.stream().filter(i -> index.holds(i.item())).count(),
                        items.size()))
                .filter(sparse -> sparse.itemsHeld() < sparse.fixtureItems())
                .toList();
    }

    /** @return {@code index GSI1 holds 3 of the 16 items} */
    @Override
    public String toString() {
        return "index " + index.name() + " holds " + itemsHeld + " of the " + fixtureItems + " item"
                + (fixtureItems == 1 ? "" : "s");
    }
}
