package dev.singletable.engine.internal.ops.control;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.singletable.engine.internal.DynamoException;
import dev.singletable.engine.internal.kernel.Database;
import dev.singletable.engine.internal.ops.Constraints;
import dev.singletable.engine.internal.ops.OperationHandler;
import dev.singletable.engine.internal.ops.RequestContext;
import dev.singletable.engine.internal.ops.Requests;
import dev.singletable.engine.internal.ops.control.Shapes.AttributeDefinition;
import dev.singletable.engine.internal.ops.control.Shapes.IndexSpec;
import dev.singletable.engine.internal.ops.control.Shapes.Throughput;
import dev.singletable.engine.internal.storage.IndexData;
import dev.singletable.engine.internal.storage.IndexDef;
import dev.singletable.engine.internal.storage.KeyDef;
import dev.singletable.engine.internal.storage.Table;
import dev.singletable.engine.internal.storage.TableMetadata;
import dev.singletable.engine.internal.storage.TableSettings;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * UpdateTable: one GSI created (and backfilled at once) or deleted per call, GSI throughput, billing mode and
 * table throughput, streams, encryption, table class and deletion protection. Every check runs before anything
 * changes, so a refused request leaves the table as it was.
 */
final class UpdateTable implements OperationHandler {
    private static final String INVALID = CreateTable.INVALID;

    private final Database database;

    UpdateTable(Database database) {
        this.database = database;
    }

    /**
     * One element of GlobalSecondaryIndexUpdates: exactly one of the three actions is non-null; an Update may
     * change the index's throughput, on-demand maximums and warm throughput.
     */
    private record IndexUpdate(IndexSpec create, String delete, String update, Throughput updateThroughput,
                               ThroughputLimits.OnDemand updateOnDemand, ThroughputLimits.Warm updateWarm) {
        String indexName() {
            return create != null ? create.name() : delete != null ? delete : update;
        }
    }

    private record Request(String tableName, List<AttributeDefinition> definitions, String billingMode,
                           Throughput throughput, List<IndexUpdate> indexUpdates, SettingsRequests.StreamSpec stream,
                           SettingsRequests.SseSpec sse, String tableClass, Boolean deletionProtection,
                           ThroughputLimits.OnDemand onDemand, ThroughputLimits.Warm warm) {
        boolean changesNothing() {
            return billingMode == null && onDemand == null && warm == null && changesNoMoreThanBilling();
        }

        boolean changesNoMoreThanBilling() {
            return throughput == null && indexUpdates.isEmpty() && stream == null && sse == null && tableClass == null
                    && deletionProtection == null;
        }
    }

    @Override
    public ObjectNode execute(JsonNode json, RequestContext context) {
        Request request = read(json);
        checkRequest(request);
        return database.write(() -> {
            Table table = ControlRequests.existing(database, request.tableName());
            Map<String, String> types = checkAgainst(table, request);
            apply(table, request, types);
            ObjectNode response = JsonNodeFactory.instance.objectNode();
            response.set("TableDescription", TableDescriptions.describe(table));
            return response;
        });
    }

    private static Request read(JsonNode json) {
        String tableName = ControlRequests.tableName(json);
        Constraints constraints = new Constraints();
        List<AttributeDefinition> definitions = Shapes.attributeDefinitions(json, constraints, false);
        String billingMode = Requests.string(json, "BillingMode");
        constraints.enumValue(billingMode, "billingMode", Shapes.BILLING_MODES);
        Throughput throughput = Shapes.throughput(json, "provisionedThroughput", constraints);
        List<IndexUpdate> indexUpdates = indexUpdates(json, constraints);
        SettingsRequests.StreamSpec stream = SettingsRequests.stream(json, "streamSpecification", constraints);
        SettingsRequests.SseSpec sse = SettingsRequests.sse(json, "sSESpecification", constraints);
        String tableClass = SettingsRequests.tableClass(json, constraints);
        JsonNode protection = json.get("DeletionProtectionEnabled");
        Boolean deletionProtection = protection == null || protection.isNull() ? null
                : Requests.bool(json, "DeletionProtectionEnabled", false);
        ThroughputLimits.OnDemand onDemand = ThroughputLimits.onDemand(json);
        ThroughputLimits.Warm warm = ThroughputLimits.warm(json);
        constraints.check();
        return new Request(tableName, definitions, billingMode, throughput, indexUpdates, stream, sse, tableClass,
                deletionProtection, onDemand, warm);
    }

