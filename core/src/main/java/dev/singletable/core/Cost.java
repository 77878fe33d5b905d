package dev.singletable.core;

import dev.singletable.fixtures.AccessPattern;
import dev.singletable.fixtures.DynamoValues;
import dev.singletable.fixtures.EntityDesign;
import dev.singletable.fixtures.FixtureItem;
import dev.singletable.fixtures.IndexDesign;
import dev.singletable.fixtures.Rate;
import dev.singletable.fixtures.TableDesign;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.stream.Collectors;

/**
 * What a design costs to run, estimated once from its fixtures and the runs of its access patterns, and rendered
 * by {@code singletable verify}'s JSON, {@code singletable report} and the assertions' budget.
 *
 * <ul>
 *   <li>per pattern call: the read units its requests consumed on the fixtures (eventually consistent, as the
 *       pattern's Query reads), and twice that strongly consistent — except on a global index, which has no
 *       strongly consistent reads;</li>
 *   <li>per entity write: the write units of each item it writes, ⌈size / 1 KB⌉, in the table and in every index
 *       that holds the item (the projected size), averaged over the fixtures' writes of the entity;</li>
 *   <li>with rates ({@code rate: 50/s} on patterns and entities, or given here): the units a second each index
 *       needs, the monthly on-demand request units ({@value #HOURS_PER_MONTH} hours a month, as AWS prices), and
 *       the provisioned capacity that carries them (a local index uses its table's capacity, so its units count
 *       in the table's); money only at prices the caller gives.</li>
 * </ul>
 *
 * <pre>{@code
 * Cost cost = Cost.of(Verification.of(table), Map.of("ordersOfCustomer", Rate.parse("50/s")));
 * cost.indexes().forEach(i -> System.out.println(i.index() + ": " + i.monthlyReadRequestUnits() + " RRU a month"));
 * }</pre>
 */
public final class Cost {
    /** The hours of a month, as AWS prices DynamoDB capacity. */
    public static final int HOURS_PER_MONTH = 730;
    private static final double SECONDS_PER_MONTH = HOURS_PER_MONTH * 3600.0;
    private static final double PER_MILLION = 1_000_000.0;

    /**
     * What one call of an access pattern reads.
     *
     * @param pattern       the access pattern
     * @param onGlobalIndex whether it reads a global index, which has no strongly consistent reads
     * @param calls         how many of its calls ran on the fixtures
     * @param readUnits     the read units a call consumed, eventually consistent, averaged over those calls;
     *                      empty when none ran
     * @param rate          how often it is called, if stated
     */
    public record PatternCost(AccessPattern pattern, boolean onGlobalIndex, int calls, OptionalDouble readUnits,
            Optional<Rate> rate) {

        /** Validates the components. */
        public PatternCost {
            Objects.requireNonNull(pattern, "pattern");
            Objects.requireNonNull(readUnits, "readUnits");
            Objects.requireNonNull(rate, "rate");
        }

        /** @return {@code table} or the index the pattern reads */
        public String index() {
            return pattern.indexName().orElse("table");
        }

        /**
         * @return the read units of a strongly consistent call: twice the eventually consistent ones; empty on a
         *         global index, which cannot be read strongly consistent, and when no call ran
         */
        public OptionalDouble stronglyConsistentReadUnits() {
            return onGlobalIndex || readUnits.isEmpty() ? OptionalDouble.empty()
                    : OptionalDouble.of(2 * readUnits.getAsDouble());
        }

        /** @return the read units it consumes a second at its rate; 0 without a rate or a measured call */
        public double readUnitsPerSecond() {
            return rate.map(r -> r.perSecond().doubleValue() * readUnits.orElse(0)).orElse(0.0);
        }
    }

    /**
     * What one write of an entity writes.
     *
     * @param entity     the entity's name
     * @param writes     how many writes of it the fixtures hold
     * @param writeUnits the write units of one write, averaged over those, by where they are written: {@code table}
     *                   first, then each index that holds its items, in declaration order
     * @param rate       how often it is written, if stated
     */
    public record WriteCost(String entity, int writes, Map<String, Double> writeUnits, Optional<Rate> rate) {

