package dev.singletable.engine.internal.ops;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** One DynamoDB operation: validates its request and answers it, or throws a DynamoException. */
@FunctionalInterface
public interface OperationHandler {
    /**
     * Answers a request. Returns the response body, or null for operations that answer with an empty body
     * (TagResource, UntagResource).
     */
    ObjectNode execute(JsonNode request, RequestContext context);
}
