package com.example.shop;

import java.util.List;
import java.util.Map;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Repository;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbTable;
import software.amazon.awssdk.enhanced.dynamodb.Key;
import software.amazon.awssdk.enhanced.dynamodb.TableSchema;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The application's data access: the table name from its property, both kinds of client. */
@Repository
public class ShopRepository {
    private final DynamoDbClient client;
    private final DynamoDbTable<Customer> customers;
    private final String table;

    public ShopRepository(DynamoDbClient client, DynamoDbEnhancedClient enhanced,
            @Value("${shop.table-name}") String table) {
        this.client = client;
        this.customers = enhanced.table(table, TableSchema.fromBean(Customer.class));
        this.table = table;
    }

    public String table() {
        return table;
    }

    public Customer customer(String id) {
        return customers.getItem(Key.builder().partitionValue("CUSTOMER#" + id).sortValue("PROFILE").build());
    }

    public void save(Customer customer) {
        customers.putItem(customer);
    }

    public int ordersOf(String customerId) {
        return client.query(r -> r.tableName(table).keyConditionExpression("PK = :pk AND begins_with(SK, :o)")
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS("CUSTOMER#" + customerId),
                        ":o", AttributeValue.fromS("ORDER#")))).count();
    }

    /** The mistake the Scan guard is for. */
    public List<Map<String, AttributeValue>> everything() {
        return client.scan(r -> r.tableName(table)).items();
    }
}
