package dev.singletable.report;

import static dev.singletable.report.Html.escape;

import dev.singletable.core.Cost;
import dev.singletable.core.Coverage;
import dev.singletable.core.ItemCollections;
import dev.singletable.core.PatternCheck;
import dev.singletable.core.SparseIndex;
import dev.singletable.core.Verification;
import dev.singletable.fixtures.DynamoValues;
import dev.singletable.fixtures.Fixtures;
import dev.singletable.fixtures.TableDesign;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.stream.Stream;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The report as one self-contained HTML page: inline styles, no script, no external asset, so it can be
 * attached to a build, mailed, or opened from disk years later.
 */
final class ReportPage {
    /** Longer values are cut, with the whole value in the tooltip. */
    private static final int LONGEST_VALUE = 60;
    private static final String STYLE = """
            body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;color:#1d2330;\
            background:#f5f6f8}
            header{background:#232f3e;color:#fff;padding:20px 32px}
            header h1{margin:0 0 4px;font-size:22px}
            header p{margin:0;color:#c9d1dc}
            main{padding:8px 32px 32px}
            h2{font-size:17px;margin:28px 0 10px}
            h3{font-size:15px;margin:20px 0 8px}
            .cards{display:flex;gap:12px;flex-wrap:wrap;margin-top:20px}
            .card{background:#fff;border:1px solid #dde1e7;border-radius:6px;padding:10px 16px;min-width:120px}
            .card b{display:block;font-size:22px}
            .card.bad b{color:#b3261e}
            .card.good b{color:#1e7b34}
            table{border-collapse:collapse;background:#fff;border:1px solid #dde1e7;margin-bottom:8px}
            th,td{border:1px solid #dde1e7;padding:5px 9px;text-align:left;vertical-align:top}
            th{background:#eef1f5;font-weight:600;white-space:nowrap}
            td.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
            td.pk{background:#fdf6e3;font-weight:600;font-family:ui-monospace,Menlo,Consolas,monospace}
            td.sk{white-space:nowrap}
            td.sk,code{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:13px}
            td.entity{color:#5a6372}
            .attr{display:inline-block;background:#eef4fb;border:1px solid #d3e2f3;border-radius:4px;\
            padding:0 6px;margin:1px 4px 1px 0;font-family:ui-monospace,Menlo,Consolas,monospace;font-size:12px}
            .attr i{color:#5a6372;font-style:normal}
            .ok{color:#1e7b34;font-weight:700}
            td .fail{font-weight:400;font-size:12px}
            .fail{color:#b3261e;font-weight:700}
            tr.failed td{background:#fdecea}
            ul.warnings{background:#fff8e1;border:1px solid #f3d98b;border-radius:6px;padding:10px 10px 10px 32px}
            ul.warnings li{margin:3px 0}
            .none{color:#5a6372}
            .description{color:#5a6372;font-size:12px}
            .legend{color:#5a6372;font-size:13px;margin:4px 0 10px}
            svg.picture{display:block;max-width:100%;height:auto;background:#fff;border:1px solid #dde1e7;\
            border-radius:6px;margin:6px 0 12px}
            svg.picture text{font:12px system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;fill:#1d2330}
            svg.picture text.mono{font-family:ui-monospace,Menlo,Consolas,monospace}
            svg.picture text.hot{fill:#b3261e;font-weight:600}
            svg.picture text.quiet,svg.picture text.small{fill:#5a6372}
            svg.picture text.small{font-size:11px}
            svg.picture text.strong{font-weight:600}
            """;

    private final StringBuilder html = new StringBuilder();
    private final Map<String, String> descriptions = new HashMap<>();
    private final Map<String, SparseIndex> sparse = new HashMap<>();

    private ReportPage() {
    }

    /**
     * What the page shows.
     *
     * @param source   the design file's name
     * @param results  the verdict on the patterns, with the fixtures
     * @param views    the item collections of the table and each index
     * @param sparse   the sparse indexes, with how many of the table's items each holds
     * @param warnings the patterns that fall short, then the design lint's warnings, one line each
     * @param cost     the cost estimate
     * @param prices   the prices given, for money
     * @param coverage the coverage of the last test run, when a file of it was given
     */
    record Content(String source, Verification results, List<ItemCollections.View> views, List<SparseIndex> sparse,
            List<String> warnings, Cost cost, Cost.Prices prices, Optional<Coverage> coverage) {
    }

