package dev.singletable.engine.internal.ops.items;

import dev.singletable.engine.internal.DynamoException;
import dev.singletable.engine.internal.expr.Condition;
import dev.singletable.engine.internal.expr.Update;
import dev.singletable.engine.internal.expr.UpdateResult;
import dev.singletable.engine.internal.kernel.Capacity;
import dev.singletable.engine.internal.storage.Item;
import dev.singletable.engine.internal.storage.PrimaryKey;
import dev.singletable.engine.internal.storage.Table;
import dev.singletable.engine.internal.value.ItemCodec;
import dev.singletable.engine.internal.value.Sizes;
import dev.singletable.engine.internal.value.Value;
import dev.singletable.engine.internal.value.ValueJson;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One write to one item — a Put, Update, Delete or a transaction's ConditionCheck — whose request has been
 * checked against its table. It runs under the database's write lock, in two steps for a transaction, which plans
 * every action before applying any: {@link #plan(boolean)} reads the present item, tests the condition and computes
 * the new item without changing anything, then {@link #apply(Outcome)} writes. A write of its own takes both steps at
 * once ({@link #make()}).
 */
final class ItemWrite {
    enum Kind { PUT, UPDATE, DELETE, CHECK }

    private final Kind kind;
    private final Table table;
    private final PrimaryKey key;
    /** The key attributes, which an upsert's new item starts from; null for a put of an encoded item. */
    private final Map<String, Value> keyAttributes;
    private final Map<String, Value> item;
    private final Update update;
    private final Condition condition;
    /** A put's item as the table stores it, encoded as the request was read (which measured it); else null. */
    private final Item stored;

    private ItemWrite(Kind kind, Table table, Map<String, Value> keyAttributes, Map<String, Value> item,
                      Update update, Condition condition) {
        this(kind, table, table.keyOf(keyAttributes), keyAttributes, item, update, condition, null);
    }

    private ItemWrite(Kind kind, Table table, PrimaryKey key, Map<String, Value> keyAttributes,
                      Map<String, Value> item, Update update, Condition condition, Item stored) {
        this.kind = kind;
        this.table = table;
        this.keyAttributes = keyAttributes;
        this.key = key;
        this.item = item;
        this.update = update;
        this.condition = condition;
        this.stored = stored;
    }

    /** Replaces the whole item. */
    static ItemWrite put(Table table, Map<String, Value> item, Condition condition) {
        return new ItemWrite(Kind.PUT, table, ItemKeys.keyAttributes(table, item), item, null, condition);
    }

    /**
     * Replaces the whole item, whose key has been checked, with one already encoded as the request was read, so that
     * neither is worked out again.
     */
    static ItemWrite put(Table table, PrimaryKey key, Map<String, Value> item, Item stored, Condition condition) {
        return new ItemWrite(Kind.PUT, table, key, null, item, null, condition, stored);
    }

    /** Updates or creates the item; a null update creates it with its key only. */
    static ItemWrite update(Table table, Map<String, Value> key, Update update, Condition condition) {
        return new ItemWrite(Kind.UPDATE, table, key, null, update, condition);
    }

    static ItemWrite delete(Table table, Map<String, Value> key, Condition condition) {
        return new ItemWrite(Kind.DELETE, table, key, null, null, condition);
    }

    /** A transaction's ConditionCheck: tests the condition, writes nothing. */
    static ItemWrite check(Table table, Map<String, Value> key, Condition condition) {
        return new ItemWrite(Kind.CHECK, table, key, null, null, condition);
    }

    Table table() {
        return table;
    }

    PrimaryKey key() {
        return key;
    }

    /**
     * Makes the write unless its condition fails, and returns what it did: an unconditional put is made at once and
     * learns the item it replaced from the put itself, which searches the table once where a plan and its apply
     * search it twice. Runtime failures of an update, an updated item over 400 KB and bad index key values the
     * update wrote are ValidationExceptions, and change nothing.
     */
    Outcome make() {
        if (kind == Kind.PUT && condition == null) {
            Item old = stored != null ? table.put(key, stored, item) : table.put(item);
            return new Outcome(old, item, stored, true, false, null);
        }
        Outcome outcome = plan(true);
        if (!outcome.conditionFailed()) {
            apply(outcome);
        }
        return outcome;
    }

    /**
     * What the write would do to the item present now, changing nothing. Without {@code checkIndexKeyValues} an
     * update's empty or oversized index key values are left to {@link #checkIndexKeyValues(Outcome)}, because a
     * transaction refuses them for the whole request rather than as one action's cancellation reason.
     */
    Outcome plan(boolean checkIndexKeyValues) {
        Item old = table.get(key);
        Map<String, Value> present = old == null ? Map.of() : old.attributes();
        if (condition != null && !condition.test(present)) {
            return new Outcome(old, present, null, false, true, null);
        }
        return switch (kind) {
            case PUT -> new Outcome(old, item, stored, true, false, null);
            case DELETE -> new Outcome(old, null, null, old != null, false, null);
            case CHECK -> new Outcome(old, present, null, false, false, null);
            case UPDATE -> planUpdate(old, present, checkIndexKeyValues);
        };
    }

    private Outcome planUpdate(Item old, Map<String, Value> present, boolean checkIndexKeyValues) {
        if (update == null) {
            return new Outcome(old, old == null ? keyAttributes : present, null, old == null, false, null);
        }
        if (old == null && update.onlyRemovesOrDeletes()) {
            return new Outcome(null, null, null, false, false, null); // REMOVE or DELETE alone do not create an item
        }
        UpdateResult result = update.apply(present);
        // the update's item reads through to the present one; a new item only needs its key put first
        Map<String, Value> after = result.newItem();
        if (old == null) {
            after = new LinkedHashMap<>(keyAttributes);
            after.putAll(result.newItem());
        }
        // encoded once (a stored item's untouched attributes copied as they are): measured here, then costed and
        // stored as it is
        ItemCodec.Encoded encoded = old == null ? ItemCodec.encode(after) : result.newItem().encode(old.size());
        if (encoded.size() > Sizes.MAX_ITEM_SIZE) {
            throw DynamoException.validation("Item size to update has exceeded the maximum allowed size");
        }
        DynamoException mismatch = ItemKeys.indexTypeMismatch(table, after, update.topLevelAttributes());
        if (mismatch != null) {
            throw mismatch;
        }
        Outcome outcome = new Outcome(old, after, Item.of(encoded), true, false, result);
        if (checkIndexKeyValues) {
            checkIndexKeyValues(outcome);
        }
        return outcome;
    }

    /** The index key values an update wrote must not be empty or oversized. */
    void checkIndexKeyValues(Outcome outcome) {
        if (kind == Kind.UPDATE && update != null && outcome.writes() && outcome.after() != null) {
            ItemKeys.checkIndexKeyValues(table, outcome.after(), update.topLevelAttributes(), ItemKeys.Form.UPDATE);
        }
    }

    /** Makes the planned change. */
    void apply(Outcome outcome) {
        if (!outcome.writes()) {
            return;
        }
        if (outcome.after() == null) {
            table.delete(key);
        } else if (outcome.stored() != null) {
            table.put(key, outcome.stored(), outcome.after());
        } else {
            table.put(outcome.after());
        }
    }

    /** The units the write consumed, also when its condition failed. */
    WriteCost cost(Outcome outcome) {
        if (outcome.conditionFailed() || !outcome.writes()) {
            return WriteCost.tableOnly(outcome.old());
        }
        return WriteCost.of(table, outcome.old(), outcome.after(), outcome.stored());
    }

    /** The read units a ConditionCheck consumed (a strongly consistent read of the item). */
    double readUnits(Outcome outcome) {
        return Capacity.readUnits(outcome.old() == null ? 0 : outcome.old().size(), true);
    }

    boolean isCheck() {
        return kind == Kind.CHECK;
    }

    /** ConditionalCheckFailedException, carrying the old item when the request asked for it. */
    static DynamoException conditionFailed(Outcome outcome, boolean returnOldItem) {
        return DynamoException.conditionalCheckFailed(returnOldItem && outcome.old() != null
                ? Map.of("Item", ValueJson.writeItem(outcome.old().attributes())) : Map.of());
    }

    /**
     * The result of planning a write. {@code after} is the item after the write (null: absent); {@code stored} is
     * {@code after} encoded as the table will store it, when the plan encoded it (a put's item, an update's result),
     * else null; {@code writes} says whether the table changes; {@code updated} holds an update's
     * UPDATED_OLD/UPDATED_NEW views.
     */
    record Outcome(Item old, Map<String, Value> after, Item stored, boolean writes, boolean conditionFailed,
                   UpdateResult updated) {
    }
}
