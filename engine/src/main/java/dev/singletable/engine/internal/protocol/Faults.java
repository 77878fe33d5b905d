package dev.singletable.engine.internal.protocol;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.singletable.engine.internal.DynamoException;
import dev.singletable.engine.internal.kernel.Database;
import dev.singletable.engine.model.Fault;
import dev.singletable.engine.model.Operation;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/** Turns an injected fault into the answer DynamoDB gives in that situation. */
final class Faults {
    private Faults() {
    }

    /** The first table a request names (batches name several; the first decides a table-scoped rule). */
    static String tableOf(JsonNode request) {
        JsonNode table = request.get("TableName");
        if (table != null && table.isTextual()) {
            return Database.nameOf(table.textValue());
        }
        JsonNode items = request.get("RequestItems");
        if (items != null && items.isObject() && items.fieldNames().hasNext()) {
            return Database.nameOf(items.fieldNames().next());
        }
        return null;
    }

    /**
     * Answers the request as the fault says: throws the fault's error, or returns a response body. Returns
     * null when the fault does not apply to this operation and the request is to be served normally.
     */
    static ObjectNode apply(Fault fault, Operation operation, JsonNode request) {
        switch (fault) {
            case THROTTLING -> throw DynamoException.throttling("Rate of requests exceeds the allowed throughput.",
                    // the one exception whose model names the member with a small t
                    throttlingReasons("throttlingReasons", operation, request, "MaxOnDemandThroughputExceeded"));
            case PROVISIONED_THROUGHPUT_EXCEEDED -> throw DynamoException.of("ProvisionedThroughputExceededException",
                    "The level of configured provisioned throughput for the table was exceeded. "
                            + "Consider increasing your provisioning level with the UpdateTable API.",
                    throttlingReasons("ThrottlingReasons", operation, request, "ProvisionedThroughputExceeded"));
            case REQUEST_LIMIT_EXCEEDED -> throw DynamoException.of("RequestLimitExceeded",
                    "Throughput exceeds the current throughput limit for your account.",
                    throttlingReasons("ThrottlingReasons", operation, request, "AccountLimitExceeded"));
            case INTERNAL_ERROR -> throw DynamoException.internal("Internal server error");
            case TRANSACTION_CONFLICT -> throw conflict(operation, request);
            case UNPROCESSED -> {
                return unprocessed(operation, request);
            }
            default -> throw new IllegalStateException("unknown fault " + fault);
        }
    }

    /**
     * The ThrottlingReasons member DynamoDB has sent with every throttling error since 2025: what was throttled
     * (the table, or the index a Query or Scan read), by a read or a write, and why
     * ({@code <Table|Index><Read|Write><limit>}), with the resource's ARN. Empty when the request names no table
     * or is no read or write of items.
     */
    private static Map<String, Object> throttlingReasons(String member, Operation operation, JsonNode request,
                                                         String limit) {
        String table = tableOf(request);
        Boolean read = isRead(operation, request);
        if (table == null || read == null) {
            return Map.of();
        }
        JsonNode index = request.get("IndexName");
        boolean onIndex = index != null && index.isTextual();
        String resource = Database.arnOf(table) + (onIndex ? "/index/" + index.textValue() : "");
        String reason = (onIndex ? "Index" : "Table") + (read ? "Read" : "Write") + limit;
        return Map.of(member, List.of(Map.of("reason", reason, "resource", resource)));
    }

    /** Whether the operation reads items (true) or writes them (false); null for any other operation. */
    private static Boolean isRead(Operation operation, JsonNode request) {
        return switch (operation) {
            case GET_ITEM, BATCH_GET_ITEM, QUERY, SCAN, TRANSACT_GET_ITEMS -> true;
            case PUT_ITEM, UPDATE_ITEM, DELETE_ITEM, BATCH_WRITE_ITEM, TRANSACT_WRITE_ITEMS -> false;
            case EXECUTE_STATEMENT -> request.path("Statement").asText().strip().regionMatches(true, 0, "SELECT", 0, 6);
            default -> null;
        };
    }

    private static DynamoException conflict(Operation operation, JsonNode request) {
        boolean transaction = operation == Operation.TRANSACT_WRITE_ITEMS || operation == Operation.TRANSACT_GET_ITEMS
                || operation == Operation.EXECUTE_TRANSACTION;
        if (!transaction) {
            return DynamoException.of("TransactionConflictException",
                    "Transaction is ongoing for the item");
        }
        JsonNode actions = request.path(operation == Operation.EXECUTE_TRANSACTION ? "TransactStatements" : "TransactItems");
        int count = Math.max(1, actions.size());
        List<String> codes = new ArrayList<>();
        ArrayNode reasons = JsonNodeFactory.instance.arrayNode();
        for (int i = 0; i < count; i++) {
            String code = i == 0 ? "TransactionConflict" : "None";
            codes.add(code);
            ObjectNode reason = reasons.addObject().put("Code", code);
            if (i == 0) {
                reason.put("Message", "Transaction is ongoing for the item");
            }
        }
        return DynamoException.of("TransactionCanceledException",
                "Transaction cancelled, please refer cancellation reasons for specific reasons " + codes,
                Map.of("CancellationReasons", reasons));
    }

    private static ObjectNode unprocessed(Operation operation, JsonNode request) {
        JsonNode requestItems = request.get("RequestItems");
        if (requestItems == null || !requestItems.isObject()) {
            return null; // let the operation refuse the malformed request as it would anyway
        }
        ObjectNode response = JsonNodeFactory.instance.objectNode();
        if (operation == Operation.BATCH_WRITE_ITEM) {
            response.set("UnprocessedItems", requestItems);
            return response;
        }
        if (operation == Operation.BATCH_GET_ITEM) {
            ObjectNode responses = response.putObject("Responses");
            for (Iterator<String> tables = requestItems.fieldNames(); tables.hasNext(); ) {
                responses.putArray(tables.next());
            }
            response.set("UnprocessedKeys", requestItems);
            return response;
        }
        return null;
    }
}
