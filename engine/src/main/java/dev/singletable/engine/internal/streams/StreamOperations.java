package dev.singletable.engine.internal.streams;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.singletable.engine.internal.DynamoException;
import dev.singletable.engine.internal.kernel.Database;
import dev.singletable.engine.internal.ops.Constraints;
import dev.singletable.engine.internal.ops.OperationHandler;
import dev.singletable.engine.internal.ops.Requests;
import dev.singletable.engine.internal.value.Sizes;
import dev.singletable.engine.internal.value.ValueJson;
import dev.singletable.engine.model.Operation;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * The DynamoDB Streams API (ListStreams, DescribeStream, GetShardIterator, GetRecords) on the engine's own
 * endpoint, as the SDK's DynamoDbStreamsClient calls it. Each stream has one shard holding every record.
 */
public final class StreamOperations {
    /** A table's stream ARN: the table's ARN, then {@code /stream/} and the label (the time it was enabled). */
    private static final Pattern STREAM_ARN = Pattern.compile("arn:aws[a-z-]*:dynamodb:[a-z0-9-]+:[0-9]{12}:"
            + "table/[a-zA-Z0-9_.-]{3,255}/stream/[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\\.[0-9]{3}");
    private static final int MAX_SHARDS_PER_PAGE = 100;

    private final Database database;
    private final ChangeStreams streams;

    private StreamOperations(Database database, ChangeStreams streams) {
        this.database = database;
        this.streams = streams;
    }

    /** @return the handler of {@code operation}, or null when it is not an operation of the Streams API */
    public static OperationHandler handler(Operation operation, Database database, ChangeStreams streams) {
        StreamOperations ops = new StreamOperations(database, streams);
        return switch (operation) {
            case LIST_STREAMS -> (request, context) -> database.read(() -> ops.listStreams(request));
            case DESCRIBE_STREAM -> (request, context) -> database.read(() -> ops.describe(request));
            case GET_SHARD_ITERATOR -> (request, context) -> database.read(() -> ops.iterator(request));
            case GET_RECORDS -> (request, context) -> database.read(() -> ops.records(request));
            default -> null;
        };
    }

    private ObjectNode listStreams(JsonNode request) {
        String tableName = Requests.string(request, "TableName");
        Integer limit = Requests.integer(request, "Limit");
        if (limit != null && (limit < 1 || limit > 100)) {
            throw Requests.constraint(limit, "limit", limit < 1 ? "Member must have value greater than or equal to 1"
                    : "Member must have value less than or equal to 100");
        }
        String exclusiveStart = Requests.string(request, "ExclusiveStartStreamArn");
        if (exclusiveStart != null) {
            stream(exclusiveStart, "exclusiveStartStreamArn"); // a page must start after a stream that exists
        }
        database.tables().forEach(streams::latest);
        ObjectNode response = JsonNodeFactory.instance.objectNode();
        ArrayNode list = response.putArray("Streams");
        boolean started = exclusiveStart == null;
        int max = limit == null ? 100 : limit;
        for (ChangeStreams.StreamData stream : streams.all()) {
            if (!started) {
                started = stream.arn.equals(exclusiveStart);
                continue;
            }
            if (tableName != null && !stream.tableName.equals(Database.nameOf(tableName))) {
                continue;
            }
            if (list.size() == max) {
                response.put("LastEvaluatedStreamArn", list.get(list.size() - 1).get("StreamArn").textValue());
                break;
            }
            list.addObject().put("StreamArn", stream.arn).put("TableName", stream.tableName)
                    .put("StreamLabel", stream.label);
        }
        return response;
    }