        /** Validates and copies. */
        public WriteCost {
            Objects.requireNonNull(entity, "entity");
            writeUnits = Collections.unmodifiableMap(new LinkedHashMap<>(writeUnits));
            Objects.requireNonNull(rate, "rate");
        }

        /** @return the write units of one write, in the table and every index together */
        public double totalWriteUnits() {
            return writeUnits.values().stream().mapToDouble(Double::doubleValue).sum();
        }
    }

    /**
     * What the stated rates ask of the table or one index.
     *
     * @param index                          {@code table}, an index, or {@code total}
     * @param local                          whether it is a local index, which uses its table's capacity
     * @param readUnitsPerSecond             read units a second, from the patterns on it
     * @param writeUnitsPerSecond            write units a second, from the entity writes it holds
     * @param provisionedReadCapacityUnits   the read capacity to provision for it, ⌈units a second⌉; for the
     *                                       table its local indexes' units are included, and a local index has
     *                                       none of its own
     * @param provisionedWriteCapacityUnits  the write capacity to provision, likewise
     */
    public record IndexCost(String index, boolean local, double readUnitsPerSecond, double writeUnitsPerSecond,
            long provisionedReadCapacityUnits, long provisionedWriteCapacityUnits) {

        /** @return the read request units of a month on demand */
        public double monthlyReadRequestUnits() {
            return readUnitsPerSecond * SECONDS_PER_MONTH;
        }

        /** @return the write request units of a month on demand */
        public double monthlyWriteRequestUnits() {
            return writeUnitsPerSecond * SECONDS_PER_MONTH;
        }

        /**
         * @param prices the prices to apply
         * @return a month on demand at those prices; empty unless both request unit prices are given
         */
        public OptionalDouble onDemandMonthly(Prices prices) {
            if (prices.readRequestUnitsPerMillion().isEmpty() || prices.writeRequestUnitsPerMillion().isEmpty()) {
                return OptionalDouble.empty();
            }
            return OptionalDouble.of(monthlyReadRequestUnits() / PER_MILLION
                    * prices.readRequestUnitsPerMillion().getAsDouble() + monthlyWriteRequestUnits() / PER_MILLION
                    * prices.writeRequestUnitsPerMillion().getAsDouble());
        }

        /**
         * @param prices the prices to apply
         * @return a month of the provisioned capacity at those prices; empty unless both capacity unit prices are
         *         given
         */
        public OptionalDouble provisionedMonthly(Prices prices) {
            if (prices.readCapacityUnitHour().isEmpty() || prices.writeCapacityUnitHour().isEmpty()) {
                return OptionalDouble.empty();
            }
            return OptionalDouble.of(HOURS_PER_MONTH * (provisionedReadCapacityUnits
                    * prices.readCapacityUnitHour().getAsDouble() + provisionedWriteCapacityUnits
                    * prices.writeCapacityUnitHour().getAsDouble()));
        }
    }

