package dev.singletable.engine.internal.expr;

import dev.singletable.engine.internal.DynamoException;
import dev.singletable.engine.internal.expr.Ast.Action;
import dev.singletable.engine.internal.value.Sizes;
import dev.singletable.engine.internal.value.Value;
import dev.singletable.engine.model.ExpressionKind;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;

/**
 * The ExpressionAttributeNames and ExpressionAttributeValues of one request, shared by all its expressions.
 * It binds each expression's parsed tree (parsed once per text, see {@link ParseCache}) to them and remembers
 * which names and values the expressions used, because DynamoDB rejects a request that defines one no expression
 * uses.
 */
public final class ExpressionContext {
    /** One cache per kind of condition, since DynamoDB's messages name the parameter the text came from. */
    private static final Map<ExpressionKind, ParseCache<Parser.Parsed<Ast.Cond>>> CONDITIONS = conditionCaches();
    private static final ParseCache<Parser.Parsed<List<Action>>> UPDATES = new ParseCache<>(Parser::update);
    private static final ParseCache<Parser.Parsed<List<Ast.Path>>> PROJECTIONS = new ParseCache<>(Parser::projection);
    /**
     * The request's maps, read in place (each request builds its own and changes it no more); their key order is
     * the request's, which the unused-keys message follows.
     */
    private final Map<String, String> names;
    private final Map<String, Value> values;
    private final Set<String> usedNames = new HashSet<>();
    private final Set<String> usedValues = new HashSet<>();

    private ExpressionContext(Map<String, String> names, Map<String, Value> values) {
        this.names = names == null ? Map.of() : names;
        this.values = values == null ? Map.of() : values;
    }

    /**
     * A context for the given maps (null when the request has none), checked for empty maps, malformed keys and
     * names that no attribute can have. The maps are read, not copied: the caller hands them over.
     */
    public static ExpressionContext of(Map<String, String> names, Map<String, Value> values) {
        check("ExpressionAttributeNames", names == null ? null : names.keySet(), '#');
        check("ExpressionAttributeValues", values == null ? null : values.keySet(), ':');
        if (names != null) {
            names.forEach((key, name) -> {
                if (name.isEmpty()) {
                    throw DynamoException.validation(
                            "ExpressionAttributeNames contains invalid value: Empty attribute name for key " + key);
                }
                Sizes.checkAttributeName(name);
            });
        }
        return new ExpressionContext(names, values);
    }

    private static Map<ExpressionKind, ParseCache<Parser.Parsed<Ast.Cond>>> conditionCaches() {
        Map<ExpressionKind, ParseCache<Parser.Parsed<Ast.Cond>>> caches = new EnumMap<>(ExpressionKind.class);
        for (ExpressionKind kind : List.of(ExpressionKind.CONDITION, ExpressionKind.FILTER, ExpressionKind.KEY_CONDITION)) {
            caches.put(kind, new ParseCache<>(text -> Parser.condition(text, kind)));
        }
        return caches;
    }

    /** A context without names or values. */
    public static ExpressionContext empty() {
        return new ExpressionContext(null, null);
    }

    private static void check(String parameter, Set<String> keys, char sigil) {
        if (keys == null) {
            return;
        }
        if (keys.isEmpty()) {
            throw DynamoException.validation(parameter + " must not be empty");
        }
        for (String key : keys) {
            if (!isKey(key, sigil)) {
                throw DynamoException.validation(
                        parameter + " contains invalid key: Syntax error; key: \"" + key + "\"");
            }
        }
    }

