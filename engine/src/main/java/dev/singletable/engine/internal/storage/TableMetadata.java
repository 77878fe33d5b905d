package dev.singletable.engine.internal.storage;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a table is, apart from its items: its keys and indexes, its tags, its TTL attribute and the settings
 * DescribeTable reports. Immutable; a change makes a new one, which the table then holds.
 *
 * @param attributeDefinitions attribute name to type (S, N, B), in definition order
 * @param sortKey              the sort key, or null
 * @param tags                 tags by key, in the order they were first set
 * @param ttlAttribute         the TTL attribute when TTL is enabled, else null
 */
public record TableMetadata(String name, String arn, String tableId, double creationDateTime, KeyDef partitionKey,
                            KeyDef sortKey, Map<String, String> attributeDefinitions, List<IndexDef> indexes,
                            Map<String, String> tags, TableSettings settings, String ttlAttribute) {

    public TableMetadata {
        attributeDefinitions = ordered(attributeDefinitions);
        indexes = List.copyOf(indexes);
        tags = ordered(tags);
    }

    /** The same table (keys, indexes, tags, TTL) under another name, ARN, id, creation time and settings. */
    public TableMetadata copyAs(String name, String arn, String tableId, double creationDateTime,
                                TableSettings settings) {
        return new TableMetadata(name, arn, tableId, creationDateTime, partitionKey, sortKey, attributeDefinitions,
                indexes, tags, settings, ttlAttribute);
    }

    private static Map<String, String> ordered(Map<String, String> map) {
        return Collections.unmodifiableMap(new LinkedHashMap<>(map));
    }

    public TableMetadata withAttributeDefinitions(Map<String, String> attributeDefinitions) {
        return new TableMetadata(name, arn, tableId, creationDateTime, partitionKey, sortKey, attributeDefinitions,
                indexes, tags, settings, ttlAttribute);
    }

    public TableMetadata withIndexes(List<IndexDef> indexes) {
        return new TableMetadata(name, arn, tableId, creationDateTime, partitionKey, sortKey, attributeDefinitions,
                indexes, tags, settings, ttlAttribute);
    }

    public TableMetadata withTags(Map<String, String> tags) {
        return new TableMetadata(name, arn, tableId, creationDateTime, partitionKey, sortKey, attributeDefinitions,
                indexes, tags, settings, ttlAttribute);
    }

    public TableMetadata withSettings(TableSettings settings) {
        return new TableMetadata(name, arn, tableId, creationDateTime, partitionKey, sortKey, attributeDefinitions,
                indexes, tags, settings, ttlAttribute);
    }

    public TableMetadata withTtlAttribute(String ttlAttribute) {
        return new TableMetadata(name, arn, tableId, creationDateTime, partitionKey, sortKey, attributeDefinitions,
                indexes, tags, settings, ttlAttribute);
    }
}
