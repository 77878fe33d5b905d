package dev.singletable.engine.internal.ops.items;

import dev.singletable.engine.internal.DynamoException;
import dev.singletable.engine.internal.storage.IndexDef;
import dev.singletable.engine.internal.storage.KeyDef;
import dev.singletable.engine.internal.storage.PrimaryKey;
import dev.singletable.engine.internal.storage.Table;
import dev.singletable.engine.internal.value.Sizes;
import dev.singletable.engine.internal.value.Value;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * DynamoDB's rules for the keys a write or read names: the table key, attribute names and
 * the secondary index keys an item gives values to. Every check runs before anything is
 * written, so a refused request changes nothing.
 */
final class ItemKeys {
    static final int MAX_PARTITION_KEY_BYTES = 2048;
    static final int MAX_SORT_KEY_BYTES = 1024;

    /** How a refused empty index key is worded: PutItem and UpdateItem say it differently. */
    enum Form { PUT, UPDATE }

    private ItemKeys() {
    }

    /** The primary key a {@code Key} member names, which must be exactly the table's key attributes. */
    static PrimaryKey ofKey(Table table, Map<String, Value> key) {
        checkKeyShape(table, key);
        checkKeyValues(table, key);
        return table.keyOf(key);
    }

    /** Exactly the key attributes, with the schema's types. */
    static void checkKeyShape(Table table, Map<String, Value> key) {
        KeyDef sort = table.sortKey();
        boolean matches = key.size() == (sort == null ? 1 : 2) && hasType(key, table.partitionKey())
                && (sort == null || hasType(key, sort));
        if (!matches) {
            throw DynamoException.validation("The provided key element does not match the schema");
        }
    }

    /**
     * The key attributes a PutItem item must carry, with their types, values and sizes; returns the item's key.
     * Each key value is looked up once.
     */
    static PrimaryKey checkItemKey(Table table, Map<String, Value> item) {
        Value partition = presentKey(item, table.partitionKey());
        Value sort = table.sortKey() == null ? null : presentKey(item, table.sortKey());
        checkKeyValues(table, partition, sort);
        return new PrimaryKey(partition, sort);
    }

    private static Value presentKey(Map<String, Value> item, KeyDef key) {
        Value value = item.get(key.name());
        if (value == null) {
            throw invalid("Missing the key " + key.name() + " in the item");
        }
        if (!value.type().equals(key.type())) {
            throw invalid("Type mismatch for key " + key.name() + " expected: " + key.type() + " actual: "
                    + value.type());
        }
        return value;
    }

    /** The values and sizes of the table key attributes of a key or item whose shape is already right. */
    static void checkKeyValues(Table table, Map<String, Value> attributes) {
        checkKeyValues(table, attributes.get(table.partitionKey().name()),
                table.sortKey() == null ? null : attributes.get(table.sortKey().name()));
    }

    private static void checkKeyValues(Table table, Value partition, Value sort) {
        checkNotEmpty(table.partitionKey(), partition);
        if (table.sortKey() != null) {
            checkNotEmpty(table.sortKey(), sort);
        }
        checkKeySizes(partition, sort);
    }

    private static void checkNotEmpty(KeyDef key, Value value) {
        if (isEmpty(value)) {
            throw DynamoException.validation("One or more parameter values are not valid. The AttributeValue "
                    + "for a key attribute cannot contain an " + emptyKind(value) + " value. Key: " + key.name());
        }
    }

    /** DynamoDB's limits on one key: 2048 bytes of partition key, 1024 of sort key. */
    private static void checkKeySizes(Value partition, Value sort) {
        if (partition != null && Sizes.valueSize(partition) > MAX_PARTITION_KEY_BYTES) {
            throw invalid("Size of hashkey has exceeded the maximum size limit of" + MAX_PARTITION_KEY_BYTES + " bytes");
        }
        if (sort != null && Sizes.valueSize(sort) > MAX_SORT_KEY_BYTES) {
            throw invalid("Aggregated size of all range keys has exceeded the size limit of " + MAX_SORT_KEY_BYTES
                    + " bytes");
        }
    }

    /**
     * The secondary index key values an item carries must have the declared type, must not be empty
     * and must fit the key size limits. {@code written} limits the check to the attributes an update wrote
     * (null: all of them, as for a whole item).
     */
    static void checkIndexKeys(Table table, Map<String, Value> item, Set<String> written, Form form) {
        DynamoException mismatch = indexTypeMismatch(table, item, written);
        if (mismatch != null) {
            throw mismatch;
        }
        checkIndexKeyValues(table, item, written, form);
    }

