package dev.singletable.junit.internal;

import dev.singletable.engine.DynamoDbEngine;
import dev.singletable.engine.RequestLog;
import dev.singletable.engine.RequestLogInterceptor;
import dev.singletable.fixtures.FixtureSeeder;
import dev.singletable.fixtures.KeyAttribute;
import dev.singletable.fixtures.TableDesign;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProviderChain;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.EnvironmentVariableCredentialsProvider;
import software.amazon.awssdk.auth.credentials.ProfileCredentialsProvider;
import software.amazon.awssdk.auth.credentials.SystemPropertyCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.regions.providers.AwsProfileRegionProvider;
import software.amazon.awssdk.regions.providers.AwsRegionProviderChain;
import software.amazon.awssdk.regions.providers.DefaultAwsRegionProviderChain;
import software.amazon.awssdk.regions.providers.SystemSettingsRegionProvider;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.DeleteRequest;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.IndexStatus;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;
import software.amazon.awssdk.services.dynamodb.waiters.DynamoDbWaiter;

/**
 * An external DynamoDB-compatible endpoint. Tables are created with a unique prefix and waited for; a reset
 * rewrites only the items the test's writes touched (restoring fixture items, deleting new ones), as recorded by
 * a client-side interceptor, because an external endpoint has no undo log. Setup and reset go through a separate,
 * unlogged client, so they appear neither in the request log nor among the test's writes.
 */
final class ExternalBackend implements Backend {
    private static final Duration INDEX_WAIT = Duration.ofMinutes(10);
    private static final int MAX_ATTEMPTS = 10;

    private final URI endpoint;
    private final Region region;
    private final String tablePrefix;
    private final RequestLog log = new RequestLog(10_000);
    private final WriteRecorder recorder = new WriteRecorder();
    private final DynamoDbClient admin;
    private final DynamoDbClient client;
    private final AwsCredentialsProvider credentials;
    /** Made on first request: an asynchronous client starts an event loop, which most runs never need. */
    private DynamoDbAsyncClient asyncClient;

    ExternalBackend(URI endpoint, String region, String tablePrefix) {
        this.endpoint = endpoint;
        this.tablePrefix = tablePrefix;
        boolean aws = endpoint.getHost() != null && endpoint.getHost().contains(".amazonaws.com");
        this.region = region != null ? Region.of(region) : defaultRegion(aws);
        // DynamoDB Local, LocalStack and Alternator accept any credentials: do not demand real ones, and do not
        // spend seconds asking the EC2 instance metadata service for them.
        this.credentials = aws ? DefaultCredentialsProvider.builder().build()
                : AwsCredentialsProviderChain.of(SystemPropertyCredentialsProvider.create(),
                        EnvironmentVariableCredentialsProvider.create(), ProfileCredentialsProvider.create(),
                        StaticCredentialsProvider.create(AwsBasicCredentials.create("singletable", "singletable")));
        this.admin = DynamoDbClient.builder().endpointOverride(endpoint).region(this.region)
                .credentialsProvider(credentials).build();
        this.client = DynamoDbClient.builder().endpointOverride(endpoint).region(this.region)
                .credentialsProvider(credentials)
                .overrideConfiguration(c -> c.addExecutionInterceptor(new RequestLogInterceptor(log))
                        .addExecutionInterceptor(recorder))
                .build();
    }

