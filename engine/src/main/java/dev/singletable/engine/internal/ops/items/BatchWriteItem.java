package dev.singletable.engine.internal.ops.items;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.singletable.engine.internal.DynamoException;
import dev.singletable.engine.internal.kernel.Database;
import dev.singletable.engine.internal.ops.Constraints;
import dev.singletable.engine.internal.ops.OperationHandler;
import dev.singletable.engine.internal.ops.RequestContext;
import dev.singletable.engine.internal.ops.Requests;
import dev.singletable.engine.internal.storage.Item;
import dev.singletable.engine.internal.storage.KeyDef;
import dev.singletable.engine.internal.storage.PrimaryKey;
import dev.singletable.engine.internal.storage.Table;
import dev.singletable.engine.internal.storage.TableMetadata;
import dev.singletable.engine.internal.value.SdkItemEncoder;
import dev.singletable.engine.internal.value.Value;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * BatchWriteItem: up to 25 puts and deletes over one or more tables. Every request is checked before
 * any is written, so one bad request rejects the whole batch; the engine never leaves items
 * unprocessed, yet always answers {@code UnprocessedItems: {}}.
 */
public final class BatchWriteItem implements OperationHandler {
    static final int MAX_REQUESTS = 25;

    private final Database database;

    public BatchWriteItem(Database database) {
        this.database = database;
    }

    /**
     * One PutRequest (item set) or DeleteRequest (key set) of the batch; a put also carries its item as the table
     * will store it ({@code stored}), encoded once as it was read, which measured its size, and for engine.load the
     * key it was read with ({@code readKey}, which the stored item holds; null when none).
     */
    record WriteRequest(String tableName, Map<String, Value> item, Map<String, Value> key, Item stored,
                        PrimaryKey readKey) {
    }

    @Override
    public ObjectNode execute(JsonNode request, RequestContext context) {
        Constraints constraints = new Constraints();
        String capacityMode = Requests.returnConsumedCapacity(request, constraints);
        boolean metrics = Members.itemCollectionMetrics(request, constraints);
        constraints.check();
        JsonNode requestItems = BatchShapes.requestItems(request, "BatchWriteItem");
        List<WriteRequest> requests = read(requestItems);
        return database.write(() -> write(database, requests, capacityMode, metrics, context));
    }

    /**
     * An item of engine.load, read by an encoder that keeps the values of the attributes the checks against
     * {@code target} look up (none without a target), as a PutRequest for the table: checked as a request's item is
     * when it is read. The item holds the table key of its values, when they can be one, so that the table keys it
     * by its own bytes. Changes nothing, so any thread may do it.
     */
    static WriteRequest loadedPut(String tableName, SdkItemEncoder reader, Map<String, AttributeValue> item,
                                  LoadTarget target) {
        long size = reader.read(item);
        PrimaryKey key = target == null ? null : target.keyRead(reader);
        Item stored = Item.read(reader, size, key); // written out before its attributes view it
        return put(Database.nameOf(tableName), reader.attributes(), stored, key);
    }

    /**
     * A PutRequest, checked as a request's item is when it is read: its attribute names, and its size as encoding it
     * measured.
     */
    private static WriteRequest put(String tableName, Map<String, Value> item, Item stored, PrimaryKey readKey) {
        ItemKeys.checkAttributeNames(item);
        Members.checkItemSize(stored.size());
        return new WriteRequest(tableName, item, null, stored, readKey);
    }

    /**
     * The table a batch of engine.load is checked against ahead of its write, with its settings then, and the
     * attributes those checks look up ({@link ItemKeys#namesChecked}), which a reader keeps as it encodes.
     */
    record LoadTarget(Table table, TableMetadata settings, List<String> namesChecked) {
        static LoadTarget of(Table table) {
            return new LoadTarget(table, table.metadata(), ItemKeys.namesChecked(table));
        }