    private static List<IndexUpdate> indexUpdates(JsonNode json, Constraints constraints) {
        JsonNode array = Requests.array(json, "GlobalSecondaryIndexUpdates");
        List<IndexUpdate> updates = new ArrayList<>();
        if (array == null) {
            return updates;
        }
        for (int i = 0; i < array.size(); i++) {
            JsonNode element = Shapes.structure(array.get(i), "GlobalSecondaryIndexUpdates");
            String path = "globalSecondaryIndexUpdates." + (i + 1) + ".member.";
            JsonNode create = Requests.object(element, "Create");
            JsonNode delete = Requests.object(element, "Delete");
            JsonNode update = Requests.object(element, "Update");
            IndexSpec created = create == null ? null : Shapes.index(create, path + "create", true, constraints);
            String deleted = null;
            if (delete != null) {
                deleted = Requests.string(delete, "IndexName");
                constraints.name(deleted, path + "delete.indexName");
            }
            String updated = null;
            Throughput throughput = null;
            ThroughputLimits.OnDemand onDemand = null;
            ThroughputLimits.Warm warm = null;
            if (update != null) {
                updated = Requests.string(update, "IndexName");
                constraints.name(updated, path + "update.indexName");
                throughput = Shapes.throughput(update, path + "update.provisionedThroughput", constraints);
                onDemand = ThroughputLimits.onDemand(update);
                warm = ThroughputLimits.warm(update);
            }
            updates.add(new IndexUpdate(created, deleted, updated, throughput, onDemand, warm));
        }
        return updates;
    }

    /** The checks that need only the request. */
    private static void checkRequest(Request request) {
        if (request.changesNothing()) {
            throw DynamoException.validation("At least one of ProvisionedThroughput, BillingMode, UpdateStreamEnabled, "
                    + "GlobalSecondaryIndexUpdates, SSESpecification, ReplicaUpdates, MultiAccountReplicaReady, "
                    + "ReplicaTransitRoleArn, MultiRegionConsistency, DeletionProtectionEnabled, OnDemandThroughput, "
                    + "WarmThroughput or TableClass is required");
        }
        if (request.warm() != null && (request.billingMode() != null || request.onDemand() != null
                || !request.changesNoMoreThanBilling())) {
            throw DynamoException.validation(INVALID + "WarmThroughput must be the only operation in the request");
        }
        if (request.onDemand() != null && !request.changesNoMoreThanBilling()) {
            throw DynamoException.validation(INVALID
                    + "OnDemandThroughput can only be combined with BillingMode in an UpdateTable request");
        }
        if ("PROVISIONED".equals(request.billingMode()) && request.throughput() == null) {
            throw DynamoException.validation(INVALID + "ProvisionedThroughput must be specified when BillingMode is PROVISIONED");
        }
        Set<String> names = new HashSet<>();
        int onlineChanges = 0;
        for (IndexUpdate update : request.indexUpdates()) {
            int actions = (update.create() != null ? 1 : 0) + (update.delete() != null ? 1 : 0)
                    + (update.update() != null ? 1 : 0);
            if (actions != 1) {
                throw DynamoException.validation(INVALID + "One of GlobalSecondaryIndexUpdate.Update, "
                        + "GlobalSecondaryIndexUpdate.Create, GlobalSecondaryIndexUpdate.Delete must not be null");
            }
            if (!names.add(update.indexName())) {
                throw DynamoException.validation(INVALID
                        + "Only one global secondary index update per index is allowed simultaneously. Index: "
                        + update.indexName());
            }
            if (update.update() == null) {
                onlineChanges++;
            }
        }
        if (onlineChanges > 1) {
            throw DynamoException.of("LimitExceededException",
                    "Subscriber limit exceeded: Only 1 online index can be created or deleted simultaneously per table");
        }
        if (request.stream() != null) {
            SettingsRequests.checkStream(request.stream());
        }
    }

