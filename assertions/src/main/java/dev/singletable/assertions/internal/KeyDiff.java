package dev.singletable.assertions.internal;

import dev.singletable.core.KeyDifference;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/** What differs between the keys expected and the keys returned: missing, unexpected, out of order. */
public final class KeyDiff {

    private KeyDiff() {
    }

    /**
     * @param difference the keys a pattern returned against those expected
     * @param ordered    whether the order matters
     * @return one line per difference ({@code missing: …}, {@code unexpected: …}, {@code out of order: …}), empty
     *         when there is none
     */
    public static List<String> of(KeyDifference difference, boolean ordered) {
        List<String> lines = new ArrayList<>();
        if (!difference.missing().isEmpty()) {
            lines.add("missing:    " + join(difference.missing()));
        }
        if (!difference.unexpected().isEmpty()) {
            lines.add("unexpected: " + join(difference.unexpected()));
        }
        if (ordered && difference.outOfOrder()) {
            lines.add("out of order: the same keys, returned as " + join(difference.returned()));
        }
        return lines;
    }

    /**
     * @param keys keys
     * @return the keys separated by commas, or {@code none}
     */
    public static String join(List<?> keys) {
        return keys.isEmpty() ? "none" : keys.stream().map(String::valueOf).collect(Collectors.joining(", "));
    }
}
