package dev.singletable.engine.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import dev.singletable.engine.DynamoDbEngine;
import dev.singletable.engine.model.HttpLimits;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;

/**
 * Mutated HTTP framing on raw sockets — request lines, header fields, Content-Length, chunked bodies, compressed
 * bodies, pipelining, random bytes — against the endpoint's own HTTP/1.1 parser: every answer is a well-formed
 * response with a status real servers send for it (or a close, for a request the client never finished), never a
 * 500 except for a body that does not decompress, never a hang; afterwards every connection slot is free again.
 * Sized by {@code reliability.fuzz.requests} and {@code reliability.fuzz.seconds} (engine/pom.xml);
 * {@code -Dreliability.seed} fixes the mutations.
 */
class HttpFramingFuzzerTest {
    private static final int REQUESTS = Integer.getInteger("reliability.fuzz.requests", 3000);
    private static final int SECONDS = Integer.getInteger("reliability.fuzz.seconds", 60);
    private static final int WORKERS = 4;
    private static final int MAX_CONNECTIONS = 16;
    private static final Set<Integer> STATUSES = Set.of(100, 200, 400, 404, 408, 413, 414, 431, 501, 505);

    private final Map<String, LongAdder> outcomes = new ConcurrentHashMap<>();
    private final List<String> violations = Collections.synchronizedList(new ArrayList<>());
    private final AtomicLong sent = new AtomicLong();
    private final List<String> closedSilently = Collections.synchronizedList(new ArrayList<>());

    @Test
    void should_answer_every_mutated_request_with_a_well_formed_response_and_free_every_connection() throws Exception {
        long seed = Long.getLong("reliability.seed", System.nanoTime());
        long started = System.nanoTime();
        // short request timeout: a request that promises more body than it sends is answered 408 quickly
        HttpLimits limits = HttpLimits.defaults().withMaxConnections(MAX_CONNECTIONS).withMaxHeaderBytes(2048)
                .withMaxRequestLineBytes(512).withRequestTimeout(Duration.ofMillis(300));
        try (DynamoDbEngine engine = DynamoDbEngine.builder().httpLimits(limits).build()) {
            IndexedTable.create(engine.client(), "fuzz");
            URI endpoint = engine.httpEndpoint();
            long deadline = started + Duration.ofSeconds(SECONDS).toNanos();
            FuzzWorkers.run(WORKERS, seed, random -> fuzz(endpoint, random, deadline));
            System.out.printf("HTTP framing fuzzer: %d requests in %.1f s, %d violations, seed %d, outcomes %s%n",
                    sent.get(), (System.nanoTime() - started) / 1e9, violations.size(), seed, new TreeMap<>(counts()));
            violations.forEach(System.out::println);
            closedSilently.forEach(r -> System.out.println("closed without an answer: " + r));
            assertThat(violations).as("answers that are not well-formed or not allowed (seed %d)", seed).isEmpty();
            assertEveryConnectionSlotIsFree(endpoint);
        }
    }

