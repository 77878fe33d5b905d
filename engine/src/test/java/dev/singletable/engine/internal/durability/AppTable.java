package dev.singletable.engine.internal.durability;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * The table the durability tests write, {@code app}: a partition key {@code PK}, and GSI1 on {@code GSI1PK}
 * projecting everything, so that after a recovery a test can check the index against the table.
 */
final class AppTable {
    static final String NAME = "app";

    private AppTable() {
    }

    static void create(DynamoDbClient client) {
        client.createTable(b -> b.tableName(NAME).billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(a -> a.attributeName("PK").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("GSI1PK").attributeType(ScalarAttributeType.S))
                .keySchema(k -> k.attributeName("PK").keyType(KeyType.HASH))
                .globalSecondaryIndexes(g -> g.indexName("GSI1").keySchema(k -> k.attributeName("GSI1PK")
                        .keyType(KeyType.HASH)).projection(p -> p.projectionType(ProjectionType.ALL))));
    }

    /** An item in the table and its index, with a payload of the size given. */
    static Map<String, AttributeValue> item(String pk, int payloadBytes) {
        return Map.of("PK", AttributeValue.fromS(pk), "GSI1PK", AttributeValue.fromS("ALL"),
                "payload", AttributeValue.fromS("x".repeat(payloadBytes)));
    }

    static Map<String, AttributeValue> key(String pk) {
        return Map.of("PK", AttributeValue.fromS(pk));
    }

    /** The keys the table holds, after checking that its index holds the same items. */
    static List<String> keys(DynamoDbClient client) {
        List<String> table = new ArrayList<>();
        client.scanPaginator(b -> b.tableName(NAME)).items().forEach(item -> table.add(item.get("PK").s()));
        List<String> index = new ArrayList<>();
        client.scanPaginator(b -> b.tableName(NAME).indexName("GSI1")).items().forEach(item -> index.add(item.get("PK").s()));
        assertThat(index).as("the keys in GSI1").containsExactlyInAnyOrderElementsOf(table);
        return table;
    }
}
