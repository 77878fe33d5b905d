package dev.singletable.benchmarks.workload;

import dev.singletable.benchmarks.Stats;
import dev.singletable.engine.DynamoDbEngine;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Runs the single-table workload against the engine's in-memory transport, its HTTP endpoint and, when given
 * one, a peer emulator's endpoint, interleaving the targets round by round so that drift on a noisy machine
 * hits all of them alike. Prints a Markdown table with ops/s, p50, p99 and the ratio to the peer.
 *
 * <pre>java -cp benchmarks.jar dev.singletable.benchmarks.workload.WorkloadDriver [--peer http://127.0.0.1:4567]
 *      [--rounds 5] [--ops 200] [--out RESULTS-workload.md]</pre>
 */
public final class WorkloadDriver {
    private WorkloadDriver() {
    }

    /** One measured phase: a name, how many operations a round runs, and the operation. */
    private record Phase(String name, int opsPerRound, java.util.function.Consumer<Workload> operation) {
    }

    public static void main(String[] args) throws IOException {
        Map<String, String> options = options(args);
        int rounds = Integer.parseInt(options.getOrDefault("--rounds", "5"));
        int ops = Integer.parseInt(options.getOrDefault("--ops", "200"));
        if (rounds < 1 || ops < 1) {
            throw new IllegalArgumentException("--rounds and --ops must be at least 1");
        }
        String peer = options.get("--peer");
        if (peer == null) {
            System.err.println("WorkloadDriver: no --peer given: measuring the engine's targets only, without ratios");
        }
        List<Target> targets = new ArrayList<>();
        try (DynamoDbEngine engine = DynamoDbEngine.create()) {
            targets.add(new Target("in-memory", engine.client()));
            targets.add(new Target("HTTP", http(engine.httpEndpoint())));
            if (peer != null) {
                targets.add(new Target("peer", http(URI.create(peer))));
            }
            String report = run(targets, rounds, ops, peer != null);
            System.out.println(report);
            String out = options.get("--out");
            if (out != null) {
                Files.writeString(Path.of(out), report);
            }
        } finally {
            targets.stream().skip(1).forEach(target -> target.client().close()); // the engine owns client()
        }
    }

    static String run(List<Target> targets, int rounds, int ops, boolean hasPeer) {
        Map<String, Workload> workloads = new LinkedHashMap<>();
        Map<String, Map<String, Stats>> results = new LinkedHashMap<>();
        // the in-memory and HTTP targets share one engine, so each target gets a table of its own
        String table = "bench_" + System.nanoTime();
        List<Phase> phases = List.of(
                new Phase("GetItem", ops, Workload::getItem),
                new Phase("PutItem", ops, Workload::putItem),
                new Phase("UpdateItem (conditional)", ops, Workload::conditionalUpdate),
                new Phase("Query begins_with", ops, Workload::queryPartition),
                new Phase("Query GSI1 BETWEEN, Limit 20, desc", ops, Workload::queryIndex),
                new Phase("Scan (all items, paginated)", Math.max(1, ops / 50), Workload::scanAll));
        // warm-up: the whole seed on a throwaway table per target, so the measured seed does not time JIT compilation
        for (Target target : targets) {
            Workload warmup = new Workload(target.client(), table + "_warmup_" + targets.indexOf(target));
            warmup.createTable();
            while (warmup.seedBatch()) {
                warmup.getItem();
                warmup.queryPartition();
            }
            warmup.deleteTable();
        }
        for (Target target : targets) {
            Workload workload = new Workload(target.client(), table + "_" + targets.indexOf(target));
            workload.createTable();
            workloads.put(target.name(), workload);
        }
        // the seed is a phase too: BatchWriteItem of 25 items, interleaved batch by batch
        Map<String, Stats> seed = new LinkedHashMap<>();
        boolean more = true;
        while (more) {
            more = false;
            for (Target target : targets) {
                long start = System.nanoTime();
                boolean wrote = workloads.get(target.name()).seedBatch();
                if (wrote) {
                    seed.computeIfAbsent(target.name(), n -> new Stats()).add(System.nanoTime() - start);
                    more = true;
                }
            }
        }
        results.put("BatchWriteItem (seed 200 × 21 items, 25 per call)", seed);
        checkSameAnswers(workloads);
        for (Phase phase : phases) {
            Map<String, Stats> byTarget = new LinkedHashMap<>();
            for (int round = 0; round < rounds + 1; round++) {
                for (Target target : targets) {
                    Stats stats = round == 0 ? new Stats() : byTarget.computeIfAbsent(target.name(), n -> new Stats());
                    Workload workload = workloads.get(target.name());
                    for (int i = 0; i < phase.opsPerRound(); i++) {
                        long start = System.nanoTime();
                        phase.operation().accept(workload);
                        stats.add(System.nanoTime() - start); // round 0 warms up and is not kept
                    }
                }
            }
            results.put(phase.name(), byTarget);
        }
        checkSameAnswers(workloads);
        return markdown(results, targets, hasPeer)
                + "Every target gave the same answers to the checks (items in the table, a partition Query, a GSI1 Query"
                + " page): " + workloads.values().iterator().next().fingerprint() + ".\n";
    }

    /** The targets run the same calls with the same random numbers, so they must hold the same items. */
    private static void checkSameAnswers(Map<String, Workload> workloads) {
        Map<String, String> fingerprints = new LinkedHashMap<>();
        workloads.forEach((name, workload) -> fingerprints.put(name, workload.fingerprint()));
        if (fingerprints.values().stream().distinct().count() != 1) {
            throw new IllegalStateException("the targets disagree: " + fingerprints);
        }
    }

    private static String markdown(Map<String, Map<String, Stats>> results, List<Target> targets, boolean hasPeer) {
        StringBuilder s = new StringBuilder();
        s.append("| phase | target | calls | ops/s | p50 µs | p99 µs |")
                .append(hasPeer ? " ops/s × peer | p50 × peer |" : "").append('\n');
        s.append("|---|---|---:|---:|---:|---:|").append(hasPeer ? "---:|---:|" : "").append('\n');
        results.forEach((phase, byTarget) -> {
            Stats peer = byTarget.get("peer");
            for (Target target : targets) {
                Stats stats = byTarget.get(target.name());
                s.append(String.format(Locale.ROOT, "| %s | %s | %d | %.0f | %.0f | %.0f |", phase, target.name(),
                        stats.count(), stats.opsPerSecond(), stats.percentileMicros(50), stats.percentileMicros(99)));
                if (hasPeer) {
                    s.append(' ').append(ratio(stats.opsPerSecond() / peer.opsPerSecond())).append(" | ")
                            .append(ratio(peer.percentileMicros(50) / stats.percentileMicros(50))).append(" |");
                }
                s.append('\n');
            }
        });
        if (hasPeer) {
            for (Target target : targets) {
                if (target.name().equals("peer")) {
                    continue;
                }
                String lowest = null;
                String lowestP50 = null;
                double min = Double.MAX_VALUE;
                double minP50 = Double.MAX_VALUE;
                for (Map.Entry<String, Map<String, Stats>> phase : results.entrySet()) {
                    Stats mine = phase.getValue().get(target.name());
                    Stats peer = phase.getValue().get("peer");
                    double ratio = mine.opsPerSecond() / peer.opsPerSecond();
                    double ratioP50 = peer.percentileMicros(50) / mine.percentileMicros(50);
                    if (ratio < min) {
                        min = ratio;
                        lowest = phase.getKey();
                    }
                    if (ratioP50 < minP50) {
                        minP50 = ratioP50;
                        lowestP50 = phase.getKey();
                    }
                }
                s.append("\nLowest ratio to the peer, ").append(target.name()).append(": ops/s ").append(ratio(min))
                        .append(" (").append(lowest).append("), p50 ").append(ratio(minP50)).append(" (")
                        .append(lowestP50).append(")  ");
            }
            s.append('\n');
        }
        s.append('\n').append("Run on ").append(LocalDate.now()).append(", ")
                .append(Runtime.getRuntime().availableProcessors()).append(" cores, Java ")
                .append(System.getProperty("java.version")).append("; ops/s is one client calling in a loop"
                        + " (1 / mean latency, so the tail weighs in); p50 × peer = peer p50 / target p50; round 0"
                        + " of each phase is a warm-up and not counted.\n");
        return s.toString();
    }

    /** How many times faster than the peer: one decimal, two below 1 so that 0.05× does not read as 0. */
    private static String ratio(double times) {
        return String.format(Locale.ROOT, times < 1 ? "%.2f×" : "%.1f×", times);
    }

    private static DynamoDbClient http(URI endpoint) {
        return DynamoDbClient.builder().endpointOverride(endpoint)
                .httpClient(ApacheHttpClient.builder().maxConnections(8).build())
                .region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("bench", "bench")))
                .build();
    }

    private static Map<String, String> options(String[] args) {
        Map<String, String> options = new LinkedHashMap<>();
        for (int i = 0; i + 1 < args.length; i += 2) {
            options.put(args[i], args[i + 1]);
        }
        return options;
    }
}
