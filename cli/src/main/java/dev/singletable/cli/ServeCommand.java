package dev.singletable.cli;

import dev.singletable.core.Endpoint;
import dev.singletable.core.Provisioner;
import dev.singletable.engine.DynamoDbEngine;
import dev.singletable.engine.model.HttpLimits;
import dev.singletable.report.Words;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.IDefaultValueProvider;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code singletable serve}: the engine as a local DynamoDB endpoint, with the design's table and demo data. */
@Command(name = "serve", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Runs the engine as a local DynamoDB endpoint for applications, the AWS CLI, boto3 or any "
                + "other SDK, with the design's table created and the fixtures seeded. Prints the endpoint; "
                + "Ctrl-C stops it.",
            "Data lives in memory and is gone when the server stops, unless --data keeps it in a directory."},
        defaultValueProvider = ServeCommand.EngineDefaults.class,
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"2:usage or input error, the port is taken, or the --data directory is in use or damaged",
            "5:stopped because the disk failed the --data directory (full, an I/O error): every request after the "
                + "failure was answered InternalServerError; started again, it recovers every write it answered",
            "130:stopped with Ctrl-C (SIGINT; 143 for SIGTERM), after closing the endpoint"})
final class ServeCommand implements Callable<Integer> {
    private static final Duration SHUTDOWN_WAIT = Duration.ofSeconds(5);

    @Parameters(index = "0", arity = "0..1", paramLabel = "DESIGN",
            description = "The design whose table to create; without it the endpoint starts with no tables.")
    Path design;

    @Parameters(index = "1..*", paramLabel = "FIXTURES", description = "Fixture files to seed, in order.")
    List<Path> fixtures = new ArrayList<>();

    @Option(names = "--var", paramLabel = "NAME=VALUE",
            description = "A value for $${NAME} in the fixtures; repeatable.")
    Map<String, String> variables = new LinkedHashMap<>();

    @Option(names = "--port", defaultValue = "8000", paramLabel = "PORT",
            description = "The port to listen on (default: ${DEFAULT-VALUE}; 0 picks a free one).")
    int port;

    @Option(names = "--host", defaultValue = "127.0.0.1", paramLabel = "ADDRESS",
            description = "The address to listen on (default: ${DEFAULT-VALUE}, this machine only).")
    String host;

    @Option(names = "--data", paramLabel = "DIR", description = "Keep the tables in DIR across restarts: every "
            + "write is journaled and forced to disk before it is answered. On a restart the design's table is "
            + "found there and not seeded again.")
    Path data;

    @Option(names = "--credentials", paramLabel = "AKID:SECRET", description = "Serve only requests signed "
            + "(SigV4) with this access key and secret; for an endpoint reachable beyond this machine.")
    String credentials;

    @Option(names = "--max-connections", paramLabel = "N", description = "Connections open at once; one more is "
            + "answered 503 and closed (default: ${DEFAULT-VALUE}).")
    int maxConnections;

    @Option(names = "--max-header-bytes", paramLabel = "BYTES", description = "The largest header section of a "
            + "request; a larger one is answered 431 (default: ${DEFAULT-VALUE}).")
    int maxHeaderBytes;

    @Option(names = "--request-timeout", paramLabel = "SECONDS", description = "How long a client may take to "
            + "send one request; a slower one is answered 408 (default: ${DEFAULT-VALUE}).")
    double requestTimeout;

    @Option(names = "--response-timeout", paramLabel = "SECONDS", description = "How long a client may take to "
            + "read one response before its connection is closed (default: ${DEFAULT-VALUE}).")
    double responseTimeout;

    @Option(names = "--idle-timeout", paramLabel = "SECONDS", description = "How long a keep-alive connection "
            + "may wait for its next request (default: ${DEFAULT-VALUE}).")
    double idleTimeout;

    @Spec
    CommandSpec spec;

    private final CountDownLatch started = new CountDownLatch(1);
    private final CountDownLatch stop = new CountDownLatch(1);
    private final CountDownLatch stopped = new CountDownLatch(1);
    private volatile URI endpoint;
    /** Why the engine stopped on its own: the disk failed its data directory. */
    private volatile String failure;

    @Override
    public Integer call() throws InterruptedException {
        try {
            return serve();
        } finally {
            started.countDown();
            stopped.countDown();
        }
    }

