package dev.singletable.core.internal;

import dev.singletable.core.Backend;
import dev.singletable.core.Endpoint;
import dev.singletable.core.ProvisionedTable;
import dev.singletable.core.Provisioner;
import dev.singletable.core.SeedProgress;
import dev.singletable.core.TablePrefix;
import dev.singletable.engine.DynamoDbEngine;
import dev.singletable.engine.RequestLog;
import dev.singletable.engine.RequestLogInterceptor;
import dev.singletable.fixtures.KeyAttribute;
import dev.singletable.fixtures.TableDesign;
import dev.singletable.fixtures.TableKey;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * An external DynamoDB-compatible endpoint. A reset rewrites only the items the test's writes touched (restoring
 * fixture items, deleting new ones), as recorded by a client-side interceptor, because an external endpoint has no
 * undo log. Provisioning and resets go through a separate, unlogged client, so they appear neither in the request
 * log nor among the test's writes.
 */
public final class ExternalBackend implements Backend {
    private final Endpoint endpoint;
    private final Region region;
    private final RequestLog log = new RequestLog(10_000);
    private final WriteRecorder recorder = new WriteRecorder();
    private final DynamoDbClient admin;
    private final Provisioner provisioner;
    private final DynamoDbClient client;
    /** Made on first request: an asynchronous client starts an event loop, which most runs never need. */
    private DynamoDbAsyncClient asyncClient;

    /**
     * @param endpoint the endpoint
     * @param region   the region its clients use
     */
    public ExternalBackend(Endpoint endpoint, Region region) {
        this.endpoint = endpoint;
        this.region = region;
        this.admin = endpoint.client(region);
        this.provisioner = Provisioner.of(admin);
        this.client = endpoint.client(region, new RequestLogInterceptor(log), recorder);
    }

    @Override
    public Optional<DynamoDbEngine> engine() {
        return Optional.empty();
    }

    @Override
    public String region() {
        return region.id();
    }

    @Override
    public DynamoDbClient client() {
        return client;
    }

    @Override
    public synchronized DynamoDbAsyncClient asyncClient() {
        if (asyncClient == null) {
            asyncClient = endpoint.asyncClient(region, new RequestLogInterceptor(log), recorder);
        }
        return asyncClient;
    }

    @Override
    public RequestLog requestLog() {
        return log;
    }

    @Override
    public URI endpoint() {
        return endpoint.uri();
    }

    @Override
    public ProvisionedTable provision(TableDesign design, String name, List<Map<String, AttributeValue>> items) {
        provisioner.provision(design, name, items);
        List<String> keyNames = design.primaryKey().stream().map(KeyAttribute::name).toList();
        recorder.track(name, keyNames);
        return new ExternalTable(name, keyNames, items);
    }

    @Override
    public Map<String, TablePrefix> dropLeftovers(TablePrefix current) {
        return provisioner.dropLeftovers(current);
    }

    @Override
    public synchronized void close() {
        client.close();
        if (asyncClient != null) {
            asyncClient.close();
        }
        admin.close();
    }

    private final class ExternalTable implements ProvisionedTable {
        private final String name;
        private final List<String> keyNames;
        /** What reset returns each key to: present keys map to their item, absent keys are not here. */
        private final Map<TableKey, Map<String, AttributeValue>> fixtureState = new LinkedHashMap<>();

        ExternalTable(String name, List<String> keyNames, List<Map<String, AttributeValue>> items) {
            this.name = name;
            this.keyNames = keyNames;
            items.forEach(item -> fixtureState.put(keyOf(item), item));
        }

        private TableKey keyOf(Map<String, AttributeValue> item) {
            return TableKey.ofItem(item, keyNames);
        }

        @Override
        public String name() {
            return name;
        }

        /** An endpoint has no copy-on-write tables; a copy would cost a table creation and every item. */
        @Override
        public Optional<ProvisionedTable> fork(String forkName) {
            return Optional.empty();
        }

        @Override
        public void markFixtureState() {
            WriteRecorder.Written written = recorder.drain(name);
            if (written.everything()) {
                fixtureState.clear();
                admin.scanPaginator(r -> r.tableName(name).consistentRead(true)).items()
                        .forEach(item -> fixtureState.put(keyOf(item), item));
                return;
            }
            for (Map<String, AttributeValue> key : written.keys()) {
                Map<String, AttributeValue> item = admin.getItem(r -> r.tableName(name).key(key).consistentRead(true))
                        .item();
                if (item.isEmpty()) {
                    fixtureState.remove(keyOf(key));
                } else {
                    fixtureState.put(keyOf(key), item);
                }
            }
        }

        @Override
        public void reset() {
            WriteRecorder.Written written = recorder.drain(name);
            if (written.everything()) {
                // A statement may have written anything: delete what the fixture state lacks, rewrite all of it.
                List<Map<String, AttributeValue>> extra = admin.scanPaginator(r -> r.tableName(name)
                        .consistentRead(true)).items().stream().filter(item -> !fixtureState.containsKey(keyOf(item)))
                        .map(this::keyAttributes).toList();
                provisioner.delete(name, extra);
                provisioner.write(name, List.copyOf(fixtureState.values()), SeedProgress.NONE);
                return;
            }
            List<Map<String, AttributeValue>> restore = new ArrayList<>();
            List<Map<String, AttributeValue>> delete = new ArrayList<>();
            for (Map<String, AttributeValue> key : written.keys()) {
                Map<String, AttributeValue> item = fixtureState.get(keyOf(key));
                if (item == null) {
                    delete.add(key);
                } else {
                    restore.add(item);
                }
            }
            provisioner.write(name, restore, SeedProgress.NONE);
            provisioner.delete(name, delete);
        }

        private Map<String, AttributeValue> keyAttributes(Map<String, AttributeValue> item) {
            Map<String, AttributeValue> key = new LinkedHashMap<>();
            keyNames.forEach(k -> key.put(k, item.get(k)));
            return key;
        }

        @Override
        public void write(List<Map<String, AttributeValue>> items) {
            items.forEach(item -> recorder.written(name, item));
            provisioner.write(name, items, SeedProgress.NONE);
        }

        @Override
        public void drop() {
            recorder.untrack(name);
            provisioner.dropTable(name);
        }
    }
}