    /** A key is its sigil ({@code #} or {@code :}) and one or more ASCII letters, digits and underscores. */
    private static boolean isKey(String key, char sigil) {
        if (key.length() < 2 || key.charAt(0) != sigil) {
            return false;
        }
        for (int i = 1; i < key.length(); i++) {
            char c = key.charAt(i);
            if (!(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_')) {
                return false;
            }
        }
        return true;
    }

    /** Parses a ConditionExpression ({@link ExpressionKind#CONDITION}) or FilterExpression ({@code FILTER}). */
    public Condition parseCondition(String text, ExpressionKind kind) {
        return new ParsedCondition(condition(text, kind));
    }

    /** Parses a KeyConditionExpression and checks it against the key schema of the table or index queried. */
    public KeyCondition parseKeyCondition(String text, KeySchema schema) {
        return KeyConditions.build(KeyConditions.terms(condition(text, ExpressionKind.KEY_CONDITION)), schema);
    }

    /**
     * Reads a KeyConditionExpression as a client wrote it: checked against the key schema when the caller knows it,
     * else read as the condition on a one-attribute key it most likely is — the partition key is the attribute
     * compared with {@code =} while the other has another operator, and when both use {@code =}, the first
     * written. Null when the text is no key condition the service would serve; a syntax error, or a condition the
     * known schema refuses, throws as {@link #parseKeyCondition} does.
     */
    public KeyCondition readKeyCondition(String text, KeySchema schema) {
        Map<String, KeyConditions.Term> terms = KeyConditions.terms(condition(text, ExpressionKind.KEY_CONDITION));
        return schema == null ? KeyConditions.read(terms) : KeyConditions.build(terms, schema);
    }

    /** Parses an UpdateExpression; paths, operand types and functions are checked before any item is read. */
    public Update parseUpdate(String text) {
        return new ParsedUpdate(bound(UPDATES.get(text), ExpressionKind.UPDATE, Binder::actions, Checks::update));
    }

    /** Parses a ProjectionExpression; overlapping or conflicting paths are refused. */
    public Projection parseProjection(String text) {
        return new ParsedProjection(bound(PROJECTIONS.get(text), ExpressionKind.PROJECTION, Binder::paths,
                Checks::paths));
    }

    /** A condition, filter or key condition, bound and checked. */
    private Ast.Cond condition(String text, ExpressionKind kind) {
        return bound(CONDITIONS.get(kind).get(text), kind, Binder::cond, Checks::condition);
    }

    /**
     * A parsed tree bound to this request and checked, reporting any problem DynamoDB would report: the parser's
     * (the text's own) and those of the bound tree, together in DynamoDB's order. A tree bound as one that passed
     * the checks before (the same names, values of the same types) passes them again, and is not checked twice.
     */
    private <T> T bound(Parser.Parsed<T> parsed, ExpressionKind kind, BiFunction<Binder, T, T> bind,
            BiConsumer<T, Problems> check) {
        Problems problems = new Problems(kind, parsed.problems());
        Binder binder = new Binder(this, problems);
        T tree = bind.apply(binder, parsed.tree());
        List<String> signature = binder.signature();
        if (!parsed.passed(signature)) {
            check.accept(tree, problems);
            problems.throwFirst();
            parsed.pass(signature);
        }
        return tree;
    }

    /** Rejects names, then values, that no expression of the request used. */
    public void checkAllUsed() {
        unused("ExpressionAttributeNames", names.keySet(), usedNames);
        unused("ExpressionAttributeValues", values.keySet(), usedValues);
    }

    private static void unused(String parameter, Set<String> defined, Set<String> used) {
        if (used.size() == defined.size()) {
            return; // only defined keys are marked used
        }
        List<String> unused = new ArrayList<>();
        for (String key : defined) {
            if (!used.contains(key)) {
                unused.add(key);
            }
        }
        if (!unused.isEmpty()) {
            throw DynamoException.validation("Value provided in " + parameter + " unused in expressions: keys: {"
                    + String.join(", ", unused) + "}");
        }
    }

    /** The attribute name an {@code #alias} stands for, marking it used; null when undefined. */
    String resolveName(String alias) {
        String name = names.get(alias);
        if (name != null) {
            usedNames.add(alias);
        }
        return name;
    }

    /** The value a {@code :value} stands for, marking it used; null when undefined. */
    Value resolveValue(String placeholder) {
        Value value = values.get(placeholder);
        if (value != null) {
            usedValues.add(placeholder);
        }
        return value;
    }
}
