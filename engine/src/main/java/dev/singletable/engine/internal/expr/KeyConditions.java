package dev.singletable.engine.internal.expr;

import dev.singletable.engine.internal.DynamoException;
import dev.singletable.engine.internal.expr.Ast.Cond;
import dev.singletable.engine.internal.expr.Ast.Operand;
import dev.singletable.engine.internal.value.Value;
import dev.singletable.engine.model.KeyOperator;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns key conditions, written as an expression or as legacy KeyConditions, into a
 * {@link KeyCondition} checked against the key schema.
 */
final class KeyConditions {

    /** One condition on one key attribute, with the attribute as first operand. */
    record Term(String attribute, KeyOperator op, List<Value> values) {
    }

    private KeyConditions() {
    }

    /** The terms of a parsed KeyConditionExpression, in the order dynalite checks them against the service. */
    static Map<String, Term> terms(Cond cond) {
        Map<String, Term> terms = new LinkedHashMap<>();
        collect(cond, terms);
        return terms;
    }

    private static void collect(Cond cond, Map<String, Term> terms) {
        if (cond instanceof Ast.Or) {
            throw invalidOperator("OR");
        } else if (cond instanceof Ast.Not) {
            throw invalidOperator("NOT");
        } else if (cond instanceof Ast.In) {
            throw invalidOperator("IN");
        } else if (cond instanceof Ast.Compare compare && compare.op() == Ast.Comparator.NE) {
            throw invalidOperator("<>");
        } else if (cond instanceof Ast.And and) {
            collect(and.left(), terms);
            collect(and.right(), terms);
        } else if (cond instanceof Ast.Compare compare) {
            term(sortOp(compare.op()), List.of(compare.left(), compare.right()), terms);
        } else if (cond instanceof Ast.Between between) {
            firstOperandIsKey("BETWEEN", between.subject());
            term(KeyOperator.BETWEEN, List.of(between.subject(), between.lower(), between.upper()), terms);
        } else {
            Ast.Call call = (Ast.Call) cond;
            if (!call.name().equals("begins_with")) {
                throw invalidOperator(call.name());
            }
            firstOperandIsKey("begins_with", call.args().get(0));
            term(KeyOperator.BEGINS_WITH, call.args(), terms);
        }
    }

    private static void firstOperandIsKey(String operator, Operand first) {
        if (!(first instanceof Ast.Path)) {
            throw DynamoException.validation("Invalid condition in KeyConditionExpression: " + operator
                    + " operator must have the key attribute as its first operand");
        }
    }

    private static void term(KeyOperator op, List<Operand> operands, Map<String, Term> terms) {
        String attribute = null;
        int position = 0;
        List<Value> values = new ArrayList<>();
        for (int i = 0; i < operands.size(); i++) {
            Operand operand = operands.get(i);
            if (operand instanceof Ast.Path path) {
                if (attribute != null) {
                    throw invalidCondition("Multiple attribute names used in one condition");
                }
                if (!path.isTopLevel()) {
                    throw DynamoException.validation(
                            "KeyConditionExpressions cannot have conditions on nested attributes");
                }
                attribute = path.top();
                position = i;
            } else if (operand instanceof Ast.Const constant) {
                values.add(constant.value());
            } else {
                throw DynamoException.validation("KeyConditionExpressions cannot contain nested operations");
            }
        }
        if (attribute == null) {
            throw invalidCondition("No key attribute specified");
        }
        if (terms.containsKey(attribute)) {
            throw DynamoException.validation("KeyConditionExpressions must only contain one condition per key");
        }
        terms.put(attribute, new Term(attribute, position == 0 ? op : mirror(op), values));
    }

    private static KeyOperator sortOp(Ast.Comparator comparator) {
        return switch (comparator) {
            case LT -> KeyOperator.LT;
            case LE -> KeyOperator.LE;
            case GT -> KeyOperator.GT;
            case GE -> KeyOperator.GE;
            default -> KeyOperator.EQ;
        };
    }

    /** {@code :v < sk} is {@code sk > :v}. */
    private static KeyOperator mirror(KeyOperator op) {
        return switch (op) {
            case LT -> KeyOperator.GT;
            case LE -> KeyOperator.GE;
            case GT -> KeyOperator.LT;
            case GE -> KeyOperator.LE;
            default -> op;
        };
    }

