package dev.singletable.benchmarks.http;

import dev.singletable.benchmarks.Stats;
import dev.singletable.engine.DynamoDbEngine;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.zip.CRC32;

/**
 * The HTTP server's own cost: the same pre-built requests over raw keep-alive HTTP/1.1 connections to the engine's
 * endpoint, to a peer emulator and to two servers that answer with the engine's response bytes prepared in advance —
 * a thread-per-connection server on blocking sockets (the floor) and the JDK's {@code HttpServer}. A ListTables
 * (next to no work: the HTTP layer's share), GetItem of one item and a Query of 20 items; one connection (latency)
 * and several concurrent ones (throughput). Targets are
 * interleaved round by round so that drift on a noisy machine hits all of them alike; round 0 warms up.
 *
 * <pre>java -cp benchmarks.jar dev.singletable.benchmarks.http.HttpServerCost [--peer http://127.0.0.1:4567]
 *      [--rounds 5] [--requests 2000] [--seconds 2] [--connections 16] [--targets engine,floor,jdk,peer]
 *      [--operations ListTables,GetItem,Query] [--out http-server.md]</pre>
 */
public final class HttpServerCost {
    /** A fresh name per run: the peer may be shared with other benchmarks and runs. */
    private static final String TABLE = "http_bench_" + Long.toString(System.currentTimeMillis(), 36);
    private static final String ENGINE = "engine";
    private static final String FLOOR = "floor";
    private static final String JDK = "jdk";
    private static final String PEER = "peer";

    /** One measured call: its name in the report, the operation, its request body and what its answer holds. */
    private record Call(String name, String operation, String json, String expect) {
    }

    private static final List<Call> CALLS = List.of(
            // next to no work in any server: what is left is the HTTP layer and the protocol's framing
            new Call("ListTables, Limit 1", "ListTables", "{\"Limit\":1}", "\"TableNames\""),
            new Call("GetItem", "GetItem", "{\"TableName\":\"" + TABLE + "\",\"Key\":{\"PK\":{\"S\":\"ITEM#get\"},"
                    + "\"SK\":{\"S\":\"A\"}}}", "\"Item\""),
            new Call("Query, 20 items", "Query", "{\"TableName\":\"" + TABLE + "\",\"KeyConditionExpression\":"
                    + "\"PK = :p\",\"ExpressionAttributeValues\":{\":p\":{\"S\":\"ORDERS#7\"}}}", "\"Count\":20"));

    /** One server measured: its key (for --targets), its name in the report and where it listens. */
    private record Target(String key, String name, URI uri) {
    }

    /** What one call on one target measured: latency on one connection, throughput on several. */
    private record Result(Stats single, Stats concurrent, double concurrentPerSecond) {
    }

    private HttpServerCost() {
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> options = options(args);
        int rounds = Integer.parseInt(options.getOrDefault("--rounds", "5"));
        int requests = Integer.parseInt(options.getOrDefault("--requests", "2000"));
        double seconds = Double.parseDouble(options.getOrDefault("--seconds", "2"));
        int connections = Integer.parseInt(options.getOrDefault("--connections", "16"));
        List<String> wanted = Arrays.asList(options.getOrDefault("--targets", "engine,floor,jdk,peer").split(","));
        List<String> operations = Arrays.asList(options.getOrDefault("--operations", "ListTables,GetItem,Query")
                .split(","));
        List<Call> calls = CALLS.stream().filter(c -> operations.contains(c.operation())).toList();
        String peer = options.get("--peer");
        if (peer == null) {
            System.err.println("HttpServerCost: no --peer given: measuring without the peer emulator and its ratios");
        }
        try (DynamoDbEngine engine = DynamoDbEngine.create()) {
            URI engineUri = engine.httpEndpoint();
            populate(engineUri);
            Map<String, byte[]> bodies = new LinkedHashMap<>();
            try (RawHttpClient client = new RawHttpClient(engineUri)) {
                for (Call call : CALLS) {
                    check(client, engineUri, call, ENGINE);
                    bodies.put(call.operation(), client.lastBody().getBytes(StandardCharsets.UTF_8));
                }
            }
            try (BlockingEchoServer floor = new BlockingEchoServer(rawAnswers(bodies));
                 JdkHttpServerEcho jdk = new JdkHttpServerEcho(jdkAnswers(bodies))) {
                List<Target> targets = new ArrayList<>();
                targets.add(new Target(ENGINE, "engine", engineUri));
                targets.add(new Target(FLOOR, "blocking-socket echo (floor)", floor.uri()));
                targets.add(new Target(JDK, "JDK HttpServer echo", jdk.uri()));
                if (peer != null && wanted.contains(PEER)) {
                    populate(URI.create(peer));
                    targets.add(new Target(PEER, "peer", URI.create(peer)));
                }
                targets.removeIf(t -> !wanted.contains(t.key()));
                for (Target target : targets) {
                    try (RawHttpClient client = new RawHttpClient(target.uri())) {
                        for (Call call : CALLS) {
                            check(client, target.uri(), call, target.name());
                        }
                    }
                }
                Map<Call, Map<String, Result>> results = measure(targets, calls, rounds, requests, seconds,
                        connections);
                String report = markdown(results, targets, connections, rounds, requests, seconds);
                System.out.println(report);
                String out = options.get("--out");
                if (out != null) {
                    Files.writeString(Path.of(out), report);
                }
            }
        }
    }

