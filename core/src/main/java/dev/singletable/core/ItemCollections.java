package dev.singletable.core;

import dev.singletable.fixtures.DynamoValues;
import dev.singletable.fixtures.FixtureItem;
import dev.singletable.fixtures.Fixtures;
import dev.singletable.fixtures.IndexDesign;
import dev.singletable.fixtures.KeyAttribute;
import dev.singletable.fixtures.TableDesign;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;

/**
 * The fixtures' items grouped as a Query sees them: by partition key, each partition's items in sort key order,
 * for the table and for every index. An index holds only the items that have its keys (a sparse index), with the
 * attributes it projects; sizes are counted by the one value model ({@link DynamoValues#itemSize}). The design
 * lint, the cost estimate and the report read the design's data through it.
 *
 * <pre>{@code
 * for (ItemCollections.View view : ItemCollections.of(fixtures)) {
 *     System.out.println(view.name() + ": " + view.items() + " items in " + view.collections().size() + " partitions");
 * }
 * }</pre>
 */
public final class ItemCollections {

    /**
     * One item as the table or an index holds it.
     *
     * @param item   the attributes held: all of them in the table, the projected ones in an index
     * @param source the fixture item it comes from (its entity and where it is written)
     * @param size   the size of what is held, counted as DynamoDB does
     */
    public record Row(Map<String, AttributeValue> item, FixtureItem source, long size) {

        /** Copies the item. */
        public Row {
            item = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(item));
        }

        /** @return the entity of the item, or an empty string when no entity's templates match it */
        public String entity() {
            return source.entity() == null ? "" : source.entity();
        }
    }

    /**
     * The items of one partition key value: an item collection.
     *
     * @param partition the partition key value
     * @param rows      its items, in sort key order
     */
    public record Collection(AttributeValue partition, List<Row> rows) {

        /** Copies the rows. */
        public Collection {
            rows = List.copyOf(rows);
        }

        /** @return the bytes its items hold together */
        public long bytes() {
            return rows.stream().mapToLong(Row::size).sum();
        }
    }

    /**
     * The table or an index with its collections.
     *
     * @param index        the index, empty for the table
     * @param partitionKey the partition key attribute
     * @param sortKey      the sort key attribute, if any
     * @param collections  the collections, in partition key order
     */
    public record View(Optional<IndexDesign> index, String partitionKey, Optional<String> sortKey,
            List<Collection> collections) {

        /** Copies the collections. */
        public View {
            collections = List.copyOf(collections);
        }

        /** @return {@code table}, or the index's name */
        public String name() {
            return index.map(IndexDesign::name).orElse("table");
        }

        /** @return {@code the table} or {@code index GSI1}: how messages name it */
        public String describe() {
            return index.map(i -> "index " + i.name()).orElse("the table");
        }

        /** @return how many items it holds */
        public int items() {
            return collections.stream().mapToInt(c -> c.rows().size()).sum();
        }

        /** @return the bytes it holds */
        public long bytes() {
            return collections.stream().mapToLong(Collection::bytes).sum();
        }
    }

    private ItemCollections() {
    }

    /**
     * @param fixtures the items of a design
     * @return the table's view, then one per index in declaration order
     */
    public static List<View> of(Fixtures fixtures) {
        TableDesign design = fixtures.design();
        List<View> views = new ArrayList<>();
        views.add(view(Optional.empty(), design.partitionKey(), design.sortKey(), fixtures.items(), design));
        for (IndexDesign index : design.indexes()) {
            views.add(view(Optional.of(index), index.partitionKey(), index.sortKey(), fixtures.items(), design));
        }
        return views;
    }

    /**
     * @param item  an item of the design's table
     * @param index an index of the design
     * @return whether the index holds the item: it has the index's key attributes (else the index is sparse there)
     */
    public static boolean holds(Map<String, AttributeValue> item, IndexDesign index) {
        return item.containsKey(index.partitionKey().name())
                && index.sortKey().map(s -> item.containsKey(s.name())).orElse(true);
    }

    /**
     * @param item   an item the index holds
     * @param index  an index
     * @param design the design the index belongs to
     * @return the attributes the index holds of it: the table's and its own keys, and what its projection adds
     */
    public static Map<String, AttributeValue> projected(Map<String, AttributeValue> item, IndexDesign index,
            TableDesign design) {
        if (index.projection() == ProjectionType.ALL) {
            return item;
        }
        Set<String> names = new LinkedHashSet<>();
        design.primaryKey().forEach(k -> names.add(k.name()));
        names.add(index.partitionKey().name());
        index.sortKey().ifPresent(k -> names.add(k.name()));
        names.addAll(index.nonKeyAttributes());
        Map<String, AttributeValue> held = new LinkedHashMap<>();
        names.stream().filter(item::containsKey).forEach(name -> held.put(name, item.get(name)));
        return held;
    }

    private static View view(Optional<IndexDesign> index, KeyAttribute partition, Optional<KeyAttribute> sort,
            List<FixtureItem> items, TableDesign design) {
        Map<AttributeValue, List<Row>> partitions = new TreeMap<>(DynamoValues.KEY_ORDER);
        for (FixtureItem fixture : items) {
            Map<String, AttributeValue> item = fixture.item();
            if (index.isPresent() && !holds(item, index.get())) {
                continue;
            }
            Map<String, AttributeValue> held = index.map(i -> projected(item, i, design)).orElse(item);
            partitions.computeIfAbsent(item.get(partition.name()), p -> new ArrayList<>())
                    .add(new Row(held, fixture, DynamoValues.itemSize(held)));
        }
        List<Collection> collections = new ArrayList<>();
        partitions.forEach((value, rows) -> {
            sort.ifPresent(s -> rows.sort(Comparator.comparing(r -> r.item().get(s.name()), DynamoValues.KEY_ORDER)));
            collections.add(new Collection(value, rows));
        });
        return new View(index, partition.name(), sort.map(KeyAttribute::name), collections);
    }
}
