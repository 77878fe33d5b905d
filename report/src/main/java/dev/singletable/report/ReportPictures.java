package dev.singletable.report;

import dev.singletable.core.Coverage;
import dev.singletable.core.Cost;
import dev.singletable.core.DesignLint;
import dev.singletable.core.ItemCollections;
import dev.singletable.core.PatternCheck;
import dev.singletable.core.Shortfall;
import dev.singletable.core.Verification;
import dev.singletable.fixtures.AccessPattern;
import dev.singletable.fixtures.DynamoValues;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The report's pictures, as inline SVG drawn from core's results: partitions by items and bytes, which pattern
 * reads which index, the coverage of the last test run and the cost per pattern. Each mark carries a tooltip with
 * its exact numbers.
 */
final class ReportPictures {
    static final String GOOD = "#1e7b34";
    static final String BAD = "#b3261e";
    static final String QUIET = "#8a93a0";
    private static final String ITEMS = "#3b7dd8";
    private static final String BYTES = "#9db9e6";
    private static final String STRONG = "#c9d8f2";
    /** More partitions than this are summed up in one line: the picture is about the largest. */
    private static final int MOST_PARTITIONS = 24;
    private static final int WIDTH = 1100;
    private static final int ROW = 26;
    private static final int LABELS = 230;
    private static final int BARS = 340;

    private ReportPictures() {
    }

    /** The partitions of the table or an index, largest first: a bar for items, one for bytes; hot ones red. */
    static String partitions(ItemCollections.View view) {
        List<ItemCollections.Collection> largest = view.collections().stream()
                .sorted(Comparator.comparingInt((ItemCollections.Collection c) -> c.rows().size())
                        .thenComparingLong(ItemCollections.Collection::bytes).reversed())
                .limit(MOST_PARTITIONS).toList();
        int rest = view.collections().size() - largest.size();
        int maxItems = largest.stream().mapToInt(c -> c.rows().size()).max().orElse(1);
        long maxBytes = largest.stream().mapToLong(ItemCollections.Collection::bytes).max().orElse(1);
        Svg svg = new Svg(WIDTH, 30 + ROW * largest.size() + (rest > 0 ? ROW : 0),
                "partitions of " + view.describe() + " by items and bytes");
        legend(svg, ITEMS, "items", BYTES, "bytes");
        int y = 30;
        for (ItemCollections.Collection collection : largest) {
            boolean hot = DesignLint.hot(view, collection);
            String partition = String.join(", ", collection.partition().stream().map(DynamoValues::text).toList());
            int items = collection.rows().size();
            String numbers = Words.count(items, "item") + " · " + bytes(collection.bytes());
            svg.text(LABELS - 10, y + 15, shorten(partition, 30), "end", hot ? "hot" : "mono");
            svg.rect(LABELS, y + 3, BARS * items / (double) maxItems, 9, hot ? BAD : ITEMS,
                    view.describe(collection) + ": " + numbers);
            svg.rect(LABELS, y + 13, BARS * collection.bytes() / (double) maxBytes, 9, hot ? "#e8a39d" : BYTES,
                    view.describe(collection) + ": " + numbers);
            svg.text(LABELS + BARS + 12, y + 16, numbers + (hot ? " · hot: " + percent(items, view.items())
                    + " of the items" : ""), "start", hot ? "hot" : "");
            y += ROW;
        }
        if (rest > 0) {
            svg.text(LABELS - 10, y + 15, "and " + Words.count(rest, "smaller partition"), "end", "quiet");
        }
        return svg.toString();
    }

    /** Patterns on the left, the table and its indexes on the right, a line from each pattern to what it reads. */
    static String patternsAndIndexes(Verification results, List<ItemCollections.View> views) {
        List<AccessPattern> patterns = results.design().accessPatterns();
        int rows = Math.max(patterns.size(), views.size());
        int height = 20 + rows * 44;
        Svg svg = new Svg(WIDTH, height, "which access pattern reads which index");
        Map<String, Double> indexY = new LinkedHashMap<>();
        double indexStep = (height - 20) / (double) views.size();
        for (int i = 0; i < views.size(); i++) {
            ItemCollections.View view = views.get(i);
            double y = 10 + indexStep * i + indexStep / 2;
            indexY.put(view.name(), y);
            svg.box(700, y - 17, 380, 34, "#eef4fb", "#b9cde8");
            svg.text(712, y - 2, view.index().map(index -> index.name() + " · " + (index.isGlobal() ? "global"
                    : "local") + " · " + index.projection()).orElse("table"), "start", "strong");
            svg.text(712, y + 12, String.join(", ", view.partitionKey()) + (view.sortKey().isEmpty() ? ""
                    : " / " + String.join(", ", view.sortKey())) + " · "
                    + Words.count(view.items(), "item"), "start", "small");
        }
        double patternStep = (height - 20) / (double) Math.max(1, patterns.size());
        for (int i = 0; i < patterns.size(); i++) {
            AccessPattern pattern = patterns.get(i);
            double y = 10 + patternStep * i + patternStep / 2;
            String verdict = verdict(results, pattern);
            String color = verdict.equals("passes") ? GOOD : verdict.equals("not exercised") ? QUIET : BAD;
            svg.box(20, y - 17, 380, 34, "#ffffff", color);
            svg.text(32, y - 2, pattern.name(), "start", "strong");
            svg.text(32, y + 12, (pattern.scan() ? "Scan" : "Query " + String.join(", ", pattern.partition().stream()
                    .map(c -> c.value().source()).toList()))
                    + " · " + verdict, "start", "small");
            String target = pattern.indexName().orElse("table");
            svg.link(400, y, 700, indexY.get(target), color, pattern.scan(), pattern.name() + " reads "
                    + (target.equals("table") ? "the table" : "index " + target) + ": " + verdict);
        }
        return svg.toString();
    }