    // ---- the table both servers hold -------------------------------------------------------------------------------

    /** Creates the table on a server and writes the GetItem item and the Query's 20 items, through raw HTTP too. */
    private static void populate(URI endpoint) throws IOException, InterruptedException {
        try (RawHttpClient client = new RawHttpClient(endpoint)) {
            expect(client, endpoint, "CreateTable", "{\"TableName\":\"" + TABLE + "\",\"BillingMode\":\"PAY_PER_REQUEST\","
                    + "\"AttributeDefinitions\":[{\"AttributeName\":\"PK\",\"AttributeType\":\"S\"},"
                    + "{\"AttributeName\":\"SK\",\"AttributeType\":\"S\"}],\"KeySchema\":[{\"AttributeName\":\"PK\","
                    + "\"KeyType\":\"HASH\"},{\"AttributeName\":\"SK\",\"KeyType\":\"RANGE\"}]}");
            for (int i = 0; i < 100; i++) {
                expect(client, endpoint, "DescribeTable", "{\"TableName\":\"" + TABLE + "\"}");
                if (client.lastBody().contains("\"TableStatus\":\"ACTIVE\"")) {
                    break;
                }
                Thread.sleep(50);
            }
            StringBuilder writes = new StringBuilder("{\"RequestItems\":{\"" + TABLE + "\":[");
            writes.append(put("\"PK\":{\"S\":\"ITEM#get\"},\"SK\":{\"S\":\"A\"},\"name\":{\"S\":\"Ada Lovelace\"},"
                    + "\"email\":{\"S\":\"ada@example.com\"},\"plan\":{\"S\":\"PRO\"},\"credit\":{\"N\":\"1234.50\"},"
                    + "\"tags\":{\"SS\":[\"analyst\",\"engine\"]},\"address\":{\"M\":{\"city\":{\"S\":\"London\"},"
                    + "\"zip\":{\"S\":\"W1\"}}}"));
            for (int i = 1; i <= 20; i++) {
                writes.append(',').append(put(String.format(Locale.ROOT, "\"PK\":{\"S\":\"ORDERS#7\"},"
                        + "\"SK\":{\"S\":\"ORDER#%04d\"},\"status\":{\"S\":\"OPEN\"},\"total\":{\"N\":\"%d.90\"},"
                        + "\"createdAt\":{\"S\":\"2026-01-%02dT10:00:00Z\"},\"customer\":{\"S\":\"CUSTOMER#7\"},"
                        + "\"lines\":{\"N\":\"%d\"}", i, 10 + i, i, i % 5 + 1)));
            }
            expect(client, endpoint, "BatchWriteItem", writes.append("]}}").toString());
        }
    }

    private static String put(String attributes) {
        return "{\"PutRequest\":{\"Item\":{" + attributes + "}}}";
    }

    private static void expect(RawHttpClient client, URI endpoint, String operation, String json) throws IOException {
        int status = client.exchange(RawHttpClient.request(endpoint, operation, json));
        if (status != 200) {
            throw new IllegalStateException(operation + " on " + endpoint + " answered " + status + ": "
                    + client.lastBody());
        }
    }

    private static void check(RawHttpClient client, URI endpoint, Call call, String target) throws IOException {
        expect(client, endpoint, call.operation(), call.json());
        if (!client.lastBody().contains(call.expect())) {
            throw new IllegalStateException(target + " answered " + call.name() + " without " + call.expect() + ": "
                    + client.lastBody());
        }
    }

    // ---- the floors' prepared answers ------------------------------------------------------------------------------

    private static Map<String, String> headers(byte[] body) {
        CRC32 crc = new CRC32();
        crc.update(body);
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("x-amzn-RequestId", "0".repeat(52));
        headers.put("x-amz-crc32", Long.toString(crc.getValue()));
        headers.put("Content-Type", "application/x-amz-json-1.0");
        headers.put("Date", "Thu, 01 Jan 2026 00:00:00 GMT");
        return headers;
    }

