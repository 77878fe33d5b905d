package dev.singletable.engine.internal.expr;

import dev.singletable.engine.internal.value.Value;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** A list of document paths behind the {@link Projection} interface. */
final class ParsedProjection implements Projection {
    private final List<Ast.Path> paths;
    private final PathTree tree;

    ParsedProjection(List<Ast.Path> paths) {
        this.paths = List.copyOf(paths);
        this.tree = PathTree.of(paths);
    }

    @Override
    public Map<String, Value> apply(Map<String, Value> item) {
        return tree.project(item);
    }

    @Override
    public Set<String> topLevelAttributes() {
        Set<String> names = new LinkedHashSet<>();
        paths.forEach(p -> names.add(p.top()));
        return names;
    }

    @Override
    public String canonical() {
        return Canonical.paths(paths);
    }

    @Override
    public String toString() {
        return canonical();
    }
}
