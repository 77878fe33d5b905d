package dev.singletable.core;

import dev.singletable.fixtures.AccessPattern;
import dev.singletable.fixtures.DynamoValues;
import dev.singletable.fixtures.Expectation;
import dev.singletable.fixtures.FixtureItem;
import dev.singletable.fixtures.Fixtures;
import dev.singletable.fixtures.IndexDesign;
import dev.singletable.fixtures.KeyAttribute;
import dev.singletable.fixtures.KeyAttributeCondition;
import dev.singletable.fixtures.KeyTemplate;
import dev.singletable.fixtures.SortConditionKind;
import dev.singletable.fixtures.SourceLocation;
import dev.singletable.fixtures.TableDesign;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Expectations for the access patterns of a freshly imported design, taken from its sample data so that the
 * design is ready to test: for each pattern without an {@code expect} entry, the parameters are read back from
 * the keys of a sample item the pattern can find, the pattern runs on the embedded engine seeded with the samples,
 * and what it returned becomes the expectation. They describe what the design does today, for a person to review;
 * a pattern whose parameters no sample item gives is named with the reason instead.
 *
 * <pre>{@code
 * SampleExpectations recorded = SampleExpectations.record(fixtures);
 * Fixtures ready = fixtures.plus(Fixtures.of(design, List.of(), recorded.expectations()));
 * }</pre>
 *
 * @param expectations one per pattern the samples could exercise, in the design's order
 * @param unrecorded   pattern name → why no expectation could be taken from the samples
 */
public record SampleExpectations(List<Expectation> expectations, Map<String, String> unrecorded) {

    /** Copies the components. */
    public SampleExpectations {
        expectations = List.copyOf(expectations);
        unrecorded = Collections.unmodifiableMap(new LinkedHashMap<>(unrecorded));
    }

    /**
     * @param fixtures a design's sample items (and the expectations it already has)
     * @return expectations for the patterns that have none
     */
    public static SampleExpectations record(Fixtures fixtures) {
        TableDesign design = fixtures.design();
        List<Expectation> expectations = new ArrayList<>();
        Map<String, String> unrecorded = new LinkedHashMap<>();
        try (Backend backend = Backend.embedded()) {
            backend.provision(design, design.tableName(), fixtures.itemMaps());
            SingleTable table = SingleTable.of(backend, design, design.tableName(), fixtures);
            List<String> keyNames = design.primaryKey().stream().map(KeyAttribute::name).toList();
            for (AccessPattern pattern : design.accessPatterns()) {
                if (fixtures.expectations().stream().anyMatch(e -> e.accessPattern().equals(pattern.name()))) {
                    continue;
                }
                if (pattern.scan()) {
                    unrecorded.put(pattern.name(), "it is declared as a Scan");
                    continue;
                }
                Optional<FixtureItem> sample = fixtures.items().stream()
                        .filter(item -> parametersFrom(pattern, design, item).isPresent()).findFirst();
                if (sample.isEmpty() && !pattern.parameters().isEmpty()) {
                    unrecorded.put(pattern.name(), fixtures.items().isEmpty() ? "there are no sample items"
                            : "no sample item gives its parameters " + pattern.parameters());
                    continue;
                }
                Map<String, AttributeValue> parameters = sample.flatMap(item -> parametersFrom(pattern, design, item))
                        .orElse(Map.of());
                SourceLocation at = sample.map(FixtureItem::location)
                        .orElse(new SourceLocation(design.tableName() + " sample data", 1, 1));
                try {
                    List<Map<String, AttributeValue>> keys = table.accessPattern(pattern.name()).with(parameters)
                            .run().items().stream().map(item -> keyOf(item, keyNames)).toList();
                    expectations.add(new Expectation(pattern.name(), parameters, keys, at));
                } catch (SdkException e) {
                    unrecorded.put(pattern.name(), "running it failed: " + e.getMessage());
                }
            }
        }
        return new SampleExpectations(expectations, unrecorded);
    }

    /**
     * The pattern's parameters as the item's keys give them: each template of the key condition read back from the
     * item's key value (the item's own attribute of that name, with its type, where it has the same text).
     */
    private static Optional<Map<String, AttributeValue>> parametersFrom(AccessPattern pattern, TableDesign design,
            FixtureItem fixture) {
        Map<String, AttributeValue> item = fixture.item();
        Optional<IndexDesign> index = pattern.indexName().flatMap(design::index);
        if (index.filter(i -> !i.holds(item)).isPresent()) {
            return Optional.empty();
        }
        Map<String, String> texts = new LinkedHashMap<>();
        for (KeyAttributeCondition condition : pattern.partition()) {
            AttributeValue value = item.get(condition.attribute().name());
            if (value == null || !read(condition.value(), DynamoValues.text(value), texts)) {
                return Optional.empty();
            }
        }
        for (KeyAttributeCondition condition : pattern.sort()) {
            AttributeValue value = item.get(condition.attribute().name());
            boolean prefix = condition.kind() == SortConditionKind.BEGINS_WITH;
            for (KeyTemplate sort : condition.values()) {
                if (!(prefix ? readPrefix(sort, value, texts)
                        : read(sort, value == null ? null : DynamoValues.text(value), texts))) {
                    return Optional.empty();
                }
            }
        }
        if (!texts.keySet().containsAll(pattern.parameters())) {
            return Optional.empty(); // a filter parameter: no key gives it
        }
        Map<String, AttributeValue> parameters = new LinkedHashMap<>();
        texts.forEach((name, text) -> parameters.put(name, Optional.ofNullable(item.get(name))
                .filter(own -> text.equals(DynamoValues.text(own))).orElse(AttributeValue.fromS(text))));
        return Optional.of(parameters);
    }

    /** Adds what the template reads from the value; false when it cannot have rendered it, or disagrees. */
    private static boolean read(KeyTemplate template, String value, Map<String, String> texts) {
        Optional<Map<String, String>> read = value == null ? Optional.empty() : template.parametersOf(value);
        if (read.isEmpty()) {
            return false;
        }
        for (Map.Entry<String, String> parameter : read.get().entrySet()) {
            String earlier = texts.putIfAbsent(parameter.getKey(), parameter.getValue());
            if (earlier != null && !earlier.equals(parameter.getValue())) {
                return false;
            }
        }
        return true;
    }

    /** For {@code beginsWith}: the template rendered the value's first characters, as many as it can. */
    private static boolean readPrefix(KeyTemplate template, AttributeValue value, Map<String, String> texts) {
        String text = value == null ? null : DynamoValues.text(value);
        for (int end = text == null ? -1 : text.length(); end >= 0; end--) {
            Map<String, String> attempt = new LinkedHashMap<>(texts);
            if (read(template, text.substring(0, end), attempt)) {
                texts.putAll(attempt);
                return true;
            }
        }
        return false;
    }

    private static Map<String, AttributeValue> keyOf(Map<String, AttributeValue> item, List<String> keyNames) {
        Map<String, AttributeValue> key = new LinkedHashMap<>();
        keyNames.forEach(name -> key.put(name, item.get(name)));
        return key;
    }
}
