package dev.singletable.engine.internal.ops.reads;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.singletable.engine.internal.DynamoException;
import dev.singletable.engine.internal.kernel.Database;
import dev.singletable.engine.internal.ops.OperationHandler;
import dev.singletable.engine.internal.ops.RequestContext;
import dev.singletable.engine.internal.ops.Requests;
import dev.singletable.engine.internal.storage.HashOrder;
import dev.singletable.engine.internal.storage.Item;
import dev.singletable.engine.internal.storage.TableSettings;
import dev.singletable.engine.internal.value.Value;
import java.util.Iterator;
import java.util.Map;

/**
 * Scan: every entry of a table or index, partition by partition in hash order (as DynamoDB scans), resuming
 * after an ExclusiveStartKey; a parallel Scan reads the partitions whose hash falls in its segment.
 */
public final class ScanOperation implements OperationHandler {
    private final Database database;

    public ScanOperation(Database database) {
        this.database = database;
    }

    /** Segment and TotalSegments; {@code total} is 1 for a whole-table Scan. */
    private record Segment(int segment, int total) {
        static Segment of(JsonNode json) {
            Integer segment = Requests.integer(json, "Segment");
            Integer total = Requests.integer(json, "TotalSegments");
            if (segment != null && segment < 0) {
                throw Requests.constraint(segment, "segment", "Member must have value greater than or equal to 0");
            }
            if (segment != null && segment > 999_999) {
                throw Requests.constraint(segment, "segment", "Member must have value less than or equal to 999999");
            }
            if (total != null && total < 1) {
                throw Requests.constraint(total, "totalSegments", "Member must have value greater than or equal to 1");
            }
            if (total != null && total > 1_000_000) {
                throw Requests.constraint(total, "totalSegments",
                        "Member must have value less than or equal to 1000000");
            }
            if (segment != null && total == null) {
                throw DynamoException.validation("The TotalSegments parameter is required but was not present in the "
                        + "request when Segment parameter is present");
            }
            if (total != null && segment == null) {
                throw DynamoException.validation("The Segment parameter is required but was not present in the "
                        + "request when parameter TotalSegments is present");
            }
            if (segment == null) {
                return new Segment(0, 1);
            }
            if (segment >= total) {
                throw DynamoException.validation("The Segment parameter is zero-based and must be less than parameter "
                        + "TotalSegments: Segment: " + segment + " is not less than TotalSegments: " + total);
            }
            return new Segment(segment, total);
        }

        boolean contains(Value partitionKey) {
            return total == 1 || HashOrder.segment(partitionKey, total) == segment;
        }
    }

    @Override
    public ObjectNode execute(JsonNode json, RequestContext context) {
        Segment segment = Segment.of(json);
        ReadRequest request = new ReadRequest(ReadRequest.Kind.SCAN, json);
        request.expressions().checkAllUsed();
        return database.read(() -> {
            ReadTarget target = request.target(database.table(request.tableName()));
            Map<String, Value> startKey = request.exclusiveStartKey();
            Value startPartition = null;
            if (startKey != null) {
                target.checkStartKey(startKey,
                        "The provided starting key is invalid: The provided key element does not match the schema");
                startPartition = target.partitionOf(startKey);
                if (!segment.contains(startPartition)) {
                    throw DynamoException.validation("The provided starting key is invalid: Invalid ExclusiveStartKey. "
                            + "Please use ExclusiveStartKey with correct Segment. TotalSegments: " + segment.total()
                            + " Segment: " + segment.segment());
                }
            }
            Iterator<Item> entries = target.entries().scan(segment.segment(), segment.total(), startKey);
            TableSettings settings = target.table().metadata().settings();
            TableSettings.Scaling scaling = target.isGlobalIndex()
                    ? settings.indexScaling().getOrDefault(target.indexName(), settings.scaling()) : settings.scaling();
            ScanCharge charge = new ScanCharge(scaling.partitions(), segment.segment(), segment.total(), startPartition);
            return Page.read(request, target, entries, charge).respond(request, target, context);
        });
    }
}
