package dev.singletable.engine.internal.transport;

import dev.singletable.engine.model.HttpLimits;
import dev.singletable.engine.internal.protocol.Dispatcher;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;

/**
 * DynamoDB's JSON 1.0 protocol over HTTP/1.1, for clients in other processes (AWS CLI, boto3, other SDKs).
 *
 * <p>A thread per connection on blocking sockets, with TCP_NODELAY: a request is read, answered and written on
 * the thread that read it, with no hand-off between threads, so a call costs little more than the socket round
 * trip (the JDK's {@code HttpServer}, used before, cost more than the engine's own work: see the HTTP server
 * benchmark). A watchdog thread enforces the {@link HttpLimits}' timeouts, and connections beyond the maximum are
 * answered 503 at once, so no client holds up another.
 */
public final class HttpEndpoint implements AutoCloseable {
    /** How long a refused connection stays open after its 503, so the client reads the answer before the close. */
    private static final long LINGER_NANOS = Duration.ofSeconds(1).toNanos();

    private final ServerSocket server;
    private final Supplier<RequestHandler> handlers;
    /**
     * Made by the acceptor for the first connection, not at the start: the wire's JSON setup costs a cold JVM a
     * fifth of a second, which a run that only publishes the endpoint's URL (to system properties) never needs.
     */
    private RequestHandler handler;
    private final HttpLimits limits;
    private final Set<Connection> connections = ConcurrentHashMap.newKeySet();
    private final Queue<Refused> refused = new ConcurrentLinkedQueue<>();
    private final AtomicInteger threads = new AtomicInteger();
    private final byte[] busy;
    private final Thread acceptor;
    private final Thread watchdog;
    private volatile boolean closed;

    /** A connection answered 503, closed by the watchdog once its answer has had time to arrive. */
    private record Refused(Socket socket, long closeAt) {
    }

    private HttpEndpoint(ServerSocket server, Supplier<RequestHandler> handlers, HttpLimits limits) {
        this.server = server;
        this.handlers = handlers;
        this.limits = limits;
        byte[] body = ("{\"__type\":\"com.amazonaws.dynamodb.v20120810#ServiceUnavailableException\",\"message\":"
                + "\"The endpoint serves at most " + limits.maxConnections() + " connections at once\"}")
                .getBytes(StandardCharsets.UTF_8);
        this.busy = ("HTTP/1.1 503 Service Unavailable\r\nContent-Type: " + Dispatcher.CONTENT_TYPE
                + "\r\nContent-Length: " + body.length + "\r\nConnection: close\r\n\r\n"
                + new String(body, StandardCharsets.UTF_8)).getBytes(StandardCharsets.UTF_8);
        this.acceptor = daemon(this::accept, "singletable-http-accept");
        this.watchdog = daemon(this::watch, "singletable-http-watchdog");
    }

    /**
     * Starts serving on the host and port (0: an ephemeral port). With a signature check, only requests signed
     * with its key are served; without ({@code null}), any signature is accepted. The dispatcher is asked for
     * when the first connection arrives.
     */
    public static HttpEndpoint start(Supplier<Dispatcher> dispatcher, String host, int port, HttpLimits limits,
                                     SignatureCheck signatures) throws IOException {
        ServerSocket server = new ServerSocket();
        try {
            server.bind(new InetSocketAddress(host, port), 512);
        } catch (IOException e) {
            server.close();
            throw e;
        }
        HttpEndpoint endpoint = new HttpEndpoint(server, () -> new RequestHandler(dispatcher.get(), signatures),
                limits);
        endpoint.acceptor.start();
        endpoint.watchdog.start();
        return endpoint;
    }

    public URI uri() {
        String host = server.getInetAddress().getHostAddress();
        return URI.create("http://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + server.getLocalPort());
    }

    private void accept() {
        while (!closed) {
            Socket socket;
            try {
                socket = server.accept();
            } catch (IOException e) {
                if (!closed) {
                    LockSupport.parkNanos(10_000_000); // out of file descriptors, say: try again shortly
                }
                continue;
            }
            Connection connection = null;
            try {
                socket.setTcpNoDelay(true); // small answers must not wait for the client's delayed ACK
                if (connections.size() >= limits.maxConnections()) {
                    refuse(socket);
                    continue;
                }
                if (handler == null) {
                    handler = handlers.get();
                }
                connection = new Connection(socket, handler, limits);
                connections.add(connection);
                Connection served = connection;
                Thread thread = new Thread(() -> {
                    try {
                        served.run();
                    } finally {
                        connections.remove(served);
                    }
                }, "singletable-http-" + threads.incrementAndGet());
                thread.setDaemon(true);
                thread.start();
            } catch (IOException | RuntimeException | OutOfMemoryError e) {
                if (connection != null) {
                    connections.remove(connection);
                }
                closeQuietly(socket);
            }
        }
    }

    /** Answers 503 without reading the request, and leaves the close to the watchdog (no thread for it). */
    private void refuse(Socket socket) throws IOException {
        if (refused.size() >= limits.maxConnections()) {
            closeQuietly(socket); // a flood: no lingering for it
            return;
        }
        socket.getOutputStream().write(busy);
        socket.shutdownOutput();
        refused.add(new Refused(socket, System.nanoTime() + LINGER_NANOS));
    }

    private void watch() {
        long tick = Math.max(Duration.ofMillis(10).toNanos(), Math.min(Duration.ofSeconds(1).toNanos(),
                Math.min(limits.requestTimeout().toNanos(), Math.min(limits.responseTimeout().toNanos(),
                        limits.idleTimeout().toNanos())) / 4));
        while (!closed) {
            LockSupport.parkNanos(tick);
            long now = System.nanoTime();
            for (Connection connection : connections) {
                connection.expireIfLate(now);
            }
            Refused first;
            while ((first = refused.peek()) != null && now - first.closeAt() >= 0) {
                refused.poll();
                closeQuietly(first.socket());
            }
        }
    }

    private static Thread daemon(Runnable task, String name) {
        Thread thread = new Thread(task, name);
        thread.setDaemon(true);
        return thread;
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException alreadyClosed) {
            // nothing left to end
        }
    }

    @Override
    public void close() {
        closed = true;
        try {
            server.close();
        } catch (IOException alreadyClosed) {
            // nothing left to end
        }
        LockSupport.unpark(watchdog);
        connections.forEach(Connection::close);
        Refused lingering;
        while ((lingering = refused.poll()) != null) {
            closeQuietly(lingering.socket());
        }
    }
}
