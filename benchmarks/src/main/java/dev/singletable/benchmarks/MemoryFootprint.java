package dev.singletable.benchmarks;

import com.sun.management.OperatingSystemMXBean;
import dev.singletable.engine.DynamoDbEngine;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;

/**
 * Heap held by an engine with N items of about 300 bytes (DynamoDB's size rules) loaded with {@code engine.load}:
 * heap used after several {@code System.gc()} with the engine holding the items, minus the same before the load;
 * and the time spent in {@code engine.load} (the items are made, 10,000 at a time, outside it), with the CPU time
 * the process spent in it (every thread: a large load reads items on a second thread, and the JIT and the
 * collectors count too), the calling thread's share of it, and the collectors' time, which tell the work from
 * waiting on a busy machine. Prints one line of key=value pairs.
 *
 * <pre>java -Xmx4g -cp benchmarks/target/benchmarks.jar dev.singletable.benchmarks.MemoryFootprint 1000000</pre>
 */
public final class MemoryFootprint {
    private MemoryFootprint() {
    }

    public static void main(String[] args) {
        int items = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
        try (DynamoDbEngine engine = DynamoDbEngine.create()) {
            DynamoDbClient client = engine.client();
            client.createTable(b -> b.tableName("app").billingMode(BillingMode.PAY_PER_REQUEST)
                    .keySchema(k -> k.attributeName("PK").keyType(KeyType.HASH),
                            k -> k.attributeName("SK").keyType(KeyType.RANGE))
                    .attributeDefinitions(a -> a.attributeName("PK").attributeType("S"),
                            a -> a.attributeName("SK").attributeType("S")));
            engine.load("app", List.of(item(0))); // classes loaded and caches warm before the baseline
            long before = heapAfterGc();
            ThreadMXBean threads = ManagementFactory.getThreadMXBean();
            OperatingSystemMXBean process = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
            long loadNanos = 0;
            long cpuNanos = 0;
            long threadCpuNanos = 0;
            long gcMillis = -gcMillis();
            List<Map<String, AttributeValue>> chunk = new ArrayList<>();
            for (int i = 1; i < items; i++) {
                chunk.add(item(i));
                if (chunk.size() == 10_000 || i == items - 1) {
                    long start = System.nanoTime();
                    long cpu = process.getProcessCpuTime();
                    long threadCpu = threads.getCurrentThreadCpuTime();
                    engine.load("app", chunk);
                    threadCpuNanos += threads.getCurrentThreadCpuTime() - threadCpu;
                    cpuNanos += process.getProcessCpuTime() - cpu;
                    loadNanos += System.nanoTime() - start;
                    chunk = new ArrayList<>();
                }
            }
            gcMillis += gcMillis();
            double loadSeconds = loadNanos / 1e9;
            chunk = null;
            long after = heapAfterGc();
            TableDescription table = client.describeTable(b -> b.tableName("app")).table();
            long held = after - before;
            System.out.printf(Locale.ROOT, "items=%d tableSizeBytes=%d avgItemBytes=%.0f heapBeforeMB=%.1f"
                            + " heapAfterMB=%.1f heldMB=%.1f heldBytesPerItem=%.0f loadSeconds=%.1f loadCpuSeconds=%.1f"
                            + " loadThreadCpuSeconds=%.1f gcSeconds=%.1f maxHeapMB=%.0f%n",
                    table.itemCount(), table.tableSizeBytes(), (double) table.tableSizeBytes() / table.itemCount(),
                    before / 1048576.0, after / 1048576.0, held / 1048576.0, (double) held / items, loadSeconds,
                    cpuNanos / 1e9, threadCpuNanos / 1e9, gcMillis / 1e3, Runtime.getRuntime().maxMemory() / 1048576.0);
        }
    }

    /** An order of about 300 bytes by DynamoDB's rules: names and values, strings and numbers. */
    static Map<String, AttributeValue> item(int n) {
        Map<String, AttributeValue> item = new HashMap<>();
        item.put("PK", AttributeValue.fromS("CUSTOMER#" + n / 20));
        item.put("SK", AttributeValue.fromS(String.format("ORDER#%08d", n)));
        item.put("status", AttributeValue.fromS(n % 2 == 0 ? "OPEN" : "SHIPPED"));
        item.put("total", AttributeValue.fromN(Integer.toString(10 + n % 990)));
        item.put("created", AttributeValue.fromS(String.format("2026-%02d-%02dT10:00:00Z", 1 + n % 12, 1 + n % 28)));
        item.put("note", AttributeValue.fromS("x".repeat(218)));
        return item;
    }

    /** Time the collectors have spent so far (pauses and concurrent work, as the JVM counts it). */
    private static long gcMillis() {
        return ManagementFactory.getGarbageCollectorMXBeans().stream()
                .mapToLong(GarbageCollectorMXBean::getCollectionTime).sum();
    }

    /** Heap used after garbage collection: the least of five readings, each after a System.gc(). */
    static long heapAfterGc() {
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        long used = Long.MAX_VALUE;
        for (int i = 0; i < 5; i++) {
            System.gc();
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            used = Math.min(used, memory.getHeapMemoryUsage().getUsed());
        }
        return used;
    }
}
