package dev.singletable.engine.internal.expr;

import dev.singletable.engine.internal.value.Value;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/** A condition tree behind the {@link Condition} interface; a null tree is the empty legacy condition. */
final class ParsedCondition implements Condition {
    private final Ast.Cond root;
    /** Worked out when first asked for: only a Query's filter check and the attributes a read fetches need it. */
    private Set<String> topLevel;

    ParsedCondition(Ast.Cond root) {
        this.root = root;
    }

    @Override
    public boolean test(Map<String, Value> item) {
        return root == null || Evaluator.test(root, item);
    }

    @Override
    public Set<String> topLevelAttributes() {
        if (topLevel == null) {
            Set<String> names = new LinkedHashSet<>();
            if (root != null) {
                collect(root, names);
            }
            topLevel = Collections.unmodifiableSet(names);
        }
        return topLevel;
    }

    @Override
    public String canonical() {
        return root == null ? "" : Canonical.cond(root);
    }

    @Override
    public String toString() {
        return canonical();
    }

    private static void collect(Ast.Node node, Set<String> names) {
        if (node instanceof Ast.Path path) {
            names.add(path.top());
        } else if (node instanceof Ast.Call call) {
            call.args().forEach(a -> collect(a, names));
        } else if (node instanceof Ast.Compare compare) {
            collect(compare.left(), names);
            collect(compare.right(), names);
        } else if (node instanceof Ast.Between between) {
            collect(between.subject(), names);
            collect(between.lower(), names);
            collect(between.upper(), names);
        } else if (node instanceof Ast.In in) {
            collect(in.subject(), names);
            in.candidates().forEach(c -> collect(c, names));
        } else if (node instanceof Ast.And and) {
            collect(and.left(), names);
            collect(and.right(), names);
        } else if (node instanceof Ast.Or or) {
            collect(or.left(), names);
            collect(or.right(), names);
        } else if (node instanceof Ast.Not not) {
            collect(not.operand(), names);
        }
    }
}