    private void fuzz(URI endpoint, Random random, long deadline) throws IOException {
        while (sent.getAndIncrement() < REQUESTS && System.nanoTime() < deadline) {
            Mutated request = new Mutator(random).next();
            byte[] answer;
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress(endpoint.getHost(), endpoint.getPort()), 5_000);
                // the server answers or closes within its 300 ms request timeout: 3 s without either is a hang
                socket.setSoTimeout(3_000);
                socket.getOutputStream().write(request.bytes());
                // a client that sent nothing and keeps its side open is an idle connection, not a request
                boolean done = random.nextInt(10) > 0 || request.bytes().length == 0;
                if (done) {
                    socket.shutdownOutput(); // the server sees the end: it answers what is complete, then closes
                }
                answer = done ? readUntilClosed(socket.getInputStream()) : readFirstAnswer(socket.getInputStream());
            } catch (SocketTimeoutException hung) {
                outcome("hung");
                violation("no answer and no close within 3 s for " + request);
                continue;
            } catch (SocketException refusedOrReset) {
                // the 503 of a full endpoint can meet a reset; anything else would show as a bad answer below
                outcome("reset");
                continue;
            }
            check(request, answer);
        }
        sent.decrementAndGet(); // the increment that ended the loop sent nothing
    }

    /**
     * For a client that keeps its side open (the connection stays alive after an answer): reads until one whole
     * answer is in, or the server closes.
     */
    private static byte[] readFirstAnswer(InputStream in) throws IOException {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        byte[] buffer = new byte[8192];
        try {
            for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                all.write(buffer, 0, n);
                String text = all.toString(StandardCharsets.ISO_8859_1);
                while (text.startsWith("HTTP/1.1 100") && text.contains("\r\n\r\n")) { // interim: the answer follows
                    text = text.substring(text.indexOf("\r\n\r\n") + 4);
                }
                int headEnd = text.indexOf("\r\n\r\n");
                if (headEnd >= 0 && !text.startsWith("HTTP/1.1 100") && text.length() >= headEnd + 4 + contentLength(text)) {
                    break;
                }
            }
        } catch (SocketException reset) {
            // closed by the server with bytes of ours unread: what arrived before is still the answer
        }
        return all.toByteArray();
    }

    private static int contentLength(String head) {
        for (String line : head.split("\r\n")) {
            if (line.isEmpty()) {
                break;
            }
            if (line.regionMatches(true, 0, "Content-Length:", 0, 15)) {
                return Integer.parseInt(line.substring(15).trim());
            }
        }
        return 0;
    }

    private static byte[] readUntilClosed(InputStream in) throws IOException {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        byte[] buffer = new byte[8192];
        try {
            for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                all.write(buffer, 0, n);
            }
        } catch (SocketException reset) {
            // closed by the server with bytes of ours unread: what arrived before is still the answer
        }
        return all.toByteArray();
    }

    /** Every response in the bytes must parse, with an allowed status; a 500 only for a compressed body. */
    private void check(Mutated request, byte[] answer) {
        String text = new String(answer, StandardCharsets.ISO_8859_1);
        int at = 0;
        if (text.isEmpty()) {
            outcome("closed without an answer");
            if (!request.description().contains("cut") && closedSilently.size() < 10) {
                closedSilently.add(request.toString());
            }
            return;
        }
        while (at < text.length()) {
            int headEnd = text.indexOf("\r\n\r\n", at);
            if (!text.startsWith("HTTP/1.1 ", at) || headEnd < 0) {
                violation("a malformed response " + abbreviate(text.substring(at)) + " for " + request);
                return;
            }
            int status = Integer.parseInt(text.substring(at + 9, at + 12));
            outcome(Integer.toString(status));
            boolean allowed = STATUSES.contains(status) || status == 503
                    || status == 500 && Arrays.asList(request.description().split("\\+")).contains("content encoding");
            if (!allowed) {
                violation("HTTP " + status + " for " + request + ": " + abbreviate(text.substring(at)));
            }
            at = headEnd + 4 + contentLength(text.substring(at, headEnd + 4));
        }
        if (at != text.length()) {
            violation("a body shorter than its Content-Length for " + request);
        }
    }

    /** No connection leaked: as many clients as the maximum are all served at once. */
    private static void assertEveryConnectionSlotIsFree(URI endpoint) throws Exception {
        String listTables = "POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-amz-json-1.0\r\n"
                + "X-Amz-Target: DynamoDB_20120810.ListTables\r\nContent-Length: 2\r\n\r\n{}";
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        List<Socket> sockets = new ArrayList<>();
        try {
            while (true) { // connections of the last requests may still be closing: wait for them a little
                sockets.forEach(HttpFramingFuzzerTest::closeQuietly);
                sockets.clear();
                int served = 0;
                for (int i = 0; i < MAX_CONNECTIONS; i++) {
                    Socket socket = new Socket(endpoint.getHost(), endpoint.getPort());
                    socket.setSoTimeout(5_000);
                    sockets.add(socket);
                    socket.getOutputStream().write(listTables.getBytes(StandardCharsets.US_ASCII));
                    byte[] status = socket.getInputStream().readNBytes(12);
                    served += new String(status, StandardCharsets.US_ASCII).equals("HTTP/1.1 200") ? 1 : 0;
                }
                if (served == MAX_CONNECTIONS || System.nanoTime() > deadline) {
                    assertThat(served).as("connections served of %d at once", MAX_CONNECTIONS)
                            .isEqualTo(MAX_CONNECTIONS);
                    return;
                }
                Thread.sleep(100);
            }
        } finally {
            sockets.forEach(HttpFramingFuzzerTest::closeQuietly);
        }
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException ignored) {
            // closing a test socket
        }
    }

    private void outcome(String outcome) {
        outcomes.computeIfAbsent(outcome, o -> new LongAdder()).increment();
    }

    private Map<String, Long> counts() {
        Map<String, Long> counts = new TreeMap<>();
        outcomes.forEach((outcome, n) -> counts.put(outcome, n.sum()));
        return counts;
    }

    private void violation(String description) {
        if (violations.size() < 20) {
            violations.add(description);
        }
    }

    private static String abbreviate(String text) {
        String printable = text.replace("\r", "\\r").replace("\n", "\\n");
        return printable.length() <= 200 ? printable : printable.substring(0, 200) + "…";
    }

    /** The bytes sent and how they were made. */
    record Mutated(byte[] bytes, String description) {
        @Override
        public String toString() {
            return description + ": " + abbreviate(new String(bytes, StandardCharsets.ISO_8859_1));
        }
    }

    /** Builds a valid request, then breaks its framing in one to three ways. */
    private static final class Mutator {
        private final Random random;
        private final List<String> applied = new ArrayList<>();

        Mutator(Random random) {
            this.random = random;
        }

        Mutated next() {
            Request request = valid();
            for (int i = 1 + random.nextInt(3); i > 0; i--) {
                mutate(request);
            }
            byte[] bytes = request.bytes();
            switch (random.nextInt(10)) {
                case 0 -> bytes = cut(bytes);
                case 1 -> bytes = flipped(bytes);
                case 2 -> {
                    applied.add("pipelined");
                    Request second = valid();
                    mutate(second);
                    bytes = concat(bytes, second.bytes());
                }
                default -> { }
            }
            return new Mutated(bytes, String.join("+", applied));
        }

        /** A request as lines and a body, so mutations can work on its parts. */
        private static final class Request {
            String requestLine;
            List<String> headers = new ArrayList<>();
            byte[] body;
            boolean chunked;

            byte[] bytes() {
                StringBuilder head = new StringBuilder(requestLine).append("\r\n");
                headers.forEach(h -> head.append(h).append("\r\n"));
                head.append("\r\n");
                return concat(head.toString().getBytes(StandardCharsets.ISO_8859_1), chunked ? chunks(body) : body);
            }

            private static byte[] chunks(byte[] body) {
                int half = body.length / 2;
                String framed = Integer.toHexString(half) + "\r\n" + new String(body, 0, half, StandardCharsets.ISO_8859_1)
                        + "\r\n" + Integer.toHexString(body.length - half) + ";ext=1\r\n"
                        + new String(body, half, body.length - half, StandardCharsets.ISO_8859_1) + "\r\n0\r\n\r\n";
                return framed.getBytes(StandardCharsets.ISO_8859_1);
            }
        }

        private Request valid() {
            Request request = new Request();
            String[][] operations = {
                {"ListTables", "{\"Limit\":3}"},
                {"GetItem", "{\"TableName\":\"fuzz\",\"Key\":{\"pk\":{\"S\":\"p1\"},\"sk\":{\"S\":\"s1\"}}}"},
                {"PutItem", "{\"TableName\":\"fuzz\",\"Item\":{\"pk\":{\"S\":\"p1\"},\"sk\":{\"S\":\"s" + random.nextInt(5)
                        + "\"},\"gpk\":{\"S\":\"g1\"},\"gsk\":{\"N\":\"1\"}}}"},
                {"DescribeTable", "{\"TableName\":\"fuzz\"}"}};
            switch (random.nextInt(8)) {
                case 0 -> {
                    request.requestLine = "GET / HTTP/1.1";
                    request.headers.add("Host: localhost");
                    request.body = new byte[0];
                    return request;
                }
                case 1 -> {
                    request.requestLine = "OPTIONS / HTTP/1.1";
                    request.headers.addAll(List.of("Host: localhost", "Origin: https://app.example",
                            "Access-Control-Request-Method: POST"));
                    request.body = new byte[0];
                    return request;
                }
                default -> {
                    String[] operation = operations[random.nextInt(operations.length)];
                    request.requestLine = "POST / HTTP/1.1";
                    request.body = operation[1].getBytes(StandardCharsets.UTF_8);
                    request.headers.addAll(List.of("Host: localhost", "Content-Type: application/x-amz-json-1.0",
                            "X-Amz-Target: DynamoDB_20120810." + operation[0]));
                    if (random.nextInt(4) == 0) {
                        applied.add("chunked");
                        request.chunked = true;
                        request.headers.add("Transfer-Encoding: chunked");
                    } else {
                        request.headers.add("Content-Length: " + request.body.length);
                    }
                    return request;
                }
            }
        }

        private void mutate(Request request) {
            switch (random.nextInt(16)) {
                case 0 -> {
                    applied.add("request line");
                    String[] lines = {"", "POST", "POST /", "POST / HTTP/1.1 extra", "POST / HTTP/2.0", "POST / http/1.1",
                        "P@ST / HTTP/1.1", "POST  / HTTP/1.1", "POST /" + "a".repeat(600) + " HTTP/1.1",
                        "PRI * HTTP/2.0", "\u0000 / HTTP/1.1", "GET /?x=1 HTTP/1.0", "DELETE / HTTP/1.1"};
                    request.requestLine = lines[random.nextInt(lines.length)];
                }
                case 1 -> {
                    applied.add("header line");
                    String[] lines = {"No colon here", ": no name", "Bad Name: x", " folded: continuation",
                        "X-Nul: a\u0000b", "X-Cr: a\rb", "X-Long: " + "v".repeat(2100), "X-Empty:", "\tTab: x"};
                    request.headers.add(random.nextInt(request.headers.size() + 1), lines[random.nextInt(lines.length)]);
                }
                case 2 -> {
                    applied.add("content length");
                    request.headers.removeIf(h -> h.startsWith("Content-Length"));
                    String[] values = {"-1", "abc", "1e3", "99999999999999999999", "17000000", "0", " 5 ",
                        Integer.toString(request.body.length + 1 + random.nextInt(50)),
                        Integer.toString(Math.max(0, request.body.length - 1 - random.nextInt(10)))};
                    request.headers.add("Content-Length: " + values[random.nextInt(values.length)]);
                }
                case 3 -> {
                    applied.add("two lengths");
                    request.headers.add("Content-Length: " + random.nextInt(100));
                }
                case 4 -> {
                    applied.add("transfer coding");
                    String[] values = {"chunked", "gzip", "chunked, chunked", "identity", "CHUNKED", "x"};
                    request.headers.add("Transfer-Encoding: " + values[random.nextInt(values.length)]);
                }
                case 5 -> {
                    applied.add("chunk size");
                    request.chunked = false;
                    request.headers.removeIf(h -> h.startsWith("Content-Length") || h.startsWith("Transfer-Encoding"));
                    request.headers.add("Transfer-Encoding: chunked");
                    String[] framings = {"zz\r\n{}\r\n0\r\n\r\n", "ffffffffffffffff\r\n{}\r\n0\r\n\r\n",
                        "2\r\n{}\r\n", "2\r\n{}0\r\n\r\n", "1\r\n{}\r\n0\r\n\r\n", "2;" + "e".repeat(2000) + "\r\n{}\r\n0\r\n\r\n",
                        "2\r\n{}\r\n0\r\nTrailer: x\r\n", "-2\r\n{}\r\n0\r\n\r\n", "0\r\n" + "T: x\r\n".repeat(500) + "\r\n"};
                    request.body = framings[random.nextInt(framings.length)].getBytes(StandardCharsets.ISO_8859_1);
                }
                case 6 -> {
                    applied.add("content encoding");
                    String[] codings = {"gzip", "deflate", "br", "gzip, gzip", ""};
                    String coding = codings[random.nextInt(codings.length)];
                    request.headers.add("Content-Encoding: " + coding);
                    if (random.nextBoolean() && !request.chunked) {
                        request.body = random.nextBoolean() ? gzip(request.body)
                                : Arrays.copyOf(gzip(request.body), Math.max(1, gzip(request.body).length - 3));
                        request.headers.removeIf(h -> h.startsWith("Content-Length"));
                        request.headers.add("Content-Length: " + request.body.length);
                    }
                }
                case 7 -> {
                    applied.add("expect");
                    request.headers.add(random.nextBoolean() ? "Expect: 100-continue" : "Expect: something-else");
                }
                case 8 -> {
                    applied.add("connection");
                    String[] values = {"close", "keep-alive", "upgrade", "close, keep-alive"};
                    request.headers.add("Connection: " + values[random.nextInt(values.length)]);
                }
                case 9 -> {
                    applied.add("many headers");
                    for (int i = 0; i < 200; i++) {
                        request.headers.add("X-H" + i + ": " + i);
                    }
                }
                case 10 -> {
                    applied.add("accept encoding");
                    String[] values = {"gzip", "gzip;q=0", "*", "gzip;q=abc", ";;;", "identity, *;q=0"};
                    request.headers.add("Accept-Encoding: " + values[random.nextInt(values.length)]);
                }
                case 11 -> {
                    applied.add("bare LF");
                    request.requestLine = request.requestLine.replace("\r", "");
                    request.headers.replaceAll(h -> h + "\n");
                }
                case 12 -> {
                    applied.add("origin");
                    request.headers.add("Origin: https://app.example");
                    request.headers.add("Access-Control-Request-Headers: " + "h,".repeat(random.nextInt(50)));
                }
                case 13 -> {
                    applied.add("empty lines first");
                    request.requestLine = "\r\n\r\n" + request.requestLine;
                }
                case 14 -> {
                    applied.add("no host");
                    request.headers.removeIf(h -> h.startsWith("Host"));
                }
                default -> {
                    applied.add("body bytes");
                    byte[] body = request.body.clone();
                    for (int i = 0; i < 3 && body.length > 0; i++) {
                        body[random.nextInt(body.length)] = (byte) random.nextInt(256);
                    }
                    request.body = body;
                }
            }
        }

        private byte[] cut(byte[] bytes) {
            applied.add("cut");
            return Arrays.copyOf(bytes, random.nextInt(bytes.length + 1));
        }

        private byte[] flipped(byte[] bytes) {
            applied.add("flipped");
            byte[] out = bytes.clone();
            byte[] special = {'\r', '\n', ':', ' ', 0, (byte) 0xFF, '0'};
            for (int i = 1 + random.nextInt(3); i > 0 && out.length > 0; i--) {
                out[random.nextInt(out.length)] = random.nextBoolean() ? special[random.nextInt(special.length)]
                        : (byte) random.nextInt(256);
            }
            return out;
        }

        private static byte[] gzip(byte[] bytes) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            try (GZIPOutputStream gzip = new GZIPOutputStream(out)) {
                gzip.write(bytes);
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
            return out.toByteArray();
        }
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] both = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, both, a.length, b.length);
        return both;
    }
}
