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
 */
public record TableSettings(Throughput throughput, BillingSummary billing, String streamViewType,
                            LatestStream latestStream, String kmsMasterKeyArn, String tableClass,
                            boolean deletionProtection, Map<String, Throughput> indexThroughput) {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    /** Not a description member: the GSIs' throughput, which DescribeTable places in each index's description. */
    public static final String INDEX_THROUGHPUT = "IndexProvisionedThroughput";

    public TableSettings {
        indexThroughput = Collections.unmodifiableMap(new LinkedHashMap<>(indexThroughput));
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
                deletionProtection, indexThroughput);
    }

    public TableSettings withBilling(BillingSummary billing) {
        return new TableSettings(throughput, billing, streamViewType, latestStream, kmsMasterKeyArn, tableClass,
                deletionProtection, indexThroughput);
    }

    /** The stream enabled with this view type, or disabled (null) keeping its latest label and ARN described. */
    public TableSettings withStream(String streamViewType, LatestStream latestStream) {
        return new TableSettings(throughput, billing, streamViewType, latestStream, kmsMasterKeyArn, tableClass,
                deletionProtection, indexThroughput);
    }

    public TableSettings withKmsMasterKeyArn(String kmsMasterKeyArn) {
        return new TableSettings(throughput, billing, streamViewType, latestStream, kmsMasterKeyArn, tableClass,
                deletionProtection, indexThroughput);
    }

    public TableSettings withTableClass(String tableClass) {
        return new TableSettings(throughput, billing, streamViewType, latestStream, kmsMasterKeyArn, tableClass,
                deletionProtection, indexThroughput);
    }

    public TableSettings withDeletionProtection(boolean deletionProtection) {
        return new TableSettings(throughput, billing, streamViewType, latestStream, kmsMasterKeyArn, tableClass,
                deletionProtection, indexThroughput);
    }

    public TableSettings withIndexThroughput(Map<String, Throughput> indexThroughput) {
        return new TableSettings(throughput, billing, streamViewType, latestStream, kmsMasterKeyArn, tableClass,
                deletionProtection, indexThroughput);
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
        if (!indexThroughput.isEmpty()) {
            ObjectNode byIndex = node.putObject(INDEX_THROUGHPUT);
            indexThroughput.forEach((index, units) -> byIndex.set(index, units.toJson()));
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
        return new TableSettings(Throughput.read(node.path("ProvisionedThroughput")),
                billing == null ? null : new BillingSummary(billing.path("BillingMode").asText(),
                        seconds(billing.get("LastUpdateToPayPerRequestDateTime"))),
                stream != null && stream.path("StreamEnabled").asBoolean() ? stream.path("StreamViewType").asText() : null,
                label == null ? null : new LatestStream(label.asText(), node.path("LatestStreamArn").asText()),
                sse == null ? null : sse.path("KMSMasterKeyArn").asText(),
                tableClass == null ? null : tableClass.path("TableClass").asText(),
                node.path("DeletionProtectionEnabled").asBoolean(false), indexThroughput);
    }
}
