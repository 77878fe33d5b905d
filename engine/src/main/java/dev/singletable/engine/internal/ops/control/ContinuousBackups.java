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
import dev.singletable.engine.internal.storage.TableSettings;
import java.math.BigDecimal;

/**
 * DescribeContinuousBackups and UpdateContinuousBackups: point-in-time recovery as a setting of the table, which
 * infrastructure tools read for every table. Continuous backups are always enabled, as on DynamoDB; the engine
 * keeps no backups to restore from, so the restorable window is only described.
 */
final class ContinuousBackups {
    private static final int DEFAULT_RECOVERY_PERIOD_DAYS = 35;
    /** DynamoDB's latest restorable time trails the present by about five minutes. */
    private static final long LATEST_RESTORABLE_LAG_SECONDS = 300;

    private ContinuousBackups() {
    }

    static OperationHandler describe(Database database) {
        return (request, context) -> {
            String name = ControlRequests.tableName(request);
            return database.read(() -> response(database, table(database, name)));
        };
    }

    static OperationHandler update(Database database) {
        return (request, context) -> {
            String name = ControlRequests.tableName(request);
            JsonNode specification = Requests.object(request, "PointInTimeRecoverySpecification");
            String path = "pointInTimeRecoverySpecification";
            Constraints constraints = new Constraints();
            constraints.notNull(specification, path);
            Boolean enabled = null;
            Integer period = null;
            if (specification != null) {
                JsonNode flag = specification.get("PointInTimeRecoveryEnabled");
                enabled = flag == null || flag.isNull() ? null
                        : Requests.bool(specification, "PointInTimeRecoveryEnabled", false);
                constraints.notNull(enabled, path + ".pointInTimeRecoveryEnabled");
                period = Requests.integer(specification, "RecoveryPeriodInDays");
                if (period != null && (period < 1 || period > DEFAULT_RECOVERY_PERIOD_DAYS)) {
                    constraints.fail(period, path + ".recoveryPeriodInDays", period < 1
                            ? "Member must have value greater than or equal to 1"
                            : "Member must have value less than or equal to " + DEFAULT_RECOVERY_PERIOD_DAYS);
                }
            }
            constraints.check();
            if (!enabled && period != null) {
                throw DynamoException.validation(
                        "Invalid Request: Cannot specify RecoveryPeriodInDays when disabling point-in-time recovery.");
            }
            boolean enable = enabled;
            int days = period == null ? DEFAULT_RECOVERY_PERIOD_DAYS : period;
            return database.write(() -> {
                Table table = table(database, name);
                TableSettings settings = table.metadata().settings();
                TableSettings.PointInTimeRecovery current = settings.recovery();
                TableSettings.PointInTimeRecovery recovery = !enable ? null
                        : new TableSettings.PointInTimeRecovery(days, current != null ? current.enabledDateTime()
                                : TableSettings.epochSeconds(now(database)));
                table.metadata(table.metadata().withSettings(settings.withRecovery(recovery)));
                return response(database, table);
            });
        };
    }

    private static Table table(Database database, String name) {
        return database.find(name).orElseThrow(() -> DynamoException.of("TableNotFoundException",
                "Table not found: " + name));
    }

    private static ObjectNode response(Database database, Table table) {
        ObjectNode response = JsonNodeFactory.instance.objectNode();
        ObjectNode description = response.putObject("ContinuousBackupsDescription")
                .put("ContinuousBackupsStatus", "ENABLED");
        ObjectNode pointInTime = description.putObject("PointInTimeRecoveryDescription");
        TableSettings.PointInTimeRecovery recovery = table.metadata().settings().recovery();
        if (recovery == null) {
            pointInTime.put("PointInTimeRecoveryStatus", "DISABLED");
            return response;
        }
        double now = now(database);
        BigDecimal earliest = recovery.enabledDateTime()
                .max(TableSettings.epochSeconds(now - recovery.recoveryPeriodInDays() * 86_400.0));
        BigDecimal latest = earliest.max(TableSettings.epochSeconds(now - LATEST_RESTORABLE_LAG_SECONDS));
        pointInTime.put("PointInTimeRecoveryStatus", "ENABLED")
                .put("RecoveryPeriodInDays", recovery.recoveryPeriodInDays())
                .put("EarliestRestorableDateTime", earliest).put("LatestRestorableDateTime", latest);
        return response;
    }

    private static double now(Database database) {
        return database.clock().instant().toEpochMilli() / 1000.0;
    }
}
