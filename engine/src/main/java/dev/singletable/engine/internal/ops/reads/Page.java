package dev.singletable.engine.internal.ops.reads;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.singletable.engine.internal.expr.Condition;
import dev.singletable.engine.internal.expr.Projection;
import dev.singletable.engine.internal.kernel.Capacity;
import dev.singletable.engine.internal.ops.RequestContext;
import dev.singletable.engine.internal.storage.Item;
import dev.singletable.engine.internal.value.Value;
import dev.singletable.engine.internal.value.ValueJson;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One page of a Query or Scan, read as DynamoDB reads it: entries in key order until Limit entries
 * or 1 MB have been read (the entry crossing 1 MB included; on an index, the size of the projected entry), then
 * the filter, then the projection. The LastEvaluatedKey is the key of the last entry read whenever the page
 * stopped on Limit or size, without looking ahead.
 */
final class Page {
    static final long MAX_PAGE_BYTES = 1024 * 1024;

    private final List<Map<String, Value>> items = new ArrayList<>();
    private int count;
    private int scannedCount;
    private long bytesRead;
    /** Read units of the table items an LSI query fetched for attributes the index lacks (each rounded alone). */
    private double fetchUnits;
    private Map<String, Value> lastEvaluatedKey;
    /** How a Scan page is charged, partition by partition; null for a Query, charged for its bytes at once. */
    private final ScanCharge scanCharge;

    private Page(ScanCharge scanCharge) {
        this.scanCharge = scanCharge;
    }

    /** Reads a page of a Query from the entries of the target, in the order they are to be read. */
    static Page read(ReadRequest request, ReadTarget target, Iterator<Item> entries) {
        return read(request, target, entries, null);
    }

    /** Reads a page from the entries of the target; a Scan's is charged by {@code scanCharge}. */
    static Page read(ReadRequest request, ReadTarget target, Iterator<Item> entries, ScanCharge scanCharge) {
        Page page = new Page(scanCharge);
        String select = request.select();
        Condition filter = request.filter();
        Projection projection = request.projection();
        boolean fetch = needsTableItems(request, target);
        int limit = request.limit();
        Item last = null;
        while (entries.hasNext()) {
            Item entry = entries.next();
            last = entry;
            page.scannedCount++;
            page.bytesRead += entry.size();
            Map<String, Value> record = entry.attributes();
            if (scanCharge != null) {
                scanCharge.read(target.partitionOf(record), entry.size());
            }
            if (fetch) {
                Item item = target.tableItem(entry);
                page.fetchUnits += Capacity.readUnits(item.size(), request.consistentRead());
                record = item.attributes();
            }
            if (filter == null || filter.test(record)) {
                page.count++;
                if (!select.equals(ReadRequest.COUNT)) {
                    page.items.add(select.equals(ReadRequest.SPECIFIC_ATTRIBUTES) ? projection.apply(record)
                            : select.equals(ReadRequest.ALL_PROJECTED_ATTRIBUTES) ? entry.attributes() : record);
                }
            }
            if (page.scannedCount == limit || page.bytesRead >= MAX_PAGE_BYTES) {
                page.lastEvaluatedKey = target.lastEvaluatedKey(last);
                break;
            }
        }
        return page;
    }

    /**
     * Whether each entry must be completed from its table item: only on a local index that does not project
     * everything, when the Select, the projection or the filter asks for an attribute it lacks.
     */
    private static boolean needsTableItems(ReadRequest request, ReadTarget target) {
        if (!target.isLocalIndex() || target.holdsWholeItems()) {
            return false;
        }
        String select = request.select();
        if (select.equals(ReadRequest.ALL_ATTRIBUTES)) {
            return true;
        }
        Set<String> wanted = new HashSet<>();
        if (select.equals(ReadRequest.SPECIFIC_ATTRIBUTES)) {
            wanted.addAll(request.projection().topLevelAttributes());
        }
        if (request.filter() != null) {
            wanted.addAll(request.filter().topLevelAttributes());
        }
        return !target.unprojected(wanted).isEmpty();
    }

    /** The response body, and what the request log is told about the page. */
    ObjectNode respond(ReadRequest request, ReadTarget target, RequestContext context) {
        ObjectNode body = JsonNodeFactory.instance.objectNode();
        if (!request.select().equals(ReadRequest.COUNT)) {
            ArrayNode array = body.putArray("Items");
            items.forEach(item -> array.add(ValueJson.writeItem(item)));
        }
        body.put("Count", count);
        body.put("ScannedCount", scannedCount);
        if (lastEvaluatedKey != null) {
            body.set("LastEvaluatedKey", ValueJson.writeItem(lastEvaluatedKey));
        }
        double readUnits = scanCharge == null ? Capacity.readUnits(bytesRead, request.consistentRead())
                : scanCharge.units(request.consistentRead(), lastEvaluatedKey == null);
        double tableUnits = target.index() == null ? readUnits : fetchUnits;
        Map<String, Double> onIndex = target.index() == null ? Map.of() : Map.of(target.indexName(), readUnits);
        ObjectNode consumed = Capacity.consumed(request.returnConsumedCapacity(), target.table().name(), tableUnits,
                target.isGlobalIndex() ? onIndex : Map.of(), target.isLocalIndex() ? onIndex : Map.of());
        if (consumed != null) {
            body.set("ConsumedCapacity", consumed);
        }
        context.index(target.indexName());
        context.counts(scannedCount, count);
        context.morePages(lastEvaluatedKey != null);
        context.consumedCapacity(tableUnits + (target.index() == null ? 0 : readUnits));
        return body;
    }
}
