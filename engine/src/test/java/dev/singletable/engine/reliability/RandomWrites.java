package dev.singletable.engine.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionCheck;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.Delete;
import software.amazon.awssdk.services.dynamodb.model.DeleteRequest;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.Update;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * Random writes of every kind — PutItem, UpdateItem, DeleteItem, BatchWriteItem, TransactWriteItems, each maybe
 * guarded by a condition — to one table shaped as {@link IndexedTable}, applied to a model (a map from key to
 * item) when the engine accepts them. A refused write (failed condition, cancelled transaction, duplicate keys in
 * a batch) must be expected by the model and must change nothing, or the step fails.
 */
final class RandomWrites {
    private static final List<String> OPTIONAL = List.of("gpk", "gsk", "owner", "created", "rank", "n", "tag");

    private final DynamoDbClient client;
    private final String table;
    private final Map<String, Map<String, AttributeValue>> model;
    private final Random random;
    private int refused;

    RandomWrites(DynamoDbClient client, String table, Map<String, Map<String, AttributeValue>> model, Random random) {
        this.client = client;
        this.table = table;
        this.model = model;
        this.random = random;
    }

    /** Makes one random write, and makes it in the model too if the engine accepted it. */
    void next() {
        switch (random.nextInt(6)) {
            case 0, 1 -> put();
            case 2 -> update();
            case 3 -> delete();
            case 4 -> batchWrite();
            default -> transactWrite();
        }
    }

    /** How many writes the engine refused (as the model expected). */
    int refused() {
        return refused;
    }

    // ---- operations: each runs on the engine, then on the model if the engine accepted it -----------------

    private void put() {
        Map<String, AttributeValue> item = randomItem();
        Guard guard = randomGuard();
        boolean applied = write(List.of(keyOf(item)), guard.holds(model.get(IndexedTable.keyOf(item))),
                () -> client.putItem(b -> guard.on(b.tableName(table).item(item))));
        if (applied) {
            model.put(IndexedTable.keyOf(item), item);
        }
    }

    private void update() {
        Map<String, AttributeValue> key = randomKey();
        Guard guard = randomGuard();
        Change change = randomChange();
        String k = IndexedTable.keyOf(key);
        boolean applied = write(List.of(key), guard.holds(model.get(k)), () -> client.updateItem(b -> guard.on(
                b.tableName(table).key(key).updateExpression(change.expression()).expressionAttributeNames(change.names())
                        .expressionAttributeValues(change.values().isEmpty() ? null : change.values()))));
        if (applied) {
            Map<String, AttributeValue> updated = change.apply(model.get(k), key);
            if (updated == null) {
                model.remove(k);
            } else {
                model.put(k, updated);
            }
        }
    }

    private void delete() {
        Map<String, AttributeValue> key = randomKey();
        Guard guard = randomGuard();
        boolean applied = write(List.of(key), guard.holds(model.get(IndexedTable.keyOf(key))),
                () -> client.deleteItem(b -> guard.on(b.tableName(table).key(key))));
        if (applied) {
            model.remove(IndexedTable.keyOf(key));
        }
    }

    /** Up to five puts and deletes; a repeated key makes DynamoDB refuse the whole batch. */
    private void batchWrite() {
        List<WriteRequest> requests = new ArrayList<>();
        List<Map<String, AttributeValue>> keys = new ArrayList<>();
        Map<String, Map<String, AttributeValue>> after = new HashMap<>(model);
        for (int i = 1 + random.nextInt(5); i > 0; i--) {
            if (random.nextBoolean()) {
                Map<String, AttributeValue> item = randomItem();
                requests.add(WriteRequest.builder().putRequest(PutRequest.builder().item(item).build()).build());
                keys.add(keyOf(item));
                after.put(IndexedTable.keyOf(item), item);
            } else {
                Map<String, AttributeValue> key = randomKey();
                requests.add(WriteRequest.builder().deleteRequest(DeleteRequest.builder().key(key).build())
                        .build());
                keys.add(key);
                after.remove(IndexedTable.keyOf(key));
            }
        }
        boolean distinct = keys.stream().map(IndexedTable::keyOf).distinct().count() == keys.size();
        if (write(keys, distinct, () -> client.batchWriteItem(b -> b.requestItems(Map.of(table, requests))))) {
            model.clear();
            model.putAll(after);
        }
    }

