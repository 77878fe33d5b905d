package dev.singletable.junit.internal;

import dev.singletable.engine.DynamoDbEngine;
import dev.singletable.engine.RequestLog;
import dev.singletable.fixtures.TableDesign;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The in-process engine: tables reset by its undo log, so a reset costs what the test changed. */
final class InMemoryBackend implements Backend {
    private final DynamoDbEngine engine = DynamoDbEngine.create();
    /** Made on first request: most runs never use one. */
    private DynamoDbAsyncClient asyncClient;

    @Override
    public DynamoDbClient client() {
        return engine.client();
    }

    @Override
    public synchronized DynamoDbAsyncClient asyncClient() {
        if (asyncClient == null) {
            asyncClient = engine.asyncClient();
        }
        return asyncClient;
    }

    @Override
    public RequestLog requestLog() {
        return engine.requestLog();
    }

    @Override
    public URI endpoint() {
        return engine.httpEndpoint();
    }

    @Override
    public Optional<DynamoDbEngine> engine() {
        return Optional.of(engine);
    }

    @Override
    public String region() {
        return "us-east-1";
    }

    @Override
    public String tablePrefix() {
        return "";
    }

    @Override
    public boolean wantsDummyCredentials() {
        return true;
    }

    @Override
    public LiveTable create(TableDesign design, String physicalName, List<Map<String, AttributeValue>> items) {
        DynamoDbClient client = engine.client();
        client.createTable(design.toCreateTableRequest(physicalName));
        try {
            engine.load(physicalName, items); // no SDK round trip per batch: class set-up stays fast
        } catch (RuntimeException e) {
            // No half-seeded table is left behind for a later class to trip over.
            client.deleteTable(r -> r.tableName(physicalName));
            throw e;
        }
        return new LiveTable() {
            @Override
            public void markFixtureState() {
                engine.checkpoint(physicalName);
            }

            @Override
            public void reset() {
                engine.rollback(physicalName);
            }

            @Override
            public void write(List<Map<String, AttributeValue>> extra) {
                engine.load(physicalName, extra);
            }

            @Override
            public void drop() {
                client.deleteTable(r -> r.tableName(physicalName));
            }
        };
    }

    @Override
    public synchronized void close() {
        if (asyncClient != null) {
            asyncClient.close();
        }
        engine.close();
    }
}
