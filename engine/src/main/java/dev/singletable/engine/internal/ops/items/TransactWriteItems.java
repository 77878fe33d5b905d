package dev.singletable.engine.internal.ops.items;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.singletable.engine.internal.DynamoException;
import dev.singletable.engine.internal.expr.Condition;
import dev.singletable.engine.internal.expr.Update;
import dev.singletable.engine.internal.kernel.Capacity;
import dev.singletable.engine.internal.kernel.Database;
import dev.singletable.engine.internal.ops.Constraints;
import dev.singletable.engine.internal.ops.OperationHandler;
import dev.singletable.engine.internal.ops.RequestContext;
import dev.singletable.engine.internal.ops.Requests;
import dev.singletable.engine.internal.storage.Item;
import dev.singletable.engine.internal.storage.PrimaryKey;
import dev.singletable.engine.internal.storage.Table;
import dev.singletable.engine.internal.value.Sizes;
import dev.singletable.engine.internal.value.Value;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * TransactWriteItems: up to 100 Put, Update, Delete and ConditionCheck actions, all or nothing. The whole
 * transaction runs under the database's write lock: every action is planned against the present items, and
 * only if none fails is any applied. A ClientRequestToken makes a successful transaction idempotent for ten
 * minutes.
 */
public final class TransactWriteItems implements OperationHandler {
    static final long MAX_TRANSACTION_BYTES = 4L * 1024 * 1024;
    static final Duration IDEMPOTENCY_WINDOW = Duration.ofMinutes(10);
    private static final List<String> ACTIONS = List.of("ConditionCheck", "Put", "Delete", "Update");

    private final Database database;
    /**
     * Successful transactions by ClientRequestToken, oldest first; guarded by the database's write lock. The SDKs
     * send a token with every transaction, so entries keep a digest of the request, not the request.
     */
    private final Map<String, Completed> completed = new LinkedHashMap<>();

    public TransactWriteItems(Database database) {
        this.database = database;
    }

    /** One action as read from the request, before its table is looked up. */
    private record Action(String kind, String tableName, Map<String, Value> item, Map<String, Value> key,
                          Update update, Condition condition, boolean returnOldItem) {
        Map<String, Value> keySource() {
            return item != null ? item : key;
        }
    }

    /** A transaction that succeeded: a digest of what it asked, what it answered, when, and the items it wrote. */
    private record Completed(String request, ObjectNode response, Instant at, List<Map.Entry<String, PrimaryKey>> items) {
    }

    @Override
    public ObjectNode execute(JsonNode request, RequestContext context) {
        Constraints constraints = new Constraints();
        String capacityMode = Requests.returnConsumedCapacity(request, constraints);
        boolean metrics = Members.itemCollectionMetrics(request, constraints);
        constraints.check();
        String token = Requests.string(request, "ClientRequestToken");
        if (token != null && (token.isEmpty() || token.length() > 36)) {
            throw Requests.constraint(token, "clientRequestToken", token.isEmpty()
                    ? "Member must have length greater than or equal to 1"
                    : "Member must have length less than or equal to 36");
        }
        List<JsonNode> elements = BatchShapes.transactItems(request, "TransactWriteItem");
        List<Action> actions = new ArrayList<>();
        long bytes = 0;
        for (int i = 0; i < elements.size(); i++) {
            Action action = read(elements.get(i), i + 1);
            bytes += Sizes.itemSize(action.keySource());
            actions.add(action);
        }
        if (bytes > MAX_TRANSACTION_BYTES) {
            throw DynamoException.validation("The aggregate size of the items in the transaction cannot exceed 4 MB");
        }
        String identity = identity(request);
        return database.write(() -> {
            if (token != null) {
                ObjectNode replay = replay(token, identity, capacityMode, context);
                if (replay != null) {
                    return replay;
                }
            }
            List<ItemWrite> writes = prepare(actions);
            Usage usage = new Usage();
            Cancellation cancellation = new Cancellation(actions.size());
            checkKeysAndTypes(actions, writes, cancellation);
            List<ItemWrite.Outcome> outcomes = new ArrayList<>();
            for (int i = 0; i < writes.size() && !cancellation.validationFailed(); i++) {
                outcomes.add(plan(i, actions.get(i), writes.get(i), usage, cancellation));
            }
            for (int i = 0; i < outcomes.size(); i++) {
                if (outcomes.get(i) != null && !outcomes.get(i).conditionFailed()) {
                    writes.get(i).checkIndexKeyValues(outcomes.get(i));
                }
            }
            context.consumedCapacity(usage.total());
            if (cancellation.failed()) {
                throw cancellation.exception();
            }
            for (int i = 0; i < writes.size(); i++) {
                writes.get(i).apply(outcomes.get(i));
            }
            ObjectNode response = JsonNodeFactory.instance.objectNode();
            if (metrics) {
                addCollectionMetrics(response, writes);
            }
            if (token != null) {
                List<Map.Entry<String, PrimaryKey>> items = new ArrayList<>();
                writes.forEach(w -> items.add(Map.entry(w.table().name(), w.key())));
                completed.remove(token); // re-inserted last: the map stays in completion order
                completed.put(token, new Completed(identity, response.deepCopy(), database.clock().instant(), items));
            }
            ArrayNode consumed = usage.transactional(capacityMode);
            if (consumed != null) {
                response.set("ConsumedCapacity", consumed);
            }
            return response;
        });
    }

