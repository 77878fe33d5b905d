package dev.singletable.report;

import dev.singletable.fixtures.DynamoValues;
import dev.singletable.fixtures.FixtureItem;
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
 * The items grouped as a Query sees them: by partition key, each partition's items in sort key order, for the
 * table and for every index (an index holds only the items that have its keys, with the attributes it projects).
 * On an index keyed on several attributes, a partition is one combination of their values, and its items are in
 * the order of the sort attributes, the first deciding, each by its type.
 */
final class ItemCollections {
    /** One item as the table or an index holds it. */
    record Row(Map<String, AttributeValue> item, String entity, long size) {
    }

    /** The items of one partition key value: the values of the partition key's attributes, in key order. */
    record Collection(List<AttributeValue> partition, List<Row> rows) {
        long bytes() {
            return rows.stream().mapToLong(Row::size).sum();
        }
    }

    /**
     * The table or an index with its collections.
     *
     * @param name         {@code table} or the index name
     * @param index        the index, empty for the table
     * @param partitionKey the partition key's attributes
     * @param sortKey      the sort key's attributes; empty when there is none
     * @param collections  the collections, in partition key order
     */
    record View(String name, Optional<IndexDesign> index, List<String> partitionKey, List<String> sortKey,
            List<Collection> collections) {
        int items() {
            return collections.stream().mapToInt(c -> c.rows().size()).sum();
        }
    }

    private ItemCollections() {
    }

    /** The table's view, then one per index in declaration order. */
    static List<View> of(TableDesign design, List<FixtureItem> items) {
        List<View> views = new ArrayList<>();
        views.add(view("table", Optional.empty(), List.of(design.partitionKey()), design.sortKey().stream().toList(),
                items, design));
        for (IndexDesign index : design.indexes()) {
            views.add(view(index.name(), Optional.of(index), index.partitionKey(), index.sortKey(), items, design));
        }
        return views;
    }

    private static View view(String name, Optional<IndexDesign> index, List<KeyAttribute> partition,
            List<KeyAttribute> sort, List<FixtureItem> items, TableDesign design) {
        Comparator<Map<String, AttributeValue>> sortOrder = (a, b) -> 0;
        for (KeyAttribute key : sort) {
            sortOrder = sortOrder.thenComparing(item -> item.get(key.name()), DynamoValues.KEY_ORDER);
        }
        Map<List<AttributeValue>, List<Row>> partitions = new TreeMap<>(ItemCollections::comparePartitions);
        for (FixtureItem fixture : items) {
            Map<String, AttributeValue> item = fixture.item();
            // Sparse index: an item without every index key attribute is not in it (the table's items have its keys).
            if (index.filter(i -> !i.holds(item)).isPresent()) {
                continue;
            }
            Map<String, AttributeValue> held = index.map(i -> projected(item, i, design)).orElse(item);
            partitions.computeIfAbsent(partition.stream().map(k -> item.get(k.name())).toList(),
                    p -> new ArrayList<>()).add(new Row(held, fixture.entity() == null ? "" : fixture.entity(),
                            DynamoValues.itemSize(held)));
        }
        Comparator<Row> rowOrder = Comparator.comparing(Row::item, sortOrder);
        List<Collection> collections = new ArrayList<>();
        partitions.forEach((values, rows) -> {
            rows.sort(rowOrder);
            collections.add(new Collection(values, List.copyOf(rows)));
        });
        return new View(name, index, names(partition), names(sort), List.copyOf(collections));
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

    /** The attributes an index holds: the table's and its own keys, and what its projection adds. */
    private static Map<String, AttributeValue> projected(Map<String, AttributeValue> item, IndexDesign index,
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
}
