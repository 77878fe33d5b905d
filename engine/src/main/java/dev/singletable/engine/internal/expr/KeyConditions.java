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

    /** Checks the terms against the key schema and builds the key condition. */
    static KeyCondition build(Map<String, Term> terms, KeySchema schema) {
        if (terms.size() > 2) {
            throw DynamoException.validation("Conditions can be of length 1 or 2 only");
        }
        Term partition = terms.get(schema.partitionKey());
        if (partition == null) {
            throw missed(schema.partitionKey());
        }
        if (partition.op() != KeyOperator.EQ) {
            throw DynamoException.validation("Query key condition not supported");
        }
        checkValue(schema.partitionKey(), schema.partitionType(), partition.values().get(0));
        SortCondition sort = null;
        for (Term term : terms.values()) {
            if (term == partition) {
                continue;
            }
            if (!term.attribute().equals(schema.sortKey())) {
                throw missed(schema.sortKey() != null ? schema.sortKey() : term.attribute());
            }
            if (term.op() == KeyOperator.BEGINS_WITH && "N".equals(schema.sortType())) {
                throw DynamoException.validation("Invalid KeyConditionExpression: Incorrect operand type for operator "
                        + "or function; operator or function: begins_with, operand type: N");
            }
            term.values().forEach(v -> checkValue(term.attribute(), schema.sortType(), v));
            sort = sortCondition(term);
        }
        return new KeyCondition(schema.partitionKey(), partition.values().get(0), sort);
    }

    /** The key condition the terms make when {@code partitionKey} (or, when null, a guess) names the partition key. */
    static KeyCondition read(Map<String, Term> terms, String partitionKey) {
        if (terms.isEmpty() || terms.size() > 2) {
            return null;
        }
        List<Term> written = List.copyOf(terms.values());
        Term partition = written.get(0);
        if (written.size() == 2) {
            boolean secondIsPartition = partitionKey != null ? written.get(1).attribute().equals(partitionKey)
                    : written.get(0).op() != KeyOperator.EQ;
            partition = written.get(secondIsPartition ? 1 : 0);
        }
        if (partition.op() != KeyOperator.EQ) {
            return null;
        }
        SortCondition sort = null;
        for (Term term : written) {
            if (term != partition) {
                sort = sortCondition(term);
            }
        }
        return new KeyCondition(partition.attribute(), partition.values().get(0), sort);
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
