package dev.singletable.engine.internal.partiql;

import dev.singletable.engine.internal.DynamoException;
import dev.singletable.engine.internal.kernel.Capacity;
import dev.singletable.engine.internal.kernel.Database;
import dev.singletable.engine.internal.storage.IndexData;
import dev.singletable.engine.internal.storage.IndexDef;
import dev.singletable.engine.internal.storage.Item;
import dev.singletable.engine.internal.storage.KeyDef;
import dev.singletable.engine.internal.storage.PrimaryKey;
import dev.singletable.engine.internal.storage.Table;
import dev.singletable.engine.internal.value.Sizes;
import dev.singletable.engine.internal.value.Value;
import dev.singletable.engine.internal.value.ValueJson;
import dev.singletable.engine.model.Access;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Runs one bound PartiQL statement against the tables. Callers hold the database's lock. */
final class Statements {
    private static final long PAGE_BYTES = 1024 * 1024;

    private final Database database;
    private final Evaluator evaluator;

    Statements(Database database, Evaluator evaluator) {
        this.database = database;
        this.evaluator = evaluator;
    }

    /** A page of a SELECT: the items, whether it read one partition or all of them, what it read. */
    record Page(List<Map<String, Value>> items, String nextToken, int scanned, long bytesRead, Access access) {
    }

    /** What a write did: the item before it, the item the RETURNING clause returns, the write units. */
    record Written(Map<String, Value> old, Map<String, Value> returned, double units) {
    }

    /** A write checked against the present items and ready to apply. */
    interface Planned {
        Written apply();
    }

    static long size(Map<String, Value> item) {
        return Sizes.itemSize(item);
    }

    Page select(Ast.Select select, Integer limit, String nextToken) {
        Table table = database.table(select.table());
        IndexData index = select.index() == null ? null : table.index(select.index()).orElseThrow(() ->
                DynamoException.validation("The table does not have the specified index: " + select.index()));
        List<KeyDef> partitionKeys = index == null ? List.of(table.partitionKey()) : index.definition().partitionKeys();
        KeyDef sortKey = index == null ? table.sortKey()
                : index.definition().sortKeys().stream().findFirst().orElse(null);
        Map<String, Value> equalities = equalities(select.where());
        // a Query reads one partition: the WHERE clause gives every partition key attribute with =
        boolean onePartition = partitionKeys.stream().allMatch(key -> equalities.containsKey(key.name()));
        if (select.orderBy() != null) {
            if (!onePartition) {
                throw DynamoException.validation("Must have WHERE clause in the statement when using ORDER BY clause.");
            }
            // on a sort key of several attributes, entries are in the order of the first, then the next
            if (sortKey == null || !select.orderBy().toString().equals(sortKey.name())) {
                throw DynamoException.validation("Statement wasn't well formed, can't be processed: "
                        + "ORDER BY is supported only on the sort key");
            }
        }
        List<Item> source = onePartition ? partition(table, index, partitionKeys, equalities)
                : everything(table, index);
        if (select.descending()) {
            Collections.reverse(source);
        }
        int offset = decode(nextToken);
        int scanned = 0;
        long bytes = 0;
        List<Map<String, Value>> items = new ArrayList<>();
        int position = offset;
        while (position < source.size() && (limit == null || scanned < limit) && bytes < PAGE_BYTES) {
            Item item = source.get(position++);
            scanned++;
            bytes += item.size();
            if (evaluator.test(select.where(), item.attributes())) {
                items.add(project(item.attributes(), select.projection()));
            }
        }
        String next = position < source.size() ? encode(position) : null;
        return new Page(items, next, scanned, bytes, onePartition ? Access.QUERY : Access.SCAN);
    }

    /** A SELECT that names a full primary key (batches and transactions read by key). */
    Map<String, Value> get(Ast.Select select) {
        Table table = database.table(select.table());
        if (select.index() != null) {
            throw DynamoException.validation("Batch and transaction reads cannot read an index");
        }
        Item item = table.get(key(table, select.where()));
        if (item == null || !evaluator.test(select.where(), item.attributes())) {
            return null;
        }
        return project(item.attributes(), select.projection());
    }

    Written write(Ast.Statement statement, boolean oldItemOnFailure) {
        return plan(statement, oldItemOnFailure).apply();
    }

    Planned plan(Ast.Statement statement) {
        return plan(statement, false);
    }

    private Planned plan(Ast.Statement statement, boolean oldItemOnFailure) {
        Table table = database.table(statement.table());
        if (statement instanceof Ast.Insert insert) {
            return insert(table, insert);
        } else if (statement instanceof Ast.Update update) {
            return update(table, update, oldItemOnFailure);
        } else if (statement instanceof Ast.Delete delete) {
            return delete(table, delete, oldItemOnFailure);
        }
        throw DynamoException.validation("Batch and transaction writes cannot contain a SELECT");
    }

