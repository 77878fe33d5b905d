package dev.singletable.engine.internal.ops.control;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.singletable.engine.internal.DynamoException;
import dev.singletable.engine.internal.kernel.Database;
import dev.singletable.engine.internal.ops.Constraints;
import dev.singletable.engine.internal.ops.OperationHandler;
import dev.singletable.engine.internal.ops.Requests;
import dev.singletable.engine.internal.storage.Table;

/**
 * UpdateTimeToLive and DescribeTimeToLive. The engine switches TTL on and off at once (no ENABLING/DISABLING),
 * and does not limit how often it may be switched: DynamoDB's "modified multiple times within a fixed interval"
 * rule would only slow tests down.
 */
final class TimeToLiveOperations {
    private TimeToLiveOperations() {
    }

    static OperationHandler updateTimeToLive(Database database) {
        return (request, context) -> {
            String name = ControlRequests.tableName(request);
            JsonNode specification = Requests.object(request, "TimeToLiveSpecification");
            Constraints constraints = new Constraints();
            constraints.notNull(specification, "timeToLiveSpecification");
            Boolean enabled = null;
            String attribute = null;
            if (specification != null) {
                attribute = Requests.string(specification, "AttributeName");
                JsonNode flag = specification.get("Enabled");
                enabled = flag == null || flag.isNull() ? null : Requests.bool(specification, "Enabled", false);
                constraints.notNull(attribute, "timeToLiveSpecification.attributeName");
                constraints.length(attribute, "timeToLiveSpecification.attributeName", 1, 255);
                constraints.notNull(enabled, "timeToLiveSpecification.enabled");
            }
            constraints.check();
            boolean enable = enabled;
            String attributeName = attribute;
            return database.write(() -> {
                Table table = ControlRequests.existing(database, name);
                String current = table.metadata().ttlAttribute();
                if (enable && current != null) {
                    throw DynamoException.validation("TimeToLive is already enabled");
                }
                if (!enable && current == null) {
                    throw DynamoException.validation("TimeToLive is already disabled");
                }
                if (!enable && !current.equals(attributeName)) {
                    throw DynamoException.validation(
                            "TimeToLive is active on a different AttributeName: current AttributeName is " + current);
                }
                table.metadata(table.metadata().withTtlAttribute(enable ? attributeName : null));
                ObjectNode response = JsonNodeFactory.instance.objectNode();
                response.putObject("TimeToLiveSpecification").put("Enabled", enable).put("AttributeName", attributeName);
                return response;
            });
        };
    }

    static OperationHandler describeTimeToLive(Database database) {
        return (request, context) -> {
            String name = ControlRequests.tableName(request);
            return database.read(() -> {
                String attribute = ControlRequests.existing(database, name).metadata().ttlAttribute();
                ObjectNode response = JsonNodeFactory.instance.objectNode();
                ObjectNode description = response.putObject("TimeToLiveDescription");
                if (attribute == null) {
                    description.put("TimeToLiveStatus", "DISABLED");
                } else {
                    description.put("TimeToLiveStatus", "ENABLED").put("AttributeName", attribute);
                }
                return response;
            });
        };
    }
}
