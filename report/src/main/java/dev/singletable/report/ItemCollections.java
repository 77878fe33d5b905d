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
 */
final class ItemCollections {
    /** One item as the table or an index holds it. */
    record Row(Map<String, AttributeValue> item, String entity, long size) {
    }

    /** The items of one partition key value. */
    record Collection(AttributeValue partition, List<Row> rows) {
        long bytes() {
            return rows.stream().mapToLong(Row::size).sum();
        }
    }

    /**
     * The table or an index with its collections.
     *
     * @param name         {@code table} or the index name
     * @param index        the index, empty for the table
     * @param partitionKey the partition key attribute
     * @param sortKey      the sort key attribute, if any
     * @param collections  the collections, in partition key order
     */
    record View(String name, Optional<IndexDesign> index, String partitionKey, Optional<String> sortKey,
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
        views.add(view("table", Optional.empty(), design.partitionKey(), design.sortKey(), items, design));
        for (IndexDesign index : design.indexes()) {
            views.add(view(index.name(), Optional.of(index), index.partitionKey(), index.sortKey(), items, design));
        }
        return views;
    }

    private static View view(String name, Optional<IndexDesign> index, KeyAttribute partition,
            Optional<KeyAttribute> sort, List<FixtureItem> items, TableDesign design) {
        Map<AttributeValue, List<Row>> partitions = new TreeMap<>(DynamoValues.KEY_ORDER);
        for (FixtureItem fixture : items) {
            Map<String, AttributeValue> item = fixture.item();
            // Sparse index: an item without the index keys is not in it.
            if (!item.containsKey(partition.name()) || sort.filter(s -> !item.containsKey(s.name())).isPresent()) {
                continue;
            }
            Map<String, AttributeValue> held = index.map(i -> projected(item, i, design)).orElse(item);
            partitions.computeIfAbsent(item.get(partition.name()), p -> new ArrayList<>())
                    .add(new Row(held, fixture.entity() == null ? "" : fixture.entity(),
                            DynamoValues.itemSize(held)));
        }
        List<Collection> collections = new ArrayList<>();
        partitions.forEach((value, rows) -> {
            sort.ifPresent(s -> rows.sort(Comparator.comparing(r -> r.item().get(s.name()),
                    DynamoValues.KEY_ORDER)));
            collections.add(new Collection(value, List.copyOf(rows)));
        });
        return new View(name, index, partition.name(), sort.map(KeyAttribute::name), List.copyOf(collections));
    }

    /** The attributes an index holds: the table's and its own keys, and what its projection adds. */
    private static Map<String, AttributeValue> projected(Map<String, AttributeValue> item, IndexDesign index,
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
}
