package dev.singletable.benchmarks;

import dev.singletable.engine.DynamoDbEngine;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/**
 * A Query is a range read inside one partition: its cost is the items it reads, not the size of the table.
 * Queries one partition of 20 items through the engine's in-memory SDK client, on tables of 1,000, 100,000 and
 * 1,000,000 items (loaded with {@code engine.load}); the figures should be within 2x of each other. The warm-up is
 * long: after the load of 1,000,000 items, the first 10 to 20 s of queries ran 10x slower than later ones on 2 cores
 * (the JIT still compiling), which a shorter warm-up measures instead of the Query.
 *
 * <pre>
 * mvn -B -q -pl benchmarks -am package -DskipTests
 * java -jar benchmarks/target/benchmarks.jar QueryScale -f 1 -wi 30 -w 1s -i 5 -r 1s
 * </pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 15, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = "-Xmx8g")
public class QueryScaleBenchmark {
    private static final int ITEMS_PER_PARTITION = 20;
    private static final int CHUNK = 10_000;

    @Param({"1000", "100000", "1000000"})
    public int tableItems;

    private DynamoDbEngine engine;
    private DynamoDbClient client;
    private QueryRequest query;

    @Setup(Level.Trial)
    public void load() {
        engine = DynamoDbEngine.builder().requestLogCapacity(1_000).build();
        client = engine.client();
        client.createTable(b -> b.tableName("app").billingMode(BillingMode.PAY_PER_REQUEST)
                .keySchema(k -> k.attributeName("PK").keyType(KeyType.HASH),
                        k -> k.attributeName("SK").keyType(KeyType.RANGE))
                .attributeDefinitions(a -> a.attributeName("PK").attributeType("S"),
                        a -> a.attributeName("SK").attributeType("S")));
        List<Map<String, AttributeValue>> chunk = new ArrayList<>(CHUNK);
        for (int i = 0; i < tableItems; i++) {
            chunk.add(Map.of(
                    "PK", AttributeValue.fromS("CUSTOMER#" + i / ITEMS_PER_PARTITION),
                    "SK", AttributeValue.fromS(String.format("ORDER#%07d", i)),
                    "total", AttributeValue.fromN(Integer.toString(i % 1000))));
            if (chunk.size() == CHUNK || i == tableItems - 1) {
                engine.load("app", chunk);
                chunk = new ArrayList<>(CHUNK);
            }
        }
        String middle = "CUSTOMER#" + tableItems / ITEMS_PER_PARTITION / 2;
        query = QueryRequest.builder().tableName("app").keyConditionExpression("PK = :c")
                .expressionAttributeValues(Map.of(":c", AttributeValue.fromS(middle))).build();
        int found = client.query(query).count();
        if (found != ITEMS_PER_PARTITION) {
            throw new IllegalStateException("expected " + ITEMS_PER_PARTITION + " items in " + middle + ", found " + found);
        }
    }

    @TearDown(Level.Trial)
    public void close() {
        engine.close();
    }

    @Benchmark
    public QueryResponse queryOnePartition() {
        return client.query(query);
    }
}
