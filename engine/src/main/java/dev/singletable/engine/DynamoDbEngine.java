package dev.singletable.engine;

import com.fasterxml.jackson.databind.JsonNode;
import dev.singletable.engine.internal.DynamoException;
import dev.singletable.engine.internal.durability.Journal;
import dev.singletable.engine.internal.kernel.Database;
import dev.singletable.engine.internal.kernel.TimeToLive;
import dev.singletable.engine.internal.log.RequestRecorder;
import dev.singletable.engine.internal.ops.OperationHandler;
import dev.singletable.engine.internal.ops.RequestContext;
import dev.singletable.engine.internal.ops.control.Forks;
import dev.singletable.engine.internal.ops.items.BulkLoad;
import dev.singletable.engine.internal.protocol.Dispatcher;
import dev.singletable.engine.internal.protocol.SdkRequests;
import dev.singletable.engine.internal.storage.Table;
import dev.singletable.engine.internal.streams.ChangeStreams;
import dev.singletable.engine.internal.transport.HttpEndpoint;
import dev.singletable.engine.internal.transport.InMemoryAsyncHttpClient;
import dev.singletable.engine.internal.transport.InMemoryHttpClient;
import dev.singletable.engine.internal.transport.SignatureCheck;
import dev.singletable.engine.internal.value.SdkValues;
import dev.singletable.engine.internal.value.WireJson;
import dev.singletable.engine.model.HttpLimits;
import dev.singletable.engine.model.Operation;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import software.amazon.awssdk.auth.credentials.AnonymousCredentialsProvider;
import software.amazon.awssdk.awscore.client.builder.AwsClientBuilder;
import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.endpoints.Endpoint;
import software.amazon.awssdk.http.auth.scheme.NoAuthAuthScheme;
import software.amazon.awssdk.http.auth.spi.scheme.AuthSchemeOption;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClientBuilder;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.ResourceInUseException;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * An in-process DynamoDB. Starts in milliseconds, keeps everything in memory, and answers the real AWS SDK v2
 * through an in-memory transport ({@link #client()}) or any client over HTTP on loopback ({@link #httpEndpoint()}).
 * Engines are independent of each other and thread-safe.
 *
 * <pre>{@code
 * try (DynamoDbEngine engine = DynamoDbEngine.create()) {
 *     DynamoDbClient client = engine.client();
 *     client.createTable(...);
 * }
 * }</pre>
 */
public final class DynamoDbEngine implements AutoCloseable {
    private static final URI IN_MEMORY = URI.create("http://in-memory.singletable.invalid");
    /**
     * The DynamoDB clients over the in-memory transport neither sign (no signature is checked, and SigV4 reads
     * the whole body to hash it even for anonymous credentials) nor evaluate the endpoint rules on every call.
     */
    private static final List<AuthSchemeOption> NO_AUTH = List.of(AuthSchemeOption.builder()
            .schemeId(NoAuthAuthScheme.SCHEME_ID).build());
    private static final CompletableFuture<Endpoint> FIXED_ENDPOINT = CompletableFuture.completedFuture(
            Endpoint.builder().url(IN_MEMORY).build());
    /** How long {@link #awaitStop()} lets the request that met a failure of the disk take to be answered. */
    private static final Duration ANSWER_GRACE = Duration.ofMillis(500);

    private final Database database;
    private final ChangeStreams streams;
    private final EngineClock clock;
    private final Duration ttlDelay;
    private final FaultInjector faults = new FaultInjector();
    private final RequestLog requestLog;
    private final OperationHandlers operations;
    private final RequestRecorder recorder;
    /**
     * Made by the first client or the HTTP endpoint, not with the engine: the wire's classes take a cold JVM time
     * to load, which tables created and loaded through the engine's own API never need.
     */
    private Dispatcher dispatcher;
    private final Object dispatcherLock = new Object();
    /** CreateTable's handler, for {@link #createTable}: no bytes, no faults, no request log. */
    private final OperationHandler createTable;
    private final Journal journal;
    private final String host;
    private final int port;
    private final HttpLimits httpLimits;
    private final SignatureCheck signatures;
    /** Built on first use: building an SDK client is much of what a cold JVM pays before its first test. */
    private volatile DynamoDbClient client;
    /** Not the engine's monitor: a thread building the client must not hold up {@link #httpEndpoint()}. */
    private final Object clientLock = new Object();
    private HttpEndpoint http;
    private final CountDownLatch closed = new CountDownLatch(1);

    private DynamoDbEngine(Builder builder) {
        this.clock = new EngineClock(builder.clock, this::expireItems);
        this.ttlDelay = builder.ttlDelay;
        this.database = new Database(clock);
        this.streams = new ChangeStreams(() -> clock.millis() / 1000.0);
        database.listen(streams);
        this.journal = builder.dataDirectory == null ? null : openJournal(builder.dataDirectory, database);
        this.recorder = new RequestRecorder(builder.requestLogCapacity);
        this.requestLog = new RequestLog(recorder);
        this.operations = new OperationHandlers(database, streams);
        this.createTable = operations.apply(Operation.CREATE_TABLE);
        this.host = builder.host;
        this.port = builder.port;
        this.httpLimits = builder.httpLimits;
        this.signatures = builder.accessKeyId == null ? null
                : new SignatureCheck(builder.accessKeyId, builder.secretAccessKey);
    }

    /** An engine with the defaults: a request log of 10,000 entries, HTTP (when asked for) on 127.0.0.1. */
    public static DynamoDbEngine create() {
        return builder().build();
    }

    public static Builder builder() {
        return new Builder();
    }

    private static Journal openJournal(Path directory, Database database) {
        try {
            return Journal.open(directory, database, 64L * 1024 * 1024,
                    warning -> System.err.println("singletable engine: " + warning));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open the data directory " + directory + ": " + e.getMessage(), e);
        }
    }

    /** Asked for only when a client or the endpoint is made, so a plain lock does. */
    private Dispatcher dispatcher() {
        synchronized (dispatcherLock) {
            if (dispatcher == null) {
                dispatcher = new Dispatcher(operations, recorder, faults::match);
            }
            return dispatcher;
        }
    }

    /** A client that talks to this engine without a socket; shared, do not close it (closing is harmless). */
    public DynamoDbClient client() {
        DynamoDbClient built = client;
        if (built == null) {
            synchronized (clientLock) {
                built = client;
                if (built == null) {
                    built = newClient();
                    client = built;
                }
            }
        }
        return built;
    }

    /** A new synchronous client over the in-memory transport, for code that wants to configure or close its own. */
    public DynamoDbClient newClient() {
        return clientBuilder().build();
    }

    /**
     * A client builder already pointed at this engine's in-memory transport, to change what else a client can
     * change (retry strategy, interceptors, timeouts).
     */
    public DynamoDbClientBuilder clientBuilder() {
        return inMemory(DynamoDbClient.builder()).httpClient(new InMemoryHttpClient(dispatcher()))
                .authSchemeProvider(params -> NO_AUTH).endpointProvider(params -> FIXED_ENDPOINT);
    }

    /** A DynamoDB Streams client over the in-memory transport (the Streams API is served by the engine too). */
    public DynamoDbStreamsClient streamsClient() {
        return inMemory(DynamoDbStreamsClient.builder()).httpClient(new InMemoryHttpClient(dispatcher())).build();
    }

    /** A new asynchronous client over the in-memory transport. */
    public DynamoDbAsyncClient asyncClient() {
        return inMemory(DynamoDbAsyncClient.builder()).httpClient(new InMemoryAsyncHttpClient(dispatcher()))
                .authSchemeProvider(params -> NO_AUTH).endpointProvider(params -> FIXED_ENDPOINT).build();
    }

    /**
     * The in-memory transport ignores the endpoint and checks no signature: anonymous credentials, so that no
     * client looks for the user's.
     */
    private static <B extends AwsClientBuilder<B, ?>> B inMemory(B builder) {
        return builder.endpointOverride(IN_MEMORY)
                .region(Region.US_EAST_1)
                .credentialsProvider(AnonymousCredentialsProvider.create());
    }

    /**
     * The HTTP endpoint, started on first call (on loopback and an ephemeral port unless configured otherwise): its
     * socket listens from now on, and the wire is set up when the first connection arrives.
     */
    public synchronized URI httpEndpoint() {
        if (http == null) {
            try {
                http = HttpEndpoint.start(this::dispatcher, host, port, httpLimits, signatures);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot listen on " + host + ":" + port, e);
            }
        }
        return http.uri();
    }

    /** The engine's time, which tests move forward to make TTL expire items. */
    public EngineClock clock() {
        return clock;
    }

    /**
     * Deletes the items whose TTL has passed (by the engine's clock, after the configured delay), as DynamoDB's
     * background process does; returns how many. Moving the {@link #clock()} does this by itself.
     */
    public int expireItems() {
        return TimeToLive.expire(database, clock.instant(), ttlDelay);
    }

    /**
     * The last 10,000 changes to a table's items, oldest first, with both images — whether or not the table has
     * a stream (the Streams API serves only enabled streams, with their view type). Rollbacks are not changes.
     */
    public List<Change> changes(String tableName) {
        return database.read(() -> streams.recentChanges(Database.nameOf(tableName))).stream()
                .map(DynamoDbEngine::change)
                .toList();
    }

    private static Change change(ChangeStreams.ChangeRecord r) {
        boolean keepsOld = r.viewType().equals("OLD_IMAGE") || r.viewType().equals("NEW_AND_OLD_IMAGES");
        boolean keepsNew = r.viewType().equals("NEW_IMAGE") || r.viewType().equals("NEW_AND_OLD_IMAGES");
        long millis = Math.round(r.approximateCreationDateTime() * 1000);
        return new Change(r.eventName(), SdkValues.item(r.keys()),
                Optional.ofNullable(keepsOld ? SdkValues.item(r.oldImage()) : null),
                Optional.ofNullable(keepsNew ? SdkValues.item(r.newImage()) : null),
                r.sequenceNumber(), Instant.ofEpochMilli(millis), r.byTimeToLive());
    }

    /**
     * Writes items into a table as BatchWriteItem would — same validation, same indexes, same streams — but
     * without the SDK round trip and without entries in the request log: the fast way to seed test data. The
     * items are written in the order of the list; a long list is read by two threads at once, so it must not
     * change while this runs.
     *
     * @throws DynamoDbException with DynamoDB's error when an item is refused; the batch it was in (of 25
     *                           items, in order) is not written, the batches before it are
     */
    public void load(String tableName, List<Map<String, AttributeValue>> items) {
        answering(() -> BulkLoad.put(database, tableName, items));
    }

    /**
     * Makes a new table, {@code forkTable}, holding what {@code sourceTable} holds now, in constant time whatever
     * its size: the fork shares the source's items and index entries, and each table copies only what it then
     * writes, so neither sees the other's writes and N forks take the source's memory once plus what was written
     * to each. The fork is a table like any other, under its own name (and ARN and TableId): visible to every
     * client of the engine, in-memory and HTTP; with the source's keys, indexes, capacity settings, tags, deletion
     * protection and time to live (expiring by the engine's clock); its requests in the request log under its
     * name. If the source has an enabled stream, the fork has a new stream of its own with the same view type,
     * which starts empty ({@link #changes(String)} too); it has no checkpoint. Drop it with {@link #drop(String)},
     * which frees what only it held, its stream too (or with DeleteTable, which keeps the stream readable). No
     * request-log entry is written.
     *
     * @throws DynamoDbException ResourceNotFoundException when the source does not exist, ResourceInUseException
     *                           when {@code forkTable} does, ValidationException when it is not a valid name
     */
    public void fork(String sourceTable, String forkTable) {
        answering(() -> Forks.fork(database, sourceTable, forkTable, arn -> streams.stream(arn).isPresent()));
    }

    /**
     * Deletes a table at once, as DeleteTable does but without a request-log entry and whatever its deletion
     * protection, and forgets its streams with their records (after DeleteTable they stay readable, as DynamoDB
     * keeps them): the way to drop a {@link #fork(String, String)} after a test, freeing what only it held.
     *
     * @throws DynamoDbException ResourceNotFoundException when there is no such table
     */
    public void drop(String table) {
        answering(() -> Forks.drop(database, table, streams::discard));
    }

    /** Runs an engine call, answering a refusal as the SDK would report DynamoDB's error. */
    private static void answering(Runnable call) {
        try {
            call.run();
        } catch (DynamoException e) {
            throw sdkException(e);
        }
    }

    /**
     * Creates a table as CreateTable would — same validation, same table, ACTIVE at once — but without the SDK
     * round trip and without an entry in the request log: the fast way for a test kit to make its tables (drop
     * them with {@link #drop(String)}).
     *
     * @throws DynamoDbException with DynamoDB's error when the request is refused ({@link ResourceInUseException}
     *                           when the table exists)
     */
    public void createTable(CreateTableRequest request) {
        answering(() -> createTable.execute(SdkRequests.json(request), RequestContext.unlogged()));
    }

    /**
     * Creates a table from CreateTable's request in the JSON of DynamoDB's API ({@code {"TableName": "orders",
     * "KeySchema": [...], ...}}), as {@link #createTable(CreateTableRequest)} does: for a test kit that makes its
     * tables without the SDK's model classes, which a cold JVM takes about 100 ms to load.
     *
     * @throws DynamoDbException        with DynamoDB's error when the request is refused
     * @throws IllegalArgumentException when the text is not JSON
     */
    public void createTable(String requestJson) {
        JsonNode request;
        try {
            request = WireJson.readTree(requestJson.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new IllegalArgumentException("not a CreateTable request in JSON: " + e.getMessage(), e);
        }
        answering(() -> createTable.execute(request, RequestContext.unlogged()));
    }

    /** The exception the SDK client would have thrown for the error (its own class for the errors it models). */
    private static DynamoDbException sdkException(DynamoException e) {
        DynamoDbException.Builder builder = switch (e.type()) {
            case "ResourceInUseException" -> ResourceInUseException.builder();
            case "ResourceNotFoundException" -> ResourceNotFoundException.builder();
            default -> DynamoDbException.builder();
        };
        return (DynamoDbException) builder.message(e.getMessage()).statusCode(e.status())
                .awsErrorDetails(AwsErrorDetails.builder().errorCode(e.type()).errorMessage(e.getMessage())
                        .serviceName("DynamoDb").build())
                .build();
    }

    /** Rules that make chosen requests fail, for testing retry and error handling. */
    public FaultInjector faults() {
        return faults;
    }

    /** Every request this engine served, in a bounded ring. */
    public RequestLog requestLog() {
        return requestLog;
    }

    /**
     * Remembers the present items of a table, so that {@link #rollback(String)} returns to them. A rollback
     * costs what changed since, not the size of the table.
     */
    public void checkpoint(String tableName) {
        database.write(() -> {
            database.table(tableName).checkpoint();
            return null;
        });
    }

    /** Returns a table's items to their state at its last {@link #checkpoint(String)}. */
    public void rollback(String tableName) {
        database.write(() -> {
            Table table = database.table(tableName);
            table.rollback();
            return null;
        });
    }

    /**
     * Whether a table's items changed since its last {@link #checkpoint(String)} or {@link #rollback(String)}:
     * any write or deletion counts, even one that wrote what was there; true when it has no checkpoint. Constant
     * time, for a test kit that hands a table on only while it still holds its fixtures.
     */
    public boolean changedSinceCheckpoint(String tableName) {
        return database.read(() -> database.table(tableName).changedSinceCheckpoint());
    }

    /**
     * Stops the HTTP endpoint, if started; with a data directory, folds the journal into a snapshot and gives the
     * directory up (after a failure of its disk only gives it up, leaving the files as they are), otherwise
     * forgets every table.
     */
    @Override
    public synchronized void close() {
        if (http != null) {
            http.close();
            http = null;
        }
        try {
            if (journal != null) {
                journal.close(database);
            }
        } finally {
            if (client != null) {
                client.close();
            }
            closed.countDown();
        }
    }

    /**
     * Blocks until the engine stops, for a server that should end with it. An engine stops when it is closed, or
     * on its own when the disk fails its data directory (full, an I/O error): then the request that met the
     * failure and every one after it are answered InternalServerError, because the tables in memory may be ahead
     * of the disk, and a new engine on the directory recovers every write answered before. Returns that failure,
     * a moment after it so that the request that met it has had its answer; empty when the engine was closed.
     */
    public Optional<String> awaitStop() throws InterruptedException {
        if (journal == null) {
            closed.await();
            return Optional.empty();
        }
        String failure = journal.awaitStop();
        if (failure != null) {
            Thread.sleep(ANSWER_GRACE.toMillis());
        }
        return Optional.ofNullable(failure);
    }

    /** Configures an engine. */
    public static final class Builder {
        private int requestLogCapacity = 10_000;
        private String host = "127.0.0.1";
        private int port;
        private HttpLimits httpLimits = HttpLimits.defaults();
        private Clock clock = Clock.systemUTC();
        private Duration ttlDelay = Duration.ZERO;
        private Path dataDirectory;
        private String accessKeyId;
        private String secretAccessKey;

        private Builder() {
        }

        /** How many requests the log keeps (the oldest are forgotten first). */
        public Builder requestLogCapacity(int capacity) {
            this.requestLogCapacity = capacity;
            return this;
        }

        /** The port of the HTTP endpoint; 0 (the default) picks a free one. */
        public Builder port(int port) {
            this.port = port;
            return this;
        }

        /** The address the HTTP endpoint binds to; loopback unless you say otherwise. */
        public Builder host(String host) {
            this.host = host;
            return this;
        }

        /**
         * What the HTTP endpoint tolerates from a client: connections, header sizes and timeouts
         * ({@link HttpLimits#defaults()} unless changed).
         */
        public Builder httpLimits(HttpLimits limits) {
            this.httpLimits = Objects.requireNonNull(limits, "limits");
            return this;
        }

        /** The clock the engine's time starts from (the system clock by default). */
        public Builder clock(Clock clock) {
            this.clock = clock;
            return this;
        }

        /**
         * How long after its TTL an item stays readable before it is deleted. DynamoDB deletes expired items
         * within a few days, not at the second; zero (the default) deletes them as soon as time passes them.
         */
        public Builder ttlDelay(Duration delay) {
            this.ttlDelay = delay;
            return this;
        }

        /**
         * Keeps the tables on disk in this directory: every write is journaled and forced to disk before it is
         * answered, and a new engine on the same directory finds the tables as they were. In memory by default.
         * One engine at a time keeps a directory: {@link #build()} fails, naming the owner's pid, while another
         * (in this process or another) has it open; a process that ended, however it ended, no longer has it.
         */
        public Builder dataDirectory(Path directory) {
            this.dataDirectory = directory;
            return this;
        }

        /**
         * Makes the HTTP endpoint check SigV4 signatures and serve only requests signed with this key, as
         * DynamoDB does; by default any signature is accepted (fine on loopback, not beyond it).
         */
        public Builder credentials(String accessKeyId, String secretAccessKey) {
            this.accessKeyId = accessKeyId;
            this.secretAccessKey = secretAccessKey;
            return this;
        }

        public DynamoDbEngine build() {
            return new DynamoDbEngine(this);
        }
    }
}
