package dev.singletable.engine.internal.ops.control;

import com.fasterxml.jackson.databind.JsonNode;
import dev.singletable.engine.internal.DynamoException;
import dev.singletable.engine.internal.ops.Requests;
import dev.singletable.engine.internal.storage.TableSettings;
import dev.singletable.engine.internal.storage.TableSettings.Scaling;

/**
 * OnDemandThroughput (the most an on-demand table or GSI may serve) and WarmThroughput (what it can serve at
 * once) as CreateTable and UpdateTable take them: read, checked with DynamoDB's messages, and applied to a
 * table's or index's {@link Scaling}.
 */
final class ThroughputLimits {
    private static final String INVALID = CreateTable.INVALID;
    private static final String INITIAL_ON_DEMAND = "https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/"
            + "on-demand-capacity-mode.html#on-demand-capacity-mode-initial";
    /** On UpdateTable, a maximum of -1 removes it. */
    private static final long REMOVE = -1;

    private ThroughputLimits() {
    }

    /** OnDemandThroughput as given; either maximum is null when absent. */
    record OnDemand(Long maxReadRequestUnits, Long maxWriteRequestUnits) {
        boolean isEmpty() {
            return maxReadRequestUnits == null && maxWriteRequestUnits == null;
        }

        /** The member a message names: the read maximum when given. */
        String named() {
            return maxReadRequestUnits != null ? "MaxReadRequestUnits" : "MaxWriteRequestUnits";
        }
    }

    /** WarmThroughput as given; either member is null when absent. */
    record Warm(Long readUnitsPerSecond, Long writeUnitsPerSecond) {
    }

    /** The OnDemandThroughput member of a request or index, or null when absent. */
    static OnDemand onDemand(JsonNode parent) {
        JsonNode node = Requests.object(parent, "OnDemandThroughput");
        return node == null ? null : new OnDemand(Shapes.longValue(node, "MaxReadRequestUnits"),
                Shapes.longValue(node, "MaxWriteRequestUnits"));
    }

    /** The WarmThroughput member of a request or index, or null when absent. */
    static Warm warm(JsonNode parent) {
        JsonNode node = Requests.object(parent, "WarmThroughput");
        return node == null ? null : new Warm(Shapes.longValue(node, "ReadUnitsPerSecond"),
                Shapes.longValue(node, "WriteUnitsPerSecond"));
    }

    /**
     * CreateTable's checks (also of an index created by UpdateTable): on-demand maximums only for an on-demand
     * table and above zero; warm throughput no lower than the table or index starts with.
     *
     * @param index the index's name, or null for the table
     */
    static void checkCreate(String billingMode, Shapes.Throughput provisioned, OnDemand onDemand, Warm warm,
                            String index) {
        // CreateTable words the refusal a little differently from UpdateTable
        checkOnDemand(billingMode, onDemand, index, false, "when table BillingMode is PROVISIONED.");
        if (warm == null) {
            return;
        }
        String subject = index == null ? "table" : "index " + index;
        if (billingMode.equals("PAY_PER_REQUEST")) {
            checkAtLeast(warm.readUnitsPerSecond(), Scaling.ON_DEMAND_INITIAL_READ, "Requested ReadUnitsPerSecond "
                    + "for WarmThroughput for " + subject + " is lower than initial throughput for OnDemand. See: "
                    + INITIAL_ON_DEMAND);
            checkAtLeast(warm.writeUnitsPerSecond(), Scaling.ON_DEMAND_INITIAL_WRITE, "Requested WriteUnitsPerSecond "
                    + "for WarmThroughput for " + subject + " is lower than initial throughput for OnDemand. See: "
                    + INITIAL_ON_DEMAND);
        } else if (provisioned != null) {
            checkAtLeast(warm.readUnitsPerSecond(), provisioned.readCapacityUnits(), "Requested ReadUnitsPerSecond for "
                    + "WarmThroughput for " + subject + " is lower than ReadCapacityUnits of ProvisionedThroughput");
            checkAtLeast(warm.writeUnitsPerSecond(), provisioned.writeCapacityUnits(), "Requested WriteUnitsPerSecond "
                    + "for WarmThroughput for " + subject + " is lower than WriteCapacityUnits of ProvisionedThroughput");
        }
    }

