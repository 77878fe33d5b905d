package dev.singletable.engine.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;

/**
 * The table the reliability tests write to, and the invariants it must keep whatever was written:
 * {@code pk}/{@code sk} (S); GSI {@code ByGroup} on {@code gpk} (S) / {@code gsk} (N) projecting INCLUDE
 * {@code n, tag}; GSI {@code ByOwner} on {@code owner} (S) / {@code created} (N) projecting ALL; LSI
 * {@code ByRank} on {@code pk} / {@code rank} (N) projecting KEYS_ONLY. Every index key is optional, so every
 * index is sparse.
 */
final class IndexedTable {
    /** An index as the invariants need it: its keys (range may be null) and what it projects. */
    record Index(String name, String hash, String range, ProjectionType projection, Set<String> included) {
        boolean contains(Map<String, AttributeValue> item) {
            return item.containsKey(hash) && (range == null || item.containsKey(range));
        }

        /** What a Scan of the index returns for an item it contains. */
        Map<String, AttributeValue> project(Map<String, AttributeValue> item) {
            if (projection == ProjectionType.ALL) {
                return item;
            }
            Set<String> kept = new HashSet<>(List.of("pk", "sk", hash));
            if (range != null) {
                kept.add(range);
            }
            kept.addAll(included);
            return item.entrySet().stream().filter(e -> kept.contains(e.getKey()))
                    .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
        }
    }

    static final List<Index> INDEXES = List.of(
            new Index("ByGroup", "gpk", "gsk", ProjectionType.INCLUDE, Set.of("n", "tag")),
            new Index("ByOwner", "owner", "created", ProjectionType.ALL, Set.of()),
            new Index("ByRank", "pk", "rank", ProjectionType.KEYS_ONLY, Set.of()));

    private IndexedTable() {
    }

    static void create(DynamoDbClient client, String table) {
        client.createTable(b -> b.tableName(table).billingMode(BillingMode.PAY_PER_REQUEST)
                .keySchema(key("pk", KeyType.HASH), key("sk", KeyType.RANGE))
                .attributeDefinitions(attribute("pk", "S"), attribute("sk", "S"), attribute("gpk", "S"),
                        attribute("gsk", "N"), attribute("owner", "S"), attribute("created", "N"),
                        attribute("rank", "N"))
                .globalSecondaryIndexes(
                        GlobalSecondaryIndex.builder().indexName("ByGroup")
                                .keySchema(key("gpk", KeyType.HASH), key("gsk", KeyType.RANGE))
                                .projection(Projection.builder().projectionType(ProjectionType.INCLUDE)
                                        .nonKeyAttributes("n", "tag").build()).build(),
                        GlobalSecondaryIndex.builder().indexName("ByOwner")
                                .keySchema(key("owner", KeyType.HASH), key("created", KeyType.RANGE))
                                .projection(Projection.builder().projectionType(ProjectionType.ALL).build()).build())
                .localSecondaryIndexes(LocalSecondaryIndex.builder().indexName("ByRank")
                        .keySchema(key("pk", KeyType.HASH), key("rank", KeyType.RANGE))
                        .projection(Projection.builder().projectionType(ProjectionType.KEYS_ONLY).build()).build()));
    }

    /** The primary key of an item as one string, for maps keyed like the table. */
    static String keyOf(Map<String, AttributeValue> item) {
        return item.get("pk").s() + "\u0000" + item.get("sk").s();
    }

    /** Every item of the table (or of one of its indexes), through a paginated Scan. */
    static List<Map<String, AttributeValue>> scan(DynamoDbClient client, String table, String index) {
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        client.scanPaginator(b -> b.tableName(table).indexName(index).limit(97)).items().forEach(items::add);
        return items;
    }

