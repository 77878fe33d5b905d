package dev.singletable.engine.internal.storage;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a table is set to beyond its keys and indexes, as DescribeTable reports it: settings the engine stores
 * and describes but does not act on. Immutable; an update makes a new one. {@link #toJson()} writes them as the
 * TableDescription members DynamoDB names them with, which is also how a data directory keeps them.
 *
 * @param throughput         ProvisionedThroughput (zeros for an on-demand table)
 * @param billing            BillingModeSummary; null for a table created provisioned and never switched
 * @param streamViewType     the view type of the table's enabled stream; null when no stream is enabled
 * @param latestStream       the last stream's label and ARN, described while it is enabled and after; null if none
 * @param kmsMasterKeyArn    the KMS key of SSEDescription; null for the default encryption with an AWS-owned key
 * @param tableClass         TableClassSummary's class when one was set, else null
 * @param deletionProtection DeletionProtectionEnabled
 * @param indexThroughput    each global secondary index's ProvisionedThroughput, by index name
 * @param scaling            the table's OnDemandThroughput and WarmThroughput
 * @param indexScaling       each global secondary index's OnDemandThroughput and WarmThroughput, by index name
 * @param recovery           point-in-time recovery when enabled, else null
 */
public record TableSettings(Throughput throughput, BillingSummary billing, String streamViewType,
                            LatestStream latestStream, String kmsMasterKeyArn, String tableClass,
                            boolean deletionProtection, Map<String, Throughput> indexThroughput, Scaling scaling,
                            Map<String, Scaling> indexScaling, PointInTimeRecovery recovery) {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    /** Not a description member: the GSIs' throughput, which DescribeTable places in each index's description. */
    public static final String INDEX_THROUGHPUT = "IndexProvisionedThroughput";
    /** Not a description member: each GSI's OnDemandThroughput and WarmThroughput, placed like its throughput. */
    public static final String INDEX_SCALING = "IndexScaling";
    public static final String ON_DEMAND_THROUGHPUT = "OnDemandThroughput";
    public static final String WARM_THROUGHPUT = "WarmThroughput";
    /** Not a description member: what DescribeContinuousBackups reports. */
    private static final String POINT_IN_TIME_RECOVERY = "PointInTimeRecovery";

    public TableSettings {
        indexThroughput = Collections.unmodifiableMap(new LinkedHashMap<>(indexThroughput));
        indexScaling = Collections.unmodifiableMap(new LinkedHashMap<>(indexScaling));
    }

    /** The settings of a new table or GSI set: on-demand or provisioned, warm at what that mode starts with. */
    public static TableSettings of(Throughput throughput, BillingSummary billing, String tableClass,
                                   boolean deletionProtection, Map<String, Throughput> indexThroughput) {
        String mode = billing == null ? "PROVISIONED" : billing.billingMode();
        Map<String, Scaling> indexScaling = new LinkedHashMap<>();
        for (Map.Entry<String, Throughput> index : indexThroughput.entrySet()) {
            indexScaling.put(index.getKey(), Scaling.initial(mode, index.getValue()));
        }
        return new TableSettings(throughput, billing, null, null, null, tableClass, deletionProtection, indexThroughput,
                Scaling.initial(mode, throughput), indexScaling, null);
    }

    /**
     * OnDemandThroughput, the most an on-demand table or index may serve (a null maximum is not set), and
     * WarmThroughput, what it can serve at once. Warm throughput never decreases: an on-demand table starts at
     * DynamoDB's initial 12,000 reads and 4,000 writes per second, a provisioned one at its capacity units, and
     * either rises with any higher throughput it is given.
     */
    public record Scaling(Long maxReadRequestUnits, Long maxWriteRequestUnits, long warmReadUnitsPerSecond,
                          long warmWriteUnitsPerSecond) {
        public static final long ON_DEMAND_INITIAL_READ = 12_000;
        public static final long ON_DEMAND_INITIAL_WRITE = 4_000;
        /** The most one partition serves per second; DynamoDB keeps as many partitions as the warm throughput needs. */
        private static final long PARTITION_READ_UNITS = 3_000;
        private static final long PARTITION_WRITE_UNITS = 1_000;

        /** What a new table or GSI starts with in this billing mode. */
        public static Scaling initial(String billingMode, Throughput throughput) {
            return billingMode.equals("PAY_PER_REQUEST")
                    ? new Scaling(null, null, ON_DEMAND_INITIAL_READ, ON_DEMAND_INITIAL_WRITE)
                    : new Scaling(null, null, throughput.readCapacityUnits(), throughput.writeCapacityUnits());
        }

        /** Warmed to at least these units per second (a null keeps that side as it is). */
        public Scaling warmedTo(Long read, Long write) {
            return new Scaling(maxReadRequestUnits, maxWriteRequestUnits,
                    read == null ? warmReadUnitsPerSecond : Math.max(warmReadUnitsPerSecond, read),
                    write == null ? warmWriteUnitsPerSecond : Math.max(warmWriteUnitsPerSecond, write));
        }

        /** With these on-demand maximums; a null keeps that one as it is, -1 removes it. */
        public Scaling withOnDemand(Long maxRead, Long maxWrite) {
            return new Scaling(merged(maxReadRequestUnits, maxRead), merged(maxWriteRequestUnits, maxWrite),
                    warmReadUnitsPerSecond, warmWriteUnitsPerSecond);
        }

        private static Long merged(Long current, Long given) {
            return given == null ? current : given == -1 ? null : given;
        }

        /** The partitions that serve the warm throughput: at least one. */
        public int partitions() {
            long byReads = (warmReadUnitsPerSecond + PARTITION_READ_UNITS - 1) / PARTITION_READ_UNITS;
            long byWrites = (warmWriteUnitsPerSecond + PARTITION_WRITE_UNITS - 1) / PARTITION_WRITE_UNITS;
            return (int) Math.max(1, Math.max(byReads, byWrites));
        }

        /** OnDemandThroughput and WarmThroughput as DynamoDB describes them (the first only when set). */
        void describe(ObjectNode node) {
            if (maxReadRequestUnits != null || maxWriteRequestUnits != null) {
                ObjectNode onDemand = node.putObject(ON_DEMAND_THROUGHPUT);
                if (maxReadRequestUnits != null) {
                    onDemand.put("MaxReadRequestUnits", maxReadRequestUnits);
                }
                if (maxWriteRequestUnits != null) {
                    onDemand.put("MaxWriteRequestUnits", maxWriteRequestUnits);
                }
            }
            node.putObject(WARM_THROUGHPUT).put("ReadUnitsPerSecond", warmReadUnitsPerSecond)
                    .put("WriteUnitsPerSecond", warmWriteUnitsPerSecond).put("Status", "ACTIVE");
        }

        /** Read back from {@link #describe}; a table stored before warm throughput existed starts as new. */
        static Scaling read(JsonNode node, String billingMode, Throughput throughput) {
            JsonNode warm = node.get(WARM_THROUGHPUT);
            if (warm == null) {
                return initial(billingMode, throughput);
            }
            JsonNode onDemand = node.path(ON_DEMAND_THROUGHPUT);
            return new Scaling(longOrNull(onDemand.get("MaxReadRequestUnits")),
                    longOrNull(onDemand.get("MaxWriteRequestUnits")), warm.path("ReadUnitsPerSecond").asLong(),
                    warm.path("WriteUnitsPerSecond").asLong());
        }

        private static Long longOrNull(JsonNode node) {
            return node == null || node.isNull() ? null : node.asLong();
        }
    }

    /** Point-in-time recovery, enabled since a time, restorable back as far as the recovery period allows. */
    public record PointInTimeRecovery(int recoveryPeriodInDays, BigDecimal enabledDateTime) {
    }

    /** A table's provisioned throughput, or a GSI's, with when it last changed. */
    public record Throughput(long readCapacityUnits, long writeCapacityUnits, int numberOfDecreasesToday,
                             BigDecimal lastIncreaseDateTime, BigDecimal lastDecreaseDateTime) {
        /** Throughput as provisioned anew; zeros for on-demand. */
        public static Throughput of(long read, long write) {
            return new Throughput(read, write, 0, null, null);
        }

        ObjectNode toJson() {
            ObjectNode node = NODES.objectNode().put("NumberOfDecreasesToday", numberOfDecreasesToday)
                    .put("ReadCapacityUnits", readCapacityUnits).put("WriteCapacityUnits", writeCapacityUnits);
            if (lastIncreaseDateTime != null) {
                node.put("LastIncreaseDateTime", lastIncreaseDateTime);
            }
            if (lastDecreaseDateTime != null) {
                node.put("LastDecreaseDateTime", lastDecreaseDateTime);
            }
            return node;
        }

        static Throughput read(JsonNode node) {
            return new Throughput(node.path("ReadCapacityUnits").asLong(), node.path("WriteCapacityUnits").asLong(),
                    node.path("NumberOfDecreasesToday").asInt(), seconds(node.get("LastIncreaseDateTime")),
                    seconds(node.get("LastDecreaseDateTime")));
        }
    }

    /** The billing mode and, once a table has been on-demand, since when it last was switched to it. */
    public record BillingSummary(String billingMode, BigDecimal lastUpdateToPayPerRequestDateTime) {
    }

    /** The label and ARN of a table's latest stream. */
    public record LatestStream(String label, String arn) {
    }

    /** Epoch seconds as DynamoDB describes times: a plain number with milliseconds, never an exponent. */
    public static BigDecimal epochSeconds(double seconds) {
        return BigDecimal.valueOf(seconds).setScale(3, RoundingMode.HALF_UP);
    }

    private static BigDecimal seconds(JsonNode node) {
        return node == null || node.isNull() ? null : node.decimalValue().setScale(3, RoundingMode.HALF_UP);
    }

    /** Whether the table has an enabled stream. */
    public boolean streamEnabled() {
        return streamViewType != null;
    }

    /** The billing mode: PROVISIONED unless the summary says otherwise. */
    public String billingMode() {
        return billing == null ? "PROVISIONED" : billing.billingMode();
    }

    public TableSettings withThroughput(Throughput throughput) {
        return new TableSettings(throughput, billing, streamViewType, latestStream, kmsMasterKeyArn, tableClass,
                deletionProtection, indexThroughput, scaling, indexScaling, recovery);
    }

    public TableSettings withBilling(BillingSummary billing) {
        return new TableSettings(throughput, billing, streamViewType, latestStream, kmsMasterKeyArn, tableClass,
                deletionProtection, indexThroughput, scaling, indexScaling, recovery);
    }

    /** The stream enabled with this view type, or disabled (null) keeping its latest label and ARN described. */
    public TableSettings withStream(String streamViewType, LatestStream latestStream) {
        return new TableSettings(throughput, billing, streamViewType, latestStream, kmsMasterKeyArn, tableClass,
                deletionProtection, indexThroughput, scaling, indexScaling, recovery);
    }

    public TableSettings withKmsMasterKeyArn(String kmsMasterKeyArn) {
        return new TableSettings(throughput, billing, streamViewType, latestStream, kmsMasterKeyArn, tableClass,
                deletionProtection, indexThroughput, scaling, indexScaling, recovery);
    }

    public TableSettings withTableClass(String tableClass) {
        return new TableSettings(throughput, billing, streamViewType, latestStream, kmsMasterKeyArn, tableClass,
                deletionProtection, indexThroughput, scaling, indexScaling, recovery);
    }

    public TableSettings withDeletionProtection(boolean deletionProtection) {
        return new TableSettings(throughput, billing, streamViewType, latestStream, kmsMasterKeyArn, tableClass,
                deletionProtection, indexThroughput, scaling, indexScaling, recovery);
    }

    public TableSettings withIndexThroughput(Map<String, Throughput> indexThroughput) {
        return new TableSettings(throughput, billing, streamViewType, latestStream, kmsMasterKeyArn, tableClass,
                deletionProtection, indexThroughput, scaling, indexScaling, recovery);
    }

    public TableSettings withScaling(Scaling scaling) {
        return new TableSettings(throughput, billing, streamViewType, latestStream, kmsMasterKeyArn, tableClass,
                deletionProtection, indexThroughput, scaling, indexScaling, recovery);
    }

    public TableSettings withIndexScaling(Map<String, Scaling> indexScaling) {
        return new TableSettings(throughput, billing, streamViewType, latestStream, kmsMasterKeyArn, tableClass,
                deletionProtection, indexThroughput, scaling, indexScaling, recovery);
    }

    /** Point-in-time recovery enabled as given, or disabled (null). */
    public TableSettings withRecovery(PointInTimeRecovery recovery) {
        return new TableSettings(throughput, billing, streamViewType, latestStream, kmsMasterKeyArn, tableClass,
                deletionProtection, indexThroughput, scaling, indexScaling, recovery);
    }

    /** The settings as TableDescription members, in DynamoDB's order, and the GSIs' throughput by index name. */
    public ObjectNode toJson() {
        ObjectNode node = NODES.objectNode();
        node.set("ProvisionedThroughput", throughput.toJson());
        if (billing != null) {
            ObjectNode summary = node.putObject("BillingModeSummary").put("BillingMode", billing.billingMode());
            if (billing.lastUpdateToPayPerRequestDateTime() != null) {
                summary.put("LastUpdateToPayPerRequestDateTime", billing.lastUpdateToPayPerRequestDateTime());
            }
        }
        if (streamViewType != null) {
            node.putObject("StreamSpecification").put("StreamEnabled", true).put("StreamViewType", streamViewType);
        }
        if (latestStream != null) {
            node.put("LatestStreamLabel", latestStream.label()).put("LatestStreamArn", latestStream.arn());
        }
        if (kmsMasterKeyArn != null) {
            node.putObject("SSEDescription").put("Status", "ENABLED").put("SSEType", "KMS")
                    .put("KMSMasterKeyArn", kmsMasterKeyArn);
        }
        if (tableClass != null) {
            node.putObject("TableClassSummary").put("TableClass", tableClass);
        }
        node.put("DeletionProtectionEnabled", deletionProtection);
        scaling.describe(node);
        if (!indexThroughput.isEmpty()) {
            ObjectNode byIndex = node.putObject(INDEX_THROUGHPUT);
            for (Map.Entry<String, Throughput> index : indexThroughput.entrySet()) {
                byIndex.set(index.getKey(), index.getValue().toJson());
            }
        }
        if (!indexScaling.isEmpty()) {
            ObjectNode byIndex = node.putObject(INDEX_SCALING);
            for (Map.Entry<String, Scaling> index : indexScaling.entrySet()) {
                index.getValue().describe(byIndex.putObject(index.getKey()));
            }
        }
        if (recovery != null) {
            node.putObject(POINT_IN_TIME_RECOVERY).put("RecoveryPeriodInDays", recovery.recoveryPeriodInDays())
                    .put("EnabledDateTime", recovery.enabledDateTime());
        }
        return node;
    }

    /** Settings from what {@link #toJson()} wrote (or the engine wrote before settings were typed: the same members). */
    public static TableSettings read(JsonNode node) {
        JsonNode billing = node.get("BillingModeSummary");
        JsonNode stream = node.get("StreamSpecification");
        JsonNode label = node.get("LatestStreamLabel");
        JsonNode sse = node.get("SSEDescription");
        JsonNode tableClass = node.get("TableClassSummary");
        Map<String, Throughput> indexThroughput = new LinkedHashMap<>();
        node.path(INDEX_THROUGHPUT).fields()
                .forEachRemaining(index -> indexThroughput.put(index.getKey(), Throughput.read(index.getValue())));
        String mode = billing == null ? "PROVISIONED" : billing.path("BillingMode").asText();
        Throughput throughput = Throughput.read(node.path("ProvisionedThroughput"));
        Map<String, Scaling> indexScaling = new LinkedHashMap<>();
        indexThroughput.forEach((index, units) ->
                indexScaling.put(index, Scaling.read(node.path(INDEX_SCALING).path(index), mode, units)));
        JsonNode recovery = node.get(POINT_IN_TIME_RECOVERY);
        return new TableSettings(throughput,
                billing == null ? null : new BillingSummary(billing.path("BillingMode").asText(),
                        seconds(billing.get("LastUpdateToPayPerRequestDateTime"))),
                stream != null && stream.path("StreamEnabled").asBoolean() ? stream.path("StreamViewType").asText() : null,
                label == null ? null : new LatestStream(label.asText(), node.path("LatestStreamArn").asText()),
                sse == null ? null : sse.path("KMSMasterKeyArn").asText(),
                tableClass == null ? null : tableClass.path("TableClass").asText(),
                node.path("DeletionProtectionEnabled").asBoolean(false), indexThroughput,
                Scaling.read(node, mode, throughput), indexScaling,
                recovery == null ? null : new PointInTimeRecovery(recovery.path("RecoveryPeriodInDays").asInt(),
                        seconds(recovery.get("EnabledDateTime"))));
    }
}
