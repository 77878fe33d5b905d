package dev.singletable.spring;

import dev.singletable.core.Backend;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.util.ClassUtils;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Puts the backend's clients in place of every {@code DynamoDbClient} and {@code DynamoDbAsyncClient} bean, and
 * rebuilds every enhanced client bean over them with its extensions, whoever defined the bean (the application, an
 * auto-configuration). On the engine these clients use the in-memory transport: no socket, and the line of
 * application code that issued a Scan is in the request log. The clients are the run's, shared by every context:
 * each bean is a view that ignores {@code close()}, so that closing a context closes nothing the run still uses.
 * Beans the test class replaced itself are left alone.
 */
final class EngineClients implements BeanPostProcessor {
    /** {@code dynamodb-enhanced} is optional: its classes are touched only when it is on the class path. */
    private static final boolean ENHANCED = ClassUtils.isPresent(
            "software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient", EngineClients.class.getClassLoader());

    private final Backend backend;
    private final OverriddenBeans overridden;

    EngineClients(Backend backend, OverriddenBeans overridden) {
        this.backend = backend;
        this.overridden = overridden;
    }

    @Override
    public Object postProcessAfterInitialization(Object bean, String beanName) {
        if (overridden.contains(beanName, bean) || isView(bean)) {
            return bean;
        }
        if (bean instanceof DynamoDbClient) {
            return client();
        }
        if (bean instanceof DynamoDbAsyncClient) {
            return asyncClient();
        }
        if (ENHANCED && EnhancedClients.isEnhanced(bean)) {
            return EnhancedClients.onto(bean, beanName, this::client, this::asyncClient);
        }
        return bean;
    }

    DynamoDbClient client() {
        return view(DynamoDbClient.class, backend.client());
    }

    DynamoDbAsyncClient asyncClient() {
        return view(DynamoDbAsyncClient.class, backend.asyncClient());
    }

    /** @return whether the object is a client this class made */
    static boolean isView(Object client) {
        return Proxy.isProxyClass(client.getClass()) && Proxy.getInvocationHandler(client) instanceof Uncloseable;
    }

    private static <T> T view(Class<T> type, T client) {
        return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, new Uncloseable(client)));
    }

    /** Forwards every call to the run's client except {@code close()}. */
    private record Uncloseable(Object client) implements InvocationHandler {
        @Override
        public Object invoke(Object proxy, Method method, Object[] arguments) throws Throwable {
            switch (method.getName()) {
                case "close":
                    return null;
                case "equals":
                    return proxy == arguments[0];
                case "hashCode":
                    return System.identityHashCode(proxy);
                case "toString":
                    return "the singletable backend's " + client;
                default:
                    try {
                        return method.invoke(client, arguments);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
            }
        }
    }
}