    private ObjectNode describe(JsonNode request) {
        String arn = Requests.string(request, "StreamArn");
        Integer limit = Requests.integer(request, "Limit");
        String exclusiveStart = Requests.string(request, "ExclusiveStartShardId");
        JsonNode filter = Requests.object(request, "ShardFilter");
        String filterType = filter == null ? null : Requests.string(filter, "Type");
        String parentShard = filter == null ? null : Requests.string(filter, "ShardId");
        Constraints constraints = new Constraints();
        checkArnShape(arn, "streamArn", constraints);
        if (limit != null && limit < 1) {
            constraints.fail(limit, "limit", "Member must have value greater than or equal to 1");
        }
        constraints.length(exclusiveStart, "exclusiveStartShardId", 28, 65);
        if (filter != null) {
            constraints.notNull(filterType, "shardFilter.type");
            constraints.enumValue(filterType, "shardFilter.type", List.of("CHILD_SHARDS"));
            constraints.notNull(parentShard, "shardFilter.shardId");
            constraints.length(parentShard, "shardFilter.shardId", 28, 65);
        }
        constraints.check();
        ChangeStreams.StreamData stream = stream(arn, "streamArn");
        List<String> shards = List.of(shardId(stream));
        if (parentShard != null) {
            if (!shards.contains(parentShard)) {
                throw unknownShard();
            }
            shards = List.of(); // the engine never splits a shard, so no shard has children
        }
        ObjectNode response = JsonNodeFactory.instance.objectNode();
        ObjectNode description = response.putObject("StreamDescription");
        description.put("StreamArn", stream.arn).put("StreamLabel", stream.label)
                .put("StreamStatus", enabled(stream) ? "ENABLED" : "DISABLED").put("StreamViewType", stream.viewType)
                .put("CreationRequestDateTime", stream.created).put("TableName", stream.tableName);
        ArrayNode keySchema = description.putArray("KeySchema");
        keySchema.addObject().put("AttributeName", stream.partitionKey.name()).put("KeyType", "HASH");
        if (stream.sortKey != null) {
            keySchema.addObject().put("AttributeName", stream.sortKey.name()).put("KeyType", "RANGE");
        }
        // shards are listed in id order; a page starts after ExclusiveStartShardId, known to the stream or not
        List<String> page = shards.stream().filter(id -> exclusiveStart == null || id.compareTo(exclusiveStart) > 0)
                .toList();
        int max = Math.min(limit == null ? MAX_SHARDS_PER_PAGE : limit, MAX_SHARDS_PER_PAGE);
        ArrayNode listed = description.putArray("Shards");
        page.stream().limit(max).forEach(id -> describeShard(stream, id, listed.addObject()));
        if (page.size() > max) {
            description.put("LastEvaluatedShardId", page.get(max - 1));
        }
        return response;
    }

    private void describeShard(ChangeStreams.StreamData stream, String shardId, ObjectNode shard) {
        shard.put("ShardId", shardId);
        ObjectNode range = shard.putObject("SequenceNumberRange");
        List<ChangeStreams.ChangeRecord> records = stream.records;
        range.put("StartingSequenceNumber", records.isEmpty() ? "000000000000000000000" : records.get(0).sequenceNumber());
        if (!enabled(stream) && !records.isEmpty()) {
            range.put("EndingSequenceNumber", records.get(records.size() - 1).sequenceNumber());
        }
    }

    private ObjectNode iterator(JsonNode request) {
        String arn = Requests.string(request, "StreamArn");
        String shardId = Requests.string(request, "ShardId");
        Constraints constraints = new Constraints();
        checkArnShape(arn, "streamArn", constraints);
        constraints.notNull(shardId, "shardId");
        constraints.length(shardId, "shardId", 28, 65);
        String type = Requests.enumValue(request, "ShardIteratorType", "shardIteratorType",
                List.of("TRIM_HORIZON", "LATEST", "AT_SEQUENCE_NUMBER", "AFTER_SEQUENCE_NUMBER"), null, constraints);
        constraints.notNull(Requests.string(request, "ShardIteratorType"), "shardIteratorType");
        constraints.check();
        ChangeStreams.StreamData stream = stream(arn, "streamArn");
        if (!shardId.equals(shardId(stream))) {
            throw unknownShard();
        }
        String sequenceNumber = Requests.string(request, "SequenceNumber");
        int position = switch (type) {
            case "TRIM_HORIZON" -> 0;
            case "LATEST" -> stream.records.size();
            default -> positionOf(stream, sequenceNumber, type.equals("AFTER_SEQUENCE_NUMBER"));
        };
        return JsonNodeFactory.instance.objectNode().put("ShardIterator", encode(stream, position));
    }

    private static int positionOf(ChangeStreams.StreamData stream, String sequenceNumber, boolean after) {
        if (sequenceNumber == null) {
            throw DynamoException.validation("Must specify a sequence number for iterator type AT_SEQUENCE_NUMBER "
                    + "or AFTER_SEQUENCE_NUMBER");
        }
        for (int i = 0; i < stream.records.size(); i++) {
            if (stream.records.get(i).sequenceNumber().equals(sequenceNumber)) {
                return after ? i + 1 : i;
            }
        }
        throw DynamoException.validation("Invalid SequenceNumber: " + sequenceNumber
                + " is not a sequence number of shard " + shardId(stream));
    }

