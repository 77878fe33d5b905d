package dev.singletable.assertions.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/** What differs between the keys expected and the keys returned: missing, unexpected, out of order. */
public final class KeyDiff {

    private KeyDiff() {
    }

    /**
     * @param expected the keys expected
     * @param actual   the keys returned
     * @param ordered  whether the order matters
     * @return one line per difference ({@code missing: …}, {@code unexpected: …}, {@code out of order: …}), empty
     *         when there is none
     */
    public static List<String> of(List<?> expected, List<?> actual, boolean ordered) {
        List<Object> missing = remove(expected, actual);
        List<Object> unexpected = remove(actual, expected);
        List<String> lines = new ArrayList<>();
        if (!missing.isEmpty()) {
            lines.add("missing:    " + join(missing));
        }
        if (!unexpected.isEmpty()) {
            lines.add("unexpected: " + join(unexpected));
        }
        if (ordered && lines.isEmpty() && !expected.equals(actual)) {
            lines.add("out of order: the same keys, returned as " + join(actual));
        }
        return lines;
    }

    /** The elements of {@code from} left after taking away one occurrence of each element of {@code taken}. */
    private static List<Object> remove(List<?> from, List<?> taken) {
        List<Object> left = new ArrayList<>(from);
        taken.forEach(left::remove);
        return left;
    }

    /**
     * @param keys keys
     * @return the keys separated by commas, or {@code none}
     */
    public static String join(List<?> keys) {
        return keys.isEmpty() ? "none" : keys.stream().map(String::valueOf).collect(Collectors.joining(", "));
    }
}
