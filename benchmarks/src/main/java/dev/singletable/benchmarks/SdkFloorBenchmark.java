package dev.singletable.benchmarks;

import dev.singletable.engine.DynamoDbEngine;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
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
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;

/**
 * The in-memory call against the SDK's own floor: the same SDK v2 client calls through the engine's in-memory
 * transport ({@code transport=engine}) and through a stub {@code SdkHttpClient} that answers every call with the
 * engine's response for it, recorded beforehand, doing no work ({@code transport=stub}). Both clients come from
 * {@link DynamoDbEngine#clientBuilder()}, so they differ in the HTTP client only; the ratio engine ÷ stub is the
 * engine's share of a call: sampled latencies, so that the median stays put on a busy machine. The table is
 * {@link EngineApiBenchmark}'s: 10,000 orders, 20 a customer, on GSI1.
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

    @Param({"engine", "stub"})
    public String transport;

    private DynamoDbEngine engine;
    private DynamoDbClient client;
    private final Random random = new Random(3);

    @Setup
    public void setup() {
        engine = DynamoDbEngine.builder().requestLogCapacity(1_000).build();
        EngineApiBenchmark.createTable(engine, CUSTOMERS, ORDERS);
        Map<String, Answer> answers = new ConcurrentHashMap<>();
        if (transport.equals("stub")) {
            // each call once through the engine, recording its answer as it reached the SDK
            try (DynamoDbClient recording = engine.clientBuilder()
                    .overrideConfiguration(o -> o.addExecutionInterceptor(new Recorder(answers))).build()) {
                client = recording;
                getItem();
                putItem();
                conditionalUpdate();
                queryPartition();
                queryIndex();
            }
            client = engine.clientBuilder().httpClient(new Stub(answers)).build();
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
     * The same comparison measured in CPU time of the calling thread, engine and stub interleaved call by call: on
     * a machine other work keeps busy, time spent descheduled would otherwise swamp a call of microseconds. Prints
     * one line per call: the medians and their ratio.
     *
     * <pre>java -cp benchmarks.jar dev.singletable.benchmarks.SdkFloorBenchmark [warm-up calls] [measured calls]</pre>
     */
    public static void main(String[] args) {
        int warmup = args.length > 0 ? Integer.parseInt(args[0]) : 20_000;
        int measured = args.length > 1 ? Integer.parseInt(args[1]) : 20_000;
        java.lang.management.ThreadMXBean cpu = java.lang.management.ManagementFactory.getThreadMXBean();
        SdkFloorBenchmark engine = new SdkFloorBenchmark();
        engine.transport = "engine";
        engine.setup();
        SdkFloorBenchmark stub = new SdkFloorBenchmark();
        stub.transport = "stub";
        stub.setup();
        Map<String, java.util.function.Consumer<SdkFloorBenchmark>> calls = new java.util.LinkedHashMap<>();
        calls.put("getItem", SdkFloorBenchmark::getItem);
        calls.put("putItem", SdkFloorBenchmark::putItem);
        calls.put("conditionalUpdate", SdkFloorBenchmark::conditionalUpdate);
        calls.put("queryPartition", SdkFloorBenchmark::queryPartition);
        calls.put("queryIndex", SdkFloorBenchmark::queryIndex);
        try {
            calls.forEach((name, call) -> {
                long[] engineNanos = new long[measured];
                long[] stubNanos = new long[measured];
                for (int i = -warmup; i < measured; i++) {
                    long start = cpu.getCurrentThreadCpuTime();
                    call.accept(engine);
                    long middle = cpu.getCurrentThreadCpuTime();
                    call.accept(stub);
                    long end = cpu.getCurrentThreadCpuTime();
                    if (i >= 0) {
                        engineNanos[i] = middle - start;
                        stubNanos[i] = end - middle;
                    }
                }
                java.util.Arrays.sort(engineNanos);
                java.util.Arrays.sort(stubNanos);
                double e = engineNanos[measured / 2] / 1000.0;
                double f = stubNanos[measured / 2] / 1000.0;
                System.out.printf(java.util.Locale.ROOT, "%s engineCpuP50Us=%.1f stubCpuP50Us=%.1f ratio=%.2f%n",
                        name, e, f, e / f);
            });
        } finally {
            engine.close();
            stub.close();
        }
    }

    private static Map<String, AttributeValue> key(int customer, int order) {
        return Map.of("PK", AttributeValue.fromS("CUSTOMER#" + customer),
                "SK", AttributeValue.fromS(String.format("ORDER#%05d", order)));
    }

    /** A response as the SDK received it: status, headers and body. */
    private record Answer(int status, Map<String, List<String>> headers, byte[] body) {
    }

    /** Records each operation's response (by its X-Amz-Target) and hands the SDK the same bytes. */
    private record Recorder(Map<String, Answer> answers) implements ExecutionInterceptor {
        @Override
        public Optional<InputStream> modifyHttpResponseContent(Context.ModifyHttpResponse context,
                                                              ExecutionAttributes attributes) {
            byte[] body = context.responseBody().map(Recorder::readAll).orElse(new byte[0]);
            String target = context.httpRequest().firstMatchingHeader("X-Amz-Target").orElseThrow();
            answers.put(target, new Answer(context.httpResponse().statusCode(), context.httpResponse().headers(), body));
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

    /** Answers each operation with its recorded response, without reading the request. */
    private record Stub(Map<String, Answer> answers) implements SdkHttpClient {
        @Override
        public ExecutableHttpRequest prepareRequest(HttpExecuteRequest request) {
            Answer answer = answers.get(request.httpRequest().firstMatchingHeader("X-Amz-Target").orElseThrow());
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
