package dev.singletable.benchmarks;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.singletable.engine.DynamoDbEngine;
import dev.singletable.engine.RequestLog;
import dev.singletable.engine.model.RequestLogEntry;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Function;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.http.AbortableInputStream;
import software.amazon.awssdk.http.ExecutableHttpRequest;
import software.amazon.awssdk.http.HttpExecuteRequest;
import software.amazon.awssdk.http.HttpExecuteResponse;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.SdkHttpFullResponse;
import software.amazon.awssdk.http.SdkHttpRequest;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;

/**
 * The in-memory call against the SDK's own floor: the same SDK v2 client calls through the engine's in-memory
 * transport ({@code transport=engine}) and through a stub {@code SdkHttpClient} that answers every call with one of
 * the engine's responses to that operation, recorded beforehand, doing no work ({@code transport=stub}). The stub
 * hands out {@value #RECORDED_CALLS} responses per operation in turn, recorded from calls like the benchmark's, so
 * that the SDK reads answers that vary from call to call as the engine's do (one answer repeated byte for byte made
 * the stub's calls 3–7% cheaper in CPU time than these, in JVMs taking turns). Both clients come from
 * {@link DynamoDbEngine#clientBuilder()}, so they differ in the HTTP client only; the ratio engine ÷ stub is the
 * engine's share of a call: sampled latencies, so that the median stays put on a busy machine. The table is
 * {@link EngineApiBenchmark}'s: 10,000 orders, 20 a customer, on GSI1.
 * <p>
 * {@link #main} adds a third transport, {@code json}: the stub, but reading every token of the request body with
 * Jackson and writing the response with Jackson's generator token by token. That is the least any engine pays that
 * answers the SDK in DynamoDB's JSON, so of the engine's share, json ÷ stub is the JSON exchange and the rest is
 * the engine's own.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class SdkFloorBenchmark {
    private static final int CUSTOMERS = EngineApiBenchmark.CUSTOMERS;
    private static final int ORDERS = EngineApiBenchmark.ORDERS;
    /** Responses recorded per operation for the stub and the JSON floor to answer with in turn. */
    private static final int RECORDED_CALLS = 256;
    /** Rounds a JVM of {@link #main} runs in one turn: some tens of milliseconds. */
    private static final int BATCH_ROUNDS = 200;
    /** Where {@link #main} keeps the engine's own time of a call beside each transport's CPU time. */
    private static final String HANDLER = "handler";

    @Param({"engine", "stub"})
    public String transport;

    private DynamoDbEngine engine;
    private DynamoDbClient client;
    private final Random random = new Random(3);

    @Setup
    public void setup() {
        // the log holds one batch of main's rounds, five calls each, which main reads back after each batch
        engine = DynamoDbEngine.builder().requestLogCapacity(BATCH_ROUNDS * 5).build();
        EngineApiBenchmark.createTable(engine, CUSTOMERS, ORDERS);
        Map<String, List<Answer>> answers = new ConcurrentHashMap<>();
        if (!transport.equals("engine")) {
            // calls like the benchmark's through the engine, recording their answers as they reached the SDK
            try (DynamoDbClient recording = engine.clientBuilder()
                    .overrideConfiguration(o -> o.addExecutionInterceptor(new Recorder(answers))).build()) {
                client = recording;
                for (int call = 0; call < RECORDED_CALLS; call++) {
                    getItem();
                    putItem();
                    conditionalUpdate();
                    queryPartition();
                    queryIndex();
                }
            }
            client = engine.clientBuilder()
                    .httpClient(transport.equals("json") ? new JsonFloor(answers) : new Stub(answers)).build();
        } else {
            client = engine.clientBuilder().build();
        }
    }

    @TearDown
    public void close() {
        client.close();
        engine.close();
    }

    @Benchmark
    public GetItemResponse getItem() {
        return client.getItem(b -> b.tableName("app").key(key(random.nextInt(CUSTOMERS), random.nextInt(ORDERS))));
    }

    @Benchmark
    public PutItemResponse putItem() {
        return client.putItem(b -> b.tableName("app")
                .item(EngineApiBenchmark.order(random.nextInt(CUSTOMERS), random.nextInt(ORDERS))));
    }

    @Benchmark
    public UpdateItemResponse conditionalUpdate() {
        return client.updateItem(b -> b.tableName("app").key(key(random.nextInt(CUSTOMERS), random.nextInt(ORDERS)))
                .updateExpression("SET visits = if_not_exists(visits, :zero) + :one")
                .conditionExpression("attribute_exists(PK)")
                .expressionAttributeValues(Map.of(":zero", AttributeValue.fromN("0"), ":one", AttributeValue.fromN("1")))
                .returnValues(ReturnValue.UPDATED_NEW));
    }

    /** A Query of a whole partition: 20 items. */
    @Benchmark
    public QueryResponse queryPartition() {
        return client.query(b -> b.tableName("app").keyConditionExpression("PK = :pk AND begins_with(SK, :prefix)")
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS("CUSTOMER#" + random.nextInt(CUSTOMERS)),
                        ":prefix", AttributeValue.fromS("ORDER#"))));
    }

    /** A Query of GSI1: the first page of 20 of one status (2,500 items), newest first. */
    @Benchmark
    public QueryResponse queryIndex() {
        return client.query(b -> b.tableName("app").indexName("GSI1")
                .keyConditionExpression("GSI1PK = :status AND begins_with(GSI1SK, :year)")
                .expressionAttributeValues(Map.of(":status", AttributeValue.fromS("STATUS#" + random.nextInt(4)),
                        ":year", AttributeValue.fromS("2026-")))
                .scanIndexForward(false).limit(20));
    }

    /**
     * The same comparison in CPU time of the calling thread (on a machine other work keeps busy, time spent
     * descheduled would swamp a call of microseconds), each transport in a JVM of its own, as a user's test JVM
     * runs one: calling both in one JVM makes the SDK's call sites see two HTTP clients, and the JIT compiles
     * them differently for both. A set of child JVMs, engine, json and stub, take turns in batches of rounds (a
     * round calls each of the five once), so that all meet the same machine; warm-up rounds first. Prints one line
     * per call: the median over sets of each JVM's median, the ratios engine ÷ stub and json ÷ stub (the JSON
     * exchange's floor), and the engine's own time in the call, from its request log (how much of engine ÷ stub is
     * spent inside the engine); each set's medians go to standard error.
     *
     * <pre>java -cp benchmarks.jar dev.singletable.benchmarks.SdkFloorBenchmark [warm-up rounds] [measured rounds] [pairs]</pre>
     */
    public static void main(String[] args) throws IOException, InterruptedException {
        int warmup = args.length > 0 ? Integer.parseInt(args[0]) : 20_000;
        int measured = args.length > 1 ? Integer.parseInt(args[1]) : 20_000;
        if (args.length > 3 && args[2].equals("--child")) {
            measureInThisJvm(args[3], warmup, measured);
            return;
        }
        int pairs = args.length > 2 ? Integer.parseInt(args[2]) : 3;
        Map<String, Map<String, List<Double>>> medians = new LinkedHashMap<>(); // call -> transport -> one a pair
        for (int pair = 1; pair <= pairs; pair++) {
            Map<String, Map<String, Double>> results = pair(warmup, measured);
            for (Map.Entry<String, Map<String, Double>> call : results.entrySet()) {
                call.getValue().forEach((transport, median) -> medians.computeIfAbsent(call.getKey(),
                        c -> new LinkedHashMap<>()).computeIfAbsent(transport, t -> new ArrayList<>()).add(median));
                double engine = call.getValue().get("engine");
                double stub = call.getValue().get("stub");
                double json = call.getValue().get("json");
                System.err.printf(Locale.ROOT, "pair %d %s engineCpuP50Us=%.1f stubCpuP50Us=%.1f ratio=%.2f"
                        + " jsonCpuP50Us=%.1f jsonRatio=%.2f handlerP50Us=%.1f%n", pair, call.getKey(), engine, stub,
                        engine / stub, json, json / stub, call.getValue().get(HANDLER));
            }
        }
        medians.forEach((call, byTransport) -> {
            double engine = median(byTransport.get("engine"));
            double stub = median(byTransport.get("stub"));
            double json = median(byTransport.get("json"));
            System.out.printf(Locale.ROOT, "%s engineCpuP50Us=%.1f stubCpuP50Us=%.1f ratio=%.2f pairs=%d"
                    + " jsonCpuP50Us=%.1f jsonRatio=%.2f handlerP50Us=%.1f%n", call, engine, stub, engine / stub, pairs,
                    json, json / stub, median(byTransport.get(HANDLER)));
        });
    }

    /**
     * One pair of child JVMs on this class path, taking turns batch by batch; returns each call's median CPU time
     * (µs) in each.
     */
    private static Map<String, Map<String, Double>> pair(int warmup, int measured)
            throws IOException, InterruptedException {
        String java = ProcessHandle.current().info().command().orElse("java");
        Map<String, Process> children = new LinkedHashMap<>();
        for (String transport : List.of("engine", "json", "stub")) {
            children.put(transport, new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                    SdkFloorBenchmark.class.getName(), Integer.toString(warmup), Integer.toString(measured), "--child",
                    transport).redirectError(ProcessBuilder.Redirect.DISCARD).start());
        }
        Map<String, Map<String, Double>> results = new LinkedHashMap<>();
        try {
            Map<String, BufferedReader> outputs = new LinkedHashMap<>();
            children.forEach((transport, child) -> outputs.put(transport, new BufferedReader(
                    new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))));
            for (String transport : children.keySet()) {
                expect(outputs.get(transport), "ready", transport);
            }
            for (int batch = 0; batch < batches(warmup + measured); batch++) {
                for (Map.Entry<String, Process> child : children.entrySet()) {
                    child.getValue().getOutputStream().write('\n'); // your turn
                    child.getValue().getOutputStream().flush();
                    expect(outputs.get(child.getKey()), "done", child.getKey());
                }
            }
            for (Map.Entry<String, BufferedReader> output : outputs.entrySet()) {
                for (String line = output.getValue().readLine(); line != null; line = output.getValue().readLine()) {
                    String[] call = line.split(" ");
                    Map<String, Double> byTransport = results.computeIfAbsent(call[0], c -> new LinkedHashMap<>());
                    byTransport.put(output.getKey(), Double.parseDouble(call[1]));
                    if (call.length > 2) {
                        byTransport.put(HANDLER, Double.parseDouble(call[2]));
                    }
                }
            }
            for (Map.Entry<String, Process> child : children.entrySet()) {
                if (child.getValue().waitFor() != 0) {
                    throw new IllegalStateException("the " + child.getKey() + " JVM failed: exit code "
                            + child.getValue().exitValue());
                }
            }
        } finally {
            children.values().forEach(Process::destroy);
        }
        return results;
    }

    private static void expect(BufferedReader output, String expected, String transport) throws IOException {
        String line = output.readLine();
        if (!expected.equals(line)) {
            throw new IllegalStateException("the " + transport + " JVM said " + line + " where " + expected
                    + " was due");
        }
    }

    private static int batches(int rounds) {
        return (rounds + BATCH_ROUNDS - 1) / BATCH_ROUNDS;
    }

    /**
     * A child JVM's part: one transport; a batch of rounds each time a line comes in on standard input, "done"
     * after each; then each call's median CPU time in µs.
     */
    private static void measureInThisJvm(String transport, int warmup, int measured) throws IOException {
        ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
        SdkFloorBenchmark benchmark = new SdkFloorBenchmark();
        benchmark.transport = transport;
        benchmark.setup();
        Map<String, Consumer<SdkFloorBenchmark>> calls = new LinkedHashMap<>();
        calls.put("getItem", SdkFloorBenchmark::getItem);
        calls.put("putItem", SdkFloorBenchmark::putItem);
        calls.put("conditionalUpdate", SdkFloorBenchmark::conditionalUpdate);
        calls.put("queryPartition", SdkFloorBenchmark::queryPartition);
        calls.put("queryIndex", SdkFloorBenchmark::queryIndex);
        Map<String, Stats> cpuNanos = new LinkedHashMap<>();
        calls.keySet().forEach(call -> cpuNanos.put(call, new Stats()));
        Map<String, Stats> handlerNanos = new LinkedHashMap<>();
        calls.keySet().forEach(call -> handlerNanos.put(call, new Stats()));
        RequestLog log = transport.equals("engine") ? benchmark.engine.requestLog() : null;
        BufferedReader turns = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        System.out.println("ready");
        System.out.flush();
        try {
            int round = -warmup;
            for (int batch = 0; batch < batches(warmup + measured); batch++) {
                if (turns.readLine() == null) {
                    throw new IllegalStateException("standard input closed before the last batch");
                }
                RequestLog.Mark mark = log == null ? null : log.mark();
                int firstRound = round;
                for (int end = Math.min(round + BATCH_ROUNDS, measured); round < end; round++) {
                    for (Map.Entry<String, Consumer<SdkFloorBenchmark>> call : calls.entrySet()) {
                        long start = cpu.getCurrentThreadCpuTime();
                        call.getValue().accept(benchmark);
                        long elapsed = cpu.getCurrentThreadCpuTime() - start;
                        if (round >= 0) {
                            cpuNanos.get(call.getKey()).add(elapsed);
                        }
                    }
                }
                if (log != null) {
                    addHandlerTimes(log.since(mark), firstRound, round - firstRound, List.copyOf(calls.keySet()),
                            handlerNanos);
                }
                System.out.println("done");
                System.out.flush();
            }
        } finally {
            benchmark.close();
        }
        cpuNanos.forEach((call, stats) -> System.out.printf(Locale.ROOT, "%s %.1f%s%n", call,
                stats.percentileMicros(50), log == null ? ""
                        : String.format(Locale.ROOT, " %.1f", handlerNanos.get(call).percentileMicros(50))));
    }

    /**
     * The engine's own time in each call of a batch, from its request log: one entry a call, in the order made, each
     * timed from the request's arrival at the engine to its answer's bytes (reading, serving, writing).
     */
    private static void addHandlerTimes(List<RequestLogEntry> entries, int firstRound, int rounds, List<String> calls,
                                        Map<String, Stats> handlerNanos) {
        if (entries.size() != rounds * calls.size()) {
            throw new IllegalStateException("the request log holds " + entries.size() + " entries of a batch of "
                    + rounds * calls.size() + " calls: its capacity is to hold a batch");
        }
        for (int i = 0; i < entries.size(); i++) {
            if (firstRound + i / calls.size() >= 0) {
                handlerNanos.get(calls.get(i % calls.size())).add(entries.get(i).duration().toNanos());
            }
        }
    }

    private static double median(List<Double> values) {
        List<Double> sorted = values.stream().sorted().toList();
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    private static Map<String, AttributeValue> key(int customer, int order) {
        return Map.of("PK", AttributeValue.fromS("CUSTOMER#" + customer),
                "SK", AttributeValue.fromS(String.format("ORDER#%05d", order)));
    }

    /** A response as the SDK received it: status, headers and body. */
    private record Answer(int status, Map<String, List<String>> headers, byte[] body) {
    }

    /** @return the operation a request asks for, as its X-Amz-Target header names it */
    private static String target(SdkHttpRequest request) {
        return request.firstMatchingHeader("X-Amz-Target").orElseThrow();
    }

    /** Things recorded for one operation, handed out one after the other, starting over after the last. */
    private static final class Turns<T> {
        private final List<T> recorded;
        private int next;

        Turns(List<T> recorded) {
            this.recorded = recorded;
        }

        T next() {
            T taken = recorded.get(next);
            next = (next + 1) % recorded.size();
            return taken;
        }

        /** Each operation's recorded things, made from its answers. */
        static <T> Map<String, Turns<T>> of(Map<String, List<Answer>> answers, Function<Answer, T> made) {
            Map<String, Turns<T>> turns = new ConcurrentHashMap<>();
            answers.forEach((target, list) -> turns.put(target, new Turns<>(list.stream().map(made).toList())));
            return turns;
        }
    }

    /** Records each operation's responses (by its X-Amz-Target), in order, and hands the SDK the same bytes. */
    private record Recorder(Map<String, List<Answer>> answers) implements ExecutionInterceptor {
        @Override
        public Optional<InputStream> modifyHttpResponseContent(Context.ModifyHttpResponse context,
                                                              ExecutionAttributes attributes) {
            byte[] body = context.responseBody().map(Recorder::readAll).orElse(new byte[0]);
            String target = target(context.httpRequest());
            answers.computeIfAbsent(target, t -> new ArrayList<>())
                    .add(new Answer(context.httpResponse().statusCode(), context.httpResponse().headers(), body));
            return Optional.of(new ByteArrayInputStream(body));
        }

        private static byte[] readAll(InputStream in) {
            try (in) {
                return in.readAllBytes();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /**
     * The JSON exchange alone: reads the request body and every token in it (names and strings as strings, as a
     * reader must), then writes the operation's next recorded response token by token with a generator, and
     * answers with those bytes and the recorded status and headers.
     */
    private static final class JsonFloor implements SdkHttpClient {
        private static final JsonFactory JSON = new JsonFactory();
        /** Each operation's responses, each with the tokens a generator is to write. */
        private final Map<String, Turns<Prepared>> responses;
        /** What the reads saw, kept so that no read can be left out as unused. */
        private long seen;

        private record Token(JsonToken kind, String text) {
        }

        private record Prepared(Answer answer, List<Token> tokens) {
        }

        JsonFloor(Map<String, List<Answer>> answers) {
            this.responses = Turns.of(answers, answer -> new Prepared(answer, tokens(answer.body())));
        }

        private static List<Token> tokens(byte[] body) {
            List<Token> tokens = new ArrayList<>();
            try (JsonParser in = JSON.createParser(body)) {
                for (JsonToken token = in.nextToken(); token != null; token = in.nextToken()) {
                    tokens.add(new Token(token, token.isScalarValue() || token == JsonToken.FIELD_NAME ? in.getText() : null));
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return tokens;
        }

        @Override
        public ExecutableHttpRequest prepareRequest(HttpExecuteRequest request) {
            Prepared prepared = responses.get(target(request.httpRequest())).next();
            Answer answer = prepared.answer();
            return new ExecutableHttpRequest() {
                @Override
                public HttpExecuteResponse call() throws IOException {
                    try (InputStream body = request.contentStreamProvider().orElseThrow().newStream()) {
                        read(body.readAllBytes());
                    }
                    return HttpExecuteResponse.builder()
                            .response(SdkHttpFullResponse.builder().statusCode(answer.status())
                                    .headers(answer.headers()).build())
                            .responseBody(AbortableInputStream.create(new ByteArrayInputStream(
                                    write(prepared.tokens(), answer.body().length))))
                            .build();
                }

                @Override
                public void abort() {
                }
            };
        }

        private void read(byte[] body) throws IOException {
            try (JsonParser in = JSON.createParser(body)) {
                for (JsonToken token = in.nextToken(); token != null; token = in.nextToken()) {
                    if (token == JsonToken.FIELD_NAME || token == JsonToken.VALUE_STRING) {
                        seen += in.getText().length();
                    }
                }
            }
        }

        private static byte[] write(List<Token> tokens, int size) throws IOException {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream(size);
            try (JsonGenerator out = JSON.createGenerator(bytes)) {
                for (Token token : tokens) {
                    switch (token.kind()) {
                        case START_OBJECT -> out.writeStartObject();
                        case END_OBJECT -> out.writeEndObject();
                        case START_ARRAY -> out.writeStartArray();
                        case END_ARRAY -> out.writeEndArray();
                        case FIELD_NAME -> out.writeFieldName(token.text());
                        case VALUE_STRING -> out.writeString(token.text());
                        case VALUE_TRUE, VALUE_FALSE -> out.writeBoolean(token.kind() == JsonToken.VALUE_TRUE);
                        case VALUE_NULL -> out.writeNull();
                        default -> out.writeNumber(token.text()); // a number, written as it was read
                    }
                }
            }
            return bytes.toByteArray();
        }

        @Override
        public void close() {
        }
    }

    /** Answers each operation with its next recorded response, without reading the request. */
    private static final class Stub implements SdkHttpClient {
        private final Map<String, Turns<Answer>> answers;

        Stub(Map<String, List<Answer>> answers) {
            this.answers = Turns.of(answers, answer -> answer);
        }

        @Override
        public ExecutableHttpRequest prepareRequest(HttpExecuteRequest request) {
            Answer answer = answers.get(target(request.httpRequest())).next();
            return new ExecutableHttpRequest() {
                @Override
                public HttpExecuteResponse call() {
                    return HttpExecuteResponse.builder()
                            .response(SdkHttpFullResponse.builder().statusCode(answer.status())
                                    .headers(answer.headers()).build())
                            .responseBody(AbortableInputStream.create(new ByteArrayInputStream(answer.body())))
                            .build();
                }

                @Override
                public void abort() {
                }
            };
        }

        @Override
        public void close() {
        }
    }
}