    private Planned insert(Table table, Ast.Insert insert) {
        Value value = evaluator.value(insert.item(), Map.of());
        if (!(value instanceof Value.M map)) {
            throw DynamoException.validation("Statement wasn't well formed, can't be processed: "
                    + "INSERT needs a map of attribute values");
        }
        Map<String, Value> item = map.values();
        checkItem(table, item);
        PrimaryKey key = table.keyOf(item);
        if (table.get(key) != null) {
            throw DynamoException.of("DuplicateItemException", "Duplicate primary key exists in table");
        }
        return () -> {
            table.put(item);
            return new Written(null, null, Capacity.writeUnits(size(item)));
        };
    }

    private Planned update(Table table, Ast.Update update, boolean oldItemOnFailure) {
        PrimaryKey key = key(table, update.where());
        Item existing = table.get(key);
        Map<String, Value> old = existing == null ? Map.of() : existing.attributes();
        if (existing == null || !evaluator.test(update.where(), old)) {
            throw conditionFailed(existing, oldItemOnFailure);
        }
        Map<String, Value> updated = new LinkedHashMap<>(old);
        List<String> modified = new ArrayList<>();
        for (Ast.Assignment set : update.sets()) {
            checkNotKey(table, set.path());
            Value value = evaluator.value(set.value(), old);
            if (value == null) {
                throw DynamoException.validation("The provided expression refers to an attribute that does not exist in the item");
            }
            Paths.set(updated, set.path(), value);
            modified.add(set.path().attribute());
        }
        for (Ast.Path remove : update.removes()) {
            checkNotKey(table, remove);
            Paths.remove(updated, remove);
            modified.add(remove.attribute());
        }
        checkItem(table, updated);
        Map<String, Value> returned = returning(update.returning(), old, updated, modified);
        return () -> {
            table.put(updated);
            return new Written(old, returned, Capacity.writeUnits(Math.max(size(old), size(updated))));
        };
    }

    private Planned delete(Table table, Ast.Delete delete, boolean oldItemOnFailure) {
        if (delete.returning() != null && !delete.returning().equals("ALL OLD")) {
            throw DynamoException.validation("Invalid returning clause: RETURNING " + delete.returning()
                    + " *. Only RETURNING ALL OLD * is allowed in DELETE statements.");
        }
        PrimaryKey key = key(table, delete.where());
        Item existing = table.get(key);
        boolean onlyKeys = equalities(delete.where()).size() == conjuncts(delete.where()).size();
        if (existing == null && onlyKeys) {
            return () -> new Written(null, null, 1);
        }
        if (existing == null || !evaluator.test(delete.where(), existing.attributes())) {
            throw conditionFailed(existing, oldItemOnFailure);
        }
        return () -> {
            table.delete(key);
            return new Written(existing.attributes(), delete.returning() == null ? null : existing.attributes(),
                    Capacity.writeUnits(existing.size()));
        };
    }

    private static Map<String, Value> returning(String returning, Map<String, Value> old, Map<String, Value> updated,
                                                List<String> modified) {
        if (returning == null) {
            return null;
        }
        Map<String, Value> image = returning.endsWith("OLD") ? old : updated;
        if (returning.startsWith("ALL")) {
            return image;
        }
        Map<String, Value> touched = new LinkedHashMap<>();
        modified.forEach(attribute -> {
            if (image.containsKey(attribute)) {
                touched.put(attribute, image.get(attribute));
            }
        });
        return touched;
    }

    private static DynamoException conditionFailed(Item existing, boolean oldItemOnFailure) {
        Map<String, Object> extra = oldItemOnFailure && existing != null
                ? Map.of("Item", ValueJson.writeItem(existing.attributes()))
                : Map.of();
        return DynamoException.conditionalCheckFailed(extra);
    }

    private static void checkNotKey(Table table, Ast.Path path) {
        String attribute = path.attribute();
        if (attribute.equals(table.partitionKey().name())
                || (table.sortKey() != null && attribute.equals(table.sortKey().name()))) {
            throw DynamoException.validation("One or more parameter values were invalid: Cannot update attribute "
                    + attribute + ". This attribute is part of the key");
        }
    }

