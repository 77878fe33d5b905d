package dev.singletable.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.singletable.core.Cost;
import dev.singletable.core.DesignWarning;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/** The design warnings and the cost in {@code verify}'s JSON document. */
final class InsightJson {
    private InsightJson() {
    }

    static void add(ObjectNode root, List<DesignWarning> warnings, long scale, Cost cost, Cost.Prices prices) {
        root.put("scale", scale);
        ArrayNode list = root.putArray("warnings");
        for (DesignWarning warning : warnings) {
            ObjectNode node = list.addObject();
            node.put("kind", warning.kind().name());
            node.put("message", warning.message());
            text(node, "entity", warning.entity());
            text(node, "attribute", warning.attribute());
            text(node, "pattern", warning.pattern());
            text(node, "index", warning.index());
            text(node, "location", warning.location().map(Object::toString));
        }
        ObjectNode costs = root.putObject("cost");
        costs.put("hoursPerMonth", Cost.HOURS_PER_MONTH);
        ArrayNode patterns = costs.putArray("patterns");
        for (Cost.PatternCost pattern : cost.patterns()) {
            ObjectNode node = patterns.addObject();
            node.put("pattern", pattern.pattern().name());
            node.put("index", pattern.index());
            node.put("calls", pattern.calls());
            number(node, "readUnits", pattern.readUnits());
            number(node, "stronglyConsistentReadUnits", pattern.stronglyConsistentReadUnits());
            text(node, "rate", pattern.rate().map(Object::toString));
            node.put("readUnitsPerSecond", pattern.readUnitsPerSecond());
        }
        ArrayNode writes = costs.putArray("writes");
        for (Cost.WriteCost write : cost.writes()) {
            ObjectNode node = writes.addObject();
            node.put("entity", write.entity());
            node.put("writes", write.writes());
            ObjectNode units = node.putObject("writeUnits");
            write.writeUnits().forEach(units::put);
            node.put("totalWriteUnits", write.totalWriteUnits());
            text(node, "rate", write.rate().map(Object::toString));
        }
        ArrayNode indexes = costs.putArray("indexes");
        cost.indexes().forEach(index -> index(indexes.addObject(), index, prices));
        index(costs.putObject("total"), cost.total(), prices);
    }

    private static void index(ObjectNode node, Cost.IndexCost index, Cost.Prices prices) {
        node.put("index", index.index());
        node.put("local", index.local());
        node.put("readUnitsPerSecond", index.readUnitsPerSecond());
        node.put("writeUnitsPerSecond", index.writeUnitsPerSecond());
        node.put("monthlyReadRequestUnits", index.monthlyReadRequestUnits());
        node.put("monthlyWriteRequestUnits", index.monthlyWriteRequestUnits());
        node.put("provisionedReadCapacityUnits", index.provisionedReadCapacityUnits());
        node.put("provisionedWriteCapacityUnits", index.provisionedWriteCapacityUnits());
        number(node, "onDemandMonthly", index.onDemandMonthly(prices));
        number(node, "provisionedMonthly", index.provisionedMonthly(prices));
    }

    private static void text(ObjectNode node, String field, Optional<String> value) {
        value.ifPresentOrElse(v -> node.put(field, v), () -> node.putNull(field));
    }

    private static void number(ObjectNode node, String field, OptionalDouble value) {
        if (value.isPresent()) {
            node.put(field, value.getAsDouble());
        } else {
            node.putNull(field);
        }
    }
}
