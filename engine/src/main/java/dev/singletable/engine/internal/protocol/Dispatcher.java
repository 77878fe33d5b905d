package dev.singletable.engine.internal.protocol;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.singletable.engine.internal.DynamoException;
import dev.singletable.engine.internal.kernel.Database;
import dev.singletable.engine.internal.log.CallerFrame;
import dev.singletable.engine.internal.log.ExpressionDisplay;
import dev.singletable.engine.internal.log.RequestRecord;
import dev.singletable.engine.internal.log.RequestRecorder;
import dev.singletable.engine.internal.ops.OperationHandler;
import dev.singletable.engine.internal.ops.RequestContext;
import dev.singletable.engine.internal.value.WireJson;
import dev.singletable.engine.model.Fault;
import dev.singletable.engine.model.Operation;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.function.Function;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.zip.CRC32;

/**
 * The engine's single entry point for both transports: takes the X-Amz-Target header and the body bytes,
 * answers with DynamoDB's bytes, status and headers, and records the request in the log.
 */
public final class Dispatcher {
    public static final String CONTENT_TYPE = "application/x-amz-json-1.0";
    /** DynamoDB refuses request bodies over 16 MB without reading them. */
    public static final int MAX_BODY_BYTES = 16 * 1024 * 1024;
    /** The region the engine answers as, for the transports (the health check names it). */
    public static final String REGION = Database.REGION;

    private static final String DYNAMODB_PREFIX = "DynamoDB_20120810.";
    private static final String STREAMS_PREFIX = "DynamoDBStreams_20120810.";
    private static final byte[] ID_CHARS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ".getBytes(StandardCharsets.US_ASCII);

    private final Function<Operation, OperationHandler> operations;
    private final RequestRecorder log;
    private final FaultPolicy faults;

    /** @param operations each operation's handler, null for one the engine does not serve */
    public Dispatcher(Function<Operation, OperationHandler> operations, RequestRecorder log, FaultPolicy faults) {
        this.operations = operations;
        this.log = log;
        this.faults = faults;
    }

    /** A response as it goes on the wire. */
    public record Response(int status, byte[] body, String requestId) {
        /** The unsigned CRC32 of the body, for the x-amz-crc32 header the SDKs check. */
        public long crc32() {
            CRC32 crc = new CRC32();
            crc.update(body);
            return crc.getValue();
        }
    }

    /** What an X-Amz-Target names: an operation served (or UNKNOWN), and its name as the target spells it. */
    private record Target(Operation operation, String name) {
    }

    /**
     * Answers one request. {@code onCallerThread} says the request runs on the thread of the code that issued
     * it (the in-memory transport), so the log can say where a Scan came from.
     */
    public Response handle(String header, byte[] body, boolean onCallerThread) {
        long start = System.nanoTime();
        Target target = target(header);
        RequestRecord entry = new RequestRecord(target.operation(), target.name());
        JsonNode request = null;
        DynamoException failure = null;
        ObjectNode result = null;
        try {
            OperationHandler handler = operations.apply(target.operation());
            if (handler == null) {
                throw DynamoException.unknownOperation(null);
            }
            if (body.length > MAX_BODY_BYTES) {
                throw DynamoException.validation("Request size " + body.length + " exceeded 16777216 bytes");
            }
            request = parse(body);
            describe(entry, request);
            result = serve(target.operation(), handler, request, new RequestContext(entry));
        } catch (DynamoException e) {
            failure = e;
        } catch (RuntimeException | StackOverflowError e) {
            failure = DynamoException.internal("Internal server error");
        }
        String requestId = requestId();
        Response response = failure == null
                ? new Response(200, result == null ? new byte[0] : WireJson.bytes(result), requestId)
                : new Response(failure.status(), WireJson.bytes(errorBody(failure)), requestId);
        record(entry, failure, System.nanoTime() - start, onCallerThread);
        return response;
    }

    /** Answers a request with an error before it is served (a refused signature), recording it in the log. */
    public Response refuse(String header, DynamoException failure) {
        Target target = target(header);
        record(new RequestRecord(target.operation(), target.name()), failure, 0, false);
        return new Response(failure.status(), WireJson.bytes(errorBody(failure)), requestId());
    }