    private static String verdict(Verification results, AccessPattern pattern) {
        List<PatternCheck> checks = results.checks().stream().filter(c -> c.pattern().name().equals(pattern.name()))
                .toList();
        if (checks.stream().allMatch(c -> c.shortfalls().stream().allMatch(Shortfall.NotExercised.class::isInstance)
                && !c.passed())) {
            return "not exercised";
        }
        return checks.stream().allMatch(PatternCheck::passed) ? "passes" : "falls short";
    }

    /** Per declared pattern the application requests that served it; then the undeclared reads, in red. */
    static String coverage(Coverage coverage) {
        int rows = coverage.patterns().size() + coverage.undeclared().size();
        Svg svg = new Svg(WIDTH, 30 + ROW * rows, "coverage of the access patterns by the application's requests");
        legend(svg, GOOD, "served", BAD, "never served, or undeclared");
        int most = Math.max(1, coverage.patterns().stream().mapToInt(Coverage.PatternUse::requests).max().orElse(1));
        most = Math.max(most, coverage.undeclared().stream().mapToInt(Coverage.UndeclaredRead::requests).max()
                .orElse(1));
        int y = 30;
        for (Coverage.PatternUse use : coverage.patterns()) {
            svg.text(LABELS - 10, y + 15, shorten(use.pattern(), 30), "end", use.served() ? "" : "hot");
            if (use.served()) {
                String numbers = Words.count(use.requests(), "request") + " in " + Words.count(use.tests().size(),
                        "test");
                svg.rect(LABELS, y + 5, Math.max(3, BARS * use.requests() / (double) most), 14, GOOD,
                        use.pattern() + ": " + numbers + ": " + String.join(", ", use.tests()));
                svg.text(LABELS + BARS + 12, y + 16, numbers, "start", "");
            } else {
                svg.rect(LABELS, y + 5, BARS, 14, "#f6d5d2", use.pattern() + ": never served");
                svg.text(LABELS + 8, y + 16, "never served by the application", "start", "hot");
            }
            y += ROW;
        }
        for (Coverage.UndeclaredRead read : coverage.undeclared()) {
            svg.text(LABELS - 10, y + 15, "undeclared " + read.operation(), "end", "hot");
            svg.rect(LABELS, y + 5, Math.max(3, BARS * read.requests() / (double) most), 14, BAD, read.shape()
                    + ": " + Words.count(read.requests(), "request") + " in " + String.join(", ", read.tests()));
            svg.text(LABELS + BARS + 12, y + 16, shorten(read.shape(), 75), "start", "hot");
            y += ROW;
        }
        return svg.toString();
    }

    /** Per pattern the read units of a call, eventually consistent and (lighter) strongly consistent. */
    static String cost(Cost cost) {
        List<Cost.PatternCost> patterns = cost.patterns();
        Svg svg = new Svg(WIDTH, 30 + ROW * patterns.size(), "read capacity units of one call of each pattern");
        legend(svg, ITEMS, "eventually consistent", STRONG, "strongly consistent");
        double most = Math.max(0.5, patterns.stream().mapToDouble(p -> p.stronglyConsistentReadUnits()
                .orElse(p.readUnits().orElse(0))).max().orElse(0.5));
        int y = 30;
        for (Cost.PatternCost pattern : patterns) {
            svg.text(LABELS - 10, y + 15, shorten(pattern.pattern().name(), 30), "end", "");
            if (pattern.readUnits().isEmpty()) {
                svg.text(LABELS + 8, y + 16, "not run: no expect entry", "start", "quiet");
                y += ROW;
                continue;
            }
            double eventually = pattern.readUnits().getAsDouble();
            String numbers = InsightText.units(eventually) + " RCU a call" + (pattern.stronglyConsistentReadUnits().isPresent()
                    ? ", " + InsightText.units(pattern.stronglyConsistentReadUnits().getAsDouble()) + " strongly consistent"
                    : ", none strongly consistent on a global index");
            if (pattern.stronglyConsistentReadUnits().isPresent()) {
                svg.rect(LABELS, y + 5, BARS * pattern.stronglyConsistentReadUnits().getAsDouble() / most, 14, STRONG,
                        pattern.pattern().name() + ": " + numbers);
            }
            svg.rect(LABELS, y + 5, BARS * eventually / most, 14, ITEMS, pattern.pattern().name() + ": " + numbers);
            svg.text(LABELS + BARS + 12, y + 16, numbers + pattern.rate().map(rate -> " · at " + rate + ": "
                    + InsightText.units(pattern.readUnitsPerSecond()) + " RCU/s").orElse(""), "start", "");
            y += ROW;
        }
        return svg.toString();
    }

    private static void legend(Svg svg, String first, String firstLabel, String second, String secondLabel) {
        svg.rect(LABELS, 6, 12, 12, first, null).text(LABELS + 18, 16, firstLabel, "start", "small");
        svg.rect(LABELS + 200, 6, 12, 12, second, null).text(LABELS + 218, 16, secondLabel, "start", "small");
    }

    private static String shorten(String text, int length) {
        return text.length() > length ? text.substring(0, length - 1) + "…" : text;
    }

    private static String percent(int part, int whole) {
        return String.format(Locale.ROOT, "%.0f%%", 100.0 * part / whole);
    }

    static String bytes(long size) {
        return size < 1024 ? size + " B" : String.format(Locale.ROOT, "%.1f KB", size / 1024.0);
    }
}
