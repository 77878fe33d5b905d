package dev.singletable.assertions.internal;

import dev.singletable.core.Verification;
import dev.singletable.engine.KeyConditionShape;
import dev.singletable.engine.RequestLogEntry;
import dev.singletable.fixtures.AccessPattern;
import dev.singletable.fixtures.KeyTemplate;
import dev.singletable.fixtures.SortConditionKind;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * Whether a logged request has the shape an access pattern declares: a Query, on the same index (or the table),
 * a partition key value the pattern's template can produce, the same kind of sort key condition.
 */
public final class PatternShape {

    private PatternShape() {
    }

    /**
     * @param pattern an access pattern
     * @param request a logged request
     * @return what differs, one phrase each; empty when the request has the pattern's shape
     */
    public static List<String> differences(AccessPattern pattern, RequestLogEntry request) {
        List<String> differences = new ArrayList<>();
        if (pattern.scan()) {
            differences.add("serves a pattern the design declares as a Scan");
            return differences;
        }
        if (!Verification.isQueryOrKeyLookup(request)) {
            differences.add("is a " + request.operation() + ", not a Query");
            return differences;
        }
        if (request.access().isEmpty()) {
            // A key lookup serves a pattern that names one item by its whole table key, and no other.
            if (pattern.indexName().isPresent()) {
                differences.add("is a " + request.operation() + ", which reads the table, not index "
                        + pattern.indexName().get());
            } else if (!Verification.keyLookupServes(pattern)) {
                differences.add("is a " + request.operation() + ", which reads items by their whole key, but the"
                        + " pattern reads a range of its partition");
            }
            return differences;
        }
        String declared = pattern.indexName().map(i -> "index " + i).orElse("the table");
        String read = request.index().map(i -> "index " + i).orElse("the table");
        if (!declared.equals(read)) {
            differences.add("reads " + read + ", not " + declared);
        }
        Optional<KeyConditionShape> shape = request.keyCondition();
        if (shape.isEmpty()) {
            differences.add("has no key condition");
            return differences;
        }
        KeyConditionShape key = shape.get();
        if (!key.partitionKey().equals(pattern.partitionKey().name())) {
            differences.add("has partition key " + key.partitionKey() + ", not " + pattern.partitionKey().name());
        } else if (!pattern.partitionTemplate().matches(keyValue(pattern.partitionTemplate(), key.partitionValue()))) {
            differences.add("has partition key value " + key.partitionValue() + ", which "
                    + pattern.partitionTemplate().source() + " does not produce");
        }
        SortConditionKind kind = kindOf(key.sortOperator());
        if (kind != pattern.sortConditionKind()) {
            differences.add("has sort key condition " + describe(kind, key.sortKey()) + ", not "
                    + describe(pattern.sortConditionKind(), pattern.sortKey().map(k -> k.name()).orElse(null)));
        }
        return differences;
    }

    /**
     * @param requests logged requests
     * @return the Queries, Scans (PartiQL SELECTs too) and key lookups among them: the reads an access pattern is
     *         about
     */
    public static List<RequestLogEntry> reads(List<RequestLogEntry> requests) {
        return requests.stream().filter(r -> r.access().isPresent() || Verification.isQueryOrKeyLookup(r))
                .toList();
    }

    /**
     * @param pattern an access pattern
     * @param reads   logged reads
     * @return for each read that differs from the pattern's shape, the read and then, on the next line, what
     *         differs
     */
    public static List<String> mismatches(AccessPattern pattern, List<RequestLogEntry> reads) {
        List<String> mismatches = new ArrayList<>();
        for (RequestLogEntry read : reads) {
            List<String> differs = differences(pattern, read);
            if (!differs.isEmpty()) {
                mismatches.add(Describe.request(read) + Describe.NEXT_LINE + "  " + String.join("; ", differs));
            }
        }
        return mismatches;
    }

    /**
     * Reads the pattern's parameters from a request that has its shape.
     *
     * @param pattern an access pattern
     * @param request a logged Query with the pattern's shape
     * @return the parameters its key condition gives, as text
     */
    public static Map<String, String> parameters(AccessPattern pattern, RequestLogEntry request) {
        Map<String, String> parameters = new LinkedHashMap<>();
        if (pattern.scan()) {
            return parameters;
        }
        request.keyCondition().ifPresent(key -> {
            TemplateParameters.extract(pattern.partitionTemplate(), KeyConditionText.unquote(key.partitionValue()))
                    .ifPresent(parameters::putAll);
            pattern.sortKey().ifPresent(sort -> request.expression("KeyCondition")
                    .flatMap(text -> KeyConditionText.valuesOf(text, sort.name()))
                    .filter(values -> values.size() == pattern.sortTemplates().size())
                    .ifPresent(values -> {
                        for (int i = 0; i < values.size(); i++) {
                            TemplateParameters.extract(pattern.sortTemplates().get(i), values.get(i))
                                    .ifPresent(parameters::putAll);
                        }
                    }));
        });
        return parameters;
    }

    private static AttributeValue keyValue(KeyTemplate template, String displayed) {
        String text = KeyConditionText.unquote(displayed);
        return template.type() == ScalarAttributeType.N ? AttributeValue.fromN(text) : AttributeValue.fromS(text);
    }

    /**
     * @param operator a logged sort key operator, or {@code null}
     * @return the kind of condition it makes
     */
    public static SortConditionKind kindOf(String operator) {
        if (operator == null) {
            return SortConditionKind.NONE;
        }
        return switch (operator) {
            case "=" -> SortConditionKind.EQUALS;
            case "<" -> SortConditionKind.LT;
            case "<=" -> SortConditionKind.LTE;
            case ">" -> SortConditionKind.GT;
            case ">=" -> SortConditionKind.GTE;
            case "BETWEEN" -> SortConditionKind.BETWEEN;
            case "begins_with" -> SortConditionKind.BEGINS_WITH;
            default -> throw new IllegalArgumentException("unknown sort key operator " + operator);
        };
    }

    private static String describe(SortConditionKind kind, String sortKey) {
        return switch (kind) {
            case NONE -> "none";
            case EQUALS -> sortKey + " =";
            case LT -> sortKey + " <";
            case LTE -> sortKey + " <=";
            case GT -> sortKey + " >";
            case GTE -> sortKey + " >=";
            case BETWEEN -> sortKey + " BETWEEN";
            case BEGINS_WITH -> "begins_with(" + sortKey + ")";
        };
    }
}
