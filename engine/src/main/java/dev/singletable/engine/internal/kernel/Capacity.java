package dev.singletable.engine.internal.kernel;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;

/** DynamoDB's capacity arithmetic and the ConsumedCapacity member it is reported in. */
public final class Capacity {
    private Capacity() {
    }

    /** Read units for this many bytes read in one request: 4 KB units, halved when eventually consistent. */
    public static double readUnits(long bytes, boolean consistent) {
        double units = Math.max(1, Math.ceil(bytes / 4096.0));
        return consistent ? units : units / 2;
    }

    /** Write units for an item of this size: 1 KB units, at least one. */
    public static double writeUnits(long bytes) {
        return Math.max(1, Math.ceil(bytes / 1024.0));
    }

    /**
     * The ConsumedCapacity member for one table, or null when {@code mode} is NONE. With INDEXES it breaks the
     * total down into the table and each index touched.
     */
    public static ObjectNode consumed(String mode, String table, double tableUnits, Map<String, Double> globalIndexes,
                                      Map<String, Double> localIndexes) {
        if (mode.equals("NONE")) {
            return null;
        }
        double total = tableUnits + sum(globalIndexes) + sum(localIndexes);
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        node.put("TableName", table);
        node.put("CapacityUnits", total);
        if (mode.equals("INDEXES")) {
            node.putObject("Table").put("CapacityUnits", tableUnits);
            putIndexes(node, "GlobalSecondaryIndexes", globalIndexes);
            putIndexes(node, "LocalSecondaryIndexes", localIndexes);
        }
        return node;
    }

    private static void putIndexes(ObjectNode node, String member, Map<String, Double> indexes) {
        if (!indexes.isEmpty()) {
            ObjectNode byIndex = node.putObject(member);
            indexes.forEach((name, units) -> byIndex.putObject(name).put("CapacityUnits", units));
        }
    }

    private static double sum(Map<String, Double> units) {
        return units.values().stream().mapToDouble(Double::doubleValue).sum();
    }
}
