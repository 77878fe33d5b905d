package dev.singletable.engine.internal.ops.reads;

import dev.singletable.engine.KeyConditionShape;
import dev.singletable.engine.internal.expr.KeyCondition;
import dev.singletable.engine.internal.expr.SortCondition;
import dev.singletable.engine.internal.expr.SortOp;
import dev.singletable.engine.internal.value.Value;
import java.util.Base64;

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

    /** The operator as written in a KeyConditionExpression. */
    public static String operator(SortOp op) {
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
