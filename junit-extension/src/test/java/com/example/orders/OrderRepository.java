package com.example.orders;

import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Application code as users write it, outside the toolkit's packages, so that it is the caller a Scan names. */
public final class OrderRepository {
    private final DynamoDbClient client;
    private final String table;

    public OrderRepository(DynamoDbClient client, String table) {
        this.client = client;
        this.table = table;
    }

    /** The mistake the Scan guard exists for: reads the whole index and filters. */
    public List<Map<String, AttributeValue>> openOrdersByScan() {
        return client.scan(r -> r.tableName(table).indexName("GSI1").filterExpression("#status = :open")
                .expressionAttributeNames(Map.of("#status", "status"))
                .expressionAttributeValues(Map.of(":open", AttributeValue.fromS("OPEN")))).items();
    }

    /** The same question answered right: one Query on the index. */
    public List<Map<String, AttributeValue>> openOrders() {
        return client.query(r -> r.tableName(table).indexName("GSI1").keyConditionExpression("GSI1PK = :pk")
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS("STATUS#OPEN")))).items();
    }

    /** An export that means to read everything. */
    public int countEverything() {
        return client.scan(r -> r.tableName(table)).count();
    }
}
