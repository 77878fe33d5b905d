package dev.singletable.report;

import static dev.singletable.report.Html.escape;

import dev.singletable.core.Cost;
import dev.singletable.core.Coverage;
import java.util.ArrayList;
import java.util.List;

/** The report's sections on what a test run and the rates tell: the coverage of the last run, and the cost. */
final class ReportInsight {
    private ReportInsight() {
    }

    static void coverage(StringBuilder html, Coverage coverage) {
        html.append("<h2>Coverage of the last test run</h2>\n<p class=\"legend\">")
                .append(escape(Words.count(coverage.patterns().size() - coverage.unserved().size(), "declared pattern")
                        + " of " + coverage.patterns().size() + " served by the application's requests, "
                        + Words.count(coverage.undeclared().size(), "undeclared shape") + " of read"))
                .append(" (").append(escape(coverage.design())).append(").</p>\n")
                .append(ReportPictures.coverage(coverage)).append('\n');
        if (coverage.undeclared().isEmpty()) {
            return;
        }
        html.append("<ul class=\"warnings\">");
        for (Coverage.UndeclaredRead read : coverage.undeclared()) {
            html.append("<li>").append(escape(read.shape() + ": " + Words.count(read.requests(), "request") + " in "
                    + String.join(", ", read.tests()) + read.nearest().map(n -> "; nearest pattern " + n + ": "
                            + String.join(", ", read.differences())).orElse(""))).append("</li>");
        }
        html.append("</ul>\n");
    }

    static void cost(StringBuilder html, Cost cost, Cost.Prices prices) {
        html.append("<h2>Cost</h2>\n<p class=\"legend\">Read capacity units of one call, measured on the fixtures")
                .append(" (a Query reads eventually consistent; strongly consistent costs twice as much, and a global")
                .append(" index has no strongly consistent reads).</p>\n").append(ReportPictures.cost(cost))
                .append('\n');
        html.append("<h3>Writes</h3>\n<table><tr><th>entity</th><th>writes in the fixtures</th>")
                .append("<th>WCU a write, by where it is written</th><th>WCU a write</th><th>rate</th></tr>\n");
        for (Cost.WriteCost write : cost.writes()) {
            html.append("<tr><td>").append(escape(write.entity())).append("</td><td class=\"num\">")
                    .append(write.writes()).append("</td><td>");
            write.writeUnits().forEach((index, units) -> html.append("<span class=\"attr\"><i>")
                    .append(escape(index)).append(":</i> ").append(InsightText.units(units)).append("</span>"));
            html.append("</td><td class=\"num\">").append(InsightText.units(write.totalWriteUnits()))
                    .append("</td><td>").append(escape(write.rate().map(Object::toString).orElse("–")))
                    .append("</td></tr>\n");
        }
        html.append("</table>\n");
        if (!cost.hasRates()) {
            html.append("<p class=\"none\">No rates: state them in the design (<code>rate: 50/s</code> on a pattern")
                    .append(" or an entity) or with --rate for the monthly figures.</p>\n");
            return;
        }
        boolean money = prices.any();
        html.append("<h3>At the stated rates, ").append(Cost.HOURS_PER_MONTH).append(" hours a month</h3>\n")
                .append("<table><tr><th>index</th><th>RCU/s</th><th>WCU/s</th><th>read request units a month</th>")
                .append("<th>write request units a month</th><th>provisioned RCU</th><th>provisioned WCU</th>")
                .append(money ? "<th>on demand a month</th><th>provisioned a month</th>" : "").append("</tr>\n");
        List<Cost.IndexCost> rows = new ArrayList<>(cost.indexes());
        rows.add(cost.total());
        for (Cost.IndexCost index : rows) {
            html.append("<tr><td>").append(escape(index.index())).append("</td>");
            for (String cell : new String[] {InsightText.units(index.readUnitsPerSecond()),
                InsightText.units(index.writeUnitsPerSecond()), InsightText.whole(index.monthlyReadRequestUnits()),
                InsightText.whole(index.monthlyWriteRequestUnits()),
                index.local() ? "table's" : Long.toString(index.provisionedReadCapacityUnits()),
                index.local() ? "table's" : Long.toString(index.provisionedWriteCapacityUnits())}) {
                html.append("<td class=\"num\">").append(cell).append("</td>");
            }
            if (money) {
                html.append("<td class=\"num\">").append(InsightText.amount(index.onDemandMonthly(prices)))
                        .append("</td><td class=\"num\">").append(InsightText.amount(index.provisionedMonthly(prices)))
                        .append("</td>");
            }
            html.append("</tr>\n");
        }
        html.append("</table>\n");
    }
}
