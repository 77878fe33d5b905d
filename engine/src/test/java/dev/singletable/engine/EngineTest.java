package dev.singletable.engine;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * A fresh engine for every test, reached through one transport: a subclass runs once per {@link Transport}, so
 * each rule is shown to hold over the in-memory SDK transport and over HTTP alike.
 */
@ParameterizedClass
@EnumSource(Transport.class)
public abstract class EngineTest {
    @Parameter
    protected Transport transport;

    protected DynamoDbEngine engine;
    protected DynamoDbClient client;

    @BeforeEach
    void startEngine() {
        engine = DynamoDbEngine.create();
        client = transport.client(engine);
    }

    @AfterEach
    void stopEngine() {
        engine.close();
    }
}
