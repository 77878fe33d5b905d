package dev.singletable.engine.internal.transport;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.singletable.engine.internal.DynamoException;
import dev.singletable.engine.internal.protocol.Dispatcher;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/** DynamoDB's JSON 1.0 protocol over HTTP, for clients in other processes (AWS CLI, boto3, other SDKs). */
public final class HttpEndpoint implements AutoCloseable {
    private static final String NODELAY = "sun.net.httpserver.nodelay";
    private static final String IDLE_SECONDS = "sun.net.httpserver.idleInterval";

    private final HttpServer server;
    private final ExecutorService workers;
    private final Dispatcher dispatcher;
    private final SignatureCheck signatures;

    private HttpEndpoint(HttpServer server, ExecutorService workers, Dispatcher dispatcher, SignatureCheck signatures) {
        this.server = server;
        this.workers = workers;
        this.dispatcher = dispatcher;
        this.signatures = signatures;
    }

    /**
     * Starts serving on the host and port (0: an ephemeral port). With a signature check, only requests signed
     * with its key are served; without, any signature is accepted.
     */
    public static HttpEndpoint start(Dispatcher dispatcher, String host, int port, SignatureCheck signatures)
            throws IOException {
        // Without TCP_NODELAY small responses wait on Nagle's algorithm and the client's delayed ACK: ~40 ms a
        // request. And the JDK closes connections idle for 30 s while the SDK's pool keeps them 60 s, so a client
        // can pick a connection the server is closing. The JDK reads both once, when its first server starts;
        // values the user set win.
        if (System.getProperty(NODELAY) == null) {
            System.setProperty(NODELAY, "true");
        }
        if (System.getProperty(IDLE_SECONDS) == null) {
            System.setProperty(IDLE_SECONDS, "120");
        }
        HttpServer server = HttpServer.create(new InetSocketAddress(host, port), 128);
        AtomicInteger threads = new AtomicInteger();
        ExecutorService workers = Executors.newFixedThreadPool(Math.max(4, Runtime.getRuntime().availableProcessors() * 2),
                r -> {
                    Thread t = new Thread(r, "singletable-http-" + threads.incrementAndGet());
                    t.setDaemon(true);
                    return t;
                });
        server.setExecutor(workers);
        HttpEndpoint endpoint = new HttpEndpoint(server, workers, dispatcher, signatures);
        server.createContext("/", endpoint::serve);
        server.start();
        return endpoint;
    }

    public URI uri() {
        InetSocketAddress address = server.getAddress();
        String host = address.getAddress().getHostAddress();
        return URI.create("http://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + address.getPort());
    }

    private void serve(HttpExchange exchange) throws IOException {
        try (exchange) {
            String method = exchange.getRequestMethod();
            if (method.equals("GET") && exchange.getRequestURI().getPath().equals("/")) {
                send(exchange, 200, "text/plain", "healthy: dynamodb.us-east-1.amazonaws.com ");
                return;
            }
            String contentType = exchange.getRequestHeaders().getFirst("Content-Type");
            if (!method.equals("POST") || !acceptedContentType(contentType)) {
                send(exchange, 404, "application/xml", "<UnknownOperationException/>");
                return;
            }
            String length = exchange.getRequestHeaders().getFirst("Content-Length");
            boolean tooLarge = length != null && parseLength(length) > Dispatcher.MAX_BODY_BYTES;
            byte[] body = tooLarge ? null : exchange.getRequestBody().readNBytes(Dispatcher.MAX_BODY_BYTES + 1);
            if (tooLarge || body.length > Dispatcher.MAX_BODY_BYTES) {
                // DynamoDB answers 413 without processing an over-sized body (chunked ones are only known as such
                // once read). The rest is drained unread, or closing the exchange would reset the connection before
                // the client reads the answer.
                exchange.getRequestBody().transferTo(OutputStream.nullOutputStream());
                send(exchange, 413, Dispatcher.CONTENT_TYPE, "{\"__type\":\"com.amazon.coral.service#RequestEntityTooLarge\","
                        + "\"message\":\"Request entity too large\"}");
                return;
            }
            String target = exchange.getRequestHeaders().getFirst("X-Amz-Target");
            Dispatcher.Response response;
            try {
                if (signatures != null) {
                    String host = exchange.getRequestHeaders().getFirst("Host");
                    signatures.verify(method, URI.create("http://" + host + exchange.getRequestURI()),
                            exchange.getRequestHeaders(), body);
                }
                response = dispatcher.handle(target, body, false);
            } catch (DynamoException refused) {
                response = dispatcher.refuse(target, refused);
            }
            exchange.getResponseHeaders().set("Content-Type", contentType.toLowerCase(Locale.ROOT).startsWith(
                    "application/json") ? "application/json" : Dispatcher.CONTENT_TYPE);
            exchange.getResponseHeaders().set("x-amzn-RequestId", response.requestId());
            exchange.getResponseHeaders().set("x-amz-crc32", Long.toString(response.crc32()));
            write(exchange, response.status(), response.body());
        }
    }

    private static long parseLength(String length) {
        try {
            return Long.parseLong(length.trim());
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private static boolean acceptedContentType(String contentType) {
        if (contentType == null) {
            return false;
        }
        String type = contentType.toLowerCase(Locale.ROOT);
        return type.startsWith(Dispatcher.CONTENT_TYPE) || type.startsWith("application/json");
    }

    private static void send(HttpExchange exchange, int status, String contentType, String body) throws IOException {
        exchange.getResponseHeaders().set("Content-Type", contentType);
        write(exchange, status, body.getBytes(StandardCharsets.UTF_8));
    }

    private static void write(HttpExchange exchange, int status, byte[] body) throws IOException {
        exchange.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
        if (body.length > 0) {
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        }
    }

    @Override
    public void close() {
        server.stop(0);
        workers.shutdownNow();
    }
}