    /**
     * Prices the user supplies (the toolkit knows none: they differ by region and change): per million request
     * units on demand, per capacity unit and hour provisioned. Money is computed only from the prices given.
     *
     * @param readRequestUnitsPerMillion  price of a million read request units
     * @param writeRequestUnitsPerMillion price of a million write request units
     * @param readCapacityUnitHour        price of one read capacity unit for an hour
     * @param writeCapacityUnitHour       price of one write capacity unit for an hour
     */
    public record Prices(OptionalDouble readRequestUnitsPerMillion, OptionalDouble writeRequestUnitsPerMillion,
            OptionalDouble readCapacityUnitHour, OptionalDouble writeCapacityUnitHour) {

        /** No prices: no money. */
        public static final Prices NONE = new Prices(OptionalDouble.empty(), OptionalDouble.empty(),
                OptionalDouble.empty(), OptionalDouble.empty());

        /**
         * Validates the components.
         *
         * @throws IllegalArgumentException when a price is negative, infinite or not a number
         */
        public Prices {
            Objects.requireNonNull(readRequestUnitsPerMillion, "readRequestUnitsPerMillion");
            Objects.requireNonNull(writeRequestUnitsPerMillion, "writeRequestUnitsPerMillion");
            Objects.requireNonNull(readCapacityUnitHour, "readCapacityUnitHour");
            Objects.requireNonNull(writeCapacityUnitHour, "writeCapacityUnitHour");
            requireValid(readRequestUnitsPerMillion, "a million read request units");
            requireValid(writeRequestUnitsPerMillion, "a million write request units");
            requireValid(readCapacityUnitHour, "a read capacity unit for an hour");
            requireValid(writeCapacityUnitHour, "a write capacity unit for an hour");
        }

        private static void requireValid(OptionalDouble price, String of) {
            if (price.isPresent() && !(price.getAsDouble() >= 0 && Double.isFinite(price.getAsDouble()))) {
                throw new IllegalArgumentException("the price of " + of + " is " + price.getAsDouble()
                        + "; a price is a number of 0 or more");
            }
        }

        /**
         * @param readPerMillion  price of a million read request units
         * @param writePerMillion price of a million write request units
         * @return on-demand prices
         */
        public static Prices onDemand(double readPerMillion, double writePerMillion) {
            return new Prices(OptionalDouble.of(readPerMillion), OptionalDouble.of(writePerMillion),
                    OptionalDouble.empty(), OptionalDouble.empty());
        }

        /**
         * @param readUnitHour  price of a read capacity unit for an hour
         * @param writeUnitHour price of a write capacity unit for an hour
         * @return these prices with provisioned capacity prices added
         */
        public Prices andProvisioned(double readUnitHour, double writeUnitHour) {
            return new Prices(readRequestUnitsPerMillion, writeRequestUnitsPerMillion,
                    OptionalDouble.of(readUnitHour), OptionalDouble.of(writeUnitHour));
        }

        /** @return whether any price is given */
        public boolean any() {
            return readRequestUnitsPerMillion.isPresent() || writeRequestUnitsPerMillion.isPresent()
                    || readCapacityUnitHour.isPresent() || writeCapacityUnitHour.isPresent();
        }
    }

    private final List<PatternCost> patterns;
    private final List<WriteCost> writes;
    private final List<IndexCost> indexes;
    private final IndexCost total;

    private Cost(List<PatternCost> patterns, List<WriteCost> writes, List<IndexCost> indexes) {
        this.patterns = List.copyOf(patterns);
        this.writes = List.copyOf(writes);
        this.indexes = List.copyOf(indexes);
        this.total = new IndexCost("total", false, indexes.stream().mapToDouble(IndexCost::readUnitsPerSecond).sum(),
                indexes.stream().mapToDouble(IndexCost::writeUnitsPerSecond).sum(),
                indexes.stream().mapToLong(IndexCost::provisionedReadCapacityUnits).sum(),
                indexes.stream().mapToLong(IndexCost::provisionedWriteCapacityUnits).sum());
    }

    /**
     * The cost at the rates the design states.
     *
     * @param verification the verdict on the design's patterns, with the fixtures it ran on
     * @return the estimate
     */
    public static Cost of(Verification verification) {
        return of(verification, Map.of());
    }

    /**
     * @param verification the verdict on the design's patterns, with the fixtures it ran on
     * @param rates        rates by access pattern or entity name, replacing what the design states
     * @return the estimate
     * @throws IllegalArgumentException when a rate names neither an access pattern nor an entity of the design
     */
    public static Cost of(Verification verification, Map<String, Rate> rates) {
        TableDesign design = verification.design();
        rates.keySet().stream().filter(name -> design.accessPatterns().stream().noneMatch(p -> p.name().equals(name))
                && design.entities().stream().noneMatch(e -> e.name().equals(name))).findFirst().ifPresent(name -> {
                    throw new IllegalArgumentException("a rate for '" + name + "', which is neither an access pattern"
                            + " (" + names(design.accessPatterns().stream().map(AccessPattern::name).toList())
                            + ") nor an entity (" + names(design.entities().stream().map(EntityDesign::name)
                                    .toList()) + ") of table " + design.tableName());
                });
        List<PatternCost> patterns = new ArrayList<>();
        for (AccessPattern pattern : design.accessPatterns()) {
            List<PatternCheck> ran = verification.checks().stream()
                    .filter(c -> c.pattern().name().equals(pattern.name()) && c.ran()).toList();
            boolean global = pattern.indexName().flatMap(design::index).filter(IndexDesign::isGlobal).isPresent();
            patterns.add(new PatternCost(pattern, global, ran.size(), ran.stream().mapToDouble(PatternCheck::readUnits)
                    .average(), Optional.ofNullable(rates.get(pattern.name())).or(pattern::rate)));
        }
        List<ItemCollections.View> views = ItemCollections.of(verification.fixtures());
        List<WriteCost> writes = new ArrayList<>();
        for (EntityDesign entity : design.entities()) {
            writes.add(writeCost(entity, views, Optional.ofNullable(rates.get(entity.name()))
                    .or(entity::writeRate)));
        }
        return new Cost(patterns, writes, indexCosts(design, views, patterns, writes));
    }

