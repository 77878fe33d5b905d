package dev.singletable.engine.internal.protocol;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.singletable.engine.Fault;
import dev.singletable.engine.RequestLog;
import dev.singletable.engine.RequestLogEntry;
import dev.singletable.engine.internal.DynamoException;
import dev.singletable.engine.internal.streams.StreamOperations;
import java.io.IOException;
import java.time.Duration;
import java.util.Map;
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

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String TARGET_PREFIX = "DynamoDB_20120810.";
    private static final String STREAMS_PREFIX = StreamOperations.PREFIX;
    private static final char[] ID_CHARS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ".toCharArray();

    private final Map<String, Operation> operations;
    private final RequestLog log;
    private final FaultPolicy faults;

    public Dispatcher(Map<String, Operation> operations, RequestLog log, FaultPolicy faults) {
        this.operations = Map.copyOf(operations);
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

    /**
     * Answers one request. {@code onCallerThread} says the request runs on the thread of the code that issued
     * it (the in-memory transport), so the log can say where a Scan came from.
     */
    public Response handle(String target, byte[] body, boolean onCallerThread) {
        long start = System.nanoTime();
        String operationKey = operationKey(target);
        String operationName = operationKey == null ? String.valueOf(target)
                : operationKey.substring(operationKey.indexOf('.') + 1);
        RequestContext context = new RequestContext();
        JsonNode request = null;
        DynamoException failure = null;
        ObjectNode result = null;
        try {
            Operation operation = operationKey == null ? null : operations.get(operationKey);
            if (operation == null) {
                throw DynamoException.unknownOperation(null);
            }
            if (body.length > MAX_BODY_BYTES) {
                throw DynamoException.validation("Request size " + body.length + " exceeded 16777216 bytes");
            }
            request = parse(body);
            result = serve(operationName, operation, request, context);
        } catch (DynamoException e) {
            failure = e;
        } catch (RuntimeException | StackOverflowError e) {
            failure = DynamoException.internal("Internal server error");
        }
        String requestId = requestId();
        Response response = failure == null
                ? new Response(200, result == null ? new byte[0] : bytes(result), requestId)
                : new Response(failure.status(), bytes(errorBody(failure)), requestId);
        record(operationName, request, context, failure, System.nanoTime() - start, onCallerThread);
        return response;
    }

    /**
     * Runs an operation for the engine's own Java API: no bytes, no faults, no request log. Throws the
     * operation's DynamoException.
     */
    public ObjectNode execute(String operation, ObjectNode request) {
        return operations.get(operation).execute(request, new RequestContext());
    }

    /** Answers a request with an error before it is served (a refused signature), recording it in the log. */
    public Response refuse(String target, DynamoException failure) {
        String key = operationKey(target);
        String operationName = key == null ? String.valueOf(target) : key.substring(key.indexOf('.') + 1);
        record(operationName, null, new RequestContext(), failure, 0, false);
        return new Response(failure.status(), bytes(errorBody(failure)), requestId());
    }

    /** DynamoDB's operations by name; the Streams API's (same endpoint, other prefix) by their full target. */
    private static String operationKey(String target) {
        if (target == null) {
            return null;
        }
        if (target.startsWith(TARGET_PREFIX)) {
            return target.substring(TARGET_PREFIX.length());
        }
        return target.startsWith(STREAMS_PREFIX) ? target : null;
    }

    private ObjectNode serve(String name, Operation operation, JsonNode request, RequestContext context) {
        Optional<Fault> fault = faults.faultFor(name, Faults.tableOf(request));
        if (fault.isPresent()) {
            ObjectNode injected = Faults.apply(fault.get(), name, request);
            if (injected != null) {
                return injected;
            }
        }
        return operation.execute(request, context);
    }

    private static JsonNode parse(byte[] body) {
        JsonNode request;
        try {
            request = body.length == 0 ? JsonNodeFactory.instance.objectNode() : JSON.readTree(body);
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
        e.extraFields().forEach((name, value) -> body.set(name, JSON.valueToTree(value)));
        return body;
    }

    private void record(String operation, JsonNode request, RequestContext context, DynamoException failure,
                        long nanos, boolean onCallerThread) {
        RequestLogEntry.Builder entry = RequestLogEntry.builder(operation)
                .table(request == null ? null : tableOf(request))
                .index(context.index() != null ? context.index() : request == null ? null : textOrNull(request, "IndexName"))
                .keyCondition(context.keyCondition())
                .access(context.access())
                .counts(context.scannedCount(), context.returnedCount())
                .morePages(context.morePages())
                .consumedCapacity(context.consumedCapacity())
                .duration(Duration.ofNanos(nanos));
        JsonNode captured = request;
        entry.expressions(() -> ExpressionDisplay.resolve(captured));
        if (failure != null) {
            entry.error(failure.type(), failure.getMessage());
        }
        if (onCallerThread && (operation.equals("Scan") || operation.equals("ExecuteStatement"))) {
            callerFrame().ifPresent(entry::caller);
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

    /** The first frame outside the engine, the SDK, the JDK and this toolkit: the code that issued the request. */
    private static Optional<StackTraceElement> callerFrame() {
        return StackWalker.getInstance().walk(frames -> frames
                .filter(f -> !isInfrastructure(f.getClassName()))
                .findFirst()
                .map(StackWalker.StackFrame::toStackTraceElement));
    }

    private static boolean isInfrastructure(String className) {
        return className.startsWith("dev.singletable.") || className.startsWith("software.amazon.")
                || className.startsWith("java.") || className.startsWith("jdk.") || className.startsWith("sun.")
                || className.startsWith("org.junit.") || className.startsWith("org.assertj.");
    }

    private static byte[] bytes(JsonNode node) {
        try {
            return JSON.writeValueAsBytes(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a JSON tree always serialises", e);
        }
    }

    /** 52 characters of [0-9A-Z], like DynamoDB's request ids (the HTTP endpoint's own answers carry one too). */
    public static String requestId() {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        char[] id = new char[52];
        for (int i = 0; i < id.length; i++) {
            id[i] = ID_CHARS[random.nextInt(ID_CHARS.length)];
        }
        return new String(id);
    }
}
