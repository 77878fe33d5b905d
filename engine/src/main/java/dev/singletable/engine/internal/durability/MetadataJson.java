package dev.singletable.engine.internal.durability;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.singletable.engine.internal.storage.IndexDef;
import dev.singletable.engine.internal.storage.KeyDef;
import dev.singletable.engine.internal.storage.TableMetadata;
import dev.singletable.engine.internal.storage.TableSettings;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A table's metadata as JSON, for the journal and snapshots. The format is the one the engine has always
 * written (its settings as TableDescription members), so data directories of earlier versions still open.
 */
final class MetadataJson {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private MetadataJson() {
    }

    static ObjectNode write(TableMetadata m) {
        ObjectNode node = NODES.objectNode();
        node.put("name", m.name()).put("arn", m.arn()).put("tableId", m.tableId())
                .put("created", m.creationDateTime());
        node.set("partitionKey", key(m.partitionKey()));
        if (m.sortKey() != null) {
            node.set("sortKey", key(m.sortKey()));
        }
        ObjectNode definitions = node.putObject("attributeDefinitions");
        m.attributeDefinitions().forEach(definitions::put);
        ArrayNode indexes = node.putArray("indexes");
        for (IndexDef index : m.indexes()) {
            ObjectNode i = indexes.addObject().put("name", index.name()).put("global", index.global())
                    .put("projection", index.projectionType());
            i.set("partitionKey", keys(index.partitionKeys()));
            if (!index.sortKeys().isEmpty()) {
                i.set("sortKey", keys(index.sortKeys()));
            }
            ArrayNode nonKey = i.putArray("nonKeyAttributes");
            index.nonKeyAttributes().forEach(nonKey::add);
        }
        ObjectNode tags = node.putObject("tags");
        m.tags().forEach(tags::put);
        node.set("settings", m.settings().toJson());
        if (m.ttlAttribute() != null) {
            node.put("ttl", m.ttlAttribute());
        }
        return node;
    }

    static TableMetadata read(JsonNode node) {
        Map<String, String> definitions = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = node.get("attributeDefinitions").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            definitions.put(e.getKey(), e.getValue().textValue());
        }
        List<IndexDef> indexes = new ArrayList<>();
        for (JsonNode i : node.get("indexes")) {
            List<String> nonKey = new ArrayList<>();
            i.get("nonKeyAttributes").forEach(a -> nonKey.add(a.textValue()));
            indexes.add(new IndexDef(i.get("name").textValue(), i.get("global").booleanValue(),
                    keys(i.get("partitionKey")), keys(i.get("sortKey")), i.get("projection").textValue(), nonKey));
        }
        Map<String, String> tags = new LinkedHashMap<>();
        node.get("tags").fields().forEachRemaining(e -> tags.put(e.getKey(), e.getValue().textValue()));
        return new TableMetadata(node.get("name").textValue(), node.get("arn").textValue(),
                node.get("tableId").textValue(), node.get("created").doubleValue(), key(node.get("partitionKey")),
                key(node.get("sortKey")), definitions, indexes, tags, TableSettings.read(node.get("settings")),
                node.has("ttl") ? node.get("ttl").textValue() : null);
    }

    private static ObjectNode key(KeyDef key) {
        return NODES.objectNode().put("name", key.name()).put("type", key.type());
    }

    /** One key attribute as an object, as it always was; the attributes of a multi-attribute key as an array. */
    private static JsonNode keys(List<KeyDef> keys) {
        if (keys.size() == 1) {
            return key(keys.get(0));
        }
        ArrayNode array = NODES.arrayNode();
        keys.forEach(key -> array.add(key(key)));
        return array;
    }

    private static List<KeyDef> keys(JsonNode node) {
        if (node == null || node.isNull()) {
            return List.of();
        }
        if (node.isArray()) {
            List<KeyDef> keys = new ArrayList<>();
            node.forEach(key -> keys.add(key(key)));
            return keys;
        }
        return List.of(key(node));
    }

    private static KeyDef key(JsonNode node) {
        return node == null || node.isNull() ? null : new KeyDef(node.get("name").textValue(), node.get("type").textValue());
    }
}
