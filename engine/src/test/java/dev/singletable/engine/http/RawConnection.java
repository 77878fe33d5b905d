package dev.singletable.engine.http;

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * A client connection that sends exactly the bytes a test gives and reads responses as they come, so tests can
 * send what no well-behaved client would: half a header, a slow body, a request and never read the answer.
 */
final class RawConnection implements AutoCloseable {
    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;

    /** A response as read off the wire: status, headers (names lower case) and body. */
    record Response(int status, Map<String, String> headers, byte[] body) {
        String text() {
            return new String(body, StandardCharsets.UTF_8);
        }
    }

    RawConnection(URI endpoint) throws IOException {
        this(endpoint, 0);
    }

    /** With a receive buffer of this size (0: the system's), to make a server's writes block sooner. */
    RawConnection(URI endpoint, int receiveBuffer) throws IOException {
        socket = new Socket();
        if (receiveBuffer > 0) {
            socket.setReceiveBufferSize(receiveBuffer);
        }
        socket.connect(new InetSocketAddress(endpoint.getHost(), endpoint.getPort()), 5_000);
        socket.setSoTimeout(10_000); // a server that never answers fails the test instead of hanging it
        in = socket.getInputStream();
        out = socket.getOutputStream();
    }

    /** A POST of DynamoDB's JSON protocol with the given extra header lines (each ending in CRLF). */
    static String post(String operation, String body, String extraHeaders) {
        return "POST / HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-amz-json-1.0\r\n"
                + "X-Amz-Target: DynamoDB_20120810." + operation + "\r\n" + extraHeaders
                + "Content-Length: " + body.getBytes(StandardCharsets.UTF_8).length + "\r\n\r\n" + body;
    }

    RawConnection send(String text) throws IOException {
        return send(text.getBytes(StandardCharsets.UTF_8));
    }

    RawConnection send(byte[] bytes) throws IOException {
        out.write(bytes);
        out.flush();
        return this;
    }

    /** Reads one response, framed by Content-Length or chunked. */
    Response read() throws IOException {
        String statusLine = line();
        int status = Integer.parseInt(statusLine.substring(9, 12));
        Map<String, String> headers = new LinkedHashMap<>();
        for (String line = line(); !line.isEmpty(); line = line()) {
            int colon = line.indexOf(':');
            headers.put(line.substring(0, colon).trim().toLowerCase(Locale.ROOT), line.substring(colon + 1).trim());
        }
        byte[] body;
        if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
            ByteArrayOutputStream chunks = new ByteArrayOutputStream();
            for (int size = Integer.parseInt(line(), 16); size > 0; size = Integer.parseInt(line(), 16)) {
                chunks.write(in.readNBytes(size));
                line();
            }
            line();
            body = chunks.toByteArray();
        } else {
            body = in.readNBytes(Integer.parseInt(headers.getOrDefault("content-length", "0")));
        }
        return new Response(status, headers, body);
    }

    /** Whether the server has closed the connection: reads (and drops) what is left until the end or a reset. */
    boolean closedByServer() throws IOException {
        try {
            while (in.read() >= 0) {
                // what the server sent before closing does not matter here
            }
            return true;
        } catch (SocketException reset) {
            return true;
        }
    }

    /** Reads and counts bytes until the server closes the connection (or resets it). */
    long drainUntilClosed() throws IOException {
        long total = 0;
        byte[] buffer = new byte[64 * 1024];
        try {
            for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                total += n;
            }
        } catch (SocketException reset) {
            // closed with bytes still unread on its side: a reset, as good as an end here
        }
        return total;
    }

    private String line() throws IOException {
        StringBuilder line = new StringBuilder();
        for (int b = in.read(); b != '\n'; b = in.read()) {
            if (b < 0) {
                throw new EOFException("the server closed the connection; read so far: " + line);
            }
            if (b != '\r') {
                line.append((char) b);
            }
        }
        return line.toString();
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
