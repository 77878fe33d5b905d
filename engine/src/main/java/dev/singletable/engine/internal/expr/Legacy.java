package dev.singletable.engine.internal.expr;

import com.fasterxml.jackson.databind.JsonNode;
import dev.singletable.engine.internal.DynamoException;
import dev.singletable.engine.internal.expr.Ast.Cond;
import dev.singletable.engine.internal.expr.Ast.Operand;
import dev.singletable.engine.internal.value.Sizes;
import dev.singletable.engine.internal.value.Value;
import dev.singletable.engine.internal.value.ValueJson;
import dev.singletable.engine.internal.value.ValueOrder;
import dev.singletable.engine.model.KeyOperator;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;

/**
 * The pre-2014 parameters mapped onto the expression tree, so that they evaluate exactly like the
 * expressions they stand for. Attribute names are literal (no paths); values print as DynamoDB prints them.
 */
public final class Legacy {
    private static final Map<String, Integer> ARGUMENTS = Map.ofEntries(
            Map.entry("EQ", 1), Map.entry("NE", 1), Map.entry("LE", 1), Map.entry("LT", 1), Map.entry("GE", 1),
            Map.entry("GT", 1), Map.entry("NOT_NULL", 0), Map.entry("NULL", 0), Map.entry("CONTAINS", 1),
            Map.entry("NOT_CONTAINS", 1), Map.entry("BEGINS_WITH", 1), Map.entry("BETWEEN", 2));
    private static final Map<String, KeyOperator> KEY_OPERATORS = Map.of(
            "EQ", KeyOperator.EQ, "LE", KeyOperator.LE, "LT", KeyOperator.LT, "GE", KeyOperator.GE, "GT", KeyOperator.GT,
            "BEGINS_WITH", KeyOperator.BEGINS_WITH, "BETWEEN", KeyOperator.BETWEEN);

    private Legacy() {
    }

    /** {@code Expected}: per attribute a Value (EQ), Exists:false, or a ComparisonOperator with its values. */
    public static Condition expected(JsonNode expected, String conditionalOperator) {
        return combine(expected, Legacy::expectation, conditionalOperator);
    }

    /** {@code QueryFilter} / {@code ScanFilter}: per attribute a ComparisonOperator with its values. */
    public static Condition filter(JsonNode queryOrScanFilter, String conditionalOperator) {
        return combine(queryOrScanFilter, Legacy::comparison, conditionalOperator);
    }

    /** One condition per attribute, joined by the ConditionalOperator (AND unless OR); none is always true. */
    private static Condition combine(JsonNode perAttribute, BiFunction<String, JsonNode, Cond> condition,
            String conditionalOperator) {
        boolean or = "OR".equals(conditionalOperator);
        Cond result = null;
        for (Iterator<Map.Entry<String, JsonNode>> it = perAttribute.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            Cond cond = condition.apply(e.getKey(), e.getValue());
            result = result == null ? cond : or ? new Ast.Or(result, cond) : new Ast.And(result, cond);
        }
        return new ParsedCondition(result);
    }

    private static Cond expectation(String attribute, JsonNode spec) {
        if (present(spec, "ComparisonOperator")) {
            if (present(spec, "Value") && present(spec, "AttributeValueList")) {
                throw invalid("Value and AttributeValueList cannot be used together for Attribute: " + attribute);
            }
            if (present(spec, "Exists")) {
                throw invalid("Exists and ComparisonOperator cannot be used together for Attribute: " + attribute);
            }
            String operator = spec.get("ComparisonOperator").asText();
            if (!operator.equals("NULL") && !operator.equals("NOT_NULL")
                    && !present(spec, "Value") && !present(spec, "AttributeValueList")) {
                throw invalid("Value or AttributeValueList must be used with ComparisonOperator: " + operator
                        + " for Attribute: " + attribute);
            }
            return comparison(attribute, spec);
        }
        if (present(spec, "AttributeValueList")) {
            throw invalid("AttributeValueList can only be used with a ComparisonOperator for Attribute: " + attribute);
        }
        boolean existsGiven = present(spec, "Exists");
        boolean mustExist = !existsGiven || spec.get("Exists").asBoolean();
        boolean hasValue = present(spec, "Value");
        if (!mustExist) {
            if (hasValue) {
                throw invalid("Value cannot be used when Exists is false for Attribute: " + attribute);
            }
            return call("attribute_not_exists", path(attribute));
        }
        if (!hasValue) {
            throw invalid("Value must be provided when Exists is " + (existsGiven ? "true" : "null")
                    + " for Attribute: " + attribute);
        }
        return new Ast.Compare(Ast.Comparator.EQ, path(attribute), constant(ValueJson.read(spec.get("Value"))));
    }