    private static Map<String, byte[]> rawAnswers(Map<String, byte[]> bodies) {
        Map<String, byte[]> answers = new LinkedHashMap<>();
        bodies.forEach((operation, body) -> {
            StringBuilder head = new StringBuilder("HTTP/1.1 200 OK\r\n");
            headers(body).forEach((name, value) -> head.append(name).append(": ").append(value).append("\r\n"));
            head.append("Content-Length: ").append(body.length).append("\r\n\r\n");
            byte[] head8 = head.toString().getBytes(StandardCharsets.US_ASCII);
            byte[] answer = Arrays.copyOf(head8, head8.length + body.length);
            System.arraycopy(body, 0, answer, head8.length, body.length);
            answers.put(operation, answer);
        });
        return answers;
    }

    private static Map<String, JdkHttpServerEcho.Answer> jdkAnswers(Map<String, byte[]> bodies) {
        Map<String, JdkHttpServerEcho.Answer> answers = new LinkedHashMap<>();
        bodies.forEach((operation, body) -> answers.put(operation, new JdkHttpServerEcho.Answer(headers(body), body)));
        return answers;
    }

    // ---- measuring -------------------------------------------------------------------------------------------------

    private static Map<Call, Map<String, Result>> measure(List<Target> targets, List<Call> calls, int rounds,
                                                          int requests, double seconds, int connections)
            throws Exception {
        Map<Call, Map<String, Result>> results = new LinkedHashMap<>();
        ExecutorService pool = Executors.newFixedThreadPool(connections);
        try {
            for (Call call : calls) {
                Map<String, Stats> single = new LinkedHashMap<>();
                Map<String, Stats> concurrent = new LinkedHashMap<>();
                Map<String, long[]> counted = new LinkedHashMap<>(); // requests, nanoseconds
                for (int round = 0; round <= rounds; round++) {
                    for (Target target : targets) {
                        byte[] request = RawHttpClient.request(target.uri(), call.operation(), call.json());
                        // connections opened right before they are used: a server may close keep-alive
                        // connections left idle (Node's default is after 5 s)
                        Stats latencies;
                        try (RawHttpClient client = new RawHttpClient(target.uri())) {
                            latencies = oneConnection(client, request, requests);
                        }
                        List<RawHttpClient> clients = new ArrayList<>();
                        try {
                            for (int i = 0; i < connections; i++) {
                                clients.add(new RawHttpClient(target.uri()));
                            }
                            long start = System.nanoTime();
                            Stats loaded = concurrently(pool, clients, request, seconds);
                            long elapsed = System.nanoTime() - start;
                            if (round > 0) { // round 0 warms up
                                single.computeIfAbsent(target.key(), n -> new Stats()).addAll(latencies);
                                concurrent.computeIfAbsent(target.key(), n -> new Stats()).addAll(loaded);
                                long[] total = counted.computeIfAbsent(target.key(), n -> new long[2]);
                                total[0] += loaded.count();
                                total[1] += elapsed;
                            }
                        } finally {
                            for (RawHttpClient client : clients) {
                                client.close();
                            }
                        }
                    }
                }
                Map<String, Result> byTarget = new LinkedHashMap<>();
                for (Target target : targets) {
                    long[] total = counted.get(target.key());
                    byTarget.put(target.key(), new Result(single.get(target.key()), concurrent.get(target.key()),
                            total[0] / (total[1] / 1e9)));
                }
                results.put(call, byTarget);
            }
        } finally {
            pool.shutdownNow();
        }
        return results;
    }

    private static Stats oneConnection(RawHttpClient client, byte[] request, int requests) throws IOException {
        Stats stats = new Stats();
        for (int i = 0; i < requests; i++) {
            long start = System.nanoTime();
            status(client.exchange(request));
            stats.add(System.nanoTime() - start);
        }
        return stats;
    }

    /** Every connection calls in a loop on its own thread for the given time; their latencies, merged. */
    private static Stats concurrently(ExecutorService pool, List<RawHttpClient> clients, byte[] request,
                                      double seconds) throws Exception {
        CyclicBarrier start = new CyclicBarrier(clients.size());
        List<Future<Stats>> running = new ArrayList<>();
        for (RawHttpClient client : clients) {
            running.add(pool.submit(() -> {
                Stats stats = new Stats();
                start.await();
                long deadline = System.nanoTime() + (long) (seconds * 1e9);
                long now = System.nanoTime();
                while (now < deadline) {
                    status(client.exchange(request));
                    long done = System.nanoTime();
                    stats.add(done - now);
                    now = done;
                }
                return stats;
            }));
        }
        Stats all = new Stats();
        for (Future<Stats> stats : running) {
            all.addAll(stats.get());
        }
        return all;
    }

    private static void status(int status) {
        if (status != 200) {
            throw new UncheckedIOException(new IOException("answered HTTP " + status));
        }
    }

