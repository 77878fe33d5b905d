package dev.singletable.engine.http;

import dev.singletable.engine.DynamoDbEngine;
import java.io.IOException;
import java.net.URI;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/** A fresh engine with its HTTP endpoint for every test, and one request-answer exchange on a raw connection. */
abstract class EndpointTest {
    DynamoDbEngine engine;
    URI endpoint;

    @BeforeEach
    void startEngine() {
        engine = DynamoDbEngine.create();
        endpoint = engine.httpEndpoint();
    }

    @AfterEach
    void stopEngine() {
        engine.close();
    }

    /** Sends the bytes of one request on a new connection and reads the answer. */
    RawConnection.Response exchange(String request) throws IOException {
        try (RawConnection connection = new RawConnection(endpoint)) {
            return connection.send(request).read();
        }
    }
}
