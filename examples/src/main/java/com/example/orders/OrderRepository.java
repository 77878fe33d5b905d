package com.example.orders;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * Customers, orders, order lines, teams and users in one DynamoDB table, as {@code orders.table.yaml} designs it:
 * every read is one Query on the table, on the overloaded index GSI1, or on ByCustomerStatus, a global index keyed
 * on the orders' own attributes (customerId, then status and total), so that saving an order writes no key for it.
 *
 * <pre>{@code
 * OrderRepository orders = new OrderRepository(DynamoDbClient.create(), "orders");
 * List<Order> open = orders.ordersByStatus("OPEN", LocalDate.parse("2026-01-01"), LocalDate.parse("2026-01-31"));
 * }</pre>
 */
public final class OrderRepository {
    private static final String GSI1 = "GSI1";
    private static final String BY_CUSTOMER_STATUS = "ByCustomerStatus";

    private final DynamoDbClient client;
    private final String table;

    /**
     * @param client a DynamoDB client
     * @param table  the table's name
     */
    public OrderRepository(DynamoDbClient client, String table) {
        this.client = client;
        this.table = table;
    }

    /** @param customer a customer to create or replace */
    public void save(Customer customer) {
        put(Map.of("PK", s("CUSTOMER#" + customer.id()), "SK", s("PROFILE"), "customerId", s(customer.id()),
                "name", s(customer.name()), "email", s(customer.email())));
    }

    /** @param order an order to create or replace; it is listed under its status from now on */
    public void save(Order order) {
        put(Map.of("PK", s("CUSTOMER#" + order.customerId()), "SK", s("ORDER#" + order.orderId()),
                "GSI1PK", s("STATUS#" + order.status()), "GSI1SK", s(order.createdAt().toString()),
                "customerId", s(order.customerId()), "orderId", s(order.orderId()), "status", s(order.status()),
                "createdAt", s(order.createdAt().toString()), "total", n(order.total())));
    }

    /** @param line an order line to create or replace */
    public void save(OrderLine line) {
        put(Map.of("PK", s("ORDER#" + line.orderId()), "SK", s("LINE#" + line.line()), "orderId", s(line.orderId()),
                "line", s(line.line()), "product", s(line.product()),
                "quantity", n(BigDecimal.valueOf(line.quantity())), "price", n(line.price())));
    }

    /** @param user a user to create or replace; findable by email from now on */
    public void save(User user) {
        put(Map.of("PK", s("USER#" + user.id()), "SK", s("PROFILE"), "GSI1PK", s("EMAIL#" + user.email()),
                "GSI1SK", s("USER"), "userId", s(user.id()), "email", s(user.email()), "name", s(user.name())));
    }

    /**
     * Makes a user a member of a team: the edge is written under both ends in one transaction, so that both
     * {@link #teamsOf(String)} and {@link #membersOf(String)} are one Query.
     *
     * @param teamId the team
     * @param userId the user
     * @param role   the user's role in the team
     */
    public void addMember(String teamId, String userId, String role) {
        Map<String, AttributeValue> edge = Map.of("teamId", s(teamId), "userId", s(userId), "role", s(role));
        client.transactWriteItems(r -> r.transactItems(
                membership(edge, "USER#" + userId, "TEAM#" + teamId),
                membership(edge, "TEAM#" + teamId, "USER#" + userId)));
    }

    /**
     * @param customerId a customer id
     * @return the customer, if there is one (GetItem)
     */
    public Optional<Customer> customer(String customerId) {
        Map<String, AttributeValue> item = client.getItem(r -> r.tableName(table)
                .key(Map.of("PK", s("CUSTOMER#" + customerId), "SK", s("PROFILE")))).item();
        return item.isEmpty() ? Optional.empty() : Optional.of(new Customer(customerId, text(item, "name"),
                text(item, "email")));
    }

    /**
     * Access pattern {@code ordersOfCustomer}.
     *
     * @param customerId a customer id
     * @return the customer's orders, newest order number first
     */
    public List<Order> ordersOf(String customerId) {
        return query(QueryRequest.builder().keyConditionExpression("PK = :pk AND begins_with(SK, :order)")
                .expressionAttributeValues(Map.of(":pk", s("CUSTOMER#" + customerId), ":order", s("ORDER#")))
                .scanIndexForward(false)).stream().map(OrderRepository::order).toList();
    }

    /**
     * Access pattern {@code linesOfOrder}.
     *
     * @param orderId an order number
     * @return its lines, in line order
     */
    public List<OrderLine> linesOf(String orderId) {
        return query(QueryRequest.builder().keyConditionExpression("PK = :pk AND begins_with(SK, :line)")
                .expressionAttributeValues(Map.of(":pk", s("ORDER#" + orderId), ":line", s("LINE#"))))
                .stream().map(item -> new OrderLine(orderId, after("LINE#", item.get("SK")), text(item, "product"),
                        Integer.parseInt(item.get("quantity").n()), new BigDecimal(item.get("price").n())))
                .toList();
    }

