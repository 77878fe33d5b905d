package dev.singletable.benchmarks.http;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * The floor: a thread per connection on blocking sockets that finds the end of each request's head, reads the body
 * by its Content-Length and answers with bytes prepared in advance (the engine's own response to the same request,
 * headers included). Everything a server must do to move these bytes, and nothing else.
 */
final class BlockingEchoServer implements AutoCloseable {
    private static final byte[] TARGET = "x-amz-target:".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] CONTENT_LENGTH = "content-length:".getBytes(StandardCharsets.US_ASCII);

    private final ServerSocket server;
    private final Map<String, byte[]> answers;

    /** Answers a request whose X-Amz-Target is a key of {@code answers} with the value's bytes, as they are. */
    BlockingEchoServer(Map<String, byte[]> answers) throws IOException {
        this.answers = Map.copyOf(answers);
        server = new ServerSocket(0, 128, InetAddress.getLoopbackAddress());
        Thread acceptor = new Thread(this::accept, "echo-accept");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    URI uri() {
        return URI.create("http://127.0.0.1:" + server.getLocalPort());
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket socket = server.accept();
                socket.setTcpNoDelay(true);
                Thread connection = new Thread(() -> serve(socket), "echo-connection");
                connection.setDaemon(true);
                connection.start();
            } catch (IOException closed) {
                return;
            }
        }
    }

    private void serve(Socket socket) {
        try (socket) {
            InputStream in = socket.getInputStream();
            OutputStream out = socket.getOutputStream();
            byte[] buffer = new byte[64 * 1024];
            int limit = 0;
            while (true) {
                int headEnd;
                while ((headEnd = headEnd(buffer, limit)) < 0) {
                    int n = in.read(buffer, limit, buffer.length - limit);
                    if (n < 0) {
                        return;
                    }
                    limit += n;
                }
                String target = header(buffer, headEnd, TARGET);
                int requestEnd = headEnd + 4 + Integer.parseInt(header(buffer, headEnd, CONTENT_LENGTH));
                while (limit < requestEnd) {
                    limit += in.read(buffer, limit, buffer.length - limit);
                }
                out.write(answers.get(target.substring(target.indexOf('.') + 1)));
                System.arraycopy(buffer, requestEnd, buffer, 0, limit - requestEnd);
                limit -= requestEnd;
            }
        } catch (IOException | RuntimeException closed) {
            // the client went away
        }
    }

    private static int headEnd(byte[] buffer, int limit) {
        for (int i = 0; i + 3 < limit; i++) {
            if (buffer[i] == '\r' && buffer[i + 1] == '\n' && buffer[i + 2] == '\r' && buffer[i + 3] == '\n') {
                return i;
            }
        }
        return -1;
    }

    private static String header(byte[] buffer, int headEnd, byte[] lowerCaseName) {
        for (int line = 0; line < headEnd; ) {
            int end = line;
            while (buffer[end] != '\r') {
                end++;
            }
            if (matches(buffer, line, end, lowerCaseName)) {
                return new String(buffer, line + lowerCaseName.length, end - line - lowerCaseName.length,
                        StandardCharsets.ISO_8859_1).trim();
            }
            line = end + 2;
        }
        throw new IllegalArgumentException("no " + new String(lowerCaseName, StandardCharsets.US_ASCII) + " header");
    }

    private static boolean matches(byte[] buffer, int from, int to, byte[] lowerCaseName) {
        if (to - from < lowerCaseName.length) {
            return false;
        }
        for (int i = 0; i < lowerCaseName.length; i++) {
            byte b = buffer[from + i];
            if ((b >= 'A' && b <= 'Z' ? b + 32 : b) != lowerCaseName[i]) {
                return false;
            }
        }
        return true;
    }

    @Override
    public void close() throws IOException {
        server.close();
    }
}
