package dev.singletable.engine.lifecycle;

import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;

/** The single-table shape these tests use: PK/SK and GSI1 on GSI1PK/GSI1SK. */
final class Tables {
    private Tables() {
    }

    static void createOrders(DynamoDbClient client, String name) {
        create(client, name, null);
    }

    static void createWithStream(DynamoDbClient client, String name, StreamViewType viewType) {
        create(client, name, viewType);
    }

    private static void create(DynamoDbClient client, String name, StreamViewType viewType) {
        client.createTable(b -> {
            b.tableName(name).billingMode(BillingMode.PAY_PER_REQUEST)
                    .attributeDefinitions(
                            a -> a.attributeName("PK").attributeType(ScalarAttributeType.S),
                            a -> a.attributeName("SK").attributeType(ScalarAttributeType.S),
                            a -> a.attributeName("GSI1PK").attributeType(ScalarAttributeType.S),
                            a -> a.attributeName("GSI1SK").attributeType(ScalarAttributeType.S))
                    .keySchema(k -> k.attributeName("PK").keyType(KeyType.HASH),
                            k -> k.attributeName("SK").keyType(KeyType.RANGE))
                    .globalSecondaryIndexes(g -> g.indexName("GSI1")
                            .keySchema(k -> k.attributeName("GSI1PK").keyType(KeyType.HASH),
                                    k -> k.attributeName("GSI1SK").keyType(KeyType.RANGE))
                            .projection(p -> p.projectionType(ProjectionType.ALL)));
            if (viewType != null) {
                b.streamSpecification(s -> s.streamEnabled(true).streamViewType(viewType));
            }
        });
    }

    static Map<String, AttributeValue> key(String pk, String sk) {
        return Map.of("PK", AttributeValue.fromS(pk), "SK", AttributeValue.fromS(sk));
    }

    static Map<String, AttributeValue> item(String pk, String sk) {
        return key(pk, sk);
    }
}