    /**
     * The first index key value of the wrong type, or null. Indexes are visited by name, so a value used
     * by several indexes is reported against the alphabetically first. Transactions report it as a cancellation
     * reason rather than a request error, hence apart from {@link #checkIndexKeyValues}.
     */
    static DynamoException indexTypeMismatch(Table table, Map<String, Value> item, Set<String> written) {
        for (IndexDef index : indexesByName(table)) {
            for (KeyDef key : index.keys()) {
                if (!checked(table, key, written)) {
                    continue; // read only what is checked: an update's item decodes each value it is asked for
                }
                Value value = item.get(key.name());
                if (value != null && !value.type().equals(key.type())) {
                    return invalid("Type mismatch for Index Key " + key.name() + " Expected: " + key.type()
                            + " Actual: " + value.type() + " IndexName: " + index.name());
                }
            }
        }
        return null;
    }

    /** Index key values of the right type must not be empty and must fit the key size limits. */
    static void checkIndexKeyValues(Table table, Map<String, Value> item, Set<String> written, Form form) {
        for (IndexDef index : indexesByName(table)) {
            for (KeyDef key : index.keys()) {
                if (!checked(table, key, written)) {
                    continue;
                }
                Value value = item.get(key.name());
                if (value == null || !value.type().equals(key.type())) {
                    continue; // absent: the item is simply not in this index
                }
                if (isEmpty(value)) {
                    throw form == Form.PUT
                            ? DynamoException.validation("One or more parameter values are not valid. A value "
                            + "specified for a secondary index key is not supported. The AttributeValue for a key "
                            + "attribute cannot contain an " + emptyKind(value) + " value. IndexName: " + index.name()
                            + ", IndexKey: " + key.name())
                            : DynamoException.validation("One or more parameter values are not valid. The update "
                            + "expression attempted to update a secondary index key to a value that is not supported. "
                            + "The AttributeValue for a key attribute cannot contain an " + emptyKind(value)
                            + " value.");
                }
                if (index.isPartitionKey(key)) {
                    checkKeySizes(value, null);
                } else {
                    checkKeySizes(null, value);
                }
            }
        }
    }

    /**
     * The indexes as declared when that is by name, as most designs declare them: every item written is checked,
     * and sorting a copy for each (twice) made a bulk load of a thousand items sort two thousand times.
     */
    private static List<IndexDef> indexesByName(Table table) {
        List<IndexDef> indexes = table.metadata().indexes();
        for (int i = 1; i < indexes.size(); i++) {
            if (indexes.get(i - 1).name().compareTo(indexes.get(i).name()) > 0) {
                return indexes.stream().sorted(Comparator.comparing(IndexDef::name)).toList();
            }
        }
        return indexes;
    }

    /** Table key attributes are checked as such; an update's untouched attributes were checked when written. */
    private static boolean checked(Table table, KeyDef key, Set<String> written) {
        return !isTableKey(table, key.name()) && (written == null || written.contains(key.name()));
    }

    /** An update may not write or remove a key attribute. */
    static void checkNotUpdatingKey(Table table, Set<String> written) {
        for (String attribute : written) {
            if (isTableKey(table, attribute)) {
                throw invalid("Cannot update attribute " + attribute + ". This attribute is part of the key");
            }
        }
    }

    /** Attribute names must not be empty. */
    static void checkAttributeNames(Map<String, Value> item) {
        if (item.containsKey("")) {
            throw invalid("Empty attribute name");
        }
    }

    static boolean isTableKey(Table table, String attribute) {
        return attribute.equals(table.partitionKey().name())
                || (table.sortKey() != null && attribute.equals(table.sortKey().name()));
    }

    /** The key attributes of an item (table key only), in schema order. */
    static Map<String, Value> keyAttributes(Table table, Map<String, Value> item) {
        Map<String, Value> key = new LinkedHashMap<>();
        for (KeyDef def : tableKeys(table)) {
            Value value = item.get(def.name());
            if (value != null) {
                key.put(def.name(), value);
            }
        }
        return key;
    }

    /**
     * The attributes that checking a put's item against the table looks up: the table's key, each index's keys and
     * the empty name ({@link #checkAttributeNames}), each once.
     */
    static List<String> namesChecked(Table table) {
        Set<String> names = new LinkedHashSet<>();
        tableKeys(table).forEach(key -> names.add(key.name()));
        table.metadata().indexes().forEach(index -> index.keys().forEach(key -> names.add(key.name())));
        names.add("");
        return List.copyOf(names);
    }

    private static List<KeyDef> tableKeys(Table table) {
        return table.sortKey() == null ? List.of(table.partitionKey()) : List.of(table.partitionKey(), table.sortKey());
    }

    private static boolean hasType(Map<String, Value> key, KeyDef def) {
        return hasType(key.get(def.name()), def);
    }

    /** Whether a value is present and of a key's declared type. */
    static boolean hasType(Value value, KeyDef def) {
        return value != null && value.type().equals(def.type());
    }

    private static boolean isEmpty(Value value) {
        return (value instanceof Value.S s && s.value().isEmpty()) || (value instanceof Value.B b && b.bytes().length == 0);
    }

    private static String emptyKind(Value value) {
        return value instanceof Value.B ? "empty binary" : "empty string";
    }

    private static DynamoException invalid(String reason) {
        return DynamoException.validation("One or more parameter values were invalid: " + reason);
    }
}
