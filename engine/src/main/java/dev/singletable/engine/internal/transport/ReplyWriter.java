package dev.singletable.engine.internal.transport;

import java.io.IOException;
import java.io.OutputStream;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * Writes replies on one connection: the head and a body that fits go out in one write (one packet with
 * TCP_NODELAY); a larger body follows from its own array, uncopied.
 */
final class ReplyWriter {
    private static final DateTimeFormatter HTTP_DATE = DateTimeFormatter.ofPattern("EEE, dd MMM yyyy HH:mm:ss 'GMT'",
            Locale.US).withZone(ZoneOffset.UTC);
    private static volatile CachedDate date = new CachedDate(0, "");

    private final OutputStream out;
    private final byte[] buffer = new byte[16 * 1024];
    private int count;

    /** The Date header's text for one second: formatted once a second, not once a response. */
    private record CachedDate(long second, String text) {
    }

    ReplyWriter(OutputStream out) {
        this.out = out;
    }

    void write(Reply reply) throws IOException {
        ascii("HTTP/1.1 ");
        ascii(Integer.toString(reply.status()));
        ascii(" ");
        ascii(reason(reply.status()));
        crlf();
        for (int i = 0; i < reply.headerCount(); i++) {
            field(reply.name(i), reply.value(i));
        }
        field("Content-Length", Integer.toString(reply.body().length));
        field("Date", now());
        if (reply.closes()) {
            field("Connection", "close");
        }
        crlf();
        byte[] body = reply.body();
        if (body.length <= buffer.length - count) {
            System.arraycopy(body, 0, buffer, count, body.length);
            count += body.length;
            flush();
        } else {
            flush();
            out.write(body);
            out.flush();
        }
    }

    /** The interim answer to {@code Expect: 100-continue}: the client may send the body. */
    void writeContinue() throws IOException {
        ascii("HTTP/1.1 100 Continue");
        crlf();
        crlf();
        flush();
    }

    private void field(String name, String value) throws IOException {
        ascii(name);
        ascii(": ");
        ascii(value);
        crlf();
    }

    private void crlf() throws IOException {
        ascii("\r\n");
    }

    /** Header text is ISO-8859-1 (values echoed from a request come back as they were received). */
    private void ascii(String text) throws IOException {
        for (int from = 0; from < text.length(); ) {
            if (count == buffer.length) {
                flushBuffer();
            }
            int to = Math.min(text.length(), from + buffer.length - count);
            for (int i = from; i < to; i++) {
                buffer[count++] = (byte) text.charAt(i);
            }
            from = to;
        }
    }

    private void flush() throws IOException {
        flushBuffer();
        out.flush();
    }

    private void flushBuffer() throws IOException {
        out.write(buffer, 0, count);
        count = 0;
    }

    static String now() {
        long second = System.currentTimeMillis() / 1000;
        CachedDate cached = date;
        if (cached.second() != second) {
            cached = new CachedDate(second, HTTP_DATE.format(Instant.ofEpochSecond(second)));
            date = cached;
        }
        return cached.text();
    }

    private static String reason(int status) {
        return switch (status) {
            case 200 -> "OK";
            case 400 -> "Bad Request";
            case 404 -> "Not Found";
            case 408 -> "Request Timeout";
            case 413 -> "Request Entity Too Large";
            case 414 -> "URI Too Long";
            case 431 -> "Request Header Fields Too Large";
            case 500 -> "Internal Server Error";
            case 501 -> "Not Implemented";
            case 503 -> "Service Unavailable";
            case 505 -> "HTTP Version Not Supported";
            default -> ""; // a reason phrase may be empty (RFC 9112 section 4)
        };
    }
}
