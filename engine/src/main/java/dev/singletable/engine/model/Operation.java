package dev.singletable.engine.model;

import java.util.HashMap;
import java.util.Map;

/**
 * The operations the engine serves, each with its name on the wire (the part of the {@code X-Amz-Target}
 * header after the API's prefix). DynamoDB's data and control plane, its PartiQL statements and the DynamoDB
 * Streams API; {@link #UNKNOWN} stands for any other name a request carried.
 */
public enum Operation {
    CREATE_TABLE("CreateTable"),
    DESCRIBE_TABLE("DescribeTable"),
    DELETE_TABLE("DeleteTable"),
    LIST_TABLES("ListTables"),
    UPDATE_TABLE("UpdateTable"),
    UPDATE_TIME_TO_LIVE("UpdateTimeToLive"),
    DESCRIBE_TIME_TO_LIVE("DescribeTimeToLive"),
    DESCRIBE_CONTINUOUS_BACKUPS("DescribeContinuousBackups"),
    UPDATE_CONTINUOUS_BACKUPS("UpdateContinuousBackups"),
    TAG_RESOURCE("TagResource"),
    UNTAG_RESOURCE("UntagResource"),
    LIST_TAGS_OF_RESOURCE("ListTagsOfResource"),
    DESCRIBE_ENDPOINTS("DescribeEndpoints"),
    DESCRIBE_LIMITS("DescribeLimits"),
    PUT_ITEM("PutItem"),
    GET_ITEM("GetItem"),
    UPDATE_ITEM("UpdateItem"),
    DELETE_ITEM("DeleteItem"),
    BATCH_GET_ITEM("BatchGetItem"),
    BATCH_WRITE_ITEM("BatchWriteItem"),
    TRANSACT_GET_ITEMS("TransactGetItems"),
    TRANSACT_WRITE_ITEMS("TransactWriteItems"),
    QUERY("Query"),
    SCAN("Scan"),
    EXECUTE_STATEMENT("ExecuteStatement"),
    BATCH_EXECUTE_STATEMENT("BatchExecuteStatement"),
    EXECUTE_TRANSACTION("ExecuteTransaction"),
    LIST_STREAMS("ListStreams", true),
    DESCRIBE_STREAM("DescribeStream", true),
    GET_SHARD_ITERATOR("GetShardIterator", true),
    GET_RECORDS("GetRecords", true),
    /** An operation the engine does not serve; the log entry's {@code operationName()} says which. */
    UNKNOWN("Unknown");

    private static final Map<String, Operation> BY_WIRE_NAME = new HashMap<>();

    static {
        for (Operation operation : values()) {
            if (operation != UNKNOWN) {
                BY_WIRE_NAME.put(operation.wireName, operation);
            }
        }
    }

    private final String wireName;
    private final boolean streamsApi;

    Operation(String wireName) {
        this(wireName, false);
    }

    Operation(String wireName, boolean streamsApi) {
        this.wireName = wireName;
        this.streamsApi = streamsApi;
    }

    /** The name as on the wire and in the AWS SDK, e.g. {@code Query}, {@code PutItem}, {@code GetRecords}. */
    public String wireName() {
        return wireName;
    }

    /** Whether the operation belongs to the DynamoDB Streams API rather than to DynamoDB's own. */
    public boolean isStreamsApi() {
        return streamsApi;
    }

    /** The operation with this wire name, or {@link #UNKNOWN} when the engine serves none by that name. */
    public static Operation ofWireName(String wireName) {
        return wireName == null ? UNKNOWN : BY_WIRE_NAME.getOrDefault(wireName, UNKNOWN);
    }
}
