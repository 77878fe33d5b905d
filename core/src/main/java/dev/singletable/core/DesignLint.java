package dev.singletable.core;

import dev.singletable.core.DesignWarning.Kind;
import dev.singletable.fixtures.AccessPattern;
import dev.singletable.fixtures.DynamoValues;
import dev.singletable.fixtures.EntityDesign;
import dev.singletable.fixtures.FixtureItem;
import dev.singletable.fixtures.IndexDesign;
import dev.singletable.fixtures.KeyAttribute;
import dev.singletable.fixtures.KeyTemplate;
import dev.singletable.fixtures.SourceLocation;
import dev.singletable.fixtures.TableDesign;
import dev.singletable.fixtures.TableKey;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * The one design lint: what in a design will hurt at scale, found in its descriptor, its fixtures and the runs of
 * its access patterns. {@code singletable verify}, {@code singletable report} and
 * {@code assertThat(table).hasNoDesignWarnings()} render its warnings; none of them looks again.
 *
 * <pre>{@code
 * Verification verification = Verification.of(table);
 * DesignLint.of(verification, 10_000).forEach(System.out::println);
 * }</pre>
 *
 * <p>The rules, each a {@link Kind}: numbers in string sort keys that sort as text ({@code ORDER#9} after
 * {@code ORDER#10}), from the templates (a numeric parameter without a fixed-width format) and from the fixtures
 * (sort key values of one partition out of numeric order); a partition holding half the items of the table or an
 * index, from {@value #HOT_MINIMUM_ITEMS} items; a partition over 1 MB, one Query page; an item over 300 KB; an
 * index no pattern reads; an attribute name with values of two types in one index; an index that projects more
 * than its patterns read, or less, once they say what they read ({@code reads: [...]}); a filter that discards
 * more than half of what its Query reads; and, on a table with local indexes, an item collection that at the
 * stated scale reaches half of the 10 GB DynamoDB lets it hold.
 */
public final class DesignLint {
    /** A Query returns at most 1 MB a page: a larger collection takes several round trips to read. */
    public static final long LARGE_COLLECTION_BYTES = 1024 * 1024;
    /** An item this close to 400 KB has no room to grow. */
    public static final long LARGE_ITEM_BYTES = 300 * 1024;
    /** A partition holding this share of the items takes this share of the writes. */
    public static final double HOT_SHARE = 0.5;
    /** Below this many items, shares say nothing about a partition being hot. */
    public static final int HOT_MINIMUM_ITEMS = 10;
    /** What one item collection may hold on a table with local secondary indexes. */
    public static final long COLLECTION_LIMIT_BYTES = 10L * 1024 * 1024 * 1024;
    /** The share of that limit from which a growing collection is reported. */
    public static final double GROWTH_SHARE = 0.5;

    private static final Pattern NUMBER = Pattern.compile("-?\\d+(\\.(\\d+))?");
    private static final Pattern DIGITS = Pattern.compile("\\d+");

    private final Verification verification;
    private final TableDesign design;
    private final long scale;
    private final List<DesignWarning> warnings = new ArrayList<>();

    private DesignLint(Verification verification, long scale) {
        this.verification = verification;
        this.design = verification.design();
        this.scale = scale;
    }

    /**
     * The warnings at the fixtures' own scale.
     *
     * @param verification the verdict on the design's patterns, with the fixtures it ran on
     * @return the warnings, in the order: per view (the table, then each index) its partitions and items, then the
     *         templates, the fixtures' sort keys, attribute types, projections, filters and item collections
     */
    public static List<DesignWarning> of(Verification verification) {
        return of(verification, 1);
    }

    /**
     * @param verification the verdict on the design's patterns, with the fixtures it ran on
     * @param scale        how many times larger than in the fixtures each item collection grows in production;
     *                     the growth of item collections is judged at this scale
     * @return the warnings, in the order of {@link #of(Verification)}
     * @throws IllegalArgumentException when the scale is below 1
     */
    public static List<DesignWarning> of(Verification verification, long scale) {
        if (scale < 1) {
            throw new IllegalArgumentException("a scale is how many times the fixtures grow, at least 1; got " + scale);
        }
        return new DesignLint(verification, scale).run();
    }

    private List<DesignWarning> run() {
        List<ItemCollections.View> views = ItemCollections.of(verification.fixtures());
        views.forEach(this::partitions);
        Set<String> flagged = templatesWithUnpaddedNumbers();
        views.forEach(view -> sortKeysOutOfNumericOrder(view, flagged));
        views.stream().filter(v -> v.index().isPresent()).forEach(this::overloadedAttributes);
        design.indexes().forEach(index -> projection(index, views.get(design.indexes().indexOf(index) + 1)));
        filterWaste();
        collectionGrowth(views);
        return List.copyOf(warnings);
    }

    private void warn(Kind kind, String message, String entity, String attribute, String pattern, String index,
            SourceLocation location) {
        warnings.add(new DesignWarning(kind, message, Optional.ofNullable(entity).filter(e -> !e.isEmpty()),
                Optional.ofNullable(attribute), Optional.ofNullable(pattern), Optional.ofNullable(index),
                Optional.ofNullable(location)));
    }

    /** Large and hot partitions and large items of the table or an index, then whether any pattern reads it. */
    private void partitions(ItemCollections.View view) {
        for (ItemCollections.Collection collection : view.collections()) {
            String partition = view.describe(collection);
            ItemCollections.Row first = collection.rows().get(0);
            String entity = mostCommonEntity(collection);
            if (collection.bytes() >= LARGE_COLLECTION_BYTES) {
                warn(Kind.LARGE_PARTITION, partition + " of " + view.describe() + " holds "
                        + size(collection.bytes()) + "; a Query reads at most 1 MB a page", entity,
                        String.join(", ", view.partitionKey()), null, view.name(), first.source().location());
            }
            int items = collection.rows().size();
            if (hot(view, collection)) {
                warn(Kind.HOT_PARTITION, String.format(Locale.ROOT, "%s holds %d of the %d items of %s (%s), and"
                        + " takes as large a share of its writes", partition, items, view.items(), view.describe(),
                        percent(items, view.items())), entity, String.join(", ", view.partitionKey()), null, view.name(),
                        first.source().location());
            }
            if (view.index().isEmpty()) {
                collection.rows().stream().filter(r -> r.size() >= LARGE_ITEM_BYTES).forEach(r -> warn(
                        Kind.LARGE_ITEM, TableKey.ofItem(r.item(), keyNames(design.primaryKey())) + " is "
                                + size(r.size()) + ", near DynamoDB's " + DynamoValues.MAX_ITEM_BYTES / 1024
                                + " KB limit", r.entity(), null, null, view.name(), r.source().location()));
            }
        }
        view.index().filter(index -> patternsOn(index.name()).isEmpty()).ifPresent(index -> warn(Kind.UNREAD_INDEX,
                "no access pattern queries " + index.name() + ", yet it projects " + index.projection()
                        + " and every write of its " + view.items() + (view.items() == 1 ? " item" : " items")
                        + " writes it too", null, null, null, index.name(), null));
    }

    /**
     * The rule of {@link Kind#HOT_PARTITION}, for front ends that mark hot partitions in pictures.
     *
     * @param view       the table or an index
     * @param collection one of its partitions
     * @return whether the partition holds at least {@link #HOT_SHARE} of the view's items, the view having at
     *         least {@link #HOT_MINIMUM_ITEMS}
     */
    public static boolean hot(ItemCollections.View view, ItemCollections.Collection collection) {
        return view.items() >= HOT_MINIMUM_ITEMS && collection.rows().size() >= HOT_SHARE * view.items();
    }

    private static String mostCommonEntity(ItemCollections.Collection collection) {
        Map<String, Long> counts = collection.rows().stream()
                .collect(Collectors.groupingBy(ItemCollections.Row::entity, LinkedHashMap::new, Collectors.counting()));
        return counts.entrySet().stream().max(Map.Entry.comparingByValue()).map(Map.Entry::getKey).orElse("");
    }

    /**
     * A numeric parameter written into a string sort key without a fixed width, seen in an item of the fixtures.
     *
     * @return the entity and attribute of each warning, {@code Entity.attribute}, so the fixtures' check does not
     *         repeat it
     */
    private Set<String> templatesWithUnpaddedNumbers() {
        Set<String> sortKeys = new LinkedHashSet<>();
        design.sortKey().filter(k -> k.type() == ScalarAttributeType.S).ifPresent(k -> sortKeys.add(k.name()));
        design.indexes().forEach(i -> i.sortKey().stream().filter(k -> k.type() == ScalarAttributeType.S)
                .forEach(k -> sortKeys.add(k.name())));
        Set<String> flagged = new LinkedHashSet<>();
        for (FixtureItem item : verification.fixtures().items()) {
            if (item.entity() == null) {
                continue;
            }
            EntityDesign entity = design.entity(item.entity());
            for (Map<String, KeyTemplate> templates : entity.items()) {
                if (!producedBy(templates, item.item())) {
                    continue;
                }
                templates.forEach((attribute, template) -> {
                    AttributeValue value = item.item().get(attribute);
                    if (!sortKeys.contains(attribute) || value == null
                            || flagged.contains(entity.name() + "." + attribute)) {
                        return;
                    }
                    template.parametersOf(DynamoValues.text(value)).ifPresent(parameters ->
                            parameters.forEach((parameter, text) -> {
                                if (!template.fixedWidth(parameter) && NUMBER.matcher(text).matches()
                                        && flagged.add(entity.name() + "." + attribute)) {
                                    unpaddedTemplate(entity.name(), attribute, template, parameter, text,
                                            parameters, item.location());
                                }
                            }));
                });
            }
        }
        return flagged;
    }

    private boolean producedBy(Map<String, KeyTemplate> templates, Map<String, AttributeValue> item) {
        return design.primaryKey().stream().allMatch(k -> item.containsKey(k.name())
                && templates.get(k.name()).matches(item.get(k.name())));
    }

    private void unpaddedTemplate(String entity, String attribute, KeyTemplate template, String parameter,
            String value, Map<String, String> parameters, SourceLocation location) {
        Map<String, Object> nine = new HashMap<>(parameters);
        nine.put(parameter, "9");
        Map<String, Object> ten = new HashMap<>(parameters);
        ten.put(parameter, "10");
        Matcher number = NUMBER.matcher(value);
        number.matches();
        String digits = value.replaceAll("[^0-9]", "");
        int width = Math.max(8, digits.length() + 2);
        String format = number.group(2) == null ? "%0" + width + "d"
                : "%0" + (width + number.group(2).length() + 1) + "." + number.group(2).length() + "f";
        warn(Kind.UNPADDED_NUMBER, attribute + " \"" + template.source() + "\" of entity " + entity + " writes "
                + parameter + " (" + value + " here) as it is, so \"" + template.renderText(nine) + "\" sorts after \""
                + template.renderText(ten) + "\"; write {" + parameter + ":" + format + "}", entity, attribute,
                null, null, location);
    }

    /** Sort key values of one partition whose numbers sort otherwise as text than as numbers. */
    private void sortKeysOutOfNumericOrder(ItemCollections.View view, Set<String> flagged) {
        // on a sort key of several attributes, neighbours differ in any of them: only a one-attribute key is read
        Optional<KeyAttribute> sortKey = view.index().map(IndexDesign::sortKey)
                .map(keys -> keys.size() == 1 ? Optional.of(keys.get(0)) : Optional.<KeyAttribute>empty())
                .orElse(design.sortKey());
        if (sortKey.isEmpty() || sortKey.get().type() != ScalarAttributeType.S) {
            return;
        }
        String attribute = sortKey.get().name();
        for (ItemCollections.Collection collection : view.collections()) {
            List<ItemCollections.Row> rows = collection.rows();
            for (int i = 1; i < rows.size(); i++) {
                String before = rows.get(i - 1).item().get(attribute).s();
                ItemCollections.Row row = rows.get(i);
                String after = row.item().get(attribute).s();
                if (numericOrder(before, after) > 0 && flagged.add(row.entity() + "." + attribute)) {
                    warn(Kind.UNPADDED_NUMBER, attribute + " values \"" + before + "\" and \"" + after + "\" of "
                            + view.describe(collection) + " in "
                            + view.describe() + " sort as text, so " + after + " comes after " + before
                            + "; write the numbers in one width", row.entity(), attribute, null, view.name(),
                            row.source().location());
                }
            }
        }
    }

    /** Compares as people read: runs of digits by their value, everything else by character. */
    private static int numericOrder(String a, String b) {
        Matcher left = DIGITS.matcher(a);
        Matcher right = DIGITS.matcher(b);
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            if (Character.isDigit(a.charAt(i)) && Character.isDigit(b.charAt(j))) {
                left.find(i);
                right.find(j);
                int numbers = new BigDecimal(left.group()).compareTo(new BigDecimal(right.group()));
                if (numbers != 0) {
                    return numbers;
                }
                i = left.end();
                j = right.end();
            } else if (a.charAt(i) != b.charAt(j)) {
                return Character.compare(a.charAt(i), b.charAt(j));
            } else {
                i++;
                j++;
            }
        }
        return Integer.compare(a.length() - i, b.length() - j);
    }

    /** One attribute name with values of two types among the items an index holds. */
    private void overloadedAttributes(ItemCollections.View view) {
        Set<String> keys = new HashSet<>(design.keyAttributeNames());
        Map<String, Map<String, ItemCollections.Row>> types = new LinkedHashMap<>();
        for (ItemCollections.Collection collection : view.collections()) {
            for (ItemCollections.Row row : collection.rows()) {
                row.item().forEach((name, value) -> {
                    if (!keys.contains(name) && value.type() != AttributeValue.Type.NUL) {
                        types.computeIfAbsent(name, n -> new LinkedHashMap<>())
                                .putIfAbsent(DynamoValues.typeName(value), row);
                    }
                });
            }
        }
        types.forEach((attribute, byType) -> {
            if (byType.size() < 2) {
                return;
            }
            List<Map.Entry<String, ItemCollections.Row>> found = List.copyOf(byType.entrySet());
            ItemCollections.Row second = found.get(1).getValue();
            warn(Kind.OVERLOADED_ATTRIBUTE, attribute + " is " + found.stream().map(e -> e.getKey() + " in "
                    + describeEntity(e.getValue()) + " (" + e.getValue().source().location() + ")")
                    .collect(Collectors.joining(" but ")) + ", and " + view.describe() + " holds both: a filter or"
                    + " a reader of the index meets values of two types under one name", second.entity(), attribute,
                    null, view.name(), second.source().location());
        });
    }

    private static String describeEntity(ItemCollections.Row row) {
        return row.entity().isEmpty() ? "an item of no entity" : row.entity();
    }

    /** An index that projects attributes none of its patterns reads, or lacks one a pattern reads. */
    private void projection(IndexDesign index, ItemCollections.View view) {
        List<AccessPattern> patterns = patternsOn(index.name());
        Set<String> keys = new LinkedHashSet<>(keyNames(design.primaryKey()));
        index.keyAttributes().forEach(k -> keys.add(k.name()));
        for (AccessPattern pattern : patterns) {
            if (index.projection() == ProjectionType.ALL) {
                break;
            }
            List<String> missing = pattern.reads().stream()
                    .filter(a -> !keys.contains(a) && !index.nonKeyAttributes().contains(a)).toList();
            if (!missing.isEmpty()) {
                warn(Kind.UNPROJECTED_READ, "access pattern " + pattern.name() + " reads " + String.join(", ", missing)
                        + ", which index " + index.name() + " does not project (it holds the keys"
                        + index.nonKeyAttributes().stream().map(a -> ", " + a).collect(Collectors.joining()) + "): "
                        + (index.isGlobal() ? "a Query on a global index cannot return " + (missing.size() == 1
                                ? "it" : "them")
                                : "a Query on a local index fetches each item it returns from the table as well, at"
                                        + " the cost of another read"),
                        null, missing.get(0), pattern.name(), index.name(), null);
            }
        }
        if (patterns.isEmpty() || index.projection() == ProjectionType.KEYS_ONLY
                || patterns.stream().anyMatch(p -> p.reads().isEmpty())) {
            return;
        }
        Set<String> read = new LinkedHashSet<>();
        patterns.forEach(p -> read.addAll(p.reads()));
        Set<String> projected = new LinkedHashSet<>(index.nonKeyAttributes());
        if (index.projection() == ProjectionType.ALL) {
            view.collections().forEach(c -> c.rows().forEach(r -> projected.addAll(r.item().keySet())));
        }
        projected.removeAll(keys);
        List<String> unread = projected.stream().filter(a -> !read.contains(a)).toList();
        if (unread.isEmpty()) {
            return;
        }
        long unreadBytes = view.collections().stream().flatMap(c -> c.rows().stream())
                .mapToLong(r -> r.size() - DynamoValues.itemSize(without(r.item(), unread))).sum();
        List<String> needed = read.stream().filter(a -> !keys.contains(a)).toList();
        warn(Kind.WIDE_PROJECTION, "index " + index.name() + " projects " + (index.projection() == ProjectionType.ALL
                ? "ALL" : "include: [" + String.join(", ", index.nonKeyAttributes()) + "]") + ", but its access"
                + " patterns " + patterns.stream().map(AccessPattern::name).collect(Collectors.joining(", "))
                + " read only " + (needed.isEmpty() ? "keys" : String.join(", ", needed)) + ": "
                + String.join(", ", unread) + " " + (unread.size() == 1 ? "is" : "are") + " written to it with"
                + " every write and never read (" + size(unreadBytes) + " of the " + size(view.bytes())
                + " it holds); project " + (needed.isEmpty() ? "KEYS_ONLY" : "{ include: [" + String.join(", ", needed)
                        + "] }"), null, unread.get(0), patterns.get(0).name(), index.name(), null);
    }

    private static Map<String, AttributeValue> without(Map<String, AttributeValue> item, List<String> names) {
        Map<String, AttributeValue> rest = new LinkedHashMap<>(item);
        names.forEach(rest::remove);
        return rest;
    }

    /** A filter that discards more than half of what the pattern's requests read (and at least two items). */
    private void filterWaste() {
        for (PatternCheck check : verification.checks()) {
            int read = check.itemsRead();
            int discarded = read - check.itemsReturned();
            if (check.pattern().filter().isEmpty() || !check.ran() || discarded < 2 || discarded * 2 <= read) {
                continue;
            }
            warn(Kind.FILTER_WASTE, check.label() + " reads " + read + " items and its filter keeps "
                    + check.itemsReturned() + ": " + discarded + " of the " + read + " (" + percent(discarded, read)
                    + ") are read, paid for and dropped; a key condition that skips them reads less", null, null,
                    check.pattern().name(), check.pattern().indexName().orElse("table"),
                    check.expectation().map(e -> e.location()).orElse(null));
        }
    }

    /** On a table with local indexes, an item collection (its items and their index entries) near 10 GB. */
    private void collectionGrowth(List<ItemCollections.View> views) {
        List<ItemCollections.View> locals = views.stream().filter(v -> v.index().filter(i -> !i.isGlobal())
                .isPresent()).toList();
        if (locals.isEmpty()) {
            return;
        }
        Map<List<AttributeValue>, Long> entries = new HashMap<>();
        locals.forEach(local -> local.collections().forEach(c -> entries.merge(c.partition(), c.bytes(), Long::sum)));
        String names = locals.stream().map(ItemCollections.View::name).collect(Collectors.joining(", "));
        ItemCollections.View table = views.get(0);
        for (ItemCollections.Collection collection : table.collections()) {
            long bytes = collection.bytes() + entries.getOrDefault(collection.partition(), 0L);
            double grown = (double) bytes * scale;
            if (grown < GROWTH_SHARE * COLLECTION_LIMIT_BYTES) {
                continue;
            }
            ItemCollections.Row first = collection.rows().get(0);
            warn(Kind.COLLECTION_GROWTH, String.format(Locale.ROOT, "the item collection %s (its items and their"
                    + " entries in %s) holds %s in the fixtures; at scale %,d it holds %s, %s of the 10 GB a"
                    + " collection may hold on a table with local indexes, where DynamoDB refuses writes to it",
                    table.describe(collection), names, size(bytes), scale,
                    size(grown), percent(grown, COLLECTION_LIMIT_BYTES)), mostCommonEntity(collection),
                    String.join(", ", table.partitionKey()), null, locals.get(0).name(), first.source().location());
        }
    }

    private List<AccessPattern> patternsOn(String index) {
        return design.accessPatterns().stream().filter(p -> p.indexName().filter(index::equals).isPresent())
                .toList();
    }

    private static List<String> keyNames(List<KeyAttribute> keys) {
        return keys.stream().map(KeyAttribute::name).toList();
    }

    private static String percent(double part, double whole) {
        return String.format(Locale.ROOT, "%.0f%%", 100 * part / whole);
    }

    /** Bytes as people read them: {@code 312 B}, {@code 310.1 KB}, {@code 1.5 MB}, {@code 11.4 GB}. */
    static String size(double bytes) {
        String[] units = {"B", "KB", "MB", "GB", "TB"};
        int unit = 0;
        double value = bytes;
        while (value >= 1024 && unit < units.length - 1) {
            value /= 1024;
            unit++;
        }
        return unit == 0 ? String.format(Locale.ROOT, "%.0f B", value)
                : String.format(Locale.ROOT, "%.1f %s", value, units[unit]);
    }
}
