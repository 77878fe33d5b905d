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
import dev.singletable.engine.internal.ops.control.Shapes.KeyElement;
import dev.singletable.engine.internal.ops.control.Shapes.Throughput;
import dev.singletable.engine.internal.storage.IndexDef;
import dev.singletable.engine.internal.storage.KeyDef;
import dev.singletable.engine.internal.storage.Table;
import dev.singletable.engine.internal.storage.TableMetadata;
import dev.singletable.engine.internal.storage.TableSettings;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;

/**
 * CreateTable: checks the request's shape, then its meaning in DynamoDB's order (billing, table key schema
 * against the definitions, local indexes, global indexes, unused definitions), then creates the table, ACTIVE at
 * once.
 */
final class CreateTable implements OperationHandler {
    static final String INVALID = "One or more parameter values were invalid: ";
    private static final int MAX_LOCAL_INDEXES = 5;
    private static final int MAX_GLOBAL_INDEXES = 20;
    private static final int MAX_PROJECTED_ATTRIBUTES = 100;
    /** A global index's partition key, and its sort key, has at most this many attributes. */
    private static final int MAX_KEY_ATTRIBUTES = 4;

    private final Database database;

    CreateTable(Database database) {
        this.database = database;
    }

    /** Everything a CreateTable request says, shape-checked. */
    private record Request(String tableName, List<AttributeDefinition> definitions, List<KeyElement> keySchema,
                           List<IndexSpec> localIndexes, List<IndexSpec> globalIndexes, String billingMode,
                           Throughput throughput, SettingsRequests.StreamSpec stream, SettingsRequests.SseSpec sse,
                           String tableClass, Map<String, String> tags, boolean deletionProtection,
                           ThroughputLimits.OnDemand onDemand, ThroughputLimits.Warm warm) {
    }

    @Override
    public ObjectNode execute(JsonNode json, RequestContext context) {
        Request request = read(json);
        Map<String, String> types = checkMeaning(request);
        return database.write(() -> {
            if (database.find(request.tableName()).isPresent()) {
                throw DynamoException.of("ResourceInUseException", "Table already exists: " + request.tableName());
            }
            Table table = new Table(metadata(request, types));
            database.add(table);
            ObjectNode description = TableDescriptions.describe(table);
            if (request.warm() == null) {
                description.remove(TableSettings.WARM_THROUGHPUT); // DynamoDB describes it once the table is created
            }
            ObjectNode response = JsonNodeFactory.instance.objectNode();
            response.set("TableDescription", description);
            return response;
        });
    }

    private static Request read(JsonNode json) {
        String tableName = Requests.string(json, "TableName");
        if (tableName == null) {
            throw ControlRequests.required("TableName");
        }
        Constraints constraints = new Constraints();
        constraints.name(tableName, "tableName");
        List<AttributeDefinition> definitions = Shapes.attributeDefinitions(json, constraints, true);
        List<KeyElement> keySchema = Shapes.keySchema(json, "KeySchema", "keySchema", false, constraints);
        List<IndexSpec> locals = Shapes.indexes(json, "LocalSecondaryIndexes", "localSecondaryIndexes", false, constraints);
        List<IndexSpec> globals = Shapes.indexes(json, "GlobalSecondaryIndexes", "globalSecondaryIndexes", true, constraints);
        String billingMode = Requests.string(json, "BillingMode");
        constraints.enumValue(billingMode, "billingMode", Shapes.BILLING_MODES);
        Throughput throughput = Shapes.throughput(json, "provisionedThroughput", constraints);
        SettingsRequests.StreamSpec stream = SettingsRequests.stream(json, "streamSpecification", constraints);
        SettingsRequests.SseSpec sse = SettingsRequests.sse(json, "sSESpecification", constraints);
        String tableClass = SettingsRequests.tableClass(json, constraints);
        Map<String, String> tags = Tagging.readTags(json, constraints);
        boolean deletionProtection = Requests.bool(json, "DeletionProtectionEnabled", false);
        ThroughputLimits.OnDemand onDemand = ThroughputLimits.onDemand(json);
        ThroughputLimits.Warm warm = ThroughputLimits.warm(json);
        constraints.check();
        return new Request(tableName, definitions, keySchema, locals, globals,
                billingMode == null ? "PROVISIONED" : billingMode, throughput, stream, sse, tableClass, tags,
                deletionProtection, onDemand, warm);
    }

