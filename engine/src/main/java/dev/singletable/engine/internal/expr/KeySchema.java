package dev.singletable.engine.internal.expr;

import java.util.ArrayList;
import java.util.List;

/**
 * The key of the table or index a Query runs on: its partition key attributes and its sort key attributes, in
 * key order, each with its type ({@code S}, {@code N} or {@code B}). A table or local index has one partition
 * attribute and at most one sort attribute; a global secondary index up to four of each.
 */
public record KeySchema(List<Attribute> partition, List<Attribute> sort) {

    /** A key attribute and its type. */
    public record Attribute(String name, String type) {
    }

    public KeySchema {
        partition = List.copyOf(partition);
        sort = List.copyOf(sort);
    }

    /** Whether each side of the key is one attribute (or none, for the sort key): every key but a GSI's may be. */
    boolean singleAttribute() {
        return partition.size() == 1 && sort.size() <= 1;
    }

    /** Every key attribute: the partition key's, then the sort key's. */
    List<Attribute> attributes() {
        List<Attribute> all = new ArrayList<>(partition);
        all.addAll(sort);
        return all;
    }
}