    /**
     * UpdateTable's checks against the table or index as it is: on-demand maximums only when the table will be
     * on demand, above zero or -1 to remove one; warm throughput never lower than it is now.
     *
     * @param index the index's name, or null for the table
     */
    static void checkUpdate(String billingMode, Scaling current, OnDemand onDemand, Warm warm, String index) {
        checkOnDemand(billingMode, onDemand, index, true, "when the table BillingMode is PROVISIONED");
        if (warm == null) {
            return;
        }
        if (warm.readUnitsPerSecond() == null && warm.writeUnitsPerSecond() == null) {
            throw DynamoException.validation(INVALID + "WarmThroughput must have at least one of ReadUnitsPerSecond or "
                    + "WriteUnitsPerSecond specified" + (index == null ? "" : " for index: " + index));
        }
        String subject = index == null ? "table" : "index " + index;
        checkAtLeast(warm.readUnitsPerSecond(), current.warmReadUnitsPerSecond(), "Requested ReadUnitsPerSecond for "
                + "WarmThroughput for " + subject + " is lower than current WarmThroughput, decreasing WarmThroughput "
                + "is not supported");
        checkAtLeast(warm.writeUnitsPerSecond(), current.warmWriteUnitsPerSecond(), "Requested WriteUnitsPerSecond for "
                + "WarmThroughput for " + subject + " is lower than current WarmThroughput, decreasing WarmThroughput "
                + "is not supported");
    }

    /** On-demand maximums only for an on-demand table, each at least 1 (or -1 where it may be removed). */
    private static void checkOnDemand(String billingMode, OnDemand onDemand, String index, boolean mayRemove,
                                      String whenProvisioned) {
        if (onDemand == null || onDemand.isEmpty()) {
            return;
        }
        if (billingMode.equals("PROVISIONED")) {
            throw DynamoException.validation(INVALID + onDemand.named() + " for OnDemandThroughput cannot be specified "
                    + (index == null ? "" : "for index : " + index + " ") + whenProvisioned);
        }
        String subject = index == null ? "table" : "index : " + index;
        for (String member : new String[] {"MaxReadRequestUnits", "MaxWriteRequestUnits"}) {
            Long value = member.equals("MaxReadRequestUnits") ? onDemand.maxReadRequestUnits()
                    : onDemand.maxWriteRequestUnits();
            if (value != null && value < 1 && !(mayRemove && value == REMOVE)) {
                throw DynamoException.validation(INVALID + "Requested " + member + " for OnDemandThroughput for "
                        + subject + " is outside of valid range");
            }
        }
    }

    private static void checkAtLeast(Long requested, long minimum, String message) {
        if (requested != null && requested < minimum) {
            throw DynamoException.validation(INVALID + message);
        }
    }

    /** The scaling with the request's maximums set (or removed) and warmed to what it asked. */
    static Scaling apply(Scaling scaling, OnDemand onDemand, Warm warm) {
        Scaling result = scaling;
        if (onDemand != null) {
            result = result.withOnDemand(onDemand.maxReadRequestUnits(), onDemand.maxWriteRequestUnits());
        }
        if (warm != null) {
            result = result.warmedTo(warm.readUnitsPerSecond(), warm.writeUnitsPerSecond());
        }
        return result;
    }

    /** The scaling after a switch of billing mode: on demand warms to its initial throughput, provisioned has no maximums. */
    static Scaling switched(Scaling scaling, String billingMode) {
        return billingMode.equals("PAY_PER_REQUEST")
                ? scaling.warmedTo(Scaling.ON_DEMAND_INITIAL_READ, Scaling.ON_DEMAND_INITIAL_WRITE)
                : scaling.withOnDemand(REMOVE, REMOVE);
    }

    /** The scaling after new provisioned throughput: warm at least at its capacity units. */
    static Scaling provisioned(Scaling scaling, TableSettings.Throughput throughput) {
        return scaling.warmedTo(throughput.readCapacityUnits(), throughput.writeCapacityUnits());
    }
}