    private ObjectNode records(JsonNode request) {
        String iterator = Requests.string(request, "ShardIterator");
        if (iterator == null) {
            throw Requests.constraint(null, "shardIterator", "Member must not be null");
        }
        Integer limit = Requests.integer(request, "Limit");
        if (limit != null && (limit < 1 || limit > 1000)) {
            throw Requests.constraint(limit, "limit", limit < 1 ? "Member must have value greater than or equal to 1"
                    : "Member must have value less than or equal to 1000");
        }
        String[] parts = decode(iterator);
        ChangeStreams.StreamData stream = streams.stream(parts[0]).orElseThrow(() -> invalidIterator(iterator));
        int position = Integer.parseInt(parts[1]);
        List<ChangeStreams.ChangeRecord> batch = streams.read(stream, position, limit == null ? 1000 : limit);
        ObjectNode response = JsonNodeFactory.instance.objectNode();
        ArrayNode records = response.putArray("Records");
        batch.forEach(record -> write(record, records.addObject()));
        int next = position + batch.size();
        if (enabled(stream) || next < stream.records.size()) {
            response.put("NextShardIterator", encode(stream, next)); // a closed shard read to its end has none
        }
        return response;
    }

    private static void write(ChangeStreams.ChangeRecord record, ObjectNode node) {
        node.put("eventID", UUID.nameUUIDFromBytes(record.sequenceNumber().getBytes(StandardCharsets.UTF_8))
                .toString().replace("-", ""));
        node.put("eventName", record.eventName()).put("eventVersion", "1.1").put("eventSource", "aws:dynamodb")
                .put("awsRegion", Database.REGION);
        ObjectNode dynamodb = node.putObject("dynamodb");
        dynamodb.put("ApproximateCreationDateTime", record.approximateCreationDateTime());
        dynamodb.set("Keys", ValueJson.writeItem(record.keys()));
        long size = Sizes.itemSize(record.keys());
        String view = record.viewType();
        if (record.newImage() != null && (view.equals("NEW_IMAGE") || view.equals("NEW_AND_OLD_IMAGES"))) {
            dynamodb.set("NewImage", ValueJson.writeItem(record.newImage()));
            size += Sizes.itemSize(record.newImage());
        }
        if (record.oldImage() != null && (view.equals("OLD_IMAGE") || view.equals("NEW_AND_OLD_IMAGES"))) {
            dynamodb.set("OldImage", ValueJson.writeItem(record.oldImage()));
            size += Sizes.itemSize(record.oldImage());
        }
        dynamodb.put("SequenceNumber", record.sequenceNumber()).put("SizeBytes", size).put("StreamViewType", view);
        if (record.byTimeToLive()) {
            // how DynamoDB marks deletions by its TTL process
            node.putObject("userIdentity").put("PrincipalId", "dynamodb.amazonaws.com").put("Type", "Service");
        }
    }

    /**
     * The stream a well-formed ARN names: an ARN that is not a stream's ARN at all is a ValidationException, one
     * of a stream that does not exist is not found.
     */
    private ChangeStreams.StreamData stream(String arn, String path) {
        Constraints constraints = new Constraints();
        constraints.length(arn, path, 37, 1024);
        constraints.check();
        if (!STREAM_ARN.matcher(arn).matches()) {
            throw DynamoException.validation("Invalid StreamArn");
        }
        database.tables().forEach(streams::latest);
        return streams.stream(arn).orElseThrow(() -> DynamoException.of("ResourceNotFoundException",
                "Requested resource not found: Stream: " + arn + " not found"));
    }

    /** A required stream ARN member: present, 37..1024 characters. */
    private static void checkArnShape(String arn, String path, Constraints constraints) {
        constraints.notNull(arn, path);
        constraints.length(arn, path, 37, 1024);
    }

    private static DynamoException unknownShard() {
        return DynamoException.of("ResourceNotFoundException", "Requested resource not found: Shard does not exist");
    }

    private boolean enabled(ChangeStreams.StreamData stream) {
        return database.find(stream.tableName).flatMap(streams::latest).map(s -> s == stream).orElse(false);
    }

    private static String shardId(ChangeStreams.StreamData stream) {
        return String.format("shardId-%020d-%08x", (long) stream.created * 1000, stream.arn.hashCode());
    }

    private static String encode(ChangeStreams.StreamData stream, int position) {
        return Base64.getUrlEncoder().withoutPadding()
                .encodeToString((stream.arn + "|" + position).getBytes(StandardCharsets.UTF_8));
    }

    private static String[] decode(String iterator) {
        try {
            String text = new String(Base64.getUrlDecoder().decode(iterator), StandardCharsets.UTF_8);
            int bar = text.lastIndexOf('|');
            if (bar < 0 || Integer.parseInt(text.substring(bar + 1)) < 0) {
                throw invalidIterator(iterator);
            }
            return new String[] {text.substring(0, bar), text.substring(bar + 1)};
        } catch (IllegalArgumentException e) {
            throw invalidIterator(iterator);
        }
    }

    private static DynamoException invalidIterator(String iterator) {
        return DynamoException.validation("Invalid ShardIterator: " + iterator);
    }
}
