package dev.singletable.engine.internal.transport;

import dev.singletable.engine.model.HttpLimits;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * Reads HTTP/1.1 requests from one connection (RFC 9112): the head within the endpoint's limits, then the body by
 * Content-Length straight into an array of its size, or chunked. Bytes past one request stay buffered for the next,
 * so pipelined requests work.
 */
final class RequestReader {
    /** A chunk-size line: a hexadecimal size and extensions nobody sends; longer lines are not chunked framing. */
    private static final int MAX_CHUNK_LINE_BYTES = 1024;
    private static final boolean[] TOKEN_BYTES = tokenBytes();

    private final InputStream in;
    private final HttpLimits limits;
    private byte[] buffer = new byte[8 * 1024];
    private int position;
    private int limit;
    private int lineStart;
    private int lineEnd;
    /** While header fields are read: where their section starts, kept by compaction until the section is copied. */
    private int sectionStart = -1;

    RequestReader(InputStream in, HttpLimits limits) {
        this.in = in;
        this.limits = limits;
    }

    /** A request's method, target, version and headers. */
    record Head(String method, String target, String version, Headers headers) {
        /** Whether the connection stays open after the answer: HTTP/1.1 unless told to close, HTTP/1.0 if asked. */
        boolean keepAlive() {
            return version.equals("HTTP/1.1") ? !headers.lists("Connection", "close")
                    : headers.lists("Connection", "keep-alive");
        }
    }

    /** Waits until the next request's first byte is here; false when the client closed the connection first. */
    boolean awaitRequest() throws IOException {
        if (position == limit) {
            position = 0;
            limit = 0;
            return fill();
        }
        return true;
    }

    /** Reads a request's head, refusing a request line or header section over the limits. */
    Head readHead() throws IOException, HttpError {
        compact();
        String requestLine;
        do { // empty lines before a request line are ignored (RFC 9112 section 2.2)
            requestLine = line(limits.maxRequestLineBytes(), 414);
        } while (requestLine.isEmpty());
        int first = requestLine.indexOf(' ');
        int second = first < 0 ? -1 : requestLine.indexOf(' ', first + 1);
        if (second < 0 || requestLine.indexOf(' ', second + 1) >= 0 || second == first + 1) {
            throw new HttpError(400, "a malformed request line");
        }
        String method = requestLine.substring(0, first);
        String version = requestLine.substring(second + 1);
        if (!isToken(method)) {
            throw new HttpError(400, "a malformed request line");
        }
        if (!version.equals("HTTP/1.1") && !version.equals("HTTP/1.0")) {
            throw new HttpError(version.startsWith("HTTP/") ? 505 : 400, "HTTP version " + version);
        }
        return new Head(method, requestLine.substring(first + 1, second), version, fields());
    }

    /**
     * Header fields (or a chunked body's trailer fields) up to the empty line, within the header size limit: the
     * section's bytes are checked where they lie and copied once, and a field's value becomes a string only when
     * asked for.
     */
    private Headers fields() throws IOException, HttpError {
        sectionStart = position;
        try {
            int[] spans = new int[4 * 16];
            int count = 0;
            int budget = limits.maxHeaderBytes(); // every line counted with its CR LF, the empty line included
            while (true) {
                nextLine(budget - 2, 431);
                budget -= position - lineStart;
                if (lineEnd == lineStart) {
                    return new Headers(Arrays.copyOfRange(buffer, sectionStart, lineStart), spans, count);
                }
                int colon = lineStart;
                while (colon < lineEnd && buffer[colon] != ':') {
                    if (!isTokenByte(buffer[colon])) {
                        throw new HttpError(400, "a malformed header line"); // obsolete line folding included
                    }
                    colon++;
                }
                if (colon == lineStart || colon == lineEnd) {
                    throw new HttpError(400, "a malformed header line");
                }
                int from = colon + 1;
                int to = lineEnd;
                while (from < to && (buffer[from] == ' ' || buffer[from] == '\t')) {
                    from++;
                }
                while (to > from && (buffer[to - 1] == ' ' || buffer[to - 1] == '\t')) {
                    to--;
                }
                for (int i = from; i < to; i++) {
                    if (buffer[i] == '\r' || buffer[i] == 0) {
                        throw new HttpError(400, "a header value with CR or NUL");
                    }
                }
                if (4 * count == spans.length) {
                    spans = Arrays.copyOf(spans, 2 * spans.length);
                }
                // offsets from the section's start, which stay right when compaction moves the section
                spans[4 * count] = lineStart - sectionStart;
                spans[4 * count + 1] = colon - sectionStart;
                spans[4 * count + 2] = from - sectionStart;
                spans[4 * count + 3] = to - sectionStart;
                count++;
            }
        } finally {
            sectionStart = -1;
        }
    }

