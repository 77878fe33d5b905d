package dev.singletable.engine.internal.ops.reads;

import dev.singletable.engine.KeyConditionShape;
import dev.singletable.engine.internal.expr.KeyCondition;
import dev.singletable.engine.internal.expr.SortCondition;
import dev.singletable.engine.internal.expr.SortOp;
import dev.singletable.engine.internal.value.Value;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The request log's view of a key condition. Values display as people write them: strings as they are,
 * numbers in DynamoDB's canonical form, binaries in base64. Shared with the client-side interceptor so that
 * both logs describe one Query alike.
 */
public final class KeyShapes {
    private KeyShapes() {
    }

    static KeyConditionShape of(KeyCondition condition) {
        SortCondition sort = condition.sort();
        return new KeyConditionShape(condition.partitionKey(), display(condition.partitionValue()),
                sort == null ? null : sort.attribute(), sort == null ? null : operator(sort.op()));
    }

    private static final Pattern TOKEN = Pattern.compile("<=|>=|[=<>]|[^\\s()=<>,]+");

    /**
     * The shape of a KeyConditionExpression read from its text, for a client: the partition key is
     * {@code partitionKey} when the client knows it (null otherwise), else the attribute compared with {@code =}
     * while the other one has another operator, and when both use {@code =}, the first written. {@code values}
     * holds the display form of each {@code :value}. Null when the text is not a key condition (the service
     * refuses it anyway).
     */
    public static KeyConditionShape parse(String text, Map<String, String> names, Map<String, String> values,
                                          String partitionKey) {
        List<String> tokens = new ArrayList<>();
        Matcher m = TOKEN.matcher(text);
        while (m.find()) {
            tokens.add(m.group());
        }
        List<String[]> terms = new ArrayList<>(); // attribute, operator, value
        int i = 0;
        while (i < tokens.size()) {
            String[] term;
            if (tokens.get(i).equals("begins_with") && i + 2 < tokens.size()) {
                term = new String[] {tokens.get(i + 1), "begins_with", tokens.get(i + 2)};
                i += 3;
            } else if (i + 4 < tokens.size() && tokens.get(i + 1).equalsIgnoreCase("BETWEEN")) {
                term = new String[] {tokens.get(i), "BETWEEN", tokens.get(i + 2)};
                i += 5;
            } else if (i + 2 < tokens.size()) {
                boolean valueFirst = tokens.get(i).startsWith(":");
                String operator = valueFirst ? mirror(tokens.get(i + 1)) : tokens.get(i + 1);
                term = new String[] {tokens.get(valueFirst ? i + 2 : i), operator, tokens.get(valueFirst ? i : i + 2)};
                i += 3;
            } else {
                return null;
            }
            terms.add(term);
            if (i < tokens.size() && tokens.get(i).equalsIgnoreCase("AND")) {
                i++;
            }
        }
        if (terms.isEmpty() || terms.size() > 2) {
            return null;
        }
        int partition = terms.size() == 2 && (partitionKey != null
                ? partitionKey.equals(names.getOrDefault(terms.get(1)[0], terms.get(1)[0]))
                : !terms.get(0)[1].equals("=")) ? 1 : 0;
        String[] pk = terms.get(partition);
        String[] sk = terms.size() == 2 ? terms.get(1 - partition) : null;
        return new KeyConditionShape(names.getOrDefault(pk[0], pk[0]), values.getOrDefault(pk[2], pk[2]),
                sk == null ? null : names.getOrDefault(sk[0], sk[0]), sk == null ? null : sk[1]);
    }

    /** {@code :v < k} is {@code k > :v}. */
    private static String mirror(String operator) {
        return switch (operator) {
            case "<" -> ">";
            case "<=" -> ">=";
            case ">" -> "<";
            case ">=" -> "<=";
            default -> operator;
        };
    }

    /** The operator as written in a KeyConditionExpression. */
    private static String operator(SortOp op) {
        return switch (op) {
            case EQ -> "=";
            case LT -> "<";
            case LE -> "<=";
            case GT -> ">";
            case GE -> ">=";
            case BETWEEN -> "BETWEEN";
            case BEGINS_WITH -> "begins_with";
        };
    }

    /** A key value for display. */
    public static String display(Value value) {
        if (value instanceof Value.S s) {
            return s.value();
        } else if (value instanceof Value.N n) {
            return n.text();
        } else if (value instanceof Value.B b) {
            return Base64.getEncoder().encodeToString(b.bytes());
        }
        return value.toString();
    }
}
