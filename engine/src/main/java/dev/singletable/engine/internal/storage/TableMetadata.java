package dev.singletable.engine.internal.storage;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a table is, apart from its items: its keys and indexes and the settings DescribeTable reports.
 * Settings the engine only stores and describes (billing, throughput, streams, SSE, table class) are kept as
 * they will be described; guarded by the engine's lock like the items.
 */
public final class TableMetadata {
    private final String name;
    private final String arn;
    private final String tableId;
    private final double creationDateTime;
    private final KeyDef partitionKey;
    private final KeyDef sortKey;
    private final Map<String, String> attributeDefinitions;
    private List<IndexDef> indexes;
    private final Map<String, String> tags = new LinkedHashMap<>();
    /** Extra description members (BillingModeSummary, ProvisionedThroughput, StreamSpecification, …). */
    private final ObjectNode settings;
    private String ttlAttribute;

    public TableMetadata(String name, String arn, String tableId, double creationDateTime, KeyDef partitionKey,
                         KeyDef sortKey, Map<String, String> attributeDefinitions, List<IndexDef> indexes,
                         ObjectNode settings) {
        this.name = name;
        this.arn = arn;
        this.tableId = tableId;
        this.creationDateTime = creationDateTime;
        this.partitionKey = partitionKey;
        this.sortKey = sortKey;
        this.attributeDefinitions = new LinkedHashMap<>(attributeDefinitions);
        this.indexes = List.copyOf(indexes);
        this.settings = settings;
    }

    /**
     * The same table under another name, ARN, id and creation time: keys, indexes, tags, time to live and a deep
     * copy of the settings, which the copy changes apart from this one.
     */
    public TableMetadata copyAs(String name, String arn, String tableId, double creationDateTime) {
        TableMetadata copy = new TableMetadata(name, arn, tableId, creationDateTime, partitionKey, sortKey,
                attributeDefinitions, indexes, settings.deepCopy());
        copy.tags.putAll(tags);
        copy.ttlAttribute = ttlAttribute;
        return copy;
    }

    public String name() {
        return name;
    }

    public String arn() {
        return arn;
    }

    public String tableId() {
        return tableId;
    }

    public double creationDateTime() {
        return creationDateTime;
    }

    public KeyDef partitionKey() {
        return partitionKey;
    }

    /** The sort key, or null. */
    public KeyDef sortKey() {
        return sortKey;
    }

    /** Attribute name to type (S, N, B), in definition order; grows when UpdateTable adds an index. */
    public Map<String, String> attributeDefinitions() {
        return attributeDefinitions;
    }

    public List<IndexDef> indexes() {
        return indexes;
    }

    void setIndexes(List<IndexDef> indexes) {
        this.indexes = List.copyOf(indexes);
    }

    /** Tags by key, in the order they were first set. */
    public Map<String, String> tags() {
        return tags;
    }

    /** Description members the engine stores as given and reports back. */
    public ObjectNode settings() {
        return settings;
    }

    /** The TTL attribute when TTL is enabled, else null. */
    public String ttlAttribute() {
        return ttlAttribute;
    }

    public void setTtlAttribute(String ttlAttribute) {
        this.ttlAttribute = ttlAttribute;
    }
}
