package dev.singletable.engine.internal.ops.control;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.singletable.engine.internal.storage.IndexData;
import dev.singletable.engine.internal.storage.IndexDef;
import dev.singletable.engine.internal.storage.KeyDef;
import dev.singletable.engine.internal.storage.Table;
import dev.singletable.engine.internal.storage.TableMetadata;
import dev.singletable.engine.internal.storage.TableSettings;
import java.util.List;
import java.util.Map;

/**
 * Builds DynamoDB's TableDescription from a table: its definition, its live item count and size, and its
 * {@link TableSettings} under the very member names DynamoDB describes them with.
 */
final class TableDescriptions {
    /** Settings members copied into the description as stored, in DynamoDB's order. */
    static final String PROVISIONED_THROUGHPUT = "ProvisionedThroughput";
    static final String BILLING_MODE_SUMMARY = "BillingModeSummary";
    static final String STREAM_SPECIFICATION = "StreamSpecification";
    static final String LATEST_STREAM_LABEL = "LatestStreamLabel";
    static final String LATEST_STREAM_ARN = "LatestStreamArn";
    static final String SSE_DESCRIPTION = "SSEDescription";
    static final String TABLE_CLASS_SUMMARY = "TableClassSummary";
    static final String DELETION_PROTECTION = "DeletionProtectionEnabled";

    private TableDescriptions() {
    }

    /** The full description DescribeTable, CreateTable and UpdateTable answer with. */
    static ObjectNode describe(Table table) {
        TableMetadata metadata = table.metadata();
        ObjectNode settings = metadata.settings().toJson();
        ObjectNode description = JsonNodeFactory.instance.objectNode();
        ArrayNode definitions = description.putArray("AttributeDefinitions");
        for (Map.Entry<String, String> definition : metadata.attributeDefinitions().entrySet()) {
            definitions.addObject().put("AttributeName", definition.getKey())
                    .put("AttributeType", definition.getValue());
        }
        description.put("TableName", metadata.name());
        description.set("KeySchema", keySchema(List.of(metadata.partitionKey()),
                metadata.sortKey() == null ? List.of() : List.of(metadata.sortKey())));
        description.put("TableStatus", "ACTIVE");
        description.put("CreationDateTime", TableSettings.epochSeconds(metadata.creationDateTime()));
        appendVolatile(table, settings, description);
        ArrayNode locals = JsonNodeFactory.instance.arrayNode();
        ArrayNode globals = JsonNodeFactory.instance.arrayNode();
        for (IndexData index : table.indexes()) {
            (index.definition().global() ? globals : locals).add(index(metadata, settings, index));
        }
        // absent rather than empty when there are none, as DynamoDB sends them
        if (!locals.isEmpty()) {
            description.set("LocalSecondaryIndexes", locals);
        }
        if (!globals.isEmpty()) {
            description.set("GlobalSecondaryIndexes", globals);
        }
        appendSettings(settings, description);
        return description;
    }

    /** What DeleteTable answers: the table DELETING, without its key schema, definitions or indexes. */
    static ObjectNode deleting(Table table) {
        ObjectNode description = JsonNodeFactory.instance.objectNode();
        description.put("TableName", table.name());
        description.put("TableStatus", "DELETING");
        ObjectNode settings = table.metadata().settings().toJson();
        appendVolatile(table, settings, description);
        appendSettings(settings, description);
        return description;
    }

    /** Throughput, size, count, ARN, id and billing summary: the members between the definition and the indexes. */
    private static void appendVolatile(Table table, ObjectNode settings, ObjectNode description) {
        TableMetadata metadata = table.metadata();
        copy(settings, description, PROVISIONED_THROUGHPUT);
        description.put("TableSizeBytes", table.sizeBytes());
        description.put("ItemCount", table.itemCount());
        description.put("TableArn", metadata.arn());
        description.put("TableId", metadata.tableId());
        copy(settings, description, BILLING_MODE_SUMMARY);
    }

    private static void appendSettings(ObjectNode settings, ObjectNode description) {
        for (String member : new String[] {STREAM_SPECIFICATION, LATEST_STREAM_LABEL, LATEST_STREAM_ARN,
                SSE_DESCRIPTION, TABLE_CLASS_SUMMARY, DELETION_PROTECTION, TableSettings.ON_DEMAND_THROUGHPUT,
                TableSettings.WARM_THROUGHPUT}) {
            copy(settings, description, member);
        }
    }

    private static ObjectNode index(TableMetadata metadata, ObjectNode settings, IndexData index) {
        IndexDef definition = index.definition();
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        node.put("IndexName", definition.name());
        node.set("KeySchema", keySchema(definition.partitionKeys(), definition.sortKeys()));
        ObjectNode projection = node.putObject("Projection").put("ProjectionType", definition.projectionType());
        if (definition.projectionType().equals("INCLUDE")) {
            ArrayNode nonKey = projection.putArray("NonKeyAttributes");
            for (String attribute : definition.nonKeyAttributes()) {
                nonKey.add(attribute);
            }
        }
        if (definition.global()) {
            node.put("IndexStatus", "ACTIVE");
            JsonNode throughput = settings.path(TableSettings.INDEX_THROUGHPUT).get(definition.name());
            if (throughput != null) {
                node.set("ProvisionedThroughput", throughput.deepCopy());
            }
        }
        node.put("IndexSizeBytes", index.sizeBytes());
        node.put("ItemCount", index.itemCount());
        node.put("IndexArn", metadata.arn() + "/index/" + definition.name());
        if (definition.global()) {
            JsonNode scaling = settings.path(TableSettings.INDEX_SCALING).path(definition.name());
            copy(scaling, node, TableSettings.ON_DEMAND_THROUGHPUT);
            copy(scaling, node, TableSettings.WARM_THROUGHPUT);
        }
        return node;
    }

    /** A HASH element per partition key attribute, then a RANGE element per sort key attribute, as created. */
    static ArrayNode keySchema(List<KeyDef> partition, List<KeyDef> sort) {
        ArrayNode schema = JsonNodeFactory.instance.arrayNode();
        for (KeyDef key : partition) {
            schema.addObject().put("AttributeName", key.name()).put("KeyType", "HASH");
        }
        for (KeyDef key : sort) {
            schema.addObject().put("AttributeName", key.name()).put("KeyType", "RANGE");
        }
        return schema;
    }

    private static void copy(JsonNode from, ObjectNode to, String member) {
        JsonNode value = from.get(member);
        if (value != null) {
            to.set(member, value.deepCopy());
        }
    }
}
