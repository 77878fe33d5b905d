package com.example.orders;

import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/**
 * Application code as the tests' users write it, outside the toolkit's packages so that the request log names it
 * as the caller of its Scans.
 */
public final class OrderRepository {

    /** An order as the application sees it. */
    public record Order(String customer, String number) {
    }

    private final DynamoDbClient client;
    private final String table;

    public OrderRepository(DynamoDbClient client, String table) {
        this.client = client;
        this.table = table;
    }

    /** Open orders created between two dates, newest first, as the design says: a Query on GSI1. */
    public List<Map<String, AttributeValue>> openOrders(LocalDate from, LocalDate to) {
        return client.query(q -> q.tableName(table).indexName("GSI1")
                .keyConditionExpression("GSI1PK = :pk AND GSI1SK BETWEEN :from AND :to")
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS("STATUS#OPEN"),
                        ":from", AttributeValue.fromS(from.toString()), ":to", AttributeValue.fromS(to.toString())))
                .scanIndexForward(false)).items();
    }

    /** The same question, oldest first: the wrong order. */
    public QueryResponse openOrdersOldestFirst(LocalDate from, LocalDate to) {
        return client.query(q -> q.tableName(table).indexName("GSI1")
                .keyConditionExpression("GSI1PK = :pk AND GSI1SK BETWEEN :from AND :to")
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS("STATUS#OPEN"),
                        ":from", AttributeValue.fromS(from.toString()), ":to", AttributeValue.fromS(to.toString()))));
    }

    /** The same question answered by a Scan and a filter: what the assertions must catch. */
    public List<Map<String, AttributeValue>> openOrdersByScan() {
        return client.scan(s -> s.tableName(table).filterExpression("#status = :open")
                .expressionAttributeNames(Map.of("#status", "status"))
                .expressionAttributeValues(Map.of(":open", AttributeValue.fromS("OPEN")))).items();
    }

    /** A customer's orders as domain objects. */
    public List<Order> ordersOf(int customerId) {
        return client.query(q -> q.tableName(table)
                .keyConditionExpression("PK = :pk AND begins_with(SK, :order)")
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS("CUSTOMER#" + customerId),
                        ":order", AttributeValue.fromS("ORDER#")))).items().stream()
                .map(item -> new Order(item.get("PK").s(), item.get("SK").s().substring("ORDER#".length())))
                .toList();
    }

    /** A customer's profile, read by key. */
    public Map<String, AttributeValue> customer(int customerId) {
        return client.getItem(g -> g.tableName(table).key(Map.of("PK", AttributeValue.fromS("CUSTOMER#" + customerId),
                "SK", AttributeValue.fromS("PROFILE")))).item();
    }
}
