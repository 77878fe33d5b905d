package com.example.ordersapi;

import java.math.BigDecimal;
import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbBean;
import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbPartitionKey;
import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbSecondaryPartitionKey;
import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbSecondarySortKey;
import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbSortKey;

/**
 * An order as the table holds it: under its customer ({@code CUSTOMER#id} / {@code ORDER#id}), and on GSI1 under
 * its status and creation date.
 */
@DynamoDbBean
public class OrderItem {
    private String pk;
    private String sk;
    private String gsi1pk;
    private String gsi1sk;
    private String customerId;
    private String orderId;
    private String status;
    private String createdAt;
    private BigDecimal total;

    static OrderItem of(Order order) {
        OrderItem item = new OrderItem();
        item.setPK(OrderRepository.customerKey(order.customerId()));
        item.setSK(OrderRepository.orderKey(order.orderId()));
        item.setGSI1PK(OrderRepository.statusKey(order.status()));
        item.setGSI1SK(order.createdAt());
        item.setCustomerId(order.customerId());
        item.setOrderId(order.orderId());
        item.setStatus(order.status());
        item.setCreatedAt(order.createdAt());
        item.setTotal(order.total());
        return item;
    }

    Order toOrder() {
        return new Order(customerId, orderId, status, createdAt, total);
    }

    @DynamoDbPartitionKey
    public String getPK() {
        return pk;
    }

    public void setPK(String pk) {
        this.pk = pk;
    }

    @DynamoDbSortKey
    public String getSK() {
        return sk;
    }

    public void setSK(String sk) {
        this.sk = sk;
    }

    @DynamoDbSecondaryPartitionKey(indexNames = OrderRepository.GSI1)
    public String getGSI1PK() {
        return gsi1pk;
    }

    public void setGSI1PK(String gsi1pk) {
        this.gsi1pk = gsi1pk;
    }

    @DynamoDbSecondarySortKey(indexNames = OrderRepository.GSI1)
    public String getGSI1SK() {
        return gsi1sk;
    }

    public void setGSI1SK(String gsi1sk) {
        this.gsi1sk = gsi1sk;
    }

    public String getCustomerId() {
        return customerId;
    }

    public void setCustomerId(String customerId) {
        this.customerId = customerId;
    }

    public String getOrderId() {
        return orderId;
    }

    public void setOrderId(String orderId) {
        this.orderId = orderId;
    }

    public String getStatus() {
        return status;
    }

    public void setStatus(String status) {
        this.status = status;
    }

    public String getCreatedAt() {
        return createdAt;
    }

    public void setCreatedAt(String createdAt) {
        this.createdAt = createdAt;
    }

    public BigDecimal getTotal() {
        return total;
    }

    public void setTotal(BigDecimal total) {
        this.total = total;
    }
}
