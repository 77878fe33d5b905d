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
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * A process of its own running {@link Server} (or a command that runs it), with this JVM's class path: a server
 * that a test can kill as a crash would, and whose output it reads.
 */
public final class ServerProcess implements AutoCloseable {
    private static final String ENDPOINT = "DynamoDB endpoint: ";
    private static final Duration START = Duration.ofSeconds(60);

    private final Process process;
    private final StringBuffer output = new StringBuffer();
    /** The endpoints printed and not yet taken; the process's end is an empty URI. */
    private final BlockingQueue<URI> endpoints = new LinkedBlockingQueue<>();
    private volatile URI endpoint;

    private ServerProcess(List<String> command) {
        try {
            process = new ProcessBuilder(command).redirectErrorStream(true).start();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Thread reader = new Thread(this::read, "server-output-" + process.pid());
        reader.setDaemon(true);
        reader.start();
    }

    /** {@code java dev.singletable.engine.Server ARGS}, listening on a free port: started, not yet awaited. */
    public static ServerProcess launch(String... args) {
        return launch(command(args));
    }

    /** Any command, e.g. one that runs {@link #command} inside another; started, not yet awaited. */
    public static ServerProcess launch(List<String> command) {
        return new ServerProcess(command);
    }

    /** {@code java dev.singletable.engine.Server --port 0 ARGS} with this JVM's class path. */
    public static List<String> command(String... args) {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), Server.class.getName(), "--port", "0"));
        command.addAll(List.of(args));
        return command;
    }

    /** Starts a server with a data directory and returns once it listens. */
    public static ServerProcess start(Path data) {
        ServerProcess server = launch("--data", data.toString());
        server.awaitEndpoint();
        return server;
    }

    /** The endpoint the server printed last that {@link #awaitEndpoint()} waited for. */
    public URI endpoint() {
        return endpoint;
    }

    /** The next endpoint the process prints (a restarted server prints another); throws if it ends first. */
    public URI awaitEndpoint() {
        URI endpoint;
        try {
            endpoint = endpoints.poll(START.toSeconds(), TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        if (endpoint == null || endpoint.toString().isEmpty()) {
            if (endpoint != null) {
                endpoints.add(endpoint); // the end stays the answer for later calls
            }
            throw new IllegalStateException("the server printed no endpoint; its output:\n" + output);
        }
        this.endpoint = endpoint;
        return endpoint;
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

    /** Waits for the process to end by itself and returns its exit code. */
    public int awaitExit(Duration timeout) {
        try {
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                throw new IllegalStateException("the server did not end within " + timeout + "; its output:\n" + output);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        return process.exitValue();
    }

    /** Everything the process printed so far, standard output and error together. */
    public String output() {
        return output.toString();
    }

    @Override
    public void close() {
        if (process.isAlive()) {
            kill();
        }
    }

    private void read() {
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(process.getInputStream(),
                StandardCharsets.UTF_8))) {
            String line;
            while ((line = lines.readLine()) != null) {
                output.append(line).append('\n');
                if (line.startsWith(ENDPOINT)) {
                    endpoints.add(URI.create(line.substring(ENDPOINT.length()).trim()));
                }
            }
        } catch (IOException e) {
            output.append("(output unreadable: ").append(e.getMessage()).append(")\n");
        } finally {
            endpoints.add(URI.create(""));
        }
    }
}
