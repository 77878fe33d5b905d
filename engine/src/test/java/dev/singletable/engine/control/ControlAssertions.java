package dev.singletable.engine.control;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/** Shared vocabulary of the control-plane tests: requests that are valid unless a test says otherwise, and error checks. */
public final class ControlAssertions {
    private ControlAssertions() {
    }

    /** Runs the call, expects an error of exactly this type, and checks its code and bare message. */
    public static <E extends DynamoDbException> E assertError(Class<E> type, String code, String message, ThrowingCallable call) {
        E error = catchThrowableOfType(type, call);
        assertThat(error).as("expected %s", code).isNotNull();
        assertThat(error.getClass()).isEqualTo(type);
        assertThat(error.statusCode()).isEqualTo(400);
        assertThat(error.awsErrorDetails().errorCode()).isEqualTo(code);
        assertThat(error.awsErrorDetails().errorMessage()).isEqualTo(message);
        return error;
    }

    /** A ValidationException, which SDK v2 surfaces as a plain DynamoDbException. */
    public static DynamoDbException assertValidation(String message, ThrowingCallable call) {
        return assertError(DynamoDbException.class, "ValidationException", message, call);
    }

    public static KeySchemaElement hash(String name) {
        return KeySchemaElement.builder().attributeName(name).keyType(KeyType.HASH).build();
    }

    public static KeySchemaElement range(String name) {
        return KeySchemaElement.builder().attributeName(name).keyType(KeyType.RANGE).build();
    }

    public static AttributeDefinition attribute(String name, ScalarAttributeType type) {
        return AttributeDefinition.builder().attributeName(name).attributeType(type).build();
    }

    public static AttributeDefinition string(String name) {
        return attribute(name, ScalarAttributeType.S);
    }

    /** An on-demand table keyed PK/SK (both strings): the single-table layout. */
    static CreateTableRequest.Builder singleTable(String name) {
        return CreateTableRequest.builder()
                .tableName(name)
                .keySchema(hash("PK"), range("SK"))
                .attributeDefinitions(string("PK"), string("SK"))
                .billingMode("PAY_PER_REQUEST");
    }
}