    /**
     * DynamoDB's operations come with one prefix, the Streams API's (same endpoint) with another; an operation
     * of one API named with the other's prefix, or any other target, is unknown.
     */
    private Target target(String header) {
        if (header == null) {
            return new Target(Operation.UNKNOWN, "null");
        }
        boolean streams = header.startsWith(STREAMS_PREFIX);
        if (!streams && !header.startsWith(DYNAMODB_PREFIX)) {
            return new Target(Operation.UNKNOWN, header);
        }
        String name = header.substring((streams ? STREAMS_PREFIX : DYNAMODB_PREFIX).length());
        Operation operation = Operation.ofWireName(name);
        boolean served = operation.isStreamsApi() == streams && operation != Operation.UNKNOWN;
        return new Target(served ? operation : Operation.UNKNOWN, name);
    }

    private ObjectNode serve(Operation operation, OperationHandler handler, JsonNode request, RequestContext context) {
        Optional<Fault> fault = faults.faultFor(operation, Faults.tableOf(request));
        if (fault.isPresent()) {
            ObjectNode injected = Faults.apply(fault.get(), operation, request);
            if (injected != null) {
                return injected;
            }
        }
        return handler.execute(request, context);
    }

    private static JsonNode parse(byte[] body) {
        JsonNode request;
        try {
            request = body.length == 0 ? JsonNodeFactory.instance.objectNode() : WireJson.readTree(body);
        } catch (IOException e) {
            throw DynamoException.serialization(null);
        }
        if (request == null || request.isMissingNode() || !request.isObject()) {
            throw DynamoException.serialization("Start of structure or map expected");
        }
        return request;
    }

    private static ObjectNode errorBody(DynamoException e) {
        ObjectNode body = JsonNodeFactory.instance.objectNode();
        body.put("__type", e.qualifiedType());
        if (e.getMessage() != null) {
            // TransactionCanceledException is the one error DynamoDB sends with a capital M
            body.put(e.type().equals("TransactionCanceledException") ? "Message" : "message", e.getMessage());
        }
        e.extraFields().forEach((name, value) -> body.set(name, WireJson.mapper().valueToTree(value)));
        return body;
    }

    /** What the request itself says, for the log; the handler adds what it read and cost. */
    private static void describe(RequestRecord entry, JsonNode request) {
        entry.table(tableOf(request)).index(textOrNull(request, "IndexName")).statement(textOrNull(request, "Statement"))
                .expressions(ExpressionDisplay.resolveLater(request));
    }

    /** Completes the record with how the request ended, and keeps it in the log. */
    private void record(RequestRecord entry, DynamoException failure, long nanos, boolean onCallerThread) {
        entry.duration(Duration.ofNanos(nanos));
        if (failure != null) {
            entry.error(failure.type(), failure.getMessage());
        }
        if (onCallerThread && CallerFrame.wanted(entry.operation())) {
            CallerFrame.find().ifPresent(entry::caller);
        }
        log.record(entry);
    }

    private static String tableOf(JsonNode request) {
        String table = textOrNull(request, "TableName");
        return table == null ? null : Database.nameOf(table);
    }

    private static String textOrNull(JsonNode request, String member) {
        JsonNode node = request.get(member);
        return node != null && node.isTextual() ? node.textValue() : null;
    }

    /** 52 characters of [0-9A-Z], like DynamoDB's request ids (the HTTP endpoint's own answers carry one too). */
    public static String requestId() {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        byte[] id = new byte[52];
        int i = 0;
        while (i < id.length) {
            // 63 random bits hold 12 base-36 digits (36^12 < 2^63): one random number for 12 characters
            long bits = random.nextLong() >>> 1;
            for (int digit = 0; digit < 12 && i < id.length; digit++, bits /= ID_CHARS.length) {
                id[i++] = ID_CHARS[(int) (bits % ID_CHARS.length)];
            }
        }
        return new String(id, StandardCharsets.US_ASCII);
    }
}