    /** The key rules of a write: table keys present with their types, index keys of their types, the size limit. */
    private static void checkItem(Table table, Map<String, Value> item) {
        for (KeyDef key : keys(table)) {
            Value value = item.get(key.name());
            if (value == null) {
                throw DynamoException.validation("One or more parameter values were invalid: Missing the key "
                        + key.name() + " in the item");
            }
            if (!value.type().equals(key.type())) {
                throw DynamoException.validation("One or more parameter values were invalid: Type mismatch for key "
                        + key.name() + " expected: " + key.type() + " actual: " + value.type());
            }
        }
        for (IndexData index : table.indexes()) {
            IndexDef definition = index.definition();
            for (KeyDef key : definition.keys()) {
                Value value = item.get(key.name());
                if (value != null && !value.type().equals(key.type())) {
                    throw DynamoException.validation("One or more parameter values were invalid: Type mismatch for "
                            + "Index Key " + key.name() + " Expected: " + key.type() + " Actual: " + value.type()
                            + " IndexName: " + definition.name());
                }
            }
        }
        if (size(item) > Sizes.MAX_ITEM_SIZE) {
            throw DynamoException.validation("Item size has exceeded the maximum allowed size");
        }
    }

    private static List<KeyDef> keys(Table table) {
        return table.sortKey() == null ? List.of(table.partitionKey()) : List.of(table.partitionKey(), table.sortKey());
    }

    /** The full primary key a write or a read by key names with equalities in its WHERE clause. */
    private PrimaryKey key(Table table, Ast.Expr where) {
        Map<String, Value> equalities = equalities(where);
        Map<String, Value> key = new LinkedHashMap<>();
        for (KeyDef def : keys(table)) {
            Value value = equalities.get(def.name());
            if (value == null || !value.type().equals(def.type())) {
                throw DynamoException.validation(
                        "Where clause does not contain a mandatory equality on all key attributes");
            }
            key.put(def.name(), value);
        }
        return table.keyOf(key);
    }

    /** Top-level attributes the WHERE clause pins with {@code attribute = value} in its AND-ed conditions. */
    private Map<String, Value> equalities(Ast.Expr where) {
        Map<String, Value> found = new LinkedHashMap<>();
        for (Ast.Expr conjunct : conjuncts(where)) {
            if (conjunct instanceof Ast.Compare c && c.operator().equals("=")) {
                pin(found, c.left(), c.right());
                pin(found, c.right(), c.left());
            }
        }
        return found;
    }

    private void pin(Map<String, Value> found, Ast.Operand path, Ast.Operand value) {
        if (path instanceof Ast.PathOperand p && p.path().elements().size() == 1 && !(value instanceof Ast.PathOperand)) {
            Value v = evaluator.value(value, Map.of());
            if (v != null) {
                found.put(p.path().attribute(), v);
            }
        }
    }

    private static List<Ast.Expr> conjuncts(Ast.Expr where) {
        List<Ast.Expr> conjuncts = new ArrayList<>();
        if (where instanceof Ast.And and) {
            conjuncts.addAll(conjuncts(and.left()));
            conjuncts.addAll(conjuncts(and.right()));
        } else if (where != null) {
            conjuncts.add(where);
        }
        return conjuncts;
    }

    /** The items of the partition the equalities name; none when a value is not of its attribute's type. */
    private static List<Item> partition(Table table, IndexData index, List<KeyDef> partitionKeys,
                                        Map<String, Value> equalities) {
        List<Item> items = new ArrayList<>();
        if (partitionKeys.stream().allMatch(key -> equalities.get(key.name()).type().equals(key.type()))) {
            Value partition = index == null ? equalities.get(table.partitionKey().name())
                    : index.definition().partitionOf(equalities);
            (index == null ? table.items() : index.entries()).partition(partition).forEachRemaining(items::add);
        }
        return items;
    }

    private static List<Item> everything(Table table, IndexData index) {
        List<Item> items = new ArrayList<>();
        (index == null ? table.items() : index.entries()).all().forEach(items::add);
        return items;
    }

    /**
     * The selected values, each under the name PartiQL gives a column it was not given a name for: the last name
     * of its path ({@code SELECT m.x} yields {@code x}), or, for a path ending in a list position, its place in
     * the SELECT list ({@code _1} for the first).
     */
    private static Map<String, Value> project(Map<String, Value> item, List<Ast.Path> projection) {
        if (projection.isEmpty()) {
            return item;
        }
        Map<String, Value> projected = new LinkedHashMap<>();
        for (int i = 0; i < projection.size(); i++) {
            List<Object> elements = projection.get(i).elements();
            Value value = Evaluator.get(item, projection.get(i));
            if (value != null) {
                Object last = elements.get(elements.size() - 1);
                projected.put(last instanceof String name ? name : "_" + (i + 1), value);
            }
        }
        return projected;
    }

    private static String encode(int position) {
        return Base64.getEncoder().encodeToString(("p" + position).getBytes(StandardCharsets.UTF_8));
    }

    private static int decode(String token) {
        if (token == null) {
            return 0;
        }
        try {
            String text = new String(Base64.getDecoder().decode(token), StandardCharsets.UTF_8);
            if (text.startsWith("p")) {
                return Integer.parseInt(text.substring(1));
            }
        } catch (IllegalArgumentException e) {
            // falls through to the error below
        }
        throw DynamoException.validation("Invalid NextToken");
    }
}