    /** Up to four actions on distinct keys, each guarded; one failing guard cancels all of them. */
    private void transactWrite() {
        List<TransactWriteItem> actions = new ArrayList<>();
        List<Map<String, AttributeValue>> keys = new ArrayList<>();
        Map<String, Map<String, AttributeValue>> after = new HashMap<>(model);
        boolean allHold = true;
        for (int i = 1 + random.nextInt(4); i > 0; i--) {
            Map<String, AttributeValue> key = randomKey();
            if (keys.stream().anyMatch(k -> IndexedTable.keyOf(k).equals(IndexedTable.keyOf(key)))) {
                continue;
            }
            keys.add(key);
            String k = IndexedTable.keyOf(key);
            Guard guard = randomGuard();
            allHold &= guard.holds(model.get(k));
            TransactWriteItem.Builder action = TransactWriteItem.builder();
            switch (random.nextInt(4)) {
                case 0 -> {
                    Map<String, AttributeValue> item = randomItem(key);
                    action.put(guard.on(Put.builder().tableName(table).item(item)).build());
                    after.put(k, item);
                }
                case 1 -> {
                    Change change = randomChange();
                    action.update(guard.on(Update.builder().tableName(table).key(key)
                            .updateExpression(change.expression()).expressionAttributeNames(change.names())
                            .expressionAttributeValues(change.values().isEmpty() ? null : change.values())).build());
                    Map<String, AttributeValue> updated = change.apply(model.get(k), key);
                    if (updated == null) {
                        after.remove(k);
                    } else {
                        after.put(k, updated);
                    }
                }
                case 2 -> {
                    action.delete(guard.on(Delete.builder().tableName(table).key(key)).build());
                    after.remove(k);
                }
                default -> {
                    if (guard.expression() == null) {
                        guard = Guard.EXISTS; // a ConditionCheck needs a condition
                        allHold &= guard.holds(model.get(k));
                    }
                    action.conditionCheck(guard.on(ConditionCheck.builder().tableName(table).key(key)).build());
                }
            }
            actions.add(action.build());
        }
        if (write(keys, allHold, () -> client.transactWriteItems(b -> b.transactItems(actions)))) {
            model.clear();
            model.putAll(after);
        }
    }

    /**
     * Runs a write the model expects to succeed or to be refused; a refused write must leave every item it
     * named as it was. Returns whether it was applied.
     */
    private boolean write(List<Map<String, AttributeValue>> keys, boolean expectApplied, Runnable call) {
        try {
            call.run();
        } catch (ConditionalCheckFailedException | TransactionCanceledException e) {
            refused(keys, expectApplied, e);
            return false;
        } catch (DynamoDbException e) {
            assertThat(e.awsErrorDetails().errorCode()).as("refusal of a batch with repeated keys")
                    .isEqualTo("ValidationException");
            refused(keys, expectApplied, e);
            return false;
        }
        assertThat(expectApplied).as("the engine applied a write the model expected it to refuse").isTrue();
        return true;
    }

    private void refused(List<Map<String, AttributeValue>> keys, boolean expectApplied, Exception e) {
        assertThat(expectApplied).as("the engine refused a write the model expected it to apply: %s",
                e.getMessage()).isFalse();
        refused++;
        for (Map<String, AttributeValue> key : keys) {
            Map<String, AttributeValue> stored = client.getItem(b -> b.tableName(table).key(key)
                    .consistentRead(true)).item();
            Map<String, AttributeValue> expected = model.get(IndexedTable.keyOf(key));
            assertThat(stored).as("item %s after a refused write", key)
                    .isEqualTo(expected == null ? Map.of() : expected);
        }
    }

    // ---- random data: few keys so that writes collide, every index key sometimes missing ------------------

    private Map<String, AttributeValue> randomKey() {
        return Map.of("pk", s("p" + random.nextInt(4)), "sk", s("s" + random.nextInt(8)));
    }

    private Map<String, AttributeValue> randomItem() {
        return randomItem(randomKey());
    }

    private Map<String, AttributeValue> randomItem(Map<String, AttributeValue> key) {
        Map<String, AttributeValue> item = new LinkedHashMap<>(key);
        for (String name : OPTIONAL) {
            if (random.nextInt(3) > 0) {
                item.put(name, randomValue(name));
            }
        }
        return item;
    }

    private AttributeValue randomValue(String attribute) {
        return switch (attribute) {
            case "gpk", "owner" -> s(attribute.charAt(0) + "" + random.nextInt(3));
            case "tag" -> s("t" + random.nextInt(100));
            default -> n(random.nextInt(20));
        };
    }

    private Guard randomGuard() {
        return switch (random.nextInt(5)) {
            case 0 -> Guard.EXISTS;
            case 1 -> Guard.NOT_EXISTS;
            case 2 -> Guard.nEquals(random.nextInt(4));
            default -> Guard.NONE;
        };
    }

    /** SET of some optional attributes, REMOVE of others (making items leave sparse indexes), ADD to n. */
    private Change randomChange() {
        List<String> set = new ArrayList<>();
        List<String> remove = new ArrayList<>();
        Map<String, AttributeValue> values = new LinkedHashMap<>();
        boolean add = random.nextInt(3) == 0;
        for (String name : OPTIONAL) {
            if (name.equals("n") && add) {
                continue;
            }
            switch (random.nextInt(5)) {
                case 0 -> {
                    set.add(name);
                    values.put(":" + name, randomValue(name));
                }
                case 1 -> remove.add(name);
                default -> { }
            }
        }
        if (add) {
            values.put(":d", n(random.nextInt(7) - 3));
        }
        if (set.isEmpty() && remove.isEmpty() && !add) {
            remove.add("tag");
        }
        return new Change(set, remove, add, values);
    }