    /** A ComparisonOperator with its AttributeValueList (or, in Expected, a single Value). */
    private static Cond comparison(String attribute, JsonNode spec) {
        String operator = operator(spec);
        List<Value> values = present(spec, "Value") ? List.of(ValueJson.read(spec.get("Value")))
                : values(spec.get("AttributeValueList"));
        checkArguments(operator, values);
        Ast.Path path = path(attribute);
        return switch (operator) {
            case "EQ" -> compare(Ast.Comparator.EQ, path, values);
            case "NE" -> compare(Ast.Comparator.NE, path, values);
            case "LE" -> compare(Ast.Comparator.LE, path, values);
            case "LT" -> compare(Ast.Comparator.LT, path, values);
            case "GE" -> compare(Ast.Comparator.GE, path, values);
            case "GT" -> compare(Ast.Comparator.GT, path, values);
            case "NOT_NULL" -> call("attribute_exists", path);
            case "NULL" -> call("attribute_not_exists", path);
            case "CONTAINS" -> call("contains", path, constant(values.get(0)));
            case "NOT_CONTAINS" -> new Ast.Not(call("contains", path, constant(values.get(0))));
            case "BEGINS_WITH" -> call("begins_with", path, constant(values.get(0)));
            case "BETWEEN" -> new Ast.Between(path, constant(values.get(0)), constant(values.get(1)));
            default -> new Ast.In(path, values.stream().<Operand>map(Legacy::constant).toList());
        };
    }

    /** The ComparisonOperator: required, and one of DynamoDB's names as written (in capitals). */
    private static String operator(JsonNode spec) {
        JsonNode node = spec.get("ComparisonOperator");
        if (node == null || node.isNull()) {
            throw DynamoException.validation("1 validation error detected: Value null at 'comparisonOperator' failed "
                    + "to satisfy constraint: Member must not be null");
        }
        String operator = node.asText();
        if (!ARGUMENTS.containsKey(operator) && !operator.equals("IN")) {
            throw DynamoException.validation("1 validation error detected: Value '" + operator
                    + "' at 'comparisonOperator' failed to satisfy constraint: Member must satisfy enum value set: "
                    + "[IN, NULL, BETWEEN, LT, NOT_CONTAINS, EQ, GT, NOT_NULL, NE, LE, BEGINS_WITH, GE, CONTAINS]");
        }
        return operator;
    }

    /** Argument count, one type for all arguments, the types the operator accepts, ordered BETWEEN bounds. */
    private static void checkArguments(String operator, List<Value> values) {
        if (operator.equals("IN") ? values.isEmpty() : ARGUMENTS.get(operator) != values.size()) {
            throw invalid("Invalid number of argument(s) for the " + operator + " ComparisonOperator");
        }
        for (Value value : values) {
            if (!value.type().equals(values.get(0).type())) {
                throw invalid("AttributeValues inside AttributeValueList must be of same type");
            }
            boolean scalar = value.isScalarKeyType();
            boolean accepted = switch (operator) {
                case "EQ", "NE" -> true;
                case "BEGINS_WITH" -> value instanceof Value.S || value instanceof Value.B;
                default -> scalar;
            };
            if (!accepted) {
                throw invalid("ComparisonOperator " + operator + " is not valid for " + value.type()
                        + " AttributeValue type");
            }
        }
        if (operator.equals("BETWEEN") && ValueOrder.compare(values.get(0), values.get(1)) > 0) {
            throw DynamoException.validation(
                    "The BETWEEN condition was provided a range where the lower bound is greater than the upper bound");
        }
    }

