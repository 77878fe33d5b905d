package dev.singletable.core.internal;

import dev.singletable.core.Backend;
import dev.singletable.core.ProvisionedTable;
import dev.singletable.core.Provisioner;
import dev.singletable.core.TablePrefix;
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
public final class EmbeddedBackend implements Backend {
    private final DynamoDbEngine engine;
    private final Provisioner provisioner;
    /** Made on first request: most runs never use one. */
    private DynamoDbAsyncClient asyncClient;

    /** @param engine the engine, closed with this backend; its client is made in the background from now on */
    public EmbeddedBackend(DynamoDbEngine engine) {
        this.engine = engine;
        this.provisioner = Provisioner.of(engine);
        ClientWarmUp.start(engine);
    }

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
    public ProvisionedTable provision(TableDesign design, String name, List<Map<String, AttributeValue>> items) {
        provisioner.provision(design, name, items);
        return new EngineTable(name, false);
    }

    /** A table of the engine, reset by its undo log; a fork is dropped at once, without a request-log entry. */
    private final class EngineTable implements ProvisionedTable {
        private final String name;
        private final boolean fork;

        EngineTable(String name, boolean fork) {
            this.name = name;
            this.fork = fork;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public void markFixtureState() {
            engine.checkpoint(name);
        }

        @Override
        public void reset() {
            engine.rollback(name);
        }

        @Override
        public void write(List<Map<String, AttributeValue>> extra) {
            engine.load(name, extra);
        }

        @Override
        public Optional<ProvisionedTable> fork(String forkName) {
            engine.fork(name, forkName);
            return Optional.of(new EngineTable(forkName, true));
        }

        @Override
        public void drop() {
            if (fork) {
                engine.drop(name);
            } else {
                provisioner.dropTable(name);
            }
        }
    }

    /** An engine of this process ends with it: no run before this one left a table in it. */
    @Override
    public Map<String, TablePrefix> dropLeftovers(TablePrefix current) {
        return Map.of();
    }

    @Override
    public synchronized void close() {
        if (asyncClient != null) {
            asyncClient.close();
        }
        engine.close();
    }
}
