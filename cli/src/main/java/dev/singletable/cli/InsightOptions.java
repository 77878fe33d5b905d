package dev.singletable.cli;

import dev.singletable.core.Cost;
import dev.singletable.fixtures.Rate;
import dev.singletable.report.DesignReport;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalDouble;
import picocli.CommandLine.Option;

/** What the lint and the cost estimate take from the command line: a scale, rates and prices. */
final class InsightOptions {
    @Option(names = "--scale", paramLabel = "N", defaultValue = "1", description = "How many times larger than in "
            + "the fixtures each item collection grows in production (default: ${DEFAULT-VALUE}); the lint judges "
            + "the item collections of a table with local indexes at this scale.")
    long scale;

    @Option(names = "--rate", paramLabel = "NAME=RATE", description = "How often an access pattern is called or an "
            + "entity written, e.g. ordersOfCustomer=50/s or Order=3000/min (units s, min, h, day); replaces the "
            + "design's rate; repeatable.")
    Map<String, String> rates = new LinkedHashMap<>();

    @Option(names = "--read-request-price", paramLabel = "PRICE", description = "Price of a million read request "
            + "units, for the monthly on-demand cost (with --write-request-price).")
    Double readRequestPrice;

    @Option(names = "--write-request-price", paramLabel = "PRICE", description = "Price of a million write request "
            + "units.")
    Double writeRequestPrice;

    @Option(names = "--read-capacity-price", paramLabel = "PRICE", description = "Price of a read capacity unit for "
            + "an hour, for the monthly provisioned cost (with --write-capacity-price).")
    Double readCapacityPrice;

    @Option(names = "--write-capacity-price", paramLabel = "PRICE", description = "Price of a write capacity unit "
            + "for an hour.")
    Double writeCapacityPrice;

    /**
     * @param report a report at the fixtures' scale and the design's rates
     * @return the report at the scale, rates and prices given
     * @throws CliException (usage) for a scale below 1, a rate that does not parse or names nothing of the design
     */
    DesignReport apply(DesignReport report) {
        if (scale < 1) {
            throw new CliException(Singletable.USAGE, "--scale is how many times the fixtures grow, at least 1; got "
                    + scale);
        }
        Map<String, Rate> parsed = new LinkedHashMap<>();
        rates.forEach((name, text) -> {
            try {
                parsed.put(name, Rate.parse(text));
            } catch (IllegalArgumentException e) {
                throw new CliException(Singletable.USAGE, "--rate " + name + "=" + text + ": " + e.getMessage());
            }
        });
        DesignReport rated;
        try {
            rated = report.atRates(parsed);
        } catch (IllegalArgumentException e) {
            throw new CliException(Singletable.USAGE, "--rate: " + e.getMessage());
        }
        Cost.Prices prices;
        try {
            prices = new Cost.Prices(optional(readRequestPrice), optional(writeRequestPrice),
                    optional(readCapacityPrice), optional(writeCapacityPrice));
        } catch (IllegalArgumentException e) {
            throw new CliException(Singletable.USAGE, e.getMessage());
        }
        return rated.atScale(scale).withPrices(prices);
    }

    private static OptionalDouble optional(Double value) {
        return value == null ? OptionalDouble.empty() : OptionalDouble.of(value);
    }
}
