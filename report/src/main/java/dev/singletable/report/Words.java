package dev.singletable.report;

import dev.singletable.fixtures.FixtureItem;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** Counts in sentences, as the reports and the command write them: "1 item", "2 items". */
public final class Words {
    private Words() {
    }

    /**
     * @param count how many
     * @param one   the noun for one
     * @param many  the noun for several, or none
     * @return the count and the noun
     */
    public static String count(long count, String one, String many) {
        return count + " " + (count == 1 ? one : many);
    }

    /**
     * For nouns whose plural adds an s.
     *
     * @param count how many
     * @param noun  the noun for one
     * @return the count and the noun
     */
    public static String count(long count, String noun) {
        return count(count, noun, noun + "s");
    }

    /**
     * {@code 7 items (Member 2, Loan 2, raw 3)}: how many items of each entity, or raw.
     *
     * @param items fixture items
     * @return the count, with the count of each entity
     */
    public static String items(List<FixtureItem> items) {
        Map<String, Integer> byEntity = new LinkedHashMap<>();
        items.forEach(item -> byEntity.merge(item.entity() == null ? "raw" : item.entity(), 1, Integer::sum));
        return count(items.size(), "item") + (items.isEmpty() ? "" : byEntity.entrySet().stream()
                .map(e -> e.getKey() + " " + e.getValue()).collect(Collectors.joining(", ", " (", ")")));
    }
}