    static String render(Content content) {
        ReportPage page = new ReportPage();
        content.sparse().forEach(index -> page.sparse.put(index.index().name(), index));
        return page.page(content);
    }

    private String page(Content content) {
        String source = content.source();
        Verification results = content.results();
        Fixtures fixtures = results.fixtures();
        List<ItemCollections.View> views = content.views();
        List<String> warnings = content.warnings();
        TableDesign design = fixtures.design();
        int checks = results.checks().size();
        int failed = results.failed().size();
        html.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">")
                .append("<title>").append(escape(design.tableName())).append(" — single-table design report</title>")
                .append("<style>").append(STYLE).append("</style></head><body>\n<header><h1>Table ")
                .append(escape(design.tableName())).append("</h1><p>").append(escape(source)).append(" · ")
                .append(Words.count(design.indexes().size(), "index", "indexes")).append(" · ")
                .append(Words.count(design.entities().size(), "entity", "entities")).append(" · ")
                .append(Words.count(design.accessPatterns().size(), "access pattern"))
                .append("</p></header>")
                .append("\n<main><div class=\"cards\">");
        card("items", Integer.toString(fixtures.items().size()), "");
        card("partitions", Integer.toString(views.get(0).collections().size()), "");
        card("checks passed", (checks - failed) + " / " + checks, results.passed() ? "good" : "bad");
        card("warnings", Integer.toString(warnings.size()), warnings.isEmpty() ? "good" : "bad");
        content.coverage().ifPresent(c -> card("patterns served by the application", (c.patterns().size()
                - c.unserved().size()) + " / " + c.patterns().size(), c.complete() ? "good" : "bad"));
        content.cost().total().onDemandMonthly(content.prices()).ifPresent(amount -> card("a month on demand",
                InsightText.amount(OptionalDouble.of(amount)), ""));
        html.append("</div>\n");
        warnings(warnings);
        design.accessPatterns().forEach(p -> descriptions.put(p.name(), p.description()));
        html.append("<h2>Which pattern reads which index</h2>\n<p class=\"legend\">Green: the pattern passes;")
                .append(" red: it falls short; grey: not exercised; dashed: declared as a Scan.</p>\n")
                .append(ReportPictures.patternsAndIndexes(results, views)).append('\n');
        patterns(results);
        content.coverage().ifPresent(coverage -> ReportInsight.coverage(html, coverage));
        ReportInsight.cost(html, content.cost(), content.prices());
        for (ItemCollections.View view : views) {
            collections(view);
        }
        html.append("</main></body></html>\n");
        return html.toString();
    }

    private void card(String label, String value, String kind) {
        html.append("<div class=\"card ").append(kind).append("\"><b>").append(escape(value)).append("</b>")
                .append(escape(label)).append("</div>");
    }

    private void warnings(List<String> warnings) {
        html.append("<h2>Warnings</h2>\n");
        if (warnings.isEmpty()) {
            html.append("<p class=\"none\">None: every pattern is a Query, no partition is hot or large.</p>\n");
            return;
        }
        html.append("<ul class=\"warnings\">");
        warnings.forEach(w -> html.append("<li>").append(escape(w)).append("</li>"));
        html.append("</ul>\n");
    }

    private void patterns(Verification results) {
        html.append("<h2>Access patterns</h2>\n<table><tr><th>pattern</th><th>key condition</th><th>operation</th>")
                .append("<th>index</th><th>items read</th><th>returned</th><th>pages</th><th>RCU</th>")
                .append("<th>expected</th></tr>\n");
        for (PatternCheck r : results.checks()) {
            html.append(r.passed() ? "<tr>" : "<tr class=\"failed\">")
                    .append("<td><code>").append(escape(r.label())).append("</code>");
            String description = descriptions.getOrDefault(r.pattern().name(), "");
            if (!description.isEmpty()) {
                html.append("<br><span class=\"description\">").append(escape(description)).append("</span>");
            }
            r.shortfalls().forEach(p -> html.append("<br><span class=\"fail\">").append(escape(p.toString()))
                    .append("</span>"));
            String[] cells = ResultsText.cells(r);
            html.append("</td><td><code>").append(escape(r.keyConditionText().orElse(""))).append("</code></td><td>")
                    .append(escape(cells[1])).append("</td><td>").append(escape(cells[2])).append("</td>");
            for (int i = 3; i <= 6; i++) {
                html.append("<td class=\"num\">").append(escape(cells[i])).append("</td>");
            }
            String mark = r.expectationMet().map(ok -> ok ? "ok" : "fail").orElse("none");
            html.append("<td class=\"").append(mark).append("\">").append(ResultsText.expectedMark(r))
                    .append("</td></tr>\n");
        }
        html.append("</table>\n");
    }

    private void collections(ItemCollections.View view) {
        String title = view.index().map(i -> "Index " + i.name() + " (" + (i.isGlobal() ? "global" : "local")
                + ", projects " + i.projection() + ")").orElse("Item collections of the table");
        html.append("<h3>").append(escape(title)).append("</h3>\n<p class=\"legend\">")
                .append(Words.count(view.items(), "item")).append(" in ")
                .append(Words.count(view.collections().size(), "partition"))
                .append(view.index().map(i -> sparse.get(i.name())).map(i -> "; sparse: it holds " + i.itemsHeld()
                        + " of the " + Words.count(i.fixtureItems(), "item") + " of the table").orElse(""))
                .append(". Size: Σ UTF-8 name length + value size; WCU = ⌈size / 1 KB⌉, ")
                .append("RCU = ⌈size / 4 KB⌉ (strongly consistent).</p>\n");
        if (view.collections().isEmpty()) {
            html.append("<p class=\"none\">No item has this index's keys.</p>\n");
            return;
        }
        html.append(ReportPictures.partitions(view)).append('\n');
        html.append("<table><tr>");
        Stream.concat(view.partitionKey().stream(), view.sortKey().stream())
                .forEach(key -> html.append("<th>").append(escape(key)).append("</th>"));
        html.append("<th>entity</th><th>attributes</th><th>size</th><th>WCU</th><th>RCU</th></tr>\n");
        for (ItemCollections.Collection collection : view.collections()) {
            boolean first = true;
            for (ItemCollections.Row row : collection.rows()) {
                html.append("<tr>");
                if (first) {
                    for (AttributeValue value : collection.partition()) {
                        html.append("<td class=\"pk\" rowspan=\"").append(collection.rows().size()).append("\">")
                                .append(escape(DynamoValues.text(value))).append("</td>");
                    }
                    first = false;
                }
                view.sortKey().forEach(s -> html.append("<td class=\"sk\">")
                        .append(escape(DynamoValues.text(row.item().get(s)))).append("</td>"));
                html.append("<td class=\"entity\">").append(escape(row.entity())).append("</td><td>");
                row.item().forEach((name, value) -> {
                    if (!view.partitionKey().contains(name) && !view.sortKey().contains(name)) {
                        attribute(name, value);
                    }
                });
                html.append("</td><td class=\"num\">").append(ReportPictures.bytes(row.size()))
                        .append("</td><td class=\"num\">")
                        .append(DynamoValues.writeUnits(row.size())).append("</td><td class=\"num\">")
                        .append(DynamoValues.readUnits(row.size())).append("</td></tr>\n");
            }
        }
        html.append("</table>\n");
    }

    private void attribute(String name, AttributeValue value) {
        String text = DynamoValues.text(value);
        String shown = text.length() > LONGEST_VALUE ? text.substring(0, LONGEST_VALUE) + "…" : text;
        html.append("<span class=\"attr\" title=\"")
                .append(escape(name + " (" + DynamoValues.typeName(value) + "): " + text))
                .append("\"><i>").append(escape(name)).append(":</i> ").append(escape(shown)).append("</span>");
    }
}
