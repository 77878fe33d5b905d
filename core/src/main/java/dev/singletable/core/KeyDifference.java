package dev.singletable.core;

import dev.singletable.fixtures.TableKey;
import java.util.ArrayList;
import java.util.List;

/**
 * How the keys returned differ from the keys expected: which are missing, which unexpected, and whether the same
 * keys came back in another order. Keys compare as {@link TableKey} does, by DynamoDB's rules.
 *
 * @param expected the keys expected, in order
 * @param returned the keys returned, in order
 */
public record KeyDifference(List<TableKey> expected, List<TableKey> returned) {

    /** Copies the lists. */
    public KeyDifference {
        expected = List.copyOf(expected);
        returned = List.copyOf(returned);
    }

    /** @return the keys expected but not returned (each occurrence once) */
    public List<TableKey> missing() {
        return without(expected, returned);
    }

    /** @return the keys returned but not expected (each occurrence once) */
    public List<TableKey> unexpected() {
        return without(returned, expected);
    }

    /** @return {@code true} when the same keys came back, in another order */
    public boolean outOfOrder() {
        return missing().isEmpty() && unexpected().isEmpty() && !expected.equals(returned);
    }

    /** @return {@code true} when the same keys came back, in any order */
    public boolean sameKeys() {
        return missing().isEmpty() && unexpected().isEmpty();
    }

    private static List<TableKey> without(List<TableKey> from, List<TableKey> taken) {
        List<TableKey> left = new ArrayList<>(from);
        taken.forEach(left::remove);
        return left;
    }
}
