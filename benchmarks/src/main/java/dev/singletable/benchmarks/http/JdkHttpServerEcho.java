package dev.singletable.benchmarks.http;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The JDK's {@code com.sun.net.httpserver.HttpServer} answering the same prepared bytes as {@link BlockingEchoServer}:
 * what that server costs by itself, before any DynamoDB work (the engine's HTTP endpoint was built on it until its
 * cost showed here). TCP_NODELAY on, as the endpoint had it.
 */
final class JdkHttpServerEcho implements AutoCloseable {
    private final HttpServer server;
    private final ExecutorService workers;

    /** Answers a request whose X-Amz-Target is a key of {@code answers}: headers and body of the value. */
    JdkHttpServerEcho(Map<String, Answer> answers) throws IOException {
        System.setProperty("sun.net.httpserver.nodelay", "true");
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 128);
        workers = Executors.newFixedThreadPool(Math.max(4, Runtime.getRuntime().availableProcessors() * 2), r -> {
            Thread thread = new Thread(r, "jdk-echo");
            thread.setDaemon(true);
            return thread;
        });
        server.setExecutor(workers);
        server.createContext("/", exchange -> answer(exchange, answers));
        server.start();
    }

    /** A prepared answer: the headers the engine sent and its body. */
    record Answer(Map<String, String> headers, byte[] body) {
    }

    URI uri() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    private static void answer(HttpExchange exchange, Map<String, Answer> answers) throws IOException {
        try (exchange) {
            exchange.getRequestBody().readAllBytes();
            String target = exchange.getRequestHeaders().getFirst("X-Amz-Target");
            Answer answer = answers.get(target.substring(target.indexOf('.') + 1));
            answer.headers().forEach(exchange.getResponseHeaders()::set);
            exchange.sendResponseHeaders(200, answer.body().length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(answer.body());
            }
        }
    }

    @Override
    public void close() {
        server.stop(0);
        workers.shutdownNow();
    }
}
