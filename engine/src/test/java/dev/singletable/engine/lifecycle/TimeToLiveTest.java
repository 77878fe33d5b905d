package dev.singletable.engine.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;

import dev.singletable.engine.DynamoDbEngine;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class TimeToLiveTest {
    static final Instant START = Instant.parse("2026-01-01T00:00:00Z");

    DynamoDbEngine engine;
    DynamoDbClient client;

    @BeforeEach
    void start() {
        engine = DynamoDbEngine.builder().clock(Clock.fixed(START, ZoneOffset.UTC)).build();
        client = engine.client();
        Tables.createOrders(client, "app");
        client.updateTimeToLive(b -> b.tableName("app").timeToLiveSpecification(t -> t.enabled(true).attributeName("expiresAt")));
    }

    @AfterEach
    void stop() {
        engine.close();
    }

    @Test
    void should_delete_an_item_once_the_clock_passes_its_expiry() {
        put("SESSION#1", AttributeValue.fromN(Long.toString(START.plus(Duration.ofDays(1)).getEpochSecond())));

        engine.clock().advance(Duration.ofHours(23));
        assertThat(exists("SESSION#1")).isTrue();

        engine.clock().advance(Duration.ofHours(1));
        assertThat(exists("SESSION#1")).isFalse();
    }

    @Test
    void should_also_remove_the_item_from_its_indexes() {
        Map<String, AttributeValue> item = new HashMap<>(Tables.item("SESSION#1", "S"));
        item.put("expiresAt", AttributeValue.fromN(Long.toString(START.getEpochSecond() + 60)));
        item.put("GSI1PK", AttributeValue.fromS("ACTIVE"));
        item.put("GSI1SK", AttributeValue.fromS("1"));
        client.putItem(b -> b.tableName("app").item(item));

        engine.clock().advance(Duration.ofMinutes(2));

        assertThat(client.query(b -> b.tableName("app").indexName("GSI1").keyConditionExpression("GSI1PK = :a")
                .expressionAttributeValues(Map.of(":a", AttributeValue.fromS("ACTIVE")))).count()).isZero();
    }

    @Test
    void should_never_expire_a_ttl_that_is_not_a_number_or_lies_more_than_five_years_back() {
        put("SESSION#string", AttributeValue.fromS(Long.toString(START.getEpochSecond())));
        put("SESSION#ancient", AttributeValue.fromN(Long.toString(START.minus(Duration.ofDays(6 * 365)).getEpochSecond())));

        engine.clock().advance(Duration.ofDays(1));

        assertThat(exists("SESSION#string")).isTrue();
        assertThat(exists("SESSION#ancient")).isTrue();
    }

    @Test
    void should_keep_expired_items_readable_for_the_configured_delay_as_dynamodb_does() {
        try (DynamoDbEngine delayed = DynamoDbEngine.builder().clock(Clock.fixed(START, ZoneOffset.UTC))
                .ttlDelay(Duration.ofDays(2)).build()) {
            DynamoDbClient c = delayed.client();
            Tables.createOrders(c, "app");
            c.updateTimeToLive(b -> b.tableName("app").timeToLiveSpecification(t -> t.enabled(true).attributeName("expiresAt")));
            Map<String, AttributeValue> item = new HashMap<>(Tables.item("SESSION#1", "S"));
            item.put("expiresAt", AttributeValue.fromN(Long.toString(START.getEpochSecond())));
            c.putItem(b -> b.tableName("app").item(item));

            delayed.clock().advance(Duration.ofDays(1));
            assertThat(c.getItem(b -> b.tableName("app").key(Tables.key("SESSION#1", "S"))).hasItem()).isTrue();
            delayed.clock().advance(Duration.ofDays(1));
            assertThat(c.getItem(b -> b.tableName("app").key(Tables.key("SESSION#1", "S"))).hasItem()).isFalse();
        }
    }

    @Test
    void should_leave_items_alone_when_ttl_is_not_enabled() {
        client.updateTimeToLive(b -> b.tableName("app").timeToLiveSpecification(t -> t.enabled(false).attributeName("expiresAt")));
        put("SESSION#1", AttributeValue.fromN(Long.toString(START.getEpochSecond())));

        engine.clock().advance(Duration.ofDays(1));

        assertThat(exists("SESSION#1")).isTrue();
    }

    private void put(String pk, AttributeValue expiresAt) {
        Map<String, AttributeValue> item = new HashMap<>(Tables.item(pk, "S"));
        item.put("expiresAt", expiresAt);
        client.putItem(b -> b.tableName("app").item(item));
    }

    private boolean exists(String pk) {
        return client.getItem(b -> b.tableName("app").key(Tables.key(pk, "S"))).hasItem();
    }
}
