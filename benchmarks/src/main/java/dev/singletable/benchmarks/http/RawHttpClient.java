package dev.singletable.benchmarks.http;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The cheapest HTTP/1.1 client that still speaks the protocol: one keep-alive connection on a blocking socket with
 * TCP_NODELAY, requests written as pre-built bytes, responses read by Content-Length or chunked framing. No SDK, no
 * allocation per call beyond what the socket does, so what it measures is the server.
 */
final class RawHttpClient implements AutoCloseable {
    private static final byte[] CONTENT_LENGTH = "content-length:".getBytes(StandardCharsets.US_ASCII);

    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;
    private byte[] buffer = new byte[64 * 1024];
    private int start;
    private int limit;
    private int bodyStart;
    private int bodyLength;

    RawHttpClient(URI endpoint) throws IOException {
        socket = new Socket();
        socket.setTcpNoDelay(true);
        socket.connect(new InetSocketAddress(endpoint.getHost(), endpoint.getPort()), 5_000);
        socket.setSoTimeout(30_000);
        in = socket.getInputStream();
        out = socket.getOutputStream();
    }

    /** A POST of DynamoDB's JSON protocol, with the headers an SDK sends (signature included, never checked here). */
    static byte[] request(URI endpoint, String operation, String json) {
        byte[] body = json.getBytes(StandardCharsets.UTF_8);
        String head = "POST / HTTP/1.1\r\n"
                + "Host: " + endpoint.getHost() + ":" + endpoint.getPort() + "\r\n"
                + "Content-Type: application/x-amz-json-1.0\r\n"
                + "X-Amz-Target: DynamoDB_20120810." + operation + "\r\n"
                + "X-Amz-Date: 20260101T000000Z\r\n"
                + "Authorization: AWS4-HMAC-SHA256 Credential=bench/20260101/us-east-1/dynamodb/aws4_request, "
                + "SignedHeaders=content-type;host;x-amz-date;x-amz-target, Signature=" + "0".repeat(64) + "\r\n"
                + "Content-Length: " + body.length + "\r\n\r\n";
        byte[] head8 = head.getBytes(StandardCharsets.US_ASCII);
        byte[] request = Arrays.copyOf(head8, head8.length + body.length);
        System.arraycopy(body, 0, request, head8.length, body.length);
        return request;
    }

    /** Sends a request and reads its whole response; returns the status code. */
    int exchange(byte[] request) throws IOException {
        out.write(request);
        out.flush();
        return readResponse();
    }

    /** The body of the last response (a copy, for checks outside the measured loop). */
    String lastBody() {
        return new String(buffer, bodyStart, bodyLength, StandardCharsets.UTF_8);
    }

    private int readResponse() throws IOException {
        start = compact();
        int headEnd;
        while ((headEnd = indexOfHeadEnd(start)) < 0) {
            fill();
        }
        int status = (buffer[start + 9] - '0') * 100 + (buffer[start + 10] - '0') * 10 + (buffer[start + 11] - '0');
        bodyStart = headEnd + 4;
        long length = contentLength(start, headEnd);
        if (length >= 0) {
            bodyLength = (int) length;
            while (limit - bodyStart < bodyLength) {
                fill();
            }
            start = bodyStart + bodyLength;
        } else {
            readChunked();
        }
        return status;
    }

    /** Reads a chunked body and joins its chunks in place, so that the body is contiguous from bodyStart. */
    private void readChunked() throws IOException {
        int write = bodyStart;
        int read = bodyStart;
        while (true) {
            int lineEnd;
            while ((lineEnd = indexOf(read, (byte) '\r')) < 0 || lineEnd + 1 >= limit) {
                fill();
            }
            int size = Integer.parseInt(new String(buffer, read, lineEnd - read, StandardCharsets.ISO_8859_1)
                    .split(";")[0].trim(), 16);
            read = lineEnd + 2;
            while (limit - read < size + 2) {
                fill();
            }
            if (size == 0) {
                bodyLength = write - bodyStart;
                start = read + 2; // no trailers from the servers measured here
                return;
            }
            System.arraycopy(buffer, read, buffer, write, size);
            write += size;
            read += size + 2;
        }
    }

    /** The Content-Length header's value, -1 without one; read from the bytes, without allocating. */
    private long contentLength(int from, int headEnd) {
        for (int line = from; line < headEnd; line = indexOf(line, (byte) '\n') + 1) {
            if (headEnd - line > CONTENT_LENGTH.length && startsWithIgnoringCase(line, CONTENT_LENGTH)) {
                long value = 0;
                for (int i = line + CONTENT_LENGTH.length; buffer[i] != '\r'; i++) {
                    if (buffer[i] >= '0' && buffer[i] <= '9') {
                        value = value * 10 + buffer[i] - '0';
                    }
                }
                return value;
            }
        }
        return -1;
    }

    private boolean startsWithIgnoringCase(int at, byte[] lowerCase) {
        for (int i = 0; i < lowerCase.length; i++) {
            byte b = buffer[at + i];
            if ((b >= 'A' && b <= 'Z' ? b + 32 : b) != lowerCase[i]) {
                return false;
            }
        }
        return true;
    }

    private int indexOfHeadEnd(int from) {
        for (int i = from; i + 3 < limit; i++) {
            if (buffer[i] == '\r' && buffer[i + 1] == '\n' && buffer[i + 2] == '\r' && buffer[i + 3] == '\n') {
                return i;
            }
        }
        return -1;
    }

    private int indexOf(int from, byte b) {
        for (int i = from; i < limit; i++) {
            if (buffer[i] == b) {
                return i;
            }
        }
        return -1;
    }

    /** Moves unread bytes to the front of the buffer; returns where they now start. */
    private int compact() {
        if (start > 0) {
            System.arraycopy(buffer, start, buffer, 0, limit - start);
            limit -= start;
            start = 0;
        }
        return 0;
    }

    private void fill() throws IOException {
        if (limit == buffer.length) {
            buffer = Arrays.copyOf(buffer, buffer.length * 2);
        }
        int n = in.read(buffer, limit, buffer.length - limit);
        if (n < 0) {
            throw new IOException("the server closed the connection");
        }
        limit += n;
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
