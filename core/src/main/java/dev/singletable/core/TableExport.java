package dev.singletable.core;

import dev.singletable.fixtures.DynamoValues;
import dev.singletable.fixtures.FixtureItem;
import dev.singletable.fixtures.Fixtures;
import dev.singletable.fixtures.KeyAttribute;
import dev.singletable.fixtures.SourceLocation;
import dev.singletable.fixtures.TableDesign;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/**
 * Reads a table's items back as fixtures of its design: the whole table (a Scan in parallel segments, every
 * page), one or more item collections (a Query each), or a sample of whole item collections. Items come in key
 * order and each item's attributes in a fixed order (table keys, index keys, the rest by name), so that exporting
 * the same data twice gives the same file; {@link Fixtures#toYaml()} then writes each item in entity form where
 * its entity's templates give exactly its keys.
 *
 * <pre>{@code
 * Fixtures data = TableExport.of(client).all(design, "orders", 4, ReadProgress.NONE);
 * Files.writeString(Path.of("orders.fixtures.yaml"), data.toYaml());
 * }</pre>
 */
public final class TableExport {

    private final DynamoDbClient client;

    private TableExport(DynamoDbClient client) {
        this.client = Objects.requireNonNull(client, "client");
    }

    /**
     * @param client a client for any endpoint (the {@link Endpoint} policy makes one)
     * @return an export through it
     */
    public static TableExport of(DynamoDbClient client) {
        return new TableExport(client);
    }

    /**
     * @param design   the table's design
     * @param table    the physical table name
     * @param segments how many segments to Scan in parallel (DynamoDB's {@code TotalSegments}), 1 to 1,000,000
     * @param progress told after every page
     * @return every item of the table
     */
    public Fixtures all(TableDesign design, String table, int segments, ReadProgress progress) {
        if (segments < 1 || segments > 1_000_000) {
            throw new IllegalArgumentException("segments must be 1 to 1000000, got " + segments);
        }
        long estimate = estimate(table);
        AtomicLong read = new AtomicLong();
        List<Map<String, AttributeValue>> items = Collections.synchronizedList(new ArrayList<>());
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(segments, 64));
        try {
            List<Future<?>> scans = new ArrayList<>();
            for (int segment = 0; segment < segments; segment++) {
                int current = segment;
                scans.add(pool.submit(() -> scanSegment(table, current, segments, page -> {
                    items.addAll(page);
                    synchronized (read) {
                        progress.read(read.addAndGet(page.size()), estimate); // told in order, one page at a time
                    }
                })));
            }
            for (Future<?> scan : scans) {
                await(scan);
            }
        } finally {
            pool.shutdownNow();
        }
        return fixtures(design, table, items);
    }

    /**
     * @param design     the table's design
     * @param table      the physical table name
     * @param partitions partition key values, each an item collection to read whole
     * @return the items of those collections
     */
    public Fixtures collections(TableDesign design, String table, List<AttributeValue> partitions) {
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        partitions.forEach(partition -> items.addAll(collection(design, table, partition)));
        return fixtures(design, table, items);
    }

    /**
     * Reads the first item collections a Scan meets, each whole: a sample whose collections are complete, so that
     * the access patterns find in it what they find in the table.
     *
     * @param design      the table's design
     * @param table       the physical table name
     * @param collections how many item collections to take
     * @param progress    told after every collection
     * @return the items of those collections
     */
    public Fixtures sample(TableDesign design, String table, int collections, ReadProgress progress) {
        String partitionKey = design.partitionKey().name();
        Set<AttributeValue> partitions = new LinkedHashSet<>();
        Map<String, AttributeValue> start = null;
        do {
            ScanResponse page = client.scan(ScanRequest.builder().tableName(table).projectionExpression("#pk")
                    .expressionAttributeNames(Map.of("#pk", partitionKey)).exclusiveStartKey(start).build());
            for (Map<String, AttributeValue> item : page.items()) {
                if (partitions.size() < collections) {
                    partitions.add(item.get(partitionKey));
                }
            }
            start = page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty() ? page.lastEvaluatedKey() : null;
        } while (start != null && partitions.size() < collections);
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        for (AttributeValue partition : partitions) {
            items.addAll(collection(design, table, partition));
            progress.read(items.size(), 0);
        }
        return fixtures(design, table, items);
    }

    private List<Map<String, AttributeValue>> collection(TableDesign design, String table, AttributeValue partition) {
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        Map<String, AttributeValue> start = null;
        do {
            QueryResponse page = client.query(QueryRequest.builder().tableName(table)
                    .keyConditionExpression("#pk = :pk").expressionAttributeNames(Map.of("#pk",
                            design.partitionKey().name()))
                    .expressionAttributeValues(Map.of(":pk", partition)).exclusiveStartKey(start).build());
            items.addAll(page.items());
            start = page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty() ? page.lastEvaluatedKey() : null;
        } while (start != null);
        return items;
    }

    private void scanSegment(String table, int segment, int segments,
            Consumer<List<Map<String, AttributeValue>>> pages) {
        Map<String, AttributeValue> start = null;
        do {
            ScanRequest.Builder request = ScanRequest.builder().tableName(table).exclusiveStartKey(start);
            if (segments > 1) {
                request.segment(segment).totalSegments(segments);
            }
            ScanResponse page = client.scan(request.build());
            pages.accept(page.items());
            start = page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty() ? page.lastEvaluatedKey() : null;
        } while (start != null);
    }

    private long estimate(String table) {
        Long count = client.describeTable(r -> r.tableName(table)).table().itemCount();
        return count == null ? 0 : count;
    }

    /** Waits for a segment; its failure (the endpoint's error) is the export's. */
    private static void await(Future<?> scan) {
        try {
            scan.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while reading the table", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException failure) {
                throw failure;
            }
            throw new IllegalStateException(e.getCause());
        }
    }

    /** The items in key order, each with its attributes in a fixed order, recognised by entity. */
    private static Fixtures fixtures(TableDesign design, String table, List<Map<String, AttributeValue>> items) {
        List<String> keyOrder = design.keyAttributeNames();
        Comparator<Map<String, AttributeValue>> byKey = Comparator.comparing(
                (Map<String, AttributeValue> item) -> item.get(design.partitionKey().name()), DynamoValues.KEY_ORDER);
        Optional<KeyAttribute> sort = design.sortKey();
        if (sort.isPresent()) {
            byKey = byKey.thenComparing(item -> item.get(sort.get().name()), DynamoValues.KEY_ORDER);
        }
        List<Map<String, AttributeValue>> sorted = new ArrayList<>(items);
        sorted.sort(byKey);
        List<FixtureItem> fixtureItems = new ArrayList<>();
        for (Map<String, AttributeValue> item : sorted) {
            Map<String, AttributeValue> ordered = new LinkedHashMap<>();
            keyOrder.stream().filter(item::containsKey).forEach(name -> ordered.put(name, item.get(name)));
            item.keySet().stream().filter(name -> !ordered.containsKey(name)).sorted()
                    .forEach(name -> ordered.put(name, item.get(name)));
            int position = fixtureItems.size() + 1;
            fixtureItems.add(new FixtureItem(ordered, design.entityOf(ordered).orElse(null),
                    new SourceLocation("table " + table, position, 1), position));
        }
        return Fixtures.of(design, fixtureItems, List.of());
    }
}