    /** Checks what the request means, in DynamoDB's order; returns the attribute types by name. */
    private static Map<String, String> checkMeaning(Request request) {
        checkBilling(request.billingMode(), request.throughput());
        ThroughputLimits.checkCreate(request.billingMode(), request.throughput(), request.onDemand(), request.warm(),
                null);
        List<String> definedNames = new ArrayList<>();
        Map<String, String> types = new LinkedHashMap<>();
        for (AttributeDefinition definition : request.definitions()) {
            if (types.put(definition.attributeName(), definition.attributeType()) != null) {
                throw DynamoException.validation(INVALID + "Duplicate AttributeName in AttributeDefinitions: "
                        + definition.attributeName());
            }
            definedNames.add(definition.attributeName());
        }
        List<String> tableKeys = names(request.keySchema());
        if (tableKeys.size() > definedNames.size()) {
            throw DynamoException.validation("Invalid KeySchema: Some index key attribute have no definition");
        }
        checkKeySchema(tableKeys, request.keySchema(), definedNames);
        boolean hasIndexes = request.localIndexes() != null || request.globalIndexes() != null;
        if (!hasIndexes && tableKeys.size() != definedNames.size()) {
            throw DynamoException.validation(INVALID
                    + "Number of attributes in KeySchema does not exactly match number of attributes defined in AttributeDefinitions");
        }
        Set<String> indexNames = new LinkedHashSet<>();
        Set<String> keysUsed = new LinkedHashSet<>(tableKeys);
        if (request.localIndexes() != null) {
            checkLocalIndexes(request, definedNames, indexNames, keysUsed);
        }
        if (request.globalIndexes() != null) {
            checkGlobalIndexes(request.globalIndexes(), request.billingMode(), definedNames, indexNames, keysUsed);
        }
        checkProjectedAttributeCount(request);
        if (keysUsed.size() != definedNames.size()) {
            throw DynamoException.validation(INVALID + "Some AttributeDefinitions are not used. AttributeDefinitions: "
                    + definedNames + ", keys used: " + List.copyOf(keysUsed));
        }
        if (request.stream() != null) {
            SettingsRequests.checkStream(request.stream());
        }
        Tagging.checkTags(request.tags());
        Tagging.checkCount(request.tags());
        return types;
    }

    static void checkBilling(String billingMode, Throughput throughput) {
        if (billingMode.equals("PAY_PER_REQUEST")) {
            if (throughput != null) {
                throw DynamoException.validation(INVALID
                        + "Neither ReadCapacityUnits nor WriteCapacityUnits can be specified when BillingMode is PAY_PER_REQUEST");
            }
        } else if (throughput == null) {
            throw DynamoException.validation(INVALID
                    + "ReadCapacityUnits and WriteCapacityUnits must both be specified when BillingMode is PROVISIONED");
        }
    }

    /** The checks of the key schema of a table or a local index: defined attributes, distinct names, HASH then RANGE. */
    private static void checkKeySchema(List<String> keys, List<KeyElement> schema, List<String> definedNames) {
        checkDefined(keys, definedNames);
        if (keys.size() == 2 && keys.get(0).equals(keys.get(1))) {
            throw sameHashAndRangeName();
        }
        checkFirstIsHash(schema);
        if (schema.size() == 2 && !schema.get(1).keyType().equals("RANGE")) {
            throw DynamoException.validation("Invalid KeySchema: The second KeySchemaElement is not a RANGE key type");
        }
    }

    /**
     * The checks of a global index's key schema, which may name several attributes: one to four HASH elements, then
     * up to four RANGE elements, each defined and none named twice.
     */
    private static void checkGlobalKeySchema(List<String> keys, List<KeyElement> schema, List<String> definedNames) {
        checkDefined(keys, definedNames);
        if (new HashSet<>(keys).size() < keys.size()) {
            if (keys.size() == 2 && schema.get(1).keyType().equals("RANGE")) {
                throw sameHashAndRangeName();
            }
            throw DynamoException.validation("The KeySchema contains multiple key attributes with the same name");
        }
        checkFirstIsHash(schema);
        int hashes = 0;
        int ranges = 0;
        for (KeyElement element : schema) {
            if (element.keyType().equals("HASH")) {
                if (ranges > 0) {
                    throw DynamoException.validation(INVALID
                            + "All HASH key attributes must precede RANGE key attributes in the KeySchema");
                }
                hashes++;
            } else {
                ranges++;
            }
        }
        for (String type : new String[] {"HASH", "RANGE"}) {
            if ((type.equals("HASH") ? hashes : ranges) > MAX_KEY_ATTRIBUTES) {
                throw DynamoException.validation(INVALID + "The KeySchema exceeds the maximum allowed number of " + type
                        + " key attributes");
            }
        }
    }

    private static void checkDefined(List<String> keys, List<String> definedNames) {
        if (!definedNames.containsAll(keys)) {
            throw DynamoException.validation(INVALID + "Some index key attributes are not defined in AttributeDefinitions. Keys: "
                    + keys + ", AttributeDefinitions: " + definedNames);
        }
    }