    private static String names(List<String> names) {
        return names.isEmpty() ? "none" : String.join(", ", names);
    }

    /** One write of an entity is the items of one fixture entry; its units are averaged over the entries. */
    private static WriteCost writeCost(EntityDesign entity, List<ItemCollections.View> views, Optional<Rate> rate) {
        Map<String, Map<String, Double>> byWrite = new LinkedHashMap<>();
        for (ItemCollections.View view : views) {
            view.collections().forEach(c -> c.rows().stream().filter(r -> entity.name().equals(r.source().entity()))
                    .forEach(r -> byWrite.computeIfAbsent(writeOf(r.source()), w -> new LinkedHashMap<>())
                            .merge(view.name(), (double) DynamoValues.writeUnits(r.size()), Double::sum)));
        }
        Map<String, Double> mean = new LinkedHashMap<>();
        for (ItemCollections.View view : views) {
            double sum = byWrite.values().stream().mapToDouble(units -> units.getOrDefault(view.name(), 0.0)).sum();
            if (sum > 0) {
                mean.put(view.name(), sum / byWrite.size());
            }
        }
        return new WriteCost(entity.name(), byWrite.size(), mean, rate);
    }

    private static String writeOf(FixtureItem item) {
        return item.location() + "#" + item.position();
    }

    private static List<IndexCost> indexCosts(TableDesign design, List<ItemCollections.View> views,
            List<PatternCost> patterns, List<WriteCost> writes) {
        Map<String, double[]> load = new LinkedHashMap<>();
        views.forEach(v -> load.put(v.name(), new double[2]));
        patterns.forEach(p -> load.get(p.index())[0] += p.readUnitsPerSecond());
        for (WriteCost write : writes) {
            double perSecond = write.rate().map(r -> r.perSecond().doubleValue()).orElse(0.0);
            write.writeUnits().forEach((index, units) -> load.get(index)[1] += perSecond * units);
        }
        List<String> locals = design.indexes().stream().filter(i -> !i.isGlobal()).map(IndexDesign::name).toList();
        double[] onTable = load.get("table").clone();
        locals.forEach(l -> {
            onTable[0] += load.get(l)[0];
            onTable[1] += load.get(l)[1];
        });
        return load.entrySet().stream().map(e -> {
            boolean local = locals.contains(e.getKey());
            double[] capacity = e.getKey().equals("table") ? onTable : e.getValue();
            return new IndexCost(e.getKey(), local, e.getValue()[0], e.getValue()[1],
                    local ? 0 : (long) Math.ceil(capacity[0]), local ? 0 : (long) Math.ceil(capacity[1]));
        }).collect(Collectors.toList());
    }

    /** @return one entry per access pattern of the design, in declaration order */
    public List<PatternCost> patterns() {
        return patterns;
    }

    /** @return one entry per entity of the design, in declaration order */
    public List<WriteCost> writes() {
        return writes;
    }

    /** @return the table, then each index in declaration order */
    public List<IndexCost> indexes() {
        return indexes;
    }

    /** @return the table and its indexes together */
    public IndexCost total() {
        return total;
    }

    /** @return whether any pattern or entity has a rate: without one, the monthly figures are all zero */
    public boolean hasRates() {
        return patterns.stream().anyMatch(p -> p.rate().isPresent()) || writes.stream().anyMatch(w -> w.rate()
                .isPresent());
    }
}
