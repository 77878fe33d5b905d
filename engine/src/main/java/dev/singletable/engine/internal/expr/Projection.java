package dev.singletable.engine.internal.expr;

import dev.singletable.engine.internal.value.Value;
import java.util.Map;
import java.util.Set;

/** A parsed ProjectionExpression (or legacy AttributesToGet). */
public interface Projection {

    /** The requested paths that exist in the item, nested under their parents, list elements compacted. */
    Map<String, Value> apply(Map<String, Value> item);

    /** The first element of every requested path. */
    Set<String> topLevelAttributes();

    /** The canonical form, for golden tests and the request log. */
    String canonical();
}
