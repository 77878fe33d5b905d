package dev.singletable.engine.internal.ops.items;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.singletable.engine.internal.kernel.Capacity;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The capacity one request consumed, per table and index, and the ConsumedCapacity member that reports it:
 * one object for single-item operations, a list with one entry per table for batches and transactions.
 * Transactions split each figure into ReadCapacityUnits and WriteCapacityUnits.
 */
final class Usage {
    private final Map<String, TableUnits> tables = new LinkedHashMap<>();

    /** Read and write units of the table itself or of one index. */
    private static final class Units {
        double read;
        double write;

        double total() {
            return read + write;
        }
    }

    /** Units of one table: the table itself, then its indexes in the order first charged. */
    private static final class TableUnits {
        final Units table = new Units();
        final Map<String, Units> global = new LinkedHashMap<>();
        final Map<String, Units> local = new LinkedHashMap<>();

        double total() {
            return table.total() + sum(global) + sum(local);
        }
    }

    void read(String tableName, double units) {
        tableUnits(tableName).table.read += units;
    }

    void write(String tableName, WriteCost cost) {
        TableUnits units = tableUnits(tableName);
        units.table.write += cost.table();
        cost.globalIndexes().forEach((name, u) -> units.global.computeIfAbsent(name, n -> new Units()).write += u);
        cost.localIndexes().forEach((name, u) -> units.local.computeIfAbsent(name, n -> new Units()).write += u);
    }

    /** Makes sure a table appears in the report even if it consumed nothing. */
    void touch(String tableName) {
        tableUnits(tableName);
    }

    /** Every unit consumed, for the request log. */
    double total() {
        double total = 0;
        for (TableUnits units : tables.values()) {
            total += units.total();
        }
        return total;
    }

    /** The ConsumedCapacity of a single-table, non-transactional request; null when {@code mode} is NONE. */
    ObjectNode single(String mode) {
        if (mode.equals("NONE")) {
            return null;
        }
        Map.Entry<String, TableUnits> only = tables.entrySet().iterator().next();
        return plain(mode, only.getKey(), only.getValue());
    }

    /** The ConsumedCapacity list of a batch, one entry per table; null when {@code mode} is NONE. */
    ArrayNode perTable(String mode) {
        if (mode.equals("NONE")) {
            return null;
        }
        ArrayNode list = JsonNodeFactory.instance.arrayNode();
        tables.forEach((name, units) -> list.add(plain(mode, name, units)));
        return list;
    }

    /** The ConsumedCapacity list of a transaction, with read and write units apart; null when NONE. */
    ArrayNode transactional(String mode) {
        if (mode.equals("NONE")) {
            return null;
        }
        ArrayNode list = JsonNodeFactory.instance.arrayNode();
        tables.forEach((name, units) -> {
            ObjectNode entry = list.addObject();
            entry.put("TableName", name);
            Units all = new Units();
            all.read = units.table.read + units.global.values().stream().mapToDouble(u -> u.read).sum()
                    + units.local.values().stream().mapToDouble(u -> u.read).sum();
            all.write = units.table.write + units.global.values().stream().mapToDouble(u -> u.write).sum()
                    + units.local.values().stream().mapToDouble(u -> u.write).sum();
            split(entry, all);
            if (mode.equals("INDEXES")) {
                split(entry.putObject("Table"), units.table);
                splitIndexes(entry, "GlobalSecondaryIndexes", units.global);
                splitIndexes(entry, "LocalSecondaryIndexes", units.local);
            }
        });
        return list;
    }

    private static void splitIndexes(ObjectNode entry, String member, Map<String, Units> indexes) {
        if (!indexes.isEmpty()) {
            ObjectNode byIndex = entry.putObject(member);
            indexes.forEach((name, units) -> split(byIndex.putObject(name), units));
        }
    }

    private static void split(ObjectNode node, Units units) {
        node.put("CapacityUnits", units.total());
        if (units.read > 0) {
            node.put("ReadCapacityUnits", units.read);
        }
        if (units.write > 0) {
            node.put("WriteCapacityUnits", units.write);
        }
    }

    private static ObjectNode plain(String mode, String tableName, TableUnits units) {
        return Capacity.consumed(mode, tableName, units.table.total(), totals(units.global), totals(units.local));
    }

    private static Map<String, Double> totals(Map<String, Units> indexes) {
        Map<String, Double> totals = new LinkedHashMap<>();
        indexes.forEach((name, units) -> totals.put(name, units.total()));
        return totals;
    }

    private static double sum(Map<String, Units> indexes) {
        double sum = 0;
        for (Units units : indexes.values()) {
            sum += units.total();
        }
        return sum;
    }

    private TableUnits tableUnits(String tableName) {
        return tables.computeIfAbsent(tableName, n -> new TableUnits());
    }
}
