package dev.singletable.engine.reads;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;

/** Small builders for the read tests: attribute values, items, tables, and the checks every refusal gets. */
final class Items {
    private Items() {
    }

    /** A string of the given length, to make items of a known size. */
    static String padding(int length) {
        return "x".repeat(length);
    }

    /** The values of one attribute of each item, as strings (S or N). */
    static List<String> values(List<Map<String, AttributeValue>> items, String attribute) {
        List<String> values = new ArrayList<>();
        for (Map<String, AttributeValue> item : items) {
            AttributeValue value = item.get(attribute);
            values.add(value == null ? null : value.s() != null ? value.s() : value.n());
        }
        return values;
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

    static Projection projection(ProjectionType type, String... nonKeyAttributes) {
        Projection.Builder projection = Projection.builder().projectionType(type);
        if (nonKeyAttributes.length > 0) {
            projection.nonKeyAttributes(nonKeyAttributes);
        }
        return projection.build();
    }

    static GlobalSecondaryIndex gsi(String name, String partition, String sort, Projection projection) {
        GlobalSecondaryIndex.Builder index = GlobalSecondaryIndex.builder().indexName(name).projection(projection);
        return sort == null ? index.keySchema(hash(partition)).build() : index.keySchema(hash(partition), range(sort)).build();
    }

    static LocalSecondaryIndex lsi(String name, String partition, String sort, Projection projection) {
        return LocalSecondaryIndex.builder().indexName(name).keySchema(hash(partition), range(sort))
                .projection(projection).build();
    }

    /** An on-demand table with a string partition key PK and string sort key SK. */
    static void createTable(DynamoDbClient client, String name) {
        client.createTable(onDemand(name).keySchema(hash("PK"), range("SK"))
                .attributeDefinitions(attribute("PK", "S"), attribute("SK", "S")).build());
    }

    static CreateTableRequest.Builder onDemand(String name) {
        return CreateTableRequest.builder().tableName(name).billingMode(BillingMode.PAY_PER_REQUEST);
    }

    /** Asserts a ValidationException with exactly this message. */
    static void assertValidation(ThrowingCallable call, String message) {
        assertThatThrownBy(call).isInstanceOfSatisfying(DynamoDbException.class, e -> {
            assertThat(e.awsErrorDetails().errorCode()).isEqualTo("ValidationException");
            assertThat(e.awsErrorDetails().errorMessage()).isEqualTo(message);
        });
    }
}