    private int serve() throws InterruptedException {
        DesignInput.Loaded loaded = design == null ? null : DesignInput.load(design, fixtures, variables);
        PrintWriter out = spec.commandLine().getOut();
        if (!Endpoint.isLoopback(host)) {
            spec.commandLine().getErr().println("warning: listening on " + host + ": anyone who can reach this "
                    + "machine can " + (credentials == null ? "read and change the tables, without credentials"
                    : "try; only requests signed with the given credentials are served"));
        }
        try (DynamoDbEngine engine = engine()) {
            if (loaded != null && !engine.client().listTables().tableNames().contains(loaded.design().tableName())) {
                String table = loaded.design().tableName();
                Provisioner.of(engine).provision(loaded.design(), table, loaded.fixtures().itemMaps());
                out.println("table " + table + ": " + Words.count(loaded.fixtures().items().size(), "item")
                        + " from " + Words.count(fixtures.size(), "fixture file"));
            }
            endpoint = listen(engine);
            out.println("DynamoDB endpoint: " + endpoint);
            out.println("try: aws dynamodb list-tables --endpoint-url " + endpoint);
            out.println("Ctrl-C stops it.");
            out.flush();
            Thread hook = new Thread(this::stopOnCtrlC, "singletable-serve-stop");
            Runtime.getRuntime().addShutdownHook(hook);
            Thread watch = new Thread(() -> stopOnFailure(engine), "singletable-serve-watch");
            watch.setDaemon(true);
            watch.start();
            started.countDown();
            try {
                stop.await();
            } finally {
                removeHook(hook);
            }
        }
        if (failure != null) {
            spec.commandLine().getErr().println("singletable serve: " + failure);
            return Singletable.DATA_DIRECTORY_FAILED;
        }
        out.println("stopped");
        return Singletable.OK;
    }

    /** Stops the server when the engine stops on its own: the disk failed the data directory. */
    private void stopOnFailure(DynamoDbEngine engine) {
        try {
            engine.awaitStop().ifPresent(reason -> {
                failure = reason;
                stop.countDown();
            });
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private DynamoDbEngine engine() {
        DynamoDbEngine.Builder builder = DynamoDbEngine.builder().host(host).port(port).httpLimits(limits());
        if (data != null) {
            builder.dataDirectory(data);
        }
        if (credentials != null) {
            int colon = credentials.indexOf(':');
            if (colon < 1 || colon == credentials.length() - 1) {
                throw new CliException(Singletable.USAGE, "--credentials takes ACCESS_KEY_ID:SECRET_ACCESS_KEY");
            }
            builder.credentials(credentials.substring(0, colon), credentials.substring(colon + 1));
        }
        try {
            return builder.build();
        } catch (UncheckedIOException e) { // says which directory, and why it cannot be opened
            throw new CliException(Singletable.USAGE, e.getMessage());
        }
    }

    /** The connection limits as given; {@link EngineDefaults} fills in the ones that are not. */
    private HttpLimits limits() {
        try {
            return HttpLimits.defaults().withMaxConnections(maxConnections).withMaxHeaderBytes(maxHeaderBytes)
                    .withRequestTimeout(seconds("--request-timeout", requestTimeout))
                    .withResponseTimeout(seconds("--response-timeout", responseTimeout))
                    .withIdleTimeout(seconds("--idle-timeout", idleTimeout));
        } catch (IllegalArgumentException e) {
            throw new CliException(Singletable.USAGE, optionNamed(e.getMessage()));
        }
    }

    private static Duration seconds(String option, double seconds) {
        if (!(seconds > 0) || Double.isInfinite(seconds)) {
            throw new CliException(Singletable.USAGE, option + " must be a number of seconds above zero, was "
                    + seconds);
        }
        return Duration.ofMillis(Math.max(1, Math.round(seconds * 1000)));
    }

    /** The engine names its settings as Java does; the user typed options. */
    private static String optionNamed(String message) {
        return message.replace("maxConnections", "--max-connections").replace("maxHeaderBytes", "--max-header-bytes");
    }

    /**
     * For tests that run the server in a thread: waits until it listens and returns its endpoint ({@code null}
     * when it failed to start).
     */
    URI awaitEndpoint() throws InterruptedException {
        started.await();
        return endpoint;
    }

    /** For tests that run the server in a thread: stops it as Ctrl-C does. */
    void stop() {
        stop.countDown();
    }

    /** The JVM ends once its shutdown hooks return: this one waits until the engine is closed. */
    private void stopOnCtrlC() {
        stop.countDown();
        try {
            stopped.await(SHUTDOWN_WAIT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private URI listen(DynamoDbEngine engine) {
        try {
            return engine.httpEndpoint();
        } catch (UncheckedIOException e) {
            throw new CliException(Singletable.USAGE, "cannot listen on " + host + ":" + port + ": "
                    + e.getCause().getMessage());
        }
    }

    private static void removeHook(Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // the JVM is already shutting down (Ctrl-C): the hook has run and needs no removal
        }
    }

    /** The connection limits' defaults are the engine's own, so that the help shows what the server does. */
    static final class EngineDefaults implements IDefaultValueProvider {
        @Override
        public String defaultValue(ArgSpec argument) {
            if (!(argument instanceof OptionSpec option)) {
                return null;
            }
            HttpLimits defaults = HttpLimits.defaults();
            return switch (option.longestName()) {
                case "--max-connections" -> Integer.toString(defaults.maxConnections());
                case "--max-header-bytes" -> Integer.toString(defaults.maxHeaderBytes());
                case "--request-timeout" -> seconds(defaults.requestTimeout());
                case "--response-timeout" -> seconds(defaults.responseTimeout());
                case "--idle-timeout" -> seconds(defaults.idleTimeout());
                default -> null;
            };
        }

        private static String seconds(Duration duration) {
            return BigDecimal.valueOf(duration.toMillis(), 3).stripTrailingZeros().toPlainString();
        }
    }
}
