package dev.singletable.engine;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * A process of its own with this JVM's class path — a {@link Server} that a test kills as a crash would, or a
 * client — whose output the test reads line by line.
 */
public final class JavaProcess implements AutoCloseable {
    private static final String ENDPOINT = "DynamoDB endpoint: ";
    private static final Duration START = Duration.ofSeconds(60);

    private final Process process;
    /** Every line printed, standard output and error together; guarded by itself. */
    private final List<String> lines = new ArrayList<>();
    private boolean ended;
    private int endpointsTaken;
    private volatile URI endpoint;

    private JavaProcess(List<String> command) {
        try {
            process = new ProcessBuilder(command).redirectErrorStream(true).start();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Thread reader = new Thread(this::read, "output-of-" + process.pid());
        reader.setDaemon(true);
        reader.start();
    }

    /** Runs the command: started, not awaited. */
    public static JavaProcess launch(List<String> command) {
        return new JavaProcess(command);
    }

    /** {@code java dev.singletable.engine.Server ARGS}. */
    public static List<String> server(String... args) {
        return java(Server.class, args);
    }

    /**
     * {@code java MAIN ARGS} with this JVM's class path, the quick compiler only (a test's processes start often
     * and live briefly) and a small heap.
     */
    public static List<String> java(Class<?> main, String... args) {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1", "-Xmx256m", "-cp", System.getProperty("java.class.path"), main.getName()));
        command.addAll(List.of(args));
        return command;
    }

    /** Starts a server with a data directory on a free port, and returns once it listens. */
    public static JavaProcess startServer(Path data) {
        return startServer(data, 0);
    }

    /** Starts a server with a data directory on the port, and returns once it listens. */
    public static JavaProcess startServer(Path data, int port) {
        JavaProcess server = launch(server("--port", Integer.toString(port), "--data", data.toString()));
        server.awaitEndpoint();
        return server;
    }

    /** The endpoint that {@link #awaitEndpoint()} returned last. */
    public URI endpoint() {
        return endpoint;
    }

    /** The next endpoint the server prints (a server started again in the same process prints another). */
    public URI awaitEndpoint() {
        int taken = endpointsTaken;
        List<String> printed = awaitLines(all -> endpoints(all).size() > taken);
        endpointsTaken++;
        endpoint = URI.create(endpoints(printed).get(taken).substring(ENDPOINT.length()).trim());
        return endpoint;
    }

    private static List<String> endpoints(List<String> lines) {
        return lines.stream().filter(line -> line.startsWith(ENDPOINT)).toList();
    }

    /** The first line printed that starts with the prefix, once there is one. */
    public String awaitLine(String prefix) {
        return awaitLines(lines -> lines.stream().anyMatch(l -> l.startsWith(prefix))).stream()
                .filter(l -> l.startsWith(prefix)).findFirst().orElseThrow();
    }

    private List<String> awaitLines(Predicate<List<String>> until) {
        long deadline = System.nanoTime() + START.toNanos();
        synchronized (lines) {
            while (!until.test(lines)) {
                long left = deadline - System.nanoTime();
                if (ended || left <= 0) {
                    throw new IllegalStateException((ended ? "the process ended" : "nothing came within " + START)
                            + " before the line awaited; it said:\n" + output());
                }
                try {
                    lines.wait(Math.max(1, left / 1_000_000));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException(e);
                }
            }
            return List.copyOf(lines);
        }
    }

    /** A client of the endpoint that does not retry, so that each call is one request. */
    public static DynamoDbClient client(URI endpoint) {
        return DynamoDbClient.builder().endpointOverride(endpoint).httpClient(UrlConnectionHttpClient.create())
                .region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("a", "b")))
                .overrideConfiguration(c -> c.retryStrategy(r -> r.maxAttempts(1)))
                .build();
    }

    public long pid() {
        return process.pid();
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /**
     * SIGKILL, to the process and what it started: no shutdown hook runs, nothing is flushed; returns once the
     * process is gone.
     */
    public void kill() {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        awaitExit(Duration.ofSeconds(30));
    }

    /** Waits for the process to end, and for all it printed to be read; returns its exit code. */
    public int awaitExit(Duration timeout) {
        try {
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                throw new IllegalStateException("the process did not end within " + timeout + "; it said:\n" + output());
            }
            synchronized (lines) {
                long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
                while (!ended && System.nanoTime() < deadline) {
                    lines.wait(100);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        return process.exitValue();
    }

    /** Everything the process printed so far, standard output and error together, a line each. */
    public String output() {
        synchronized (lines) {
            return lines.stream().map(line -> line + "\n").collect(Collectors.joining());
        }
    }

    @Override
    public void close() {
        if (process.isAlive()) {
            kill();
        }
    }

    private void read() {
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(process.getInputStream(),
                StandardCharsets.UTF_8))) {
            String line;
            while ((line = reader.readLine()) != null) {
                synchronized (lines) {
                    lines.add(line);
                    lines.notifyAll();
                }
            }
        } catch (IOException e) {
            synchronized (lines) {
                lines.add("(output unreadable: " + e.getMessage() + ")");
            }
        } finally {
            synchronized (lines) {
                ended = true;
                lines.notifyAll();
            }
        }
    }
}