    /**
     * Checks the terms against the key schema and builds the key condition: an equality on every partition key
     * attribute; on the sort key's attributes, from the first and without a gap, equalities and then at most one
     * other condition.
     */
    static KeyCondition build(Map<String, Term> terms, KeySchema schema) {
        if (schema.singleAttribute() && terms.size() > 2) {
            throw DynamoException.validation("Conditions can be of length 1 or 2 only");
        }
        Map<String, Value> partition = new LinkedHashMap<>();
        for (KeySchema.Attribute key : schema.partition()) {
            Term term = terms.get(key.name());
            if (term == null) {
                throw missed(key.name());
            }
            if (term.op() != KeyOperator.EQ) {
                throw DynamoException.validation("Query key condition not supported");
            }
            checkValue(key.name(), key.type(), term.values().get(0));
            partition.put(key.name(), term.values().get(0));
        }
        List<String> sortNames = new ArrayList<>(schema.sort().size());
        for (KeySchema.Attribute key : schema.sort()) {
            sortNames.add(key.name());
        }
        int last = -1;
        for (Term term : terms.values()) {
            if (partition.containsKey(term.attribute())) {
                continue;
            }
            int position = sortNames.indexOf(term.attribute());
            if (position < 0) {
                // DynamoDB names the sort key it expected rather than the attribute it did not
                String unconstrained = sortNames.stream().filter(name -> !terms.containsKey(name)).findFirst()
                        .orElse(sortNames.isEmpty() ? term.attribute() : sortNames.get(0));
                throw missed(schema.sort().size() == 1 ? sortNames.get(0) : unconstrained);
            }
            last = Math.max(last, position);
        }
        List<SortCondition> sort = new ArrayList<>();
        for (int i = 0; i <= last; i++) {
            KeySchema.Attribute key = schema.sort().get(i);
            Term term = terms.get(key.name());
            if (i < last && (term == null || term.op() != KeyOperator.EQ)) {
                throw DynamoException.validation("Query key condition not supported: RANGE key attribute "
                        + key.name() + " must have an equality condition because RANGE key attribute "
                        + sortNames.get(last) + " has a condition");
            }
            if (term.op() == KeyOperator.BEGINS_WITH && "N".equals(key.type())) {
                throw DynamoException.validation("Invalid KeyConditionExpression: Incorrect operand type for operator "
                        + "or function; operator or function: begins_with, operand type: N");
            }
            term.values().forEach(v -> checkValue(key.name(), key.type(), v));
            sort.add(sortCondition(term));
        }
        return new KeyCondition(partition, sort);
    }

    /**
     * The key condition the terms make on a key nobody described: the partition key is the attribute compared
     * with {@code =} while the other has another operator, and when both use {@code =}, the first written. Null
     * when the terms are no key condition of a one-attribute key.
     */
    static KeyCondition read(Map<String, Term> terms) {
        if (terms.isEmpty() || terms.size() > 2) {
            return null;
        }
        List<Term> written = List.copyOf(terms.values());
        Term partition = written.size() == 2 && written.get(0).op() != KeyOperator.EQ ? written.get(1) : written.get(0);
        if (partition.op() != KeyOperator.EQ) {
            return null;
        }
        List<SortCondition> sort = new ArrayList<>();
        for (Term term : written) {
            if (term != partition) {
                sort.add(sortCondition(term));
            }
        }
        return new KeyCondition(Map.of(partition.attribute(), partition.values().get(0)), sort);
    }

    private static SortCondition sortCondition(Term term) {
        return new SortCondition(term.attribute(), term.op(), term.values().get(0),
                term.op() == KeyOperator.BETWEEN ? term.values().get(1) : null);
    }

    private static void checkValue(String attribute, String type, Value value) {
        if (!value.type().equals(type)) {
            throw DynamoException.validation(
                    "One or more parameter values were invalid: Condition parameter type does not match schema type");
        }
        if (value instanceof Value.S s && s.value().isEmpty() || value instanceof Value.B b && b.bytes().length == 0) {
            throw DynamoException.validation("One or more parameter values are not valid. The AttributeValue for a "
                    + "key attribute cannot contain an empty " + (value instanceof Value.S ? "string" : "binary")
                    + " value. Key: " + attribute);
        }
    }

    private static DynamoException missed(String attribute) {
        return DynamoException.validation("Query condition missed key schema element: " + attribute);
    }

    private static DynamoException invalidOperator(String operator) {
        return DynamoException.validation("Invalid operator used in KeyConditionExpression: " + operator);
    }

    private static DynamoException invalidCondition(String reason) {
        return DynamoException.validation("Invalid condition in KeyConditionExpression: " + reason);
    }
}
