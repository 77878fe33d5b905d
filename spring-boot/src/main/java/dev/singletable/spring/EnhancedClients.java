package dev.singletable.spring;

import java.util.function.Supplier;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedAsyncClient;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.enhanced.dynamodb.internal.client.DefaultDynamoDbEnhancedAsyncClient;
import software.amazon.awssdk.enhanced.dynamodb.internal.client.DefaultDynamoDbEnhancedClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The enhanced clients, in a class of their own: {@code dynamodb-enhanced} is optional, and this class is loaded
 * only for a bean that implements one of its clients, which proves it is on the class path.
 */
final class EnhancedClients {
    private EnhancedClients() {
    }

    /** @return whether the bean is an enhanced client, synchronous or asynchronous */
    static boolean isEnhanced(Object bean) {
        return bean instanceof DynamoDbEnhancedClient || bean instanceof DynamoDbEnhancedAsyncClient;
    }

    /**
     * @param bean     an enhanced client bean
     * @param beanName its name
     * @param client   the client it must use
     * @param async    the asynchronous client it must use
     * @return the same client over the given ones, with its extensions (versioning, timestamps...)
     * @throws IllegalStateException for an implementation of the application's, which cannot be pointed elsewhere
     */
    static Object onto(Object bean, String beanName, Supplier<DynamoDbClient> client,
            Supplier<DynamoDbAsyncClient> async) {
        if (bean instanceof DefaultDynamoDbEnhancedClient enhanced) {
            return EngineClients.isView(enhanced.dynamoDbClient()) ? bean
                    : enhanced.toBuilder().dynamoDbClient(client.get()).build();
        }
        if (bean instanceof DefaultDynamoDbEnhancedAsyncClient enhanced) {
            return EngineClients.isView(enhanced.dynamoDbAsyncClient()) ? bean
                    : enhanced.toBuilder().dynamoDbClient(async.get()).build();
        }
        String kind = bean instanceof DynamoDbEnhancedClient ? "DynamoDbEnhancedClient" : "DynamoDbEnhancedAsyncClient";
        throw new IllegalStateException("bean '" + beanName + "' is a " + kind + " of class " + bean.getClass()
                .getName() + ", which @SingleTableTest cannot point at the engine: build it with "
                + kind + ".builder() over a DynamoDbClient bean, or replace it in the test with @MockitoBean");
    }
}
