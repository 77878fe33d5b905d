package dev.singletable.engine.multikey;

import static dev.singletable.engine.control.ControlAssertions.attribute;
import static dev.singletable.engine.control.ControlAssertions.hash;
import static dev.singletable.engine.control.ControlAssertions.range;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * The table the multi-attribute key tests share: tasks keyed PK/SK, and the global index ByTenantRegion keyed on
 * [tenantId, region] then [status, priority (N), dueDate] — the items' own attributes, of their own types.
 */
final class Tasks {
    static final String TABLE = "tasks";
    static final String INDEX = "ByTenantRegion";

    private Tasks() {
    }

    static GlobalSecondaryIndex gsi(String name, ProjectionType projection, KeySchemaElement... keys) {
        return GlobalSecondaryIndex.builder().indexName(name).keySchema(keys)
                .projection(p -> p.projectionType(projection)).build();
    }

    /** The index of the tests: two HASH attributes, three RANGE attributes of types S, N, S. */
    static GlobalSecondaryIndex byTenantRegion(ProjectionType projection) {
        return gsi(INDEX, projection, hash("tenantId"), hash("region"), range("status"), range("priority"),
                range("dueDate"));
    }

    static List<AttributeDefinition> definitions() {
        return List.of(attribute("PK", ScalarAttributeType.S), attribute("SK", ScalarAttributeType.S), attribute("tenantId", ScalarAttributeType.S),
                attribute("region", ScalarAttributeType.S), attribute("status", ScalarAttributeType.S), attribute("priority", ScalarAttributeType.N),
                attribute("dueDate", ScalarAttributeType.S));
    }

    /** The on-demand tasks table with the index. */
    static CreateTableRequest.Builder table(ProjectionType projection) {
        return CreateTableRequest.builder().tableName(TABLE).billingMode("PAY_PER_REQUEST")
                .keySchema(hash("PK"), range("SK")).attributeDefinitions(definitions())
                .globalSecondaryIndexes(byTenantRegion(projection));
    }

    /** A task with its index attributes; a null one is left out of the item (which the index then leaves out). */
    static Map<String, AttributeValue> task(String id, String tenant, String region, String status, String priority,
                                            String due) {
        Map<String, AttributeValue> item = new LinkedHashMap<>();
        item.put("PK", AttributeValue.fromS("TASK#" + id));
        item.put("SK", AttributeValue.fromS("TASK"));
        putIfGiven(item, "tenantId", tenant == null ? null : AttributeValue.fromS(tenant));
        putIfGiven(item, "region", region == null ? null : AttributeValue.fromS(region));
        putIfGiven(item, "status", status == null ? null : AttributeValue.fromS(status));
        putIfGiven(item, "priority", priority == null ? null : AttributeValue.fromN(priority));
        putIfGiven(item, "dueDate", due == null ? null : AttributeValue.fromS(due));
        item.put("title", AttributeValue.fromS("task " + id));
        return item;
    }

    private static void putIfGiven(Map<String, AttributeValue> item, String name, AttributeValue value) {
        if (value != null) {
            item.put(name, value);
        }
    }

    /** Eight tasks: six in the index's acme/eu partition or others, one without priority, none of them twice. */
    static void seed(DynamoDbClient client) {
        for (Map<String, AttributeValue> task : List.of(
                task("1", "acme", "eu", "OPEN", "3", "2026-03-10"),
                task("2", "acme", "eu", "OPEN", "10", "2026-03-01"),
                task("3", "acme", "eu", "OPEN", "3", "2026-02-01"),
                task("4", "acme", "eu", "DONE", "1", "2026-01-01"),
                task("5", "acme", "us", "OPEN", "5", "2026-03-05"),
                task("6", "globex", "eu", "OPEN", "2", "2026-03-02"),
                task("7", "acme", "eu", "OPEN", null, "2026-03-03"),
                task("8", "acme", "eu", "OPENED", "1", "2026-01-15"))) {
            client.putItem(b -> b.tableName(TABLE).item(task));
        }
    }

    /** The task ids of items (PK TASK#id), in order. */
    static List<String> ids(List<Map<String, AttributeValue>> items) {
        List<String> ids = new ArrayList<>();
        items.forEach(item -> ids.add(item.get("PK").s().substring("TASK#".length())));
        return ids;
    }

    static List<String> ids(String... ids) {
        return Arrays.asList(ids);
    }
}
