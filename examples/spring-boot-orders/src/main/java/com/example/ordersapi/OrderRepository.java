package com.example.ordersapi;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Optional;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Repository;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbIndex;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.enhanced.dynamodb.Expression;
import software.amazon.awssdk.enhanced.dynamodb.Key;
import software.amazon.awssdk.enhanced.dynamodb.TableSchema;
import software.amazon.awssdk.enhanced.dynamodb.model.ConditionCheck;
import software.amazon.awssdk.enhanced.dynamodb.model.PutItemEnhancedRequest;
import software.amazon.awssdk.enhanced.dynamodb.model.QueryConditional;
import software.amazon.awssdk.enhanced.dynamodb.model.QueryEnhancedRequest;
import software.amazon.awssdk.enhanced.dynamodb.model.TransactPutItemEnhancedRequest;
import software.amazon.awssdk.enhanced.dynamodb.model.TransactUpdateItemEnhancedRequest;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * The orders of the design in {@code orders.table.yaml}, over the enhanced client: every read one Query on the
 * table or on GSI1, or a GetItem.
 */
@Repository
public class OrderRepository {
    static final String GSI1 = "GSI1";

    private final DynamoDbEnhancedClient enhanced;
    private final DynamoDbTable<OrderItem> orders;
    private final DynamoDbIndex<OrderItem> byStatus;

    public OrderRepository(DynamoDbEnhancedClient enhanced, @Value("${orders.table-name}") String tableName) {
        this.enhanced = enhanced;
        this.orders = enhanced.table(tableName, TableSchema.fromBean(OrderItem.class));
        this.byStatus = orders.index(GSI1);
    }

    static String customerKey(String customerId) {
        return "CUSTOMER#" + customerId;
    }

    static String orderKey(String orderId) {
        return "ORDER#" + orderId;
    }

    static String statusKey(String status) {
        return "STATUS#" + status;
    }

    /** Access pattern {@code ordersOfCustomer}: a customer's orders, newest order number first. */
    public List<Order> ordersOf(String customerId) {
        return orders.query(QueryEnhancedRequest.builder()
                .queryConditional(QueryConditional.sortBeginsWith(key(customerKey(customerId), "ORDER#")))
                .scanIndexForward(false).build()).items().stream().map(OrderItem::toOrder).toList();
    }

    /** Access pattern {@code ordersByStatus}, on GSI1: the orders of a status placed in a date range, newest first. */
    public List<Order> ordersByStatus(String status, String from, String to) {
        return byStatus.query(QueryEnhancedRequest.builder()
                .queryConditional(QueryConditional.sortBetween(key(statusKey(status), from), key(statusKey(status), to)))
                .scanIndexForward(false).build()).stream().flatMap(page -> page.items().stream())
                .map(OrderItem::toOrder).toList();
    }

    /** Access pattern {@code order}: one order, by its whole key (GetItem). */
    public Optional<Order> find(String customerId, String orderId) {
        return Optional.ofNullable(orders.getItem(key(customerKey(customerId), orderKey(orderId))))
                .map(OrderItem::toOrder);
    }

    /**
     * @param order a new order
     * @return whether it was placed: false when the customer already has an order of that number
     */
    public boolean place(Order order) {
        try {
            orders.putItem(PutItemEnhancedRequest.builder(OrderItem.class).item(OrderItem.of(order))
                    .conditionExpression(Expression.builder().expression("attribute_not_exists(PK)").build())
                    .build());
            return true;
        } catch (ConditionalCheckFailedException exists) {
            return false;
        }
    }

    /**
     * Cancels an open order in one transaction: its status becomes CANCELLED (it moves to {@code STATUS#CANCELLED}
     * on GSI1) only while the customer's profile exists and the order is still open.
     *
     * @throws NoSuchElementException       when there is no such order
     * @throws TransactionCanceledException when it is not open
     */
    public void cancel(String customerId, String orderId) {
        OrderItem order = orders.getItem(key(customerKey(customerId), orderKey(orderId)));
        if (order == null) {
            throw new NoSuchElementException("no order " + orderId + " of customer " + customerId);
        }
        order.setStatus("CANCELLED");
        order.setGSI1PK(statusKey("CANCELLED"));
        enhanced.transactWriteItems(r -> r
                .addConditionCheck(orders, ConditionCheck.builder().key(key(customerKey(customerId), "PROFILE"))
                        .conditionExpression(Expression.builder().expression("attribute_exists(PK)").build()).build())
                .addUpdateItem(orders, TransactUpdateItemEnhancedRequest.builder(OrderItem.class).item(order)
                        .conditionExpression(Expression.builder().expression("#status = :open")
                                .putExpressionName("#status", "status")
                                .putExpressionValue(":open", AttributeValue.fromS("OPEN")).build()).build()));
    }

    /**
     * Orders above an amount, the wrong way: a Scan reads the whole table to keep a few items. No access pattern
     * declares this question; the example keeps it to show what the Scan guard says about it.
     */
    public List<Order> ordersAbove(BigDecimal total) {
        return orders.scan(r -> r.filterExpression(Expression.builder()
                .expression("begins_with(SK, :order) AND #total > :total").putExpressionName("#total", "total")
                .expressionValues(Map.of(":order", AttributeValue.fromS("ORDER#"),
                        ":total", AttributeValue.fromN(total.toPlainString()))).build()))
                .items().stream().map(OrderItem::toOrder).toList();
    }

    private static Key key(String partition, String sort) {
        return Key.builder().partitionValue(partition).sortValue(sort).build();
    }
}