    private static boolean present(JsonNode spec, String field) {
        return spec.hasNonNull(field);
    }

    private static Cond compare(Ast.Comparator comparator, Ast.Path path, List<Value> values) {
        return new Ast.Compare(comparator, path, constant(values.get(0)));
    }

    /** {@code AttributeUpdates}: PUT (default), DELETE with or without a set value, ADD (lists append). */
    public static Update attributeUpdates(JsonNode attributeUpdates) {
        List<Ast.Action> actions = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = attributeUpdates.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            String action = e.getValue().path("Action").asText("PUT");
            JsonNode valueNode = e.getValue().get("Value");
            Ast.Path path = path(e.getKey());
            if (valueNode == null || valueNode.isNull()) {
                if (!action.equals("DELETE")) {
                    throw invalid("Only DELETE action is allowed when no attribute value is specified");
                }
                actions.add(new Ast.RemoveAction(path));
                continue;
            }
            Ast.Const value = constant(ValueJson.read(valueNode));
            Value v = value.value();
            if (action.equals("ADD") && !(v instanceof Value.N || v.isSet() || v instanceof Value.L)
                    || action.equals("DELETE") && !v.isSet()) {
                throw invalid("Action " + action + " is not supported for the type " + v.type());
            }
            switch (action) {
                case "ADD" -> actions.add(new Ast.AddAction(path, value, true));
                case "DELETE" -> actions.add(new Ast.DeleteAction(path, value, true));
                default -> actions.add(new Ast.SetAction(path, value));
            }
        }
        return new ParsedUpdate(actions);
    }

    /** {@code KeyConditions}: EQ on the partition key, one of the indexable operators on the sort key. */
    public static KeyCondition keyConditions(JsonNode keyConditions, KeySchema schema) {
        Map<String, KeyConditions.Term> terms = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = keyConditions.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            String operator = operator(e.getValue());
            List<Value> values = values(e.getValue().get("AttributeValueList"));
            KeyOperator op = KEY_OPERATORS.get(operator);
            if (op == null) {
                throw DynamoException.validation("Attempted conditional constraint is not an indexable operation");
            }
            checkArguments(operator, values);
            terms.put(e.getKey(), new KeyConditions.Term(e.getKey(), op, values));
        }
        return KeyConditions.build(terms, schema);
    }

    /** {@code AttributesToGet}: top-level names, at least one, no duplicates. */
    public static Projection attributesToGet(JsonNode attributesToGet) {
        if (attributesToGet.isEmpty()) {
            throw DynamoException.validation("1 validation error detected: Value '[]' at 'attributesToGet' failed "
                    + "to satisfy constraint: Member must have length greater than or equal to 1");
        }
        Set<String> names = new LinkedHashSet<>();
        for (JsonNode name : attributesToGet) {
            if (name.asText().isEmpty()) {
                throw invalid("Empty attribute name");
            }
            Sizes.checkAttributeName(name.asText());
            if (!names.add(name.asText())) {
                throw invalid("Duplicate value in attribute name: " + name.asText());
            }
        }
        return new ParsedProjection(names.stream().map(Legacy::path).toList());
    }

    private static List<Value> values(JsonNode list) {
        List<Value> values = new ArrayList<>();
        if (list != null) {
            list.forEach(node -> values.add(ValueJson.read(node)));
        }
        return values;
    }

    private static Ast.Path path(String attribute) {
        return new Ast.Path(List.of(new Ast.Key(attribute)), attribute);
    }

    private static Ast.Const constant(Value value) {
        return new Ast.Const(value, ValueJson.describe(value));
    }

    private static Ast.Call call(String function, Operand... args) {
        return new Ast.Call(function, List.of(args));
    }

    private static DynamoException invalid(String reason) {
        return DynamoException.validation("One or more parameter values were invalid: " + reason);
    }
}