    /** One element of TransactItems, checked without its table: shape, values, expressions. */
    private static Action read(JsonNode element, int position) {
        List<String> present = ACTIONS.stream().filter(a -> element.hasNonNull(a)).toList();
        if (present.size() != 1) {
            throw DynamoException.validation("TransactItems can only contain one of ConditionCheck, Put, Update or "
                    + "Delete in each element; element " + position + " has " + (present.isEmpty() ? "none" : present));
        }
        String kind = present.get(0);
        JsonNode member = Requests.object(element, kind);
        String path = "transactItems." + position + ".member." + BatchShapes.lowerFirst(kind);
        String tableName = Requests.tableName(member, "TableName", path + ".tableName");
        boolean returnOldItem = Members.oldItemOnConditionFailure(member, path + ".returnValuesOnConditionCheckFailure");
        Map<String, Value> item = null;
        Map<String, Value> key = null;
        if (kind.equals("Put")) {
            item = Members.requiredItem(member, "Item", path + ".item");
        } else {
            key = Members.requiredItem(member, "Key", path + ".key");
        }
        for (String required : kind.equals("Update") ? List.of("UpdateExpression")
                : kind.equals("ConditionCheck") ? List.of("ConditionExpression") : List.<String>of()) {
            if (Requests.string(member, required) == null) {
                throw Requests.constraint(null, path + "." + BatchShapes.lowerFirst(required), "Member must not be null");
            }
        }
        RequestExpressions expressions = RequestExpressions.of(member, kind.equals("Update")
                ? List.of("UpdateExpression", "ConditionExpression") : List.of("ConditionExpression"), List.of());
        Update update = kind.equals("Update") ? expressions.update() : null;
        Condition condition = expressions.condition();
        expressions.checkAllUsed();
        if (item != null) {
            ItemKeys.checkAttributeNames(item);
            Members.checkItemSize(item);
        }
        return new Action(kind, tableName, item, key, update, condition, returnOldItem);
    }

    /**
     * Looks the tables up and makes the checks the service answers for the whole request: empty or oversized
     * key values, empty index keys, updates of key attributes, and two actions on one item.
     */
    private List<ItemWrite> prepare(List<Action> actions) {
        List<ItemWrite> writes = new ArrayList<>();
        Set<List<Object>> targets = new HashSet<>();
        for (Action action : actions) {
            Table table = database.table(action.tableName());
            Map<String, Value> key = ItemKeys.keyAttributes(table, action.keySource());
            if (hasKeyShape(table, key)) {
                ItemKeys.checkKeyValues(table, key);
            }
            if (action.item() != null) {
                ItemKeys.checkIndexKeyValues(table, action.item(), null, ItemKeys.Form.PUT);
            }
            if (action.update() != null) {
                ItemKeys.checkNotUpdatingKey(table, action.update().topLevelAttributes());
            }
            if (!targets.add(List.of(table.name(), key))) {
                throw DynamoException.validation("Transaction request cannot include multiple operations on one item");
            }
            writes.add(switch (action.kind()) {
                case "Put" -> ItemWrite.put(table, action.item(), action.condition());
                case "Update" -> ItemWrite.update(table, action.key(), action.update(), action.condition());
                case "Delete" -> ItemWrite.delete(table, action.key(), action.condition());
                default -> ItemWrite.check(table, action.key(), action.condition());
            });
        }
        return writes;
    }

