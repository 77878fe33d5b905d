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
 * attributes it projects; on an index keyed on several attributes, a partition is one combination of their values
 * and its items are in the order of the sort attributes, the first deciding, each by its type; sizes are counted by the one value model ({@link DynamoValues#itemSize}). The design
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
     * @param partition the partition key value: the values of its attributes, in key order
     * @param rows      its items, in sort key order
     */
    public record Collection(List<AttributeValue> partition, List<Row> rows) {

        /** Copies the partition and the rows. */
        public Collection {
            partition = List.copyOf(partition);
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
     * @param partitionKey the partition key's attributes, in key order
     * @param sortKey      the sort key's attributes, in key order; empty when there is none
     * @param collections  the collections, in partition key order
     */
    public record View(Optional<IndexDesign> index, List<String> partitionKey, List<String> sortKey,
            List<Collection> collections) {

        /** Copies the lists. */
        public View {
            partitionKey = List.copyOf(partitionKey);
            sortKey = List.copyOf(sortKey);
            collections = List.copyOf(collections);
        }

        /**
         * @param collection one of its collections
         * @return how messages name its partition: {@code PK=CUSTOMER#42}, or {@code tenantId=acme, region=eu}
         */
        public String describe(Collection collection) {
            List<String> values = new ArrayList<>();
            for (int i = 0; i < partitionKey.size(); i++) {
                values.add(partitionKey.get(i) + "=" + DynamoValues.text(collection.partition().get(i)));
            }
            return String.join(", ", values);
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
        views.add(view(Optional.empty(), List.of(design.partitionKey()), design.sortKey().stream().toList(),
                fixtures.items(), design));
        for (IndexDesign index : design.indexes()) {
            views.add(view(Optional.of(index), index.partitionKey(), index.sortKey(), fixtures.items(), design));
        }
        return views;
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
        index.keyAttributes().forEach(k -> names.add(k.name()));
        names.addAll(index.nonKeyAttributes());
        Map<String, AttributeValue> held = new LinkedHashMap<>();
        names.stream().filter(item::containsKey).forEach(name -> held.put(name, item.get(name)));
        return held;
    }

    private static View view(Optional<IndexDesign> index, List<KeyAttribute> partition, List<KeyAttribute> sort,
            List<FixtureItem> items, TableDesign design) {
        Map<List<AttributeValue>, List<Row>> partitions = new TreeMap<>(ItemCollections::comparePartitions);
        for (FixtureItem fixture : items) {
            Map<String, AttributeValue> item = fixture.item();
            if (index.isPresent() && !index.get().holds(item)) {
                continue;
            }
            Map<String, AttributeValue> held = index.map(i -> projected(item, i, design)).orElse(item);
            partitions.computeIfAbsent(partition.stream().map(k -> item.get(k.name())).toList(),
                    p -> new ArrayList<>()).add(new Row(held, fixture, DynamoValues.itemSize(held)));
        }
        Comparator<Row> sortOrder = (a, b) -> 0;
        for (KeyAttribute key : sort) {
            sortOrder = sortOrder.thenComparing(row -> row.item().get(key.name()), DynamoValues.KEY_ORDER);
        }
        List<Collection> collections = new ArrayList<>();
        for (Map.Entry<List<AttributeValue>, List<Row>> entry : partitions.entrySet()) {
            entry.getValue().sort(sortOrder);
            collections.add(new Collection(entry.getKey(), entry.getValue()));
        }
        return new View(index, names(partition), names(sort), collections);
    }

    /** Partitions in the order of their first attribute's value, then the next one's. */
    private static int comparePartitions(List<AttributeValue> a, List<AttributeValue> b) {
        for (int i = 0; i < a.size(); i++) {
            int order = DynamoValues.KEY_ORDER.compare(a.get(i), b.get(i));
            if (order != 0) {
                return order;
            }
        }
        return 0;
    }

    private static List<String> names(List<KeyAttribute> keys) {
        return keys.stream().map(KeyAttribute::name).toList();
    }
}