        /**
         * The table key of the item a reader last read, from the values it kept ({@link ItemKeys#namesChecked} names
         * the table's key first); null when they cannot be the table's key, which the checks then refuse.
         */
        PrimaryKey keyRead(SdkItemEncoder reader) {
            KeyDef sortKey = table.sortKey();
            Value partition = reader.kept(0);
            Value sort = sortKey == null ? null : reader.kept(1);
            boolean fits = ItemKeys.hasType(partition, table.partitionKey())
                    && (sortKey == null || ItemKeys.hasType(sort, sortKey));
            return fits ? new PrimaryKey(partition, sort) : null;
        }

        /** Whether checks made against this target stand for the table: the same table, with the same settings. */
        boolean isCurrent(Table current) {
            return table == current && settings == current.metadata();
        }
    }

    /**
     * A batch of engine.load as read: its puts and, when they were checked ahead against a target, their writes or
     * what refused one of them.
     */
    record LoadBatch(List<WriteRequest> puts, LoadTarget target, List<ItemWrite> writes, RuntimeException refused) {
    }

    /**
     * Checks a batch of engine.load against the table as the last batch's write found it, outside the lock, as
     * {@link #putAll} would under it, and works out the items' keys: so that the writer has only to write while
     * readers check. Without a target (no batch written yet) the batch is left to be checked as it is written.
     */
    static LoadBatch checkedAhead(List<WriteRequest> puts, LoadTarget target) {
        if (target == null) {
            return new LoadBatch(puts, null, null, null);
        }
        try {
            List<ItemWrite> writes = checked(name -> target.table(), puts);
            writes.forEach(write -> write.key().prepared());
            return new LoadBatch(puts, target, writes, null);
        } catch (RuntimeException e) {
            return new LoadBatch(puts, target, null, e);
        }
    }

    /**
     * Writes a batch of engine.load as one BatchWriteItem of its PutRequests: every check before any write. The
     * checks made ahead stand when the table and its settings are still the ones they were made against (settings
     * are replaced, never changed in place); else the batch is checked here. Returns the target of the next batches.
     */
    static LoadTarget putAll(Database database, LoadBatch batch) {
        return database.write(() -> {
            Table table = database.table(batch.puts().get(0).tableName());
            LoadTarget target = batch.target();
            List<ItemWrite> writes;
            boolean current = target != null && target.isCurrent(table);
            if (current) {
                if (batch.refused() != null) {
                    throw batch.refused();
                }
                writes = batch.writes();
            } else {
                writes = checked(database, batch.puts());
            }
            writes.forEach(ItemWrite::make); // nobody asks what a load consumed
            return current ? target : LoadTarget.of(table); // writing items changes no setting
        });
    }

    /** Checks and applies the writes; {@code capacityMode} null when nobody asks what they consumed. */
    private static ObjectNode write(Database database, List<WriteRequest> requests, String capacityMode,
                                    boolean metrics, RequestContext context) {
        List<ItemWrite> writes = checked(database, requests);
        Usage usage = new Usage();
        Map<String, ArrayNode> collections = new LinkedHashMap<>();
        for (ItemWrite write : writes) {
            ItemWrite.Outcome outcome = write.make();
            if (capacityMode != null) {
                usage.write(write.table().name(), write.cost(outcome));
            }
        }
        if (metrics) {
            for (ItemWrite write : writes) {
                ObjectNode collection = ItemCollections.metrics(write.table(), write.key().partition());
                if (collection != null) {
                    collections.computeIfAbsent(write.table().name(),
                            n -> JsonNodeFactory.instance.arrayNode()).add(collection);
                }
            }
        }
        context.consumedCapacity(usage.total());
        ObjectNode response = JsonNodeFactory.instance.objectNode();
        response.putObject("UnprocessedItems");
        ArrayNode consumed = capacityMode == null ? null : usage.perTable(capacityMode);
        if (consumed != null) {
            response.set("ConsumedCapacity", consumed);
        }
        if (!collections.isEmpty()) {
            ObjectNode byTable = response.putObject("ItemCollectionMetrics");
            collections.forEach(byTable::set);
        }
        return response;
    }

