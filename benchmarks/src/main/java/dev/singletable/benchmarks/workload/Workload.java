package dev.singletable.benchmarks.workload;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.Select;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * The single-table workload: customers with orders under {@code CUSTOMER#n}, orders on GSI1 by status and
 * date. The same SDK calls run against every target, so the figures compare endpoints, not code.
 */
final class Workload {
    static final int CUSTOMERS = 200;
    static final int ORDERS_PER_CUSTOMER = 20;
    private static final String[] STATUSES = {"OPEN", "SHIPPED", "DELIVERED", "CANCELLED"};

    private final DynamoDbClient client;
    private final String table;
    private final Random random = new Random(42);
    private int written;

    Workload(DynamoDbClient client, String table) {
        this.client = client;
        this.table = table;
    }

    void createTable() {
        client.createTable(b -> b.tableName(table).billingMode(BillingMode.PAY_PER_REQUEST)
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
                        .projection(p -> p.projectionType(ProjectionType.ALL))));
        client.waiter().waitUntilTableExists(b -> b.tableName(table));
    }

    void deleteTable() {
        client.deleteTable(b -> b.tableName(table));
    }

    /**
     * What the table answers to a Scan count, one partition Query and one GSI1 Query page (its keys), for checking
     * that the targets agree. Not measured.
     */
    String fingerprint() {
        int items = client.scanPaginator(b -> b.tableName(table).select(Select.COUNT)).stream()
                .mapToInt(ScanResponse::count).sum();
        int orders = client.query(b -> b.tableName(table).keyConditionExpression("PK = :pk AND begins_with(SK, :prefix)")
                .expressionAttributeValues(Map.of(":pk", s("CUSTOMER#7"), ":prefix", s("ORDER#")))).count();
        List<String> page = client.query(b -> b.tableName(table).indexName("GSI1")
                        .keyConditionExpression("GSI1PK = :s AND GSI1SK BETWEEN :from AND :to")
                        .expressionAttributeValues(Map.of(":s", s("STATUS#OPEN"), ":from", s("2026-03"), ":to", s("2026-09")))
                        .scanIndexForward(false).limit(20))
                .items().stream().map(item -> item.get("GSI1SK").s()).toList();
        if (orders != ORDERS_PER_CUSTOMER || page.size() != 20) {
            throw new IllegalStateException(table + ": expected " + ORDERS_PER_CUSTOMER + " orders and a page of 20, got "
                    + orders + " and " + page.size());
        }
        return items + " items, " + orders + " orders of CUSTOMER#7, GSI1 page " + page.get(0) + " … "
                + page.get(page.size() - 1);
    }

    /** Writes one batch of 25 items of the seed; returns false when the seed is complete. */
    boolean seedBatch() {
        int total = CUSTOMERS * (ORDERS_PER_CUSTOMER + 1);
        if (written >= total) {
            return false;
        }
        List<WriteRequest> batch = new ArrayList<>();
        while (batch.size() < 25 && written < total) {
            batch.add(WriteRequest.builder().putRequest(PutRequest.builder().item(seedItem(written++)).build()).build());
        }
        Map<String, List<WriteRequest>> pending = Map.of(table, batch);
        while (!pending.isEmpty()) {
            Map<String, List<WriteRequest>> request = pending;
            pending = client.batchWriteItem(b -> b.requestItems(request)).unprocessedItems();
        }
        return true;
    }

    private Map<String, AttributeValue> seedItem(int n) {
        int customer = n / (ORDERS_PER_CUSTOMER + 1);
        int order = n % (ORDERS_PER_CUSTOMER + 1);
        Map<String, AttributeValue> item = new HashMap<>();
        item.put("PK", s("CUSTOMER#" + customer));
        if (order == 0) {
            item.put("SK", s("PROFILE"));
            item.put("name", s("Customer " + customer));
            item.put("email", s("customer" + customer + "@example.com"));
        } else {
            String status = STATUSES[(customer + order) % STATUSES.length];
            String date = String.format("2026-%02d-%02dT10:00:00Z", 1 + order % 12, 1 + customer % 28);
            item.put("SK", s(String.format("ORDER#%05d", order)));
            item.put("GSI1PK", s("STATUS#" + status));
            item.put("GSI1SK", s(date + "#" + customer + "#" + order));
            item.put("total", AttributeValue.fromN(String.format("%d.%02d", 10 + order, customer % 100)));
            item.put("lines", AttributeValue.fromN(Integer.toString(1 + order % 5)));
            item.put("note", s("x".repeat(120)));
        }
        return item;
    }

    void getItem() {
        int customer = random.nextInt(CUSTOMERS);
        client.getItem(b -> b.tableName(table).key(key("CUSTOMER#" + customer, "PROFILE")));
    }

    void putItem() {
        int customer = random.nextInt(CUSTOMERS);
        Map<String, AttributeValue> item = new HashMap<>(key("CUSTOMER#" + customer, "ADDRESS#" + random.nextInt(5)));
        item.put("street", s("Main Street " + random.nextInt(1000)));
        client.putItem(b -> b.tableName(table).item(item));
    }

    void conditionalUpdate() {
        int customer = random.nextInt(CUSTOMERS);
        client.updateItem(b -> b.tableName(table).key(key("CUSTOMER#" + customer, "PROFILE"))
                .updateExpression("SET visits = if_not_exists(visits, :zero) + :one")
                .conditionExpression("attribute_exists(PK)")
                .expressionAttributeValues(Map.of(":zero", AttributeValue.fromN("0"), ":one", AttributeValue.fromN("1"))));
    }

    void queryPartition() {
        int customer = random.nextInt(CUSTOMERS);
        client.query(b -> b.tableName(table).keyConditionExpression("PK = :pk AND begins_with(SK, :prefix)")
                .expressionAttributeValues(Map.of(":pk", s("CUSTOMER#" + customer), ":prefix", s("ORDER#"))));
    }

    void queryIndex() {
        String status = STATUSES[random.nextInt(STATUSES.length)];
        client.query(b -> b.tableName(table).indexName("GSI1")
                .keyConditionExpression("GSI1PK = :s AND GSI1SK BETWEEN :from AND :to")
                .expressionAttributeValues(Map.of(":s", s("STATUS#" + status), ":from", s("2026-03"), ":to", s("2026-09")))
                .scanIndexForward(false).limit(20));
    }

    void scanAll() {
        int count = 0;
        for (ScanResponse page : client.scanPaginator(b -> b.tableName(table))) {
            count += page.count();
        }
        if (count < CUSTOMERS * (ORDERS_PER_CUSTOMER + 1)) {
            throw new IllegalStateException(table + ": a Scan found only " + count + " items");
        }
    }

    private static Map<String, AttributeValue> key(String pk, String sk) {
        return Map.of("PK", s(pk), "SK", s(sk));
    }

    private static AttributeValue s(String value) {
        return AttributeValue.fromS(value);
    }
}