    /** The checks against the table as it is; returns the attribute definitions the table will have. */
    private static Map<String, String> checkAgainst(Table table, Request request) {
        TableMetadata metadata = table.metadata();
        String currentMode = metadata.settings().billingMode();
        String mode = request.billingMode() == null ? currentMode : request.billingMode();
        if (request.throughput() != null) {
            CreateTable.checkBilling(mode, request.throughput());
            if (mode.equals(currentMode)) {
                checkThroughputChanges(metadata.settings().throughput(), request.throughput());
            }
        }
        Map<String, String> types = new LinkedHashMap<>(metadata.attributeDefinitions());
        List<String> callDefinitions = new ArrayList<>();
        for (AttributeDefinition definition : request.definitions()) {
            String existing = types.get(definition.attributeName());
            if (existing != null && !existing.equals(definition.attributeType())) {
                throw DynamoException.validation(INVALID + "Attribute " + definition.attributeName()
                        + " is redefined as " + definition.attributeType() + "; the table defines it as " + existing);
            }
            types.put(definition.attributeName(), definition.attributeType());
            callDefinitions.add(definition.attributeName());
        }
        Set<String> updatedIndexes = new HashSet<>();
        for (IndexUpdate update : request.indexUpdates()) {
            if (update.create() != null) {
                if (table.index(update.create().name()).isPresent()) {
                    throw DynamoException.validation("Attempting to create an index which already exists");
                }
                CreateTable.checkGlobalIndex(update.create(), mode, callDefinitions);
                if (globalIndexCount(table) + 1 > 20) {
                    throw DynamoException.validation(INVALID + "GlobalSecondaryIndex count exceeds the per-table limit of 20");
                }
            } else {
                String name = update.indexName();
                if (table.index(name).filter(index -> index.definition().global()).isEmpty()) {
                    throw DynamoException.of("ResourceNotFoundException",
                            "Requested resource not found: Index: " + name + " not found");
                }
                if (update.update() != null) {
                    checkIndexUpdate(metadata.settings(), mode, update);
                    if (update.updateThroughput() != null) {
                        updatedIndexes.add(name);
                    }
                }
            }
        }
        if (mode.equals("PROVISIONED") && currentMode.equals("PAY_PER_REQUEST")) {
            // on-demand indexes have no throughput to carry over: each needs its own in the same call
            for (IndexData index : table.indexes()) {
                if (index.definition().global() && !updatedIndexes.contains(index.definition().name())) {
                    throw DynamoException.validation(INVALID + "ProvisionedThroughput must be specified for index: "
                            + index.definition().name());
                }
            }
        }
        ThroughputLimits.checkUpdate(mode, metadata.settings().scaling(), request.onDemand(), request.warm(), null);
        if (request.stream() != null && request.stream().enabled() && metadata.settings().streamEnabled()) {
            throw DynamoException.validation("Table already has an enabled stream: TableName: " + table.name());
        }
        if (request.stream() != null && !request.stream().enabled() && !metadata.settings().streamEnabled()) {
            throw DynamoException.validation("Table has no stream to disable: TableName: " + table.name());
        }
        return types;
    }

    /** An Update of a GSI changes its throughput when provisioned, else only its on-demand or warm throughput. */
    private static void checkIndexUpdate(TableSettings settings, String mode, IndexUpdate update) {
        String name = update.update();
        boolean onDemandGiven = update.updateOnDemand() != null && !update.updateOnDemand().isEmpty();
        if (mode.equals("PAY_PER_REQUEST")) {
            if (update.updateThroughput() != null) {
                throw DynamoException.validation(INVALID + "ProvisionedThroughput should not be specified for index: "
                        + name + " when BillingMode is PAY_PER_REQUEST");
            }
            if (!onDemandGiven && update.updateWarm() == null) {
                throw DynamoException.validation(INVALID + "The only Updates for index: " + name
                        + " when TableThroughputMode is PAY_PER_REQUEST can be to OnDemandThroughput, WarmThroughput");
            }
        } else if (update.updateThroughput() == null && !onDemandGiven && update.updateWarm() == null) {
            throw DynamoException.validation(INVALID + "ProvisionedThroughput must be specified for index: " + name);
        }
        ThroughputLimits.checkUpdate(mode, settings.indexScaling().get(name), update.updateOnDemand(),
                update.updateWarm(), name);
    }

    private static void checkThroughputChanges(TableSettings.Throughput current, Throughput requested) {
        long read = current.readCapacityUnits();
        long write = current.writeCapacityUnits();
        if (read == requested.readCapacityUnits() && write == requested.writeCapacityUnits()) {
            throw DynamoException.validation("The provisioned throughput for the table will not change. The requested "
                    + "value equals the current value. Current ReadCapacityUnits provisioned for the table: " + read
                    + ". Requested ReadCapacityUnits: " + requested.readCapacityUnits() + ". Current WriteCapacityUnits "
                    + "provisioned for the table: " + write + ". Requested WriteCapacityUnits: "
                    + requested.writeCapacityUnits() + ". Refer to the Amazon DynamoDB Developer Guide for current limits "
                    + "and how to request higher limits.");
        }
    }