    /**
     * The batch's writes, each checked against its table: the key, the index keys, and no key twice in the batch.
     * Nothing is written.
     */
    private static List<ItemWrite> checked(Database database, List<WriteRequest> requests) {
        Map<String, Table> tables = new LinkedHashMap<>();
        for (WriteRequest r : requests) {
            tables.computeIfAbsent(r.tableName(), database::table);
        }
        return checked(tables::get, requests);
    }

    /** {@link #checked(Database, List)} with the requests' tables known. */
    private static List<ItemWrite> checked(Function<String, Table> tables, List<WriteRequest> requests) {
        List<ItemWrite> writes = new ArrayList<>(requests.size());
        Set<TableKey> seen = new HashSet<>(2 * requests.size());
        for (WriteRequest r : requests) {
            Table table = tables.apply(r.tableName());
            ItemWrite write;
            if (r.item() != null) {
                PrimaryKey key = ItemKeys.checkItemKey(table, r.item());
                if (key.equals(r.readKey())) {
                    key = r.readKey(); // the key the stored item holds, its bytes worked out
                }
                ItemKeys.checkIndexKeys(table, r.item(), null, ItemKeys.Form.PUT);
                write = ItemWrite.put(table, key, r.item(), r.stored(), null);
            } else {
                ItemKeys.ofKey(table, r.key());
                write = ItemWrite.delete(table, r.key(), null);
            }
            if (!seen.add(new TableKey(table.name(), write.key()))) {
                throw DynamoException.validation("Provided list of item keys contains duplicates");
            }
            writes.add(write);
        }
        return writes;
    }

    /**
     * An item's key in a batch, which names it once at most. Its {@code equals} and {@code hashCode} are written
     * out: a record's generated ones bootstrap through {@code ObjectMethods}, which a cold JVM's first seeding would
     * pay for.
     */
    private record TableKey(String table, PrimaryKey key) {
        @Override
        public boolean equals(Object other) {
            return other instanceof TableKey that && table.equals(that.table) && key.equals(that.key);
        }

        @Override
        public int hashCode() {
            return 31 * table.hashCode() + key.hashCode();
        }
    }

    /** The requests, checked for shape and then each item's values and size, without the tables. */
    private static List<WriteRequest> read(JsonNode requestItems) {
        int total = 0;
        for (Iterator<Map.Entry<String, JsonNode>> it = requestItems.fields(); it.hasNext(); ) {
            JsonNode list = Requests.array(requestItems, it.next().getKey());
            if (list == null || list.isEmpty() || list.size() > MAX_REQUESTS) {
                throw Requests.constraint(BatchShapes.printedMap(requestItems, "WriteRequest"), "requestItems",
                        "Map value must satisfy constraint: [Member must have length less than or equal to "
                                + MAX_REQUESTS + ", Member must have length greater than or equal to 1]");
            }
            total += list.size();
        }
        if (total > MAX_REQUESTS) {
            throw DynamoException.validation("Too many items requested for the BatchWriteItem call");
        }
        List<WriteRequest> requests = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = requestItems.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            String tableName = Database.nameOf(e.getKey());
            for (JsonNode element : e.getValue()) {
                requests.add(readRequest(tableName, element));
            }
        }
        return requests;
    }

    private static WriteRequest readRequest(String tableName, JsonNode element) {
        if (!element.isObject()) {
            throw DynamoException.serialization("Unexpected value type in payload");
        }
        JsonNode put = Requests.object(element, "PutRequest");
        JsonNode delete = Requests.object(element, "DeleteRequest");
        if ((put == null) == (delete == null)) {
            // the service's own wording for a WriteRequest with no or both members
            throw DynamoException.validation("Supplied AttributeValue has more than one datatypes set, "
                    + "must contain exactly one of the supported datatypes");
        }
        if (put != null) {
            Map<String, Value> item = Members.requiredItem(put, "Item", "requestItems." + tableName
                    + ".member.putRequest.item");
            return put(tableName, item, Item.of(item), null);
        }
        return new WriteRequest(tableName, null, Members.requiredItem(delete, "Key",
                "requestItems." + tableName + ".member.deleteRequest.key"), null, null);
    }
}
