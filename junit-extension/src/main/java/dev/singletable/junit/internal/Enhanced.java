package dev.singletable.junit.internal;

import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The enhanced client, in a class of its own: {@code dynamodb-enhanced} is an optional dependency, and this class
 * is only loaded when a test asks for a {@code DynamoDbEnhancedClient}, which proves it is on the class path.
 */
public final class Enhanced {
    /** The enhanced client's class name, compared as text so that its absence never breaks class loading. */
    public static final String CLIENT_CLASS = "software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient";

    private Enhanced() {
    }

    /** @return an enhanced client over the given client */
    public static Object client(DynamoDbClient client) {
        return DynamoDbEnhancedClient.builder().dynamoDbClient(client).build();
    }
}