    private void apply(Table table, Request request, Map<String, String> types) {
        TableSettings settings = table.metadata().settings();
        Instant now = database.clock().instant();
        double seconds = now.toEpochMilli() / 1000.0;
        Map<String, TableSettings.Throughput> indexThroughput = new LinkedHashMap<>(settings.indexThroughput());
        Map<String, TableSettings.Scaling> indexScaling = new LinkedHashMap<>(settings.indexScaling());
        TableSettings.Scaling scaling = settings.scaling();
        if (request.billingMode() != null && !request.billingMode().equals(settings.billingMode())) {
            settings = switchBilling(settings, indexThroughput, request.billingMode(), seconds);
            scaling = ThroughputLimits.switched(scaling, request.billingMode());
            indexScaling.replaceAll((index, limits) -> ThroughputLimits.switched(limits, request.billingMode()));
        }
        if (request.throughput() != null) {
            settings = settings.withThroughput(changed(settings.throughput(), request.throughput(), seconds));
            scaling = ThroughputLimits.provisioned(scaling, settings.throughput());
        }
        for (IndexUpdate update : request.indexUpdates()) {
            if (update.create() != null) {
                IndexSpec created = update.create();
                table.addIndex(CreateTable.indexDef(created, true, types));
                TableSettings.Throughput units = SettingsRequests.throughput(created.throughput());
                indexThroughput.put(created.name(), units);
                indexScaling.put(created.name(), ThroughputLimits.apply(
                        TableSettings.Scaling.initial(settings.billingMode(), units), created.onDemand(), created.warm()));
            } else if (update.delete() != null) {
                table.removeIndex(update.delete());
                indexThroughput.remove(update.delete());
                indexScaling.remove(update.delete());
            } else {
                TableSettings.Scaling limits = indexScaling.get(update.update());
                if (update.updateThroughput() != null) {
                    TableSettings.Throughput units = changed(indexThroughput.get(update.update()),
                            update.updateThroughput(), seconds);
                    indexThroughput.put(update.update(), units);
                    limits = ThroughputLimits.provisioned(limits, units);
                }
                indexScaling.put(update.update(),
                        ThroughputLimits.apply(limits, update.updateOnDemand(), update.updateWarm()));
            }
        }
        scaling = ThroughputLimits.apply(scaling, request.onDemand(), request.warm());
        settings = settings.withIndexThroughput(indexThroughput).withScaling(scaling).withIndexScaling(indexScaling);
        if (request.stream() != null) {
            settings = SettingsRequests.applyStream(settings, table.metadata().arn(), request.stream(), now);
        }
        if (request.sse() != null) {
            settings = SettingsRequests.applySse(settings, request.sse());
        }
        if (request.tableClass() != null) {
            settings = settings.withTableClass(request.tableClass());
        }
        if (request.deletionProtection() != null) {
            settings = settings.withDeletionProtection(request.deletionProtection());
        }
        TableMetadata changed = table.metadata();
        table.metadata(changed.withAttributeDefinitions(usedDefinitions(types, changed)).withSettings(settings));
    }

    /** Switching billing mode: on-demand zeroes every throughput; the summary says since when a table is on-demand. */
    private static TableSettings switchBilling(TableSettings settings, Map<String, TableSettings.Throughput> indexThroughput,
                                               String mode, double seconds) {
        TableSettings.BillingSummary summary = SettingsRequests.billingSummary(mode, seconds);
        if (mode.equals("PROVISIONED") && settings.billing() != null) {
            summary = new TableSettings.BillingSummary(mode, settings.billing().lastUpdateToPayPerRequestDateTime());
        }
        if (!mode.equals("PAY_PER_REQUEST")) {
            return settings.withBilling(summary);
        }
        indexThroughput.replaceAll((index, units) -> TableSettings.Throughput.of(0, 0));
        return settings.withBilling(summary).withThroughput(TableSettings.Throughput.of(0, 0));
    }

    /** A throughput after a change: when it last went up or down, and how many decreases today. */
    private static TableSettings.Throughput changed(TableSettings.Throughput current, Throughput requested,
                                                    double seconds) {
        long read = current == null ? 0 : current.readCapacityUnits();
        long write = current == null ? 0 : current.writeCapacityUnits();
        int decreases = current == null ? 0 : current.numberOfDecreasesToday();
        BigDecimal lastIncrease = current == null ? null : current.lastIncreaseDateTime();
        BigDecimal lastDecrease = current == null ? null : current.lastDecreaseDateTime();
        boolean increase = requested.readCapacityUnits() > read || requested.writeCapacityUnits() > write;
        boolean decrease = requested.readCapacityUnits() < read || requested.writeCapacityUnits() < write;
        if (increase) {
            lastIncrease = TableSettings.epochSeconds(seconds);
        }
        if (decrease && read > 0) {
            lastDecrease = TableSettings.epochSeconds(seconds);
            decreases++;
        }
        return new TableSettings.Throughput(requested.readCapacityUnits(), requested.writeCapacityUnits(), decreases,
                lastIncrease, lastDecrease);
    }

    /** DynamoDB keeps only the attribute definitions some key of the table or of an index still uses. */
    private static Map<String, String> usedDefinitions(Map<String, String> types, TableMetadata metadata) {
        Set<String> used = new HashSet<>();
        used.add(metadata.partitionKey().name());
        if (metadata.sortKey() != null) {
            used.add(metadata.sortKey().name());
        }
        for (IndexDef index : metadata.indexes()) {
            index.keys().forEach(key -> used.add(key.name()));
        }
        Map<String, String> definitions = new LinkedHashMap<>(types);
        definitions.keySet().retainAll(used);
        return definitions;
    }

    private static int globalIndexCount(Table table) {
        return (int) table.indexes().stream().filter(index -> index.definition().global()).count();
    }
}