    private static Region defaultRegion(boolean aws) {
        if (aws) {
            return new DefaultAwsRegionProviderChain().getRegion();
        }
        try {
            return new AwsRegionProviderChain(new SystemSettingsRegionProvider(), new AwsProfileRegionProvider())
                    .getRegion();
        } catch (SdkClientException e) {
            return Region.US_EAST_1;
        }
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
            asyncClient = DynamoDbAsyncClient.builder().endpointOverride(endpoint).region(region)
                    .credentialsProvider(credentials)
                    .overrideConfiguration(c -> c.addExecutionInterceptor(new RequestLogInterceptor(log))
                            .addExecutionInterceptor(recorder))
                    .build();
        }
        return asyncClient;
    }

    @Override
    public RequestLog requestLog() {
        return log;
    }

    @Override
    public URI endpoint() {
        return endpoint;
    }

    @Override
    public String tablePrefix() {
        return tablePrefix;
    }

    @Override
    public boolean wantsDummyCredentials() {
        return false;
    }

    @Override
    public LiveTable create(TableDesign design, String physicalName, List<Map<String, AttributeValue>> items) {
        admin.createTable(design.toCreateTableRequest(physicalName));
        try (DynamoDbWaiter waiter = DynamoDbWaiter.builder().client(admin).build()) {
            waiter.waitUntilTableExists(r -> r.tableName(physicalName));
            waitForIndexes(physicalName);
            FixtureSeeder.seed(admin, physicalName, items);
        } catch (RuntimeException e) {
            // A table that never became ready or was half seeded costs money and confuses the next run.
            admin.deleteTable(r -> r.tableName(physicalName));
            throw e;
        }
        List<String> keyNames = design.primaryKey().stream().map(KeyAttribute::name).toList();
        recorder.track(physicalName, keyNames);
        return new ExternalTable(physicalName, keyNames, items);
    }

    /** The SDK's waiter knows the table, not its indexes: a GSI may still be CREATING on a real endpoint. */
    private void waitForIndexes(String table) {
        Instant deadline = Instant.now().plus(INDEX_WAIT);
        while (admin.describeTable(r -> r.tableName(table)).table().globalSecondaryIndexes().stream()
                .map(GlobalSecondaryIndexDescription::indexStatus).anyMatch(s -> s != IndexStatus.ACTIVE)) {
            if (Instant.now().isAfter(deadline)) {
                throw new IllegalStateException("the indexes of table " + table + " are not ACTIVE after "
                        + INDEX_WAIT);
            }
            sleep(Duration.ofMillis(500));
        }
    }

    private static void sleep(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for DynamoDB", e);
        }
    }

    @Override
    public synchronized void close() {
        client.close();
        if (asyncClient != null) {
            asyncClient.close();
        }
        admin.close();
    }

    private final class ExternalTable implements LiveTable {
        private final String name;
        private final List<String> keyNames;
        /** What reset returns each key to: present keys map to their item, absent keys are not here. */
        private final Map<Map<String, AttributeValue>, Map<String, AttributeValue>> fixtureState = new HashMap<>();

        ExternalTable(String name, List<String> keyNames, List<Map<String, AttributeValue>> items) {
            this.name = name;
            this.keyNames = keyNames;
            items.forEach(item -> fixtureState.put(keyOf(item), item));
        }

        private Map<String, AttributeValue> keyOf(Map<String, AttributeValue> item) {
            Map<String, AttributeValue> key = new LinkedHashMap<>();
            keyNames.forEach(k -> key.put(k, item.get(k)));
            return key;
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
                    fixtureState.remove(key);
                } else {
                    fixtureState.put(key, item);
                }
            }
        }

        @Override
        public void reset() {
            WriteRecorder.Written written = recorder.drain(name);
            if (written.everything()) {
                // A statement may have written anything: delete what the fixture state lacks, rewrite all of it.
                List<Map<String, AttributeValue>> extra = admin.scanPaginator(r -> r.tableName(name)
                        .consistentRead(true)).items().stream().map(this::keyOf)
                        .filter(key -> !fixtureState.containsKey(key)).toList();
                deleteKeys(extra);
                FixtureSeeder.seed(admin, name, List.copyOf(fixtureState.values()));
                return;
            }
            List<Map<String, AttributeValue>> restore = new ArrayList<>();
            List<Map<String, AttributeValue>> delete = new ArrayList<>();
            for (Map<String, AttributeValue> key : written.keys()) {
                Map<String, AttributeValue> item = fixtureState.get(key);
                if (item == null) {
                    delete.add(key);
                } else {
                    restore.add(item);
                }
            }
            FixtureSeeder.seed(admin, name, restore);
            deleteKeys(delete);
        }

        private void deleteKeys(List<Map<String, AttributeValue>> keys) {
            for (int from = 0; from < keys.size(); from += FixtureSeeder.BATCH_SIZE) {
                List<WriteRequest> batch = keys.subList(from, Math.min(keys.size(), from + FixtureSeeder.BATCH_SIZE))
                        .stream().map(k -> WriteRequest.builder().deleteRequest(DeleteRequest.builder().key(k).build())
                                .build())
                        .toList();
                Map<String, List<WriteRequest>> pending = Map.of(name, batch);
                for (int attempt = 0; !pending.isEmpty(); attempt++) {
                    if (attempt == MAX_ATTEMPTS) {
                        throw new IllegalStateException("cannot reset table " + name + ": " + MAX_ATTEMPTS
                                + " BatchWriteItem calls left deletes unprocessed");
                    }
                    if (attempt > 0) {
                        sleep(Duration.ofMillis(Math.min(1_000, 25L << attempt)));
                    }
                    Map<String, List<WriteRequest>> request = pending;
                    BatchWriteItemResponse response = admin.batchWriteItem(r -> r.requestItems(request));
                    pending = response.unprocessedItems();
                }
            }
        }

        @Override
        public void write(List<Map<String, AttributeValue>> items) {
            items.forEach(item -> recorder.written(name, item));
            FixtureSeeder.seed(admin, name, items);
        }

        @Override
        public void drop() {
            recorder.untrack(name);
            admin.deleteTable(r -> r.tableName(name));
        }
    }
}
