package dev.singletable.engine.internal.ops.reads;

import dev.singletable.engine.internal.DynamoException;
import dev.singletable.engine.internal.expr.KeySchema;
import dev.singletable.engine.internal.storage.IndexData;
import dev.singletable.engine.internal.storage.IndexDef;
import dev.singletable.engine.internal.storage.Item;
import dev.singletable.engine.internal.storage.KeyDef;
import dev.singletable.engine.internal.storage.SortedItems;
import dev.singletable.engine.internal.storage.Table;
import dev.singletable.engine.internal.value.Value;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a Query or Scan reads: a table, or one of its secondary indexes. Knows the keys that order it, the keys
 * a LastEvaluatedKey carries (on an index, the index keys and the table keys) and what an index projects.
 */
final class ReadTarget {
    private final Table table;
    private final IndexData index;
    private final List<KeyDef> startKey;

    private ReadTarget(Table table, IndexData index) {
        this.table = table;
        this.index = index;
        List<KeyDef> keys = new ArrayList<>();
        keys.add(table.partitionKey());
        if (table.sortKey() != null) {
            keys.add(table.sortKey());
        }
        if (index != null) {
            index.definition().keys().forEach(key -> addIfAbsent(keys, key));
        }
        this.startKey = List.copyOf(keys);
    }

    private static void addIfAbsent(List<KeyDef> keys, KeyDef key) {
        for (KeyDef present : keys) {
            if (present.name().equals(key.name())) {
                return;
            }
        }
        keys.add(key);
    }

    /** The table, or the named index of it (a ValidationException when it has none of that name). */
    static ReadTarget of(Table table, String indexName) {
        if (indexName == null) {
            return new ReadTarget(table, null);
        }
        IndexData index = table.index(indexName).orElseThrow(() ->
                DynamoException.validation("The table does not have the specified index: " + indexName));
        return new ReadTarget(table, index);
    }

    Table table() {
        return table;
    }

    /** What a Query or Scan reads: the table's items or the index's entries. */
    SortedItems entries() {
        return index == null ? table.items() : index.entries();
    }

    /** The index read, or null when reading the table. */
    IndexData index() {
        return index;
    }

    IndexDef indexDefinition() {
        return index == null ? null : index.definition();
    }

    boolean isGlobalIndex() {
        return index != null && index.definition().global();
    }

    boolean isLocalIndex() {
        return index != null && !index.definition().global();
    }

    /** The index name for the request log and ConsumedCapacity, null for the table. */
    String indexName() {
        return index == null ? null : index.definition().name();
    }

    /** The partition key's attributes of the table or index. */
    List<KeyDef> partitionKeys() {
        return index == null ? List.of(table.partitionKey()) : index.definition().partitionKeys();
    }

    /** The sort key's attributes of the table or index; empty when it has none. */
    List<KeyDef> sortKeys() {
        if (index != null) {
            return index.definition().sortKeys();
        }
        return table.sortKey() == null ? List.of() : List.of(table.sortKey());
    }

    /** The key attributes of the table or index: the partition key's, then the sort key's. */
    List<KeyDef> keys() {
        List<KeyDef> keys = new ArrayList<>(partitionKeys());
        keys.addAll(sortKeys());
        return keys;
    }

    /** The value the table or index partitions an entry (or a key naming every partition attribute) by. */
    Value partitionOf(Map<String, Value> keyAttributes) {
        return index == null ? keyAttributes.get(table.partitionKey().name())
                : index.definition().partitionOf(keyAttributes);
    }

    /** The key schema a KeyConditionExpression is checked against. */
    KeySchema keySchema() {
        return new KeySchema(attributes(partitionKeys()), attributes(sortKeys()));
    }

    /** A loop, not a stream: this runs for every Query, and a stream pipeline costs it about a microsecond. */
    private static List<KeySchema.Attribute> attributes(List<KeyDef> keys) {
        KeySchema.Attribute[] attributes = new KeySchema.Attribute[keys.size()];
        for (int i = 0; i < attributes.length; i++) {
            attributes[i] = new KeySchema.Attribute(keys.get(i).name(), keys.get(i).type());
        }
        return List.of(attributes);
    }

    /** Whether every entry read holds this attribute when present on the item (always true for the table). */
    boolean projects(String attribute) {
        return index == null || index.definition().projects(attribute, table.partitionKey(), table.sortKey());
    }

    /** The attributes, in order, that this target does not project. */
    List<String> unprojected(Collection<String> attributes) {
        return attributes.stream().filter(a -> !projects(a)).toList();
    }

    /** Whether entries are whole items (the table, or an index projecting ALL). */
    boolean holdsWholeItems() {
        return index == null || index.definition().projectsAll();
    }

    /** The table item an index entry was made from. */
    Item tableItem(Item entry) {
        return table.get(table.keyOf(entry.attributes()));
    }

    /** The key attributes an ExclusiveStartKey and a LastEvaluatedKey hold: table keys, then index keys. */
    List<KeyDef> startKeyAttributes() {
        return startKey;
    }

    /**
     * Checks an ExclusiveStartKey: exactly the key attributes of {@link #startKeyAttributes()}, with their
     * declared types; it need not be the key of an existing item.
     */
    void checkStartKey(Map<String, Value> startKey, String invalid) {
        boolean matches = startKey.size() == this.startKey.size() && this.startKey.stream().allMatch(def -> {
            Value value = startKey.get(def.name());
            return value != null && value.type().equals(def.type());
        });
        if (!matches) {
            throw DynamoException.validation(invalid);
        }
    }

    /** The LastEvaluatedKey for an entry read. */
    Map<String, Value> lastEvaluatedKey(Item entry) {
        Map<String, Value> key = new LinkedHashMap<>();
        for (KeyDef def : startKey) {
            key.put(def.name(), entry.get(def.name()));
        }
        return key;
    }

}