    /** An update: {@code SET a = :a, …  REMOVE b, …  ADD n :d}. */
    private record Change(List<String> set, List<String> remove, boolean add, Map<String, AttributeValue> values) {
        String expression() {
            List<String> clauses = new ArrayList<>();
            if (!set.isEmpty()) {
                clauses.add("SET " + String.join(", ", set.stream().map(a -> "#" + a + " = :" + a).toList()));
            }
            if (!remove.isEmpty()) {
                clauses.add("REMOVE " + String.join(", ", remove.stream().map(a -> "#" + a).toList()));
            }
            if (add) {
                clauses.add("ADD n :d");
            }
            return String.join(" ", clauses);
        }

        /** Every attribute SET or REMOVEd goes by an alias: some ({@code rank}) are reserved words. */
        Map<String, String> names() {
            Map<String, String> names = new HashMap<>();
            set.forEach(a -> names.put("#" + a, a));
            remove.forEach(a -> names.put("#" + a, a));
            return names.isEmpty() ? null : names;
        }

        /** The item after the update; an update that only removes does not create a missing item (null). */
        Map<String, AttributeValue> apply(Map<String, AttributeValue> old, Map<String, AttributeValue> key) {
            if (old == null && set.isEmpty() && !add) {
                return null;
            }
            Map<String, AttributeValue> item = new LinkedHashMap<>(old == null ? key : old);
            set.forEach(a -> item.put(a, values.get(":" + a)));
            remove.forEach(item::remove);
            if (add) {
                BigDecimal was = item.containsKey("n") ? new BigDecimal(item.get("n").n()) : BigDecimal.ZERO;
                item.put("n", n(was.add(new BigDecimal(values.get(":d").n())).intValueExact()));
            }
            return item;
        }
    }

    /** A ConditionExpression the model can evaluate, or none. */
    private record Guard(String expression, Integer expectedN) {
        static final Guard NONE = new Guard(null, null);
        static final Guard EXISTS = new Guard("attribute_exists(pk)", null);
        static final Guard NOT_EXISTS = new Guard("attribute_not_exists(pk)", null);

        static Guard nEquals(int n) {
            return new Guard("n = :expected", n);
        }

        boolean holds(Map<String, AttributeValue> item) {
            if (expression == null) {
                return true;
            } else if (expression.equals(EXISTS.expression)) {
                return item != null;
            } else if (expression.equals(NOT_EXISTS.expression)) {
                return item == null;
            }
            return item != null && item.containsKey("n") && item.get("n").n().equals(String.valueOf(expectedN));
        }

        Map<String, AttributeValue> values() {
            return expectedN == null ? null : Map.of(":expected", n(expectedN));
        }

        /** Adds the condition to any request builder that has ConditionExpression members. */
        @SuppressWarnings("unchecked")
        <B> B on(B builder) {
            if (expression == null) {
                return builder;
            }
            Map<String, AttributeValue> values = values();
            if (builder instanceof software.amazon.awssdk.services.dynamodb.model.PutItemRequest.Builder b) {
                return (B) b.conditionExpression(expression).expressionAttributeValues(values);
            } else if (builder instanceof software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest.Builder b) {
                return (B) b.conditionExpression(expression).expressionAttributeValues(values);
            } else if (builder instanceof software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest.Builder b) {
                return (B) b.conditionExpression(expression).expressionAttributeValues(merge(b.build(), values));
            } else if (builder instanceof Put.Builder b) {
                return (B) b.conditionExpression(expression).expressionAttributeValues(values);
            } else if (builder instanceof Delete.Builder b) {
                return (B) b.conditionExpression(expression).expressionAttributeValues(values);
            } else if (builder instanceof Update.Builder b) {
                return (B) b.conditionExpression(expression)
                        .expressionAttributeValues(merge(b.build().expressionAttributeValues(), values));
            } else if (builder instanceof ConditionCheck.Builder b) {
                return (B) b.conditionExpression(expression).expressionAttributeValues(values);
            }
            throw new IllegalArgumentException(builder.getClass().getName());
        }

        private static Map<String, AttributeValue> merge(
                software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest request,
                Map<String, AttributeValue> values) {
            return merge(request.hasExpressionAttributeValues() ? request.expressionAttributeValues() : null, values);
        }

        private static Map<String, AttributeValue> merge(Map<String, AttributeValue> a, Map<String, AttributeValue> b) {
            Map<String, AttributeValue> merged = new HashMap<>();
            if (a != null) {
                merged.putAll(a);
            }
            if (b != null) {
                merged.putAll(b);
            }
            return merged.isEmpty() ? null : merged;
        }
    }

    private static Map<String, AttributeValue> keyOf(Map<String, AttributeValue> item) {
        return Map.of("pk", item.get("pk"), "sk", item.get("sk"));
    }

    static AttributeValue s(String value) {
        return AttributeValue.builder().s(value).build();
    }

    static AttributeValue n(long value) {
        return AttributeValue.builder().n(Long.toString(value)).build();
    }
}