    private static void checkFirstIsHash(List<KeyElement> schema) {
        if (!schema.get(0).keyType().equals("HASH")) {
            throw DynamoException.validation("Invalid KeySchema: The first KeySchemaElement is not a HASH key type");
        }
    }

    private static DynamoException sameHashAndRangeName() {
        return DynamoException.validation("Both the Hash Key and the Range Key element in the KeySchema have the same name");
    }

    private static void checkLocalIndexes(Request request, List<String> definedNames, Set<String> indexNames,
                                          Set<String> keysUsed) {
        List<IndexSpec> indexes = request.localIndexes();
        if (indexes.isEmpty()) {
            throw DynamoException.validation(INVALID + "List of LocalSecondaryIndexes is empty");
        }
        if (request.keySchema().size() != 2) {
            throw DynamoException.validation(INVALID
                    + "Table KeySchema does not have a range key, which is required when specifying a LocalSecondaryIndex");
        }
        String tableHash = request.keySchema().get(0).attributeName();
        for (IndexSpec index : indexes) {
            List<String> keys = index.keyNames();
            checkKeySchema(keys, index.keySchema(), definedNames);
            if (keys.size() != 2) {
                throw DynamoException.validation(INVALID + "Index KeySchema does not have a range key for index: " + index.name());
            }
            if (!keys.get(0).equals(tableHash)) {
                throw DynamoException.validation(INVALID
                        + "Index KeySchema does not have the same leading hash key as table KeySchema for index: "
                        + index.name() + ". index hash key: " + keys.get(0) + ", table hash key: " + tableHash);
            }
            checkProjection(index);
            checkUniqueName(index.name(), indexNames);
            keysUsed.addAll(keys);
        }
        if (indexes.size() > MAX_LOCAL_INDEXES) {
            throw DynamoException.validation(INVALID + "Number of LocalSecondaryIndexes exceeds per-table limit of 5");
        }
    }

    private static void checkGlobalIndexes(List<IndexSpec> indexes, String billingMode, List<String> definedNames,
                                           Set<String> indexNames, Set<String> keysUsed) {
        if (indexes.isEmpty()) {
            throw DynamoException.validation(INVALID + "List of GlobalSecondaryIndexes is empty");
        }
        for (IndexSpec index : indexes) {
            checkGlobalIndex(index, billingMode, definedNames);
            checkUniqueName(index.name(), indexNames);
            keysUsed.addAll(index.keyNames());
        }
        if (indexes.size() > MAX_GLOBAL_INDEXES) {
            throw DynamoException.validation(INVALID + "GlobalSecondaryIndex count exceeds the per-table limit of 20");
        }
    }

    /** The checks of one GSI definition, shared with UpdateTable's Create action. */
    static void checkGlobalIndex(IndexSpec index, String billingMode, List<String> definedNames) {
        checkGlobalKeySchema(index.keyNames(), index.keySchema(), definedNames);
        checkProjection(index);
        if (billingMode.equals("PAY_PER_REQUEST") && index.throughput() != null) {
            throw DynamoException.validation(INVALID + "ProvisionedThroughput should not be specified for index: "
                    + index.name() + " when BillingMode is PAY_PER_REQUEST");
        }
        if (billingMode.equals("PROVISIONED") && index.throughput() == null) {
            throw DynamoException.validation(INVALID + "ProvisionedThroughput must be specified for index: " + index.name());
        }
        ThroughputLimits.checkCreate(billingMode, index.throughput(), index.onDemand(), index.warm(), index.name());
    }

    static void checkProjection(IndexSpec index) {
        String type = index.projection().projectionType();
        List<String> nonKey = index.projection().nonKeyAttributes();
        if (type == null) {
            throw DynamoException.validation(INVALID + "Unknown ProjectionType: null");
        }
        if (nonKey != null && !type.equals("INCLUDE")) {
            throw DynamoException.validation(INVALID + "ProjectionType is " + type + ", but NonKeyAttributes is specified");
        }
        if (nonKey == null && type.equals("INCLUDE")) {
            throw DynamoException.validation(INVALID + "ProjectionType is INCLUDE, but NonKeyAttributes is not specified");
        }
        if (nonKey != null) {
            Set<String> seen = new LinkedHashSet<>();
            for (String attribute : nonKey) {
                if (!seen.add(attribute)) {
                    throw DynamoException.validation(INVALID + "Duplicate value in NonKeyAttributes: " + attribute
                            + " for index: " + index.name());
                }
            }
        }
    }

    private static void checkUniqueName(String name, Set<String> indexNames) {
        if (!indexNames.add(name)) {
            throw DynamoException.validation(INVALID + "Duplicate index name: " + name);
        }
    }

