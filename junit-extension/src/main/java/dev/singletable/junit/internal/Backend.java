package dev.singletable.junit.internal;

import dev.singletable.engine.RequestLog;
import dev.singletable.fixtures.TableDesign;
import java.net.URI;
import dev.singletable.engine.DynamoDbEngine;
import java.util.List;
import java.util.Optional;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Where the tables of a test run live: the in-process engine or an external endpoint. */
public interface Backend extends AutoCloseable {

    /** @return the client tests and application code use; its requests are logged */
    DynamoDbClient client();

    /** @return an asynchronous client over the same endpoint, logged too */
    DynamoDbAsyncClient asyncClient();

    /** @return the log every request of {@link #client()} and {@link #asyncClient()} is recorded in */
    RequestLog requestLog();

    /** @return the HTTP endpoint (for the in-process engine: started by this call when it is not yet) */
    URI endpoint();

    /** @return the in-process engine, or empty when the tests run against an external endpoint */
    Optional<DynamoDbEngine> engine();

    /** @return the region application code should use */
    String region();

    /** @return the text physical table names start with, so runs on a shared endpoint cannot collide */
    String tablePrefix();

    /** @return whether dummy credentials are needed by application code that builds its own client */
    boolean wantsDummyCredentials();

    /**
     * Creates the table, waits until it and its indexes are active, and writes the items.
     *
     * @return the table, to reset and drop
     */
    LiveTable create(TableDesign design, String physicalName, List<Map<String, AttributeValue>> items);

    @Override
    void close();

    /** A table created by a {@link Backend}. */
    interface LiveTable {

        /** Makes the present items the state {@link #reset()} returns to. */
        void markFixtureState();

        /** Returns the items to the state of the last {@link #markFixtureState()}, at the cost of what changed. */
        void reset();

        /** Writes items as part of a test's setup: the next {@link #reset()} undoes them. */
        void write(List<Map<String, AttributeValue>> items);

        /** Deletes the table. */
        void drop();
    }
}
