package dev.singletable.engine.items;

import static dev.singletable.engine.AttributeValues.item;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.singletable.engine.DynamoDbEngine;
import dev.singletable.engine.Transport;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;

/**
 * An engine per test with the tables the item tests write to, reached over each {@link Transport} in turn (a
 * subclass runs once per transport), and the checks every refusal gets: its type, its exact message, and that
 * nothing changed.
 *
 * <ul>
 *   <li>{@code app} — a single-table design: {@code PK}/{@code SK} (S); GSI {@code GSI1} on {@code GSI1PK}/{@code GSI1SK}
 *       (S, ALL); GSI {@code ByScore} on {@code score} (N, hash only, KEYS_ONLY); GSI {@code AlsoByOwner} and
 *       {@code ByOwner} both on {@code owner} (S, KEYS_ONLY), so clashes name the alphabetically first.</li>
 *   <li>{@code events} — {@code PK} (S), {@code at} (N) with LSI {@code ByKind} on {@code kind} (S, KEYS_ONLY).</li>
 *   <li>{@code simple} — {@code id} (S), hash only, no index.</li>
 *   <li>{@code numbers} — {@code n} (N) hash, {@code b} (B) range.</li>
 * </ul>
 */
@ParameterizedClass
@EnumSource(Transport.class)
abstract class ItemsTestBase {
    static final String APP = "app";
    static final String EVENTS = "events";
    static final String SIMPLE = "simple";
    static final String NUMBERS = "numbers";

    DynamoDbEngine engine;
    DynamoDbClient client;

    /** The transport this run of the test class goes through. */
    @Parameter
    Transport transport;

    @BeforeEach
    void startEngine() {
        engine = DynamoDbEngine.create();
        client = transport.client(engine);
        client.createTable(b -> b.tableName(APP).billingMode(BillingMode.PAY_PER_REQUEST)
                .keySchema(hash("PK"), range("SK"))
                .attributeDefinitions(attribute("PK", "S"), attribute("SK", "S"), attribute("GSI1PK", "S"),
                        attribute("GSI1SK", "S"), attribute("score", "N"), attribute("owner", "S"))
                .globalSecondaryIndexes(gsi("GSI1", ProjectionType.ALL, hash("GSI1PK"), range("GSI1SK")),
                        gsi("ByScore", ProjectionType.KEYS_ONLY, hash("score")),
                        gsi("ByOwner", ProjectionType.KEYS_ONLY, hash("owner")),
                        gsi("AlsoByOwner", ProjectionType.KEYS_ONLY, hash("owner"))));
        client.createTable(b -> b.tableName(EVENTS).billingMode(BillingMode.PAY_PER_REQUEST)
                .keySchema(hash("PK"), range("at"))
                .attributeDefinitions(attribute("PK", "S"), attribute("at", "N"), attribute("kind", "S"))
                .localSecondaryIndexes(LocalSecondaryIndex.builder().indexName("ByKind")
                        .keySchema(hash("PK"), range("kind"))
                        .projection(Projection.builder().projectionType(ProjectionType.KEYS_ONLY).build()).build()));
        client.createTable(b -> b.tableName(SIMPLE).billingMode(BillingMode.PAY_PER_REQUEST)
                .keySchema(hash("id")).attributeDefinitions(attribute("id", "S")));
        client.createTable(b -> b.tableName(NUMBERS).billingMode(BillingMode.PAY_PER_REQUEST)
                .keySchema(hash("n"), range("b")).attributeDefinitions(attribute("n", "N"), attribute("b", "B")));
    }

    @AfterEach
    void stopEngine() {
        engine.close();
    }

    /** The key of an {@code app} item. */
    static Map<String, AttributeValue> key(String pk, String sk) {
        return item("PK", pk, "SK", sk);
    }

    void put(String table, Map<String, AttributeValue> item) {
        client.putItem(b -> b.tableName(table).item(item));
    }

    /** The item with this key, or null. */
    Map<String, AttributeValue> get(String table, Map<String, AttributeValue> key) {
        var response = client.getItem(b -> b.tableName(table).key(key).consistentRead(true));
        return response.hasItem() ? response.item() : null;
    }

    /** Every item of every table, in a stable order: what "nothing changed" compares. */
    Map<String, List<Map<String, AttributeValue>>> contents() {
        Map<String, List<Map<String, AttributeValue>>> contents = new LinkedHashMap<>();
        for (String table : List.of(APP, EVENTS, SIMPLE, NUMBERS)) {
            List<Map<String, AttributeValue>> items = new ArrayList<>(client.scan(b -> b.tableName(table)).items());
            items.sort(Comparator.comparing(Object::toString));
            contents.put(table, items);
        }
        return contents;
    }

    /** Asserts the call fails with a ValidationException with exactly this message, and changes nothing. */
    void assertValidation(ThrowingCallable call, String message) {
        assertRefused(call, DynamoDbException.class, "ValidationException", message);
    }

    /**
     * Asserts the call fails with a ValidationException and changes nothing, and returns the message, for
     * messages with a part that varies (the service prints its objects' hashes in some).
     */
    String validationMessage(ThrowingCallable call) {
        Map<String, List<Map<String, AttributeValue>>> before = contents();
        DynamoDbException e = catchThrowableOfType(DynamoDbException.class, call);
        assertThat(e).as("expected ValidationException").isNotNull();
        assertThat(e.awsErrorDetails().errorCode()).isEqualTo("ValidationException");
        assertThat(contents()).as("nothing changed").isEqualTo(before);
        return e.awsErrorDetails().errorMessage();
    }

    /** Asserts the call fails with this exception type, error code and message, and changes nothing. */
    <E extends DynamoDbException> E assertRefused(ThrowingCallable call, Class<E> type, String code, String message) {
        Map<String, List<Map<String, AttributeValue>>> before = contents();
        E e = catchThrowableOfType(type, call);
        assertThat(e).as("expected %s", code).isNotNull();
        assertThat(e.awsErrorDetails().errorCode()).isEqualTo(code);
        assertThat(e.awsErrorDetails().errorMessage()).isEqualTo(message);
        assertThat(e.statusCode()).isEqualTo(400);
        assertThat(contents()).as("nothing changed").isEqualTo(before);
        return e;
    }

    static KeySchemaElement hash(String name) {
        return KeySchemaElement.builder().attributeName(name).keyType(KeyType.HASH).build();
    }

    static KeySchemaElement range(String name) {
        return KeySchemaElement.builder().attributeName(name).keyType(KeyType.RANGE).build();
    }

    static AttributeDefinition attribute(String name, String type) {
        return AttributeDefinition.builder().attributeName(name).attributeType(type).build();
    }

    static GlobalSecondaryIndex gsi(String name, ProjectionType projection, KeySchemaElement... keys) {
        return GlobalSecondaryIndex.builder().indexName(name).keySchema(keys)
                .projection(Projection.builder().projectionType(projection).build()).build();
    }
}