    // ---- the report ------------------------------------------------------------------------------------------------

    private static String markdown(Map<Call, Map<String, Result>> results, List<Target> targets, int connections,
                                   int rounds, int requests, double seconds) {
        StringBuilder s = new StringBuilder();
        s.append(String.format(Locale.ROOT, "| call | server | 1 connection p50 µs | p99 µs | %d connections req/s "
                + "| p50 µs | p99 µs | p50 × floor | p50: peer ÷ this | req/s: this ÷ peer |%n", connections));
        s.append("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        results.forEach((call, byTarget) -> {
            Result floor = byTarget.get(FLOOR);
            Result peer = byTarget.get(PEER);
            for (Target target : targets) {
                Result r = byTarget.get(target.key());
                double p50 = r.single().percentileMicros(50);
                s.append(String.format(Locale.ROOT, "| %s | %s | %.0f | %.0f | %.0f | %.0f | %.0f | %s | %s | %s |%n",
                        call.name(), target.name(), p50, r.single().percentileMicros(99), r.concurrentPerSecond(),
                        r.concurrent().percentileMicros(50), r.concurrent().percentileMicros(99),
                        floor == null ? "" : times(p50 / floor.single().percentileMicros(50)),
                        peer == null ? "" : times(peer.single().percentileMicros(50) / p50),
                        peer == null ? "" : times(r.concurrentPerSecond() / peer.concurrentPerSecond())));
            }
        });
        s.append('\n').append(verdicts(results, connections));
        s.append(String.format(Locale.ROOT, "%nRun on %s, %d cores, Java %s; %d measured rounds after a warm-up round,"
                        + " each of %d calls on one connection, then %d connections calling for %.1f s; targets"
                        + " interleaved round by round. The floor and the JDK server answer with the engine's response"
                        + " bytes prepared in advance, so they do no DynamoDB work.%n", LocalDate.now(),
                Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"), rounds, requests,
                connections, seconds));
        return s.toString();
    }

    /** Issue 17's targets for the server's own cost, each with its measured ratio. */
    private static String verdicts(Map<Call, Map<String, Result>> results, int connections) {
        Map<String, Result> get = byOperation(results, "GetItem");
        Map<String, Result> query = byOperation(results, "Query");
        List<String> lines = new ArrayList<>();
        if (get != null && get.containsKey(ENGINE) && get.containsKey(FLOOR)) {
            double ratio = p50(get.get(ENGINE)) / p50(get.get(FLOOR));
            lines.add(verdict("GetItem p50 ≤ 1.5× the floor", ratio, ratio <= 1.5));
        }
        if (get != null && get.containsKey(ENGINE) && get.containsKey(PEER)) {
            double ratio = p50(get.get(PEER)) / p50(get.get(ENGINE));
            lines.add(verdict("GetItem p50 ≥ 2× faster than the peer", ratio, ratio >= 2));
        }
        if (query != null && query.containsKey(ENGINE) && query.containsKey(PEER)) {
            double ratio = p50(query.get(PEER)) / p50(query.get(ENGINE));
            lines.add(verdict("Query p50 ≥ 4× faster than the peer", ratio, ratio >= 4));
        }
        for (Map.Entry<Call, Map<String, Result>> call : results.entrySet()) {
            Map<String, Result> byTarget = call.getValue();
            if (!call.getKey().operation().equals("ListTables") && byTarget.containsKey(ENGINE)
                    && byTarget.containsKey(PEER)) {
                double ratio = byTarget.get(ENGINE).concurrentPerSecond() / byTarget.get(PEER).concurrentPerSecond();
                lines.add(verdict(call.getKey().name() + " at " + connections + " connections ≥ 3× the peer's req/s",
                        ratio, ratio >= 3));
            }
        }
        return lines.isEmpty() ? "" : "Targets: " + String.join("; ", lines) + ".\n";
    }

    private static Map<String, Result> byOperation(Map<Call, Map<String, Result>> results, String operation) {
        return results.entrySet().stream().filter(e -> e.getKey().operation().equals(operation))
                .map(Map.Entry::getValue).findFirst().orElse(null);
    }

    private static double p50(Result result) {
        return result.single().percentileMicros(50);
    }

    private static String verdict(String target, double ratio, boolean met) {
        return target + ": " + times(ratio) + (met ? " ✓" : " ✗");
    }

    private static String times(double ratio) {
        return String.format(Locale.ROOT, "%.2f×", ratio);
    }

    private static Map<String, String> options(String[] args) {
        Map<String, String> options = new LinkedHashMap<>();
        for (int i = 0; i + 1 < args.length; i += 2) {
            options.put(args[i], args[i + 1]);
        }
        return options;
    }
}
