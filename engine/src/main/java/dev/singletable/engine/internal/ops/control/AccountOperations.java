package dev.singletable.engine.internal.ops.control;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.singletable.engine.internal.kernel.Database;
import dev.singletable.engine.internal.ops.OperationHandler;

/** DescribeEndpoints and DescribeLimits: what the account looks like to SDKs that ask. */
final class AccountOperations {
    /** DynamoDB's default quotas for an account in a region and for one table. */
    private static final long ACCOUNT_MAX_UNITS = 80_000;
    private static final long TABLE_MAX_UNITS = 40_000;

    private AccountOperations() {
    }

    /** The regional endpoint, cached for a day (SDKs with endpoint discovery call this). */
    static OperationHandler describeEndpoints() {
        return (request, context) -> {
            ObjectNode response = JsonNodeFactory.instance.objectNode();
            response.putArray("Endpoints").addObject()
                    .put("Address", "dynamodb." + Database.REGION + ".amazonaws.com")
                    .put("CachePeriodInMinutes", 1440);
            return response;
        };
    }

    static OperationHandler describeLimits() {
        return (request, context) -> JsonNodeFactory.instance.objectNode()
                .put("AccountMaxReadCapacityUnits", ACCOUNT_MAX_UNITS)
                .put("AccountMaxWriteCapacityUnits", ACCOUNT_MAX_UNITS)
                .put("TableMaxReadCapacityUnits", TABLE_MAX_UNITS)
                .put("TableMaxWriteCapacityUnits", TABLE_MAX_UNITS);
    }
}