    /**
     * Checks what the engine holds against what it should hold: the table's Scan equals {@code expected}; every
     * index's Scan equals the projection of the expected items it contains; ItemCount and TableSizeBytes agree;
     * Queries of a few partitions of the table and of the GSIs return those items in sort-key order.
     */
    static void assertHolds(DynamoDbClient client, String table, Map<String, Map<String, AttributeValue>> expected) {
        assertThat(byKey(scan(client, table, null))).as("Scan of %s", table).isEqualTo(expected);
        TableDescription description = client.describeTable(b -> b.tableName(table)).table();
        assertThat(description.itemCount()).as("ItemCount of %s", table).isEqualTo((long) expected.size());
        if (expected.isEmpty()) {
            assertThat(description.tableSizeBytes()).as("TableSizeBytes of empty %s", table).isZero();
        } else {
            assertThat(description.tableSizeBytes()).as("TableSizeBytes of %s", table).isPositive();
        }
        for (Index index : INDEXES) {
            Set<Map<String, AttributeValue>> projected = expected.values().stream().filter(index::contains)
                    .map(index::project).collect(Collectors.toSet());
            List<Map<String, AttributeValue>> scanned = scan(client, table, index.name());
            assertThat(scanned).as("Scan of index %s", index.name()).hasSize(projected.size());
            assertThat(new HashSet<>(scanned)).as("Scan of index %s", index.name()).isEqualTo(projected);
            assertQueriesInOrder(client, table, index, projected);
        }
        assertQueriesInOrder(client, table, new Index(null, "pk", "sk", ProjectionType.ALL, Set.of()),
                new HashSet<>(expected.values()));
    }

    /** For the first few partitions of an index, a Query returns its items sorted by the sort key. */
    private static void assertQueriesInOrder(DynamoDbClient client, String table, Index index,
            Set<Map<String, AttributeValue>> entries) {
        Map<AttributeValue, List<Map<String, AttributeValue>>> partitions = entries.stream()
                .collect(Collectors.groupingBy(item -> item.get(index.hash())));
        partitions.entrySet().stream().limit(3).forEach(partition -> {
            List<Map<String, AttributeValue>> queried = new ArrayList<>();
            client.queryPaginator(b -> b.tableName(table).indexName(index.name()).limit(7)
                    .keyConditionExpression("#h = :h").expressionAttributeNames(Map.of("#h", index.hash()))
                    .expressionAttributeValues(Map.of(":h", partition.getKey()))).items().forEach(queried::add);
            List<AttributeValue> order = queried.stream().map(item -> item.get(index.range())).toList();
            assertThat(order).as("sort keys of a Query of %s = %s", index.hash(), partition.getKey())
                    .isSortedAccordingTo(IndexedTable::compareKeys);
            // items with equal index keys come in no particular order: compare them as a set
            assertThat(new HashSet<>(queried)).as("Query of %s = %s", index.hash(), partition.getKey())
                    .isEqualTo(new HashSet<>(partition.getValue()));
            assertThat(queried).hasSize(partition.getValue().size());
        });
    }

    /** DynamoDB's key order: numbers numerically, strings by unsigned UTF-8 bytes. */
    private static int compareKeys(AttributeValue a, AttributeValue b) {
        if (a.n() != null) {
            return new BigDecimal(a.n()).compareTo(new BigDecimal(b.n()));
        }
        return Arrays.compareUnsigned(a.s().getBytes(StandardCharsets.UTF_8), b.s().getBytes(StandardCharsets.UTF_8));
    }

    static Map<String, Map<String, AttributeValue>> byKey(List<Map<String, AttributeValue>> items) {
        Map<String, Map<String, AttributeValue>> byKey = new HashMap<>();
        items.forEach(item -> byKey.put(keyOf(item), item));
        assertThat(byKey).as("items with distinct keys").hasSize(items.size());
        return byKey;
    }

    private static KeySchemaElement key(String name, KeyType type) {
        return KeySchemaElement.builder().attributeName(name).keyType(type).build();
    }

    private static AttributeDefinition attribute(String name, String type) {
        return AttributeDefinition.builder().attributeName(name).attributeType(type).build();
    }
}