    /** Key shapes and types, and index key types of Puts, are cancellation reasons in a transaction. */
    private static void checkKeysAndTypes(List<Action> actions, List<ItemWrite> writes, Cancellation cancellation) {
        for (int i = 0; i < actions.size() && !cancellation.validationFailed(); i++) {
            Action action = actions.get(i);
            Table table = writes.get(i).table();
            try {
                if (action.item() != null) {
                    ItemKeys.checkItemKey(table, action.item());
                    DynamoException mismatch = ItemKeys.indexTypeMismatch(table, action.item(), null);
                    if (mismatch != null) {
                        throw mismatch;
                    }
                } else {
                    ItemKeys.checkKeyShape(table, action.key());
                }
            } catch (DynamoException e) {
                cancellation.validationError(i, e.getMessage());
            }
        }
    }

    private static ItemWrite.Outcome plan(int i, Action action, ItemWrite write, Usage usage, Cancellation cancellation) {
        ItemWrite.Outcome outcome;
        try {
            outcome = write.plan(false);
        } catch (DynamoException e) {
            cancellation.validationError(i, e.getMessage());
            return null;
        }
        if (write.isCheck()) {
            usage.read(write.table().name(), write.readUnits(outcome) * 2);
        } else {
            usage.write(write.table().name(), write.cost(outcome).doubled());
        }
        if (outcome.conditionFailed()) {
            cancellation.conditionFailed(i, outcome.old(), action.returnOldItem());
        }
        return outcome;
    }

    private static boolean hasKeyShape(Table table, Map<String, Value> key) {
        try {
            ItemKeys.checkKeyShape(table, key);
            return true;
        } catch (DynamoException e) {
            return false; // reported as the action's cancellation reason
        }
    }

    private static void addCollectionMetrics(ObjectNode response, List<ItemWrite> writes) {
        Map<String, ArrayNode> byTable = new LinkedHashMap<>();
        for (ItemWrite write : writes) {
            ObjectNode metrics = write.isCheck() ? null : ItemCollections.metrics(write.table(), write.key().partition());
            if (metrics != null) {
                byTable.computeIfAbsent(write.table().name(), n -> JsonNodeFactory.instance.arrayNode()).add(metrics);
            }
        }
        if (!byTable.isEmpty()) {
            ObjectNode node = response.putObject("ItemCollectionMetrics");
            byTable.forEach(node::set);
        }
    }

    /**
     * The answer to a token already used: the first answer when the request is the same (its capacity now the
     * reads of the items, as the service reports for a replay), a mismatch error when it is not, or null when
     * the token is new or its ten minutes have passed.
     */
    private ObjectNode replay(String token, String identity, String capacityMode, RequestContext context) {
        Instant now = database.clock().instant();
        for (Iterator<Completed> oldest = completed.values().iterator(); oldest.hasNext(); ) {
            if (oldest.next().at().plus(IDEMPOTENCY_WINDOW).isAfter(now)) {
                break; // entries are in completion order: the rest are younger
            }
            oldest.remove();
        }
        Completed previous = completed.get(token);
        if (previous == null) {
            return null;
        }
        if (!previous.request().equals(identity)) {
            throw DynamoException.of("IdempotentParameterMismatchException", "DynamoDB rejected the request because "
                    + "you retried a request with a different payload but with an idempotent token that was already used.");
        }
        Usage usage = new Usage();
        for (Map.Entry<String, PrimaryKey> target : previous.items()) {
            Item item = database.find(target.getKey()).map(t -> t.get(target.getValue())).orElse(null);
            usage.read(target.getKey(), Capacity.readUnits(item == null ? 0 : item.size(), true));
        }
        context.consumedCapacity(usage.total());
        ObjectNode response = previous.response().deepCopy();
        ArrayNode consumed = usage.transactional(capacityMode);
        if (consumed != null) {
            response.set("ConsumedCapacity", consumed);
        }
        return response;
    }

    /**
     * What makes two requests with one token the same request: everything but what to report back, as a
     * SHA-256 digest of its JSON.
     */
    private static String identity(JsonNode request) {
        ObjectNode copy = request.deepCopy();
        copy.remove("ReturnConsumedCapacity");
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(copy.toString().getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK provides SHA-256", e);
        }
    }
}
