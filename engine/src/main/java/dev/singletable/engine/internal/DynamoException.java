package dev.singletable.engine.internal;

import java.util.Map;

/**
 * An error answered to the client exactly as DynamoDB answers it: a namespaced {@code __type}, a message and an
 * HTTP status. Everything the engine refuses is one of these; anything else escaping a handler is a bug (and
 * is answered as an InternalServerError rather than a stack trace).
 */
public final class DynamoException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private static final String DYNAMO = "com.amazonaws.dynamodb.v20120810#";
    private static final String CORAL_VALIDATE = "com.amazon.coral.validate#";
    private static final String CORAL_SERVICE = "com.amazon.coral.service#";

    private final String namespace;
    private final String type;
    private final int status;
    private final transient Map<String, Object> extraFields;

    private DynamoException(String namespace, String type, String message, int status, Map<String, Object> extraFields) {
        super(message, null, false, false);
        this.namespace = namespace;
        this.type = type;
        this.status = status;
        this.extraFields = extraFields;
    }

    public static DynamoException validation(String message) {
        return new DynamoException(CORAL_VALIDATE, "ValidationException", message, 400, Map.of());
    }

    public static DynamoException serialization(String message) {
        return new DynamoException(CORAL_SERVICE, "SerializationException", message, 400, Map.of());
    }

    public static DynamoException unknownOperation(String message) {
        return new DynamoException(CORAL_SERVICE, "UnknownOperationException", message, 400, Map.of());
    }

    public static DynamoException accessDenied(String type, String message) {
        return new DynamoException(CORAL_SERVICE, type, message, 400, Map.of());
    }

    public static DynamoException throttling(String message) {
        return throttling(message, Map.of());
    }

    /** A ThrottlingException that carries more fields in its body (ThrottlingReasons). */
    public static DynamoException throttling(String message, Map<String, Object> extraFields) {
        return new DynamoException("com.amazon.coral.availability#", "ThrottlingException", message, 400, extraFields);
    }

    /** A DynamoDB-specific error such as ResourceNotFoundException, answered with HTTP 400. */
    public static DynamoException of(String type, String message) {
        return new DynamoException(DYNAMO, type, message, 400, Map.of());
    }

    /** A DynamoDB-specific error that carries more fields in its body (an old Item, CancellationReasons). */
    public static DynamoException of(String type, String message, Map<String, Object> extraFields) {
        return new DynamoException(DYNAMO, type, message, 400, extraFields);
    }

    public static DynamoException internal(String message) {
        return new DynamoException(DYNAMO, "InternalServerError", message, 500, Map.of());
    }

    public static DynamoException resourceNotFound() {
        return of("ResourceNotFoundException", "Requested resource not found");
    }

    public static DynamoException conditionalCheckFailed(Map<String, Object> extraFields) {
        return of("ConditionalCheckFailedException", "The conditional request failed", extraFields);
    }

    public String type() {
        return type;
    }

    public String qualifiedType() {
        return namespace + type;
    }

    public int status() {
        return status;
    }

    /** Fields sent in the error body beside {@code __type} and the message, in order. */
    public Map<String, Object> extraFields() {
        return extraFields;
    }
}