    /** DynamoDB sums the non-key attributes of all indexes (one projected by two indexes counts twice). */
    private static void checkProjectedAttributeCount(Request request) {
        int projected = projectedAttributes(request.localIndexes()) + projectedAttributes(request.globalIndexes());
        if (projected > MAX_PROJECTED_ATTRIBUTES) {
            throw DynamoException.validation(INVALID + "Number of projected attributes in all indexes exceeds limit of 100");
        }
    }

    private static int projectedAttributes(List<IndexSpec> indexes) {
        int projected = 0;
        if (indexes != null) {
            for (IndexSpec index : indexes) {
                List<String> nonKey = index.projection().nonKeyAttributes();
                projected += nonKey == null ? 0 : nonKey.size();
            }
        }
        return projected;
    }

    private TableMetadata metadata(Request request, Map<String, String> types) {
        Instant now = database.clock().instant();
        double created = now.toEpochMilli() / 1000.0;
        String arn = Database.arnOf(request.tableName());
        List<IndexDef> indexes = new ArrayList<>();
        if (request.localIndexes() != null) {
            for (IndexSpec index : request.localIndexes()) {
                indexes.add(indexDef(index, false, types));
            }
        }
        Map<String, TableSettings.Throughput> indexThroughput = new LinkedHashMap<>();
        if (request.globalIndexes() != null) {
            for (IndexSpec index : request.globalIndexes()) {
                indexes.add(indexDef(index, true, types));
                indexThroughput.put(index.name(), SettingsRequests.throughput(index.throughput()));
            }
        }
        TableSettings settings = TableSettings.of(SettingsRequests.throughput(request.throughput()),
                request.billingMode().equals("PAY_PER_REQUEST")
                        ? SettingsRequests.billingSummary("PAY_PER_REQUEST", created) : null,
                request.tableClass(), request.deletionProtection(), indexThroughput);
        settings = settings.withScaling(ThroughputLimits.apply(settings.scaling(), request.onDemand(), request.warm()));
        Map<String, TableSettings.Scaling> indexScaling = new LinkedHashMap<>(settings.indexScaling());
        if (request.globalIndexes() != null) {
            for (IndexSpec index : request.globalIndexes()) {
                TableSettings.Scaling scaling = indexScaling.get(index.name());
                if (scaling != null) {
                    indexScaling.put(index.name(), ThroughputLimits.apply(scaling, index.onDemand(), index.warm()));
                }
            }
        }
        settings = settings.withIndexScaling(indexScaling);
        if (request.stream() != null) {
            settings = SettingsRequests.applyStream(settings, arn, request.stream(), now);
        }
        if (request.sse() != null) {
            settings = SettingsRequests.applySse(settings, request.sse());
        }
        List<KeyElement> keys = request.keySchema();
        KeyDef partition = keyDef(keys.get(0), types);
        KeyDef sort = keys.size() == 2 ? keyDef(keys.get(1), types) : null;
        return new TableMetadata(request.tableName(), arn, newTableId(), created, partition, sort, types,
                indexes, request.tags(), settings, null);
    }

    /**
     * A new table's TableId: a random (version 4) UUID, as DynamoDB's are. Nothing secret hangs on it, so it comes
     * from {@link ThreadLocalRandom}: {@code UUID.randomUUID()} seeds a {@code SecureRandom} first, which costs a
     * cold JVM's first CreateTable about 20 ms.
     */
    static String newTableId() {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        long version4 = random.nextLong() & ~0xF000L | 0x4000L;
        long ietfVariant = random.nextLong() & 0x3FFF_FFFF_FFFF_FFFFL | 0x8000_0000_0000_0000L;
        return new UUID(version4, ietfVariant).toString();
    }

    static IndexDef indexDef(IndexSpec index, boolean global, Map<String, String> types) {
        List<String> nonKey = index.projection().nonKeyAttributes();
        return new IndexDef(index.name(), global, keyDefs(index.keySchema(), "HASH", types),
                keyDefs(index.keySchema(), "RANGE", types), index.projection().projectionType(),
                nonKey == null ? List.of() : nonKey);
    }

    private static List<KeyDef> keyDefs(List<KeyElement> schema, String keyType, Map<String, String> types) {
        List<KeyDef> keys = new ArrayList<>();
        for (KeyElement element : schema) {
            if (element.keyType().equals(keyType)) {
                keys.add(keyDef(element, types));
            }
        }
        return List.copyOf(keys);
    }

    private static KeyDef keyDef(KeyElement element, Map<String, String> types) {
        return new KeyDef(element.attributeName(), types.get(element.attributeName()));
    }

    private static List<String> names(List<KeyElement> schema) {
        List<String> names = new ArrayList<>();
        for (KeyElement element : schema) {
            names.add(element.attributeName());
        }
        return names;
    }
}