    /**
     * The body's length as its headers declare it, -1 for a chunked body; refused when the framing is ambiguous
     * (both framings, differing lengths) or unknown.
     */
    static long declaredLength(Headers headers) throws HttpError {
        List<String> encodings = headers.all("Transfer-Encoding");
        List<String> lengths = headers.all("Content-Length");
        if (!encodings.isEmpty()) {
            if (!lengths.isEmpty()) {
                throw new HttpError(400, "both Content-Length and Transfer-Encoding");
            }
            if (encodings.size() != 1 || !encodings.get(0).equalsIgnoreCase("chunked")) {
                throw new HttpError(501, "Transfer-Encoding " + String.join(", ", encodings));
            }
            return -1;
        }
        long length = 0;
        for (int i = 0; i < lengths.size(); i++) {
            long value = digits(lengths.get(i));
            if (i > 0 && value != length) {
                throw new HttpError(400, "differing Content-Length values");
            }
            length = value;
        }
        return length;
    }

    private static long digits(String text) throws HttpError {
        if (text.isEmpty() || text.length() > 18) {
            throw new HttpError(400, "Content-Length " + text);
        }
        long value = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                throw new HttpError(400, "Content-Length " + text);
            }
            value = value * 10 + (c - '0');
        }
        return value;
    }

    /** Reads a body of a known length into an array of exactly that size. */
    byte[] readBody(int length) throws IOException {
        byte[] body = new byte[length];
        int buffered = Math.min(length, limit - position);
        System.arraycopy(buffer, position, body, 0, buffered);
        position += buffered;
        for (int read = buffered; read < length; ) {
            int n = in.read(body, read, length - read);
            if (n < 0) {
                throw new EOFException("the client closed the connection in the middle of a body");
            }
            read += n;
        }
        return body;
    }

    /** Reads a chunked body, refusing it with 413 as soon as it passes {@code maxBytes}; trailers are read, unused. */
    byte[] readChunked(int maxBytes) throws IOException, HttpError {
        byte[] body = new byte[Math.min(maxBytes, 64 * 1024)];
        int size = 0;
        while (true) {
            String line = line(MAX_CHUNK_LINE_BYTES, 400);
            int semicolon = line.indexOf(';');
            long chunk = hex(withoutWhitespace(semicolon < 0 ? line : line.substring(0, semicolon)));
            if (chunk == 0) {
                fields();
                return Arrays.copyOf(body, size);
            }
            if (size + chunk > maxBytes) {
                throw new HttpError(413, "a chunked body over " + maxBytes + " bytes");
            }
            if (size + chunk > body.length) {
                body = Arrays.copyOf(body, (int) Math.min(maxBytes, Math.max(size + chunk, 2L * body.length)));
            }
            for (int copied = 0; copied < chunk; ) {
                if (position == limit) {
                    position = 0;
                    limit = 0;
                    requireMore();
                }
                int n = (int) Math.min(chunk - copied, limit - position);
                System.arraycopy(buffer, position, body, size, n);
                position += n;
                size += n;
                copied += n;
            }
            nextLine(0, 400); // the CR LF after the chunk's data, and nothing before it

        }
    }

    private static long hex(String text) throws HttpError {
        String digits = text;
        if (digits.isEmpty() || digits.length() > 15) {
            throw new HttpError(400, "a chunk size of '" + digits + "'");
        }
        long value = 0;
        for (int i = 0; i < digits.length(); i++) {
            int digit = Character.digit(digits.charAt(i), 16);
            if (digit < 0) {
                throw new HttpError(400, "a chunk size of '" + digits + "'");
            }
            value = value * 16 + digit;
        }
        return value;
    }

    /** Reads what follows a refused request until the client closes its side or the watchdog closes the socket. */
    void discardRest() throws IOException {
        position = 0;
        limit = 0;
        while (in.read(buffer, 0, buffer.length) >= 0) {
            // nothing to do with it: the answer has been sent
        }
    }

    /** The next line without its line end, as ISO-8859-1; longer than {@code max} bytes: refused with {@code status}. */
    private String line(int max, int status) throws IOException, HttpError {
        nextLine(max, status);
        return new String(buffer, lineStart, lineEnd - lineStart, StandardCharsets.ISO_8859_1);
    }

    /**
     * Finds the next line (ended by CR LF, or a bare LF as lenient servers accept): its bytes are then
     * {@code buffer[lineStart, lineEnd)} and the position is past its end. A line longer than {@code max} bytes is
     * refused with {@code status}.
     */
    private void nextLine(int max, int status) throws IOException, HttpError {
        int scanned = position;
        while (true) {
            for (; scanned < limit; scanned++) {
                if (buffer[scanned] == '\n') {
                    int end = scanned > position && buffer[scanned - 1] == '\r' ? scanned - 1 : scanned;
                    if (end - position > max) {
                        throw tooLong(status);
                    }
                    lineStart = position;
                    lineEnd = end;
                    position = scanned + 1;
                    return;
                }
            }
            if (scanned - position > max + 1) { // +1: the CR of a line of exactly max bytes
                throw tooLong(status);
            }
            scanned -= compact();
            requireMore();
        }
    }

    private HttpError tooLong(int status) {
        return new HttpError(status, switch (status) {
            case 414 -> "the request line is longer than " + limits.maxRequestLineBytes() + " bytes";
            case 431 -> "the header section is larger than " + limits.maxHeaderBytes() + " bytes";
            default -> "a chunk line longer than its framing allows";
        });
    }

    /**
     * Moves the unread bytes (and a header section being read) to the front of the buffer.
     *
     * @return how far the bytes moved
     */
    private int compact() {
        int from = sectionStart >= 0 ? sectionStart : position;
        if (from > 0) {
            System.arraycopy(buffer, from, buffer, 0, limit - from);
            limit -= from;
            position -= from;
            if (sectionStart >= 0) {
                sectionStart = 0;
            }
        }
        return from;
    }

    private void requireMore() throws IOException {
        if (!fill()) {
            throw new EOFException("the client closed the connection in the middle of a request");
        }
    }

    /** Reads more bytes after {@code limit}, growing the buffer when full (lines are bounded by the limits). */
    private boolean fill() throws IOException {
        if (limit == buffer.length) {
            buffer = Arrays.copyOf(buffer, buffer.length * 2);
        }
        int n = in.read(buffer, limit, buffer.length - limit);
        if (n < 0) {
            return false;
        }
        limit += n;
        return true;
    }

    /** A field value without the spaces and tabs around it (RFC 9110's optional whitespace, nothing else). */
    private static String withoutWhitespace(String text) {
        int from = 0;
        int to = text.length();
        while (from < to && (text.charAt(from) == ' ' || text.charAt(from) == '\t')) {
            from++;
        }
        while (to > from && (text.charAt(to - 1) == ' ' || text.charAt(to - 1) == '\t')) {
            to--;
        }
        return text.substring(from, to);
    }

    /** An HTTP token (RFC 9110 section 5.6.2): what a method or a header name is made of. */
    private static boolean isToken(String text) {
        if (text.isEmpty()) {
            return false;
        }
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c > 0xFF || !isTokenByte((byte) c)) {
                return false;
            }
        }
        return true;
    }

    private static boolean isTokenByte(byte b) {
        return TOKEN_BYTES[b & 0xFF];
    }

    /** Which bytes a token may hold: visible ASCII but the delimiters; a table, as every header name is checked. */
    private static boolean[] tokenBytes() {
        boolean[] token = new boolean[256];
        for (int b = 0x21; b < 0x7F; b++) {
            token[b] = "\"(),/:;<=>?@[\\]{}".indexOf(b) < 0;
        }
        return token;
    }
}