    /**
     * Access pattern {@code ordersByStatus}, on GSI1.
     *
     * @param status OPEN, SHIPPED or CANCELLED
     * @param from   the first day
     * @param to     the last day
     * @return the orders of that status placed in those days, newest first
     */
    public List<Order> ordersByStatus(String status, LocalDate from, LocalDate to) {
        return query(QueryRequest.builder().indexName(GSI1)
                .keyConditionExpression("GSI1PK = :status AND GSI1SK BETWEEN :from AND :to")
                .expressionAttributeValues(Map.of(":status", s("STATUS#" + status), ":from", s(from.toString()),
                        ":to", s(to.toString())))
                .scanIndexForward(false)).stream().map(OrderRepository::order).toList();
    }

    /**
     * Access pattern {@code largeOrdersOfCustomer}, on ByCustomerStatus: an equality on the partition attribute and
     * on the first sort attribute, a range on the second, which is a number and sorts as one.
     *
     * @param customerId a customer id
     * @param status     OPEN, SHIPPED or CANCELLED
     * @param minTotal   the smallest total wanted
     * @return the customer's orders of that status worth at least {@code minTotal}, largest first
     */
    public List<Order> largeOrdersOf(String customerId, String status, BigDecimal minTotal) {
        return query(QueryRequest.builder().indexName(BY_CUSTOMER_STATUS)
                .keyConditionExpression("customerId = :customer AND #status = :status AND #total >= :min")
                .expressionAttributeNames(Map.of("#status", "status", "#total", "total"))
                .expressionAttributeValues(Map.of(":customer", s(customerId), ":status", s(status),
                        ":min", n(minTotal)))
                .scanIndexForward(false)).stream().map(OrderRepository::order).toList();
    }

    /**
     * Access pattern {@code userByEmail}, on GSI1.
     *
     * @param email a login email
     * @return the user with that email, if any
     */
    public Optional<User> userByEmail(String email) {
        return query(QueryRequest.builder().indexName(GSI1).keyConditionExpression("GSI1PK = :email AND GSI1SK = :user")
                .expressionAttributeValues(Map.of(":email", s("EMAIL#" + email), ":user", s("USER"))))
                .stream().findFirst().map(item -> new User(after("USER#", item.get("PK")), email, text(item, "name")));
    }

    /**
     * Access pattern {@code teamsOfUser}.
     *
     * @param userId a user id
     * @return the ids of the user's teams
     */
    public List<String> teamsOf(String userId) {
        return edges("USER#" + userId, "TEAM#");
    }

    /**
     * Access pattern {@code membersOfTeam}.
     *
     * @param teamId a team id
     * @return the ids of the team's users
     */
    public List<String> membersOf(String teamId) {
        return edges("TEAM#" + teamId, "USER#");
    }

    /**
     * Orders above an amount, the wrong way: a Scan reads the whole table to keep a few items. No access pattern
     * declares this question; the example keeps it to show what the Scan guard says about it.
     *
     * @param total the amount
     * @return the orders whose total is above it, in no particular order
     */
    public List<Order> ordersAbove(BigDecimal total) {
        return client.scanPaginator(r -> r.tableName(table)
                .filterExpression("begins_with(SK, :order) AND #total > :total")
                .expressionAttributeNames(Map.of("#total", "total"))
                .expressionAttributeValues(Map.of(":order", s("ORDER#"), ":total", n(total))))
                .items().stream().map(OrderRepository::order).toList();
    }

    private List<String> edges(String from, String prefix) {
        return query(QueryRequest.builder().keyConditionExpression("PK = :pk AND begins_with(SK, :prefix)")
                .expressionAttributeValues(Map.of(":pk", s(from), ":prefix", s(prefix))))
                .stream().map(item -> after(prefix, item.get("SK"))).toList();
    }

    /** Every page of the query: a collection may be larger than one 1 MB page. */
    private List<Map<String, AttributeValue>> query(QueryRequest.Builder request) {
        return client.queryPaginator(request.tableName(table).build()).items().stream().toList();
    }

    private void put(Map<String, AttributeValue> item) {
        client.putItem(r -> r.tableName(table).item(item));
    }

    private TransactWriteItem membership(Map<String, AttributeValue> edge, String pk, String sk) {
        Map<String, AttributeValue> item = new HashMap<>(edge);
        item.put("PK", s(pk));
        item.put("SK", s(sk));
        return TransactWriteItem.builder().put(p -> p.tableName(table).item(item)).build();
    }

    private static Order order(Map<String, AttributeValue> item) {
        return new Order(after("CUSTOMER#", item.get("PK")), after("ORDER#", item.get("SK")), text(item, "status"),
                LocalDate.parse(text(item, "createdAt")), new BigDecimal(item.get("total").n()));
    }

    /** The id in a key: {@code CUSTOMER#42} → {@code 42}. */
    private static String after(String prefix, AttributeValue key) {
        return key.s().substring(prefix.length());
    }

    private static String text(Map<String, AttributeValue> item, String name) {
        AttributeValue value = item.get(name);
        return value == null ? null : value.s();
    }

    private static AttributeValue s(String value) {
        return AttributeValue.fromS(value);
    }

    private static AttributeValue n(BigDecimal value) {
        return AttributeValue.fromN(value.toPlainString());
    }
}
