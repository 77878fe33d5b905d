package dev.singletable.engine.internal.transport;

import dev.singletable.engine.internal.DynamoException;
import dev.singletable.engine.internal.protocol.Dispatcher;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.zip.CRC32;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import java.util.zip.InflaterInputStream;

/**
 * Answers one request read off a connection as DynamoDB's endpoint does: the health check, CORS, the 404 outside
 * the protocol, the signature, compressed bodies both ways, then the dispatcher's answer with its request id and
 * CRC32. The connection handles framing; this class handles meaning.
 */
final class RequestHandler {
    static final String HEALTHY = "healthy: dynamodb." + Dispatcher.REGION + ".amazonaws.com ";
    /** The headers a browser script may read from an answer, as DynamoDB lists them. */
    private static final String EXPOSED_HEADERS = "x-amzn-RequestId,x-amzn-ErrorType,x-amzn-ErrorMessage,Date";
    /** How long a browser may cache a preflight's answer: two days, as DynamoDB says. */
    private static final String PREFLIGHT_MAX_AGE = "172800";
    private static final byte[] NOT_FOUND = "<UnknownOperationException/>\n".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] TOO_LARGE = ("{\"__type\":\"com.amazon.coral.service#RequestEntityTooLarge\","
            + "\"message\":\"Request entity too large\"}").getBytes(StandardCharsets.UTF_8);

    private final Dispatcher dispatcher;
    private final SignatureCheck signatures;

    /** Without a signature check ({@code null}), any signature is accepted. */
    RequestHandler(Dispatcher dispatcher, SignatureCheck signatures) {
        this.dispatcher = dispatcher;
        this.signatures = signatures;
    }

    /** Whether a request of this method and content type is one of DynamoDB's, whose body is worth reading. */
    static boolean isOperation(RequestReader.Head head) {
        return head.method().equals("POST") && jsonContentType(head.headers()) != null;
    }

    /** The answer to a request that is not one of DynamoDB's (read without its body): health, preflight or 404. */
    Reply outsideProtocol(RequestReader.Head head) {
        Headers headers = head.headers();
        String origin = headers.first("Origin");
        if (head.method().equals("OPTIONS") && origin != null) {
            Reply reply = withRequestId(new Reply(200, new byte[0]))
                    .header("Access-Control-Allow-Origin", "*");
            String requestedHeaders = headers.first("Access-Control-Request-Headers");
            if (requestedHeaders != null) {
                reply.header("Access-Control-Allow-Headers", requestedHeaders);
            }
            String requestedMethod = headers.first("Access-Control-Request-Method");
            if (requestedMethod != null) {
                reply.header("Access-Control-Allow-Methods", requestedMethod);
            }
            return reply.header("Access-Control-Expose-Headers", EXPOSED_HEADERS)
                    .header("Access-Control-Max-Age", PREFLIGHT_MAX_AGE);
        }
        boolean health = head.method().equals("GET") && path(head.target()).equals("/");
        byte[] body = health ? HEALTHY.getBytes(StandardCharsets.US_ASCII) : NOT_FOUND;
        Reply reply = withRequestId(new Reply(health ? 200 : 404, body))
                .header("x-amz-crc32", Long.toString(crc32(body)))
                .header("Content-Type", health ? "text/plain" : "application/xml");
        return cors(reply, headers);
    }

    /** DynamoDB's 413 for a body over 16 MB, sent without reading the body. */
    Reply tooLarge(Headers headers) {
        return cors(withRequestId(new Reply(413, TOO_LARGE)).header("Content-Type", Dispatcher.CONTENT_TYPE), headers);
    }

    /** Answers one of DynamoDB's operations: signature, decompression, dispatch, and the answer's encoding. */
    Reply operation(RequestReader.Head head, byte[] wireBody) {
        Headers headers = head.headers();
        String target = headers.first("X-Amz-Target");
        Dispatcher.Response response;
        try {
            if (signatures != null) {
                signatures.verify(head.method(), head.target(), headers, wireBody);
            }
            byte[] body = decoded(headers.first("Content-Encoding"), wireBody);
            if (body == null) {
                return tooLarge(headers);
            }
            response = dispatcher.handle(target, body, false);
        } catch (DynamoException refused) {
            response = dispatcher.refuse(target, refused);
        }
        byte[] body = response.body();
        boolean gzip = body.length > 0 && acceptsGzip(headers.first("Accept-Encoding"));
        if (gzip) {
            body = gzip(body);
        }
        // the SDKs check the CRC32 of the bytes as sent: of the compressed body when it is compressed
        Reply reply = new Reply(response.status(), body)
                .header("x-amzn-RequestId", response.requestId())
                .header("x-amz-crc32", Long.toString(gzip ? crc32(body) : response.crc32()))
                .header("Content-Type", jsonContentType(headers));
        if (gzip) {
            reply.header("Content-Encoding", "gzip");
        }
        return cors(reply, headers);
    }

    /**
     * The body as the dispatcher reads it: decompressed as its Content-Encoding says (gzip, deflate or none);
     * {@code null} when it decompresses to more than 16 MB. A body that does not decompress, or an encoding
     * DynamoDB does not know, is answered with an InternalServerError, as DynamoDB answers it.
     */
    private static byte[] decoded(String encoding, byte[] body) {
        if (encoding == null || encoding.isBlank() || encoding.trim().equalsIgnoreCase("identity")) {
            return body;
        }
        String name = encoding.trim().toLowerCase(Locale.ROOT);
        try (InputStream in = switch (name) {
            case "gzip", "x-gzip" -> new GZIPInputStream(new ByteArrayInputStream(body));
            case "deflate" -> new InflaterInputStream(new ByteArrayInputStream(body));
            default -> throw DynamoException.internal("Unsupported Content-Encoding: " + encoding);
        }) {
            byte[] decoded = in.readNBytes(Dispatcher.MAX_BODY_BYTES + 1);
            return decoded.length > Dispatcher.MAX_BODY_BYTES ? null : decoded;
        } catch (IOException e) {
            throw DynamoException.internal("The request body is not valid " + name + " content");
        }
    }

    /** Whether Accept-Encoding admits gzip (by name or by {@code *}, with a weight above zero). */
    static boolean acceptsGzip(String acceptEncoding) {
        if (acceptEncoding == null) {
            return false;
        }
        Boolean star = null;
        for (String element : acceptEncoding.split(",", -1)) {
            String[] parts = element.split(";", -1);
            String coding = parts[0].trim().toLowerCase(Locale.ROOT);
            boolean accepted = true;
            for (int i = 1; i < parts.length; i++) {
                String parameter = parts[i].trim().toLowerCase(Locale.ROOT);
                if (parameter.startsWith("q=")) {
                    accepted = weight(parameter.substring(2)) > 0;
                }
            }
            if (coding.equals("gzip") || coding.equals("x-gzip")) {
                return accepted;
            }
            if (coding.equals("*")) {
                star = accepted;
            }
        }
        return Boolean.TRUE.equals(star);
    }

    private static double weight(String text) {
        try {
            return Double.parseDouble(text.trim());
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    private static byte[] gzip(byte[] body) {
        ByteArrayOutputStream compressed = new ByteArrayOutputStream(body.length / 4 + 64);
        try (GZIPOutputStream out = new GZIPOutputStream(compressed, 8192)) {
            out.write(body);
        } catch (IOException e) {
            throw new UncheckedIOException("an in-memory stream does not fail", e);
        }
        return compressed.toByteArray();
    }

    /** An answer to a request that carries Origin gets the CORS headers DynamoDB sends, so browser code can read it. */
    private static Reply cors(Reply reply, Headers headers) {
        if (headers.first("Origin") != null) {
            reply.header("Access-Control-Allow-Origin", "*").header("Access-Control-Expose-Headers", EXPOSED_HEADERS);
        }
        return reply;
    }

    private Reply withRequestId(Reply reply) {
        return reply.header("x-amzn-RequestId", Dispatcher.requestId());
    }

    /** The JSON type the client sent, echoed in the answer; null when it sent neither of DynamoDB's. */
    private static String jsonContentType(Headers headers) {
        String contentType = headers.first("Content-Type");
        if (contentType == null) {
            return null;
        }
        String type = contentType.toLowerCase(Locale.ROOT);
        if (type.startsWith(Dispatcher.CONTENT_TYPE)) {
            return Dispatcher.CONTENT_TYPE;
        }
        return type.startsWith("application/json") ? "application/json" : null;
    }

    private static String path(String target) {
        int query = target.indexOf('?');
        return query < 0 ? target : target.substring(0, query);
    }

    private static long crc32(byte[] bytes) {
        CRC32 crc = new CRC32();
        crc.update(bytes);
        return crc.getValue();
    }
}
