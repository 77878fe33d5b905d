package dev.singletable.core;

import dev.singletable.engine.model.AttributeCondition;
import dev.singletable.engine.model.KeyCondition;
import dev.singletable.engine.model.KeyOperator;
import dev.singletable.engine.model.RequestLogEntry;
import dev.singletable.fixtures.AccessPattern;
import dev.singletable.fixtures.DynamoValues;
import dev.singletable.fixtures.KeyAttributeCondition;
import dev.singletable.fixtures.SortConditionKind;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Whether a logged request has the shape an access pattern declares — a Query (or, for a pattern that names one
 * item, a key lookup; see {@link Verification#isQueryOrKeyLookup}), on the same index (or the table), a partition
 * key value the pattern's template can produce, the same kind of sort key condition — and which parameters it
 * was called with. Application code is checked against a declared pattern with it, wherever that is done.
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
        Differences differences = new Differences(true);
        compare(pattern, request, differences);
        return differences.phrases;
    }

    /**
     * What a comparison found: every phrase, for {@link #differences}, or only whether there is one, for
     * {@link #matches}, which coverage asks of every pattern and read after every test, so that most answers
     * ("no") cost no text.
     */
    private static final class Differences {
        private final List<String> phrases = new ArrayList<>();
        private final boolean phrased;
        private boolean any;

        Differences(boolean phrased) {
            this.phrased = phrased;
        }

        /** @return whether the comparison can stop: one difference is all a match needs to know */
        boolean add(Supplier<String> phrase) {
            any = true;
            if (phrased) {
                phrases.add(phrase.get());
            }
            return !phrased;
        }
    }

    private static void compare(AccessPattern pattern, RequestLogEntry request, Differences differences) {
        if (pattern.scan()) {
            differences.add(() -> "serves a pattern the design declares as a Scan");
            return;
        }
        if (!Verification.isQueryOrKeyLookup(request)) {
            differences.add(() -> "is a " + request.operationName() + ", not a Query");
            return;
        }
        if (request.access().isEmpty()) {
            // A key lookup serves a pattern that names one item by its whole table key, and no other.
            if (pattern.indexName().isPresent()) {
                differences.add(() -> "is a " + request.operationName() + ", which reads the table, not index "
                        + pattern.indexName().get());
            } else if (!Verification.keyLookupServes(pattern)) {
                differences.add(() -> "is a " + request.operationName() + ", which reads items by their whole key,"
                        + " but the pattern reads a range of its partition");
            }
            return;
        }
        if (!request.index().equals(pattern.indexName())
                && differences.add(() -> "reads " + request.index().map(i -> "index " + i).orElse("the table")
                        + ", not " + pattern.indexName().map(i -> "index " + i).orElse("the table"))) {
            return;
        }
        Optional<KeyCondition> shape = request.keyCondition();
        if (shape.isEmpty()) {
            differences.add(() -> "has no key condition");
            return;
        }
        KeyCondition key = shape.get();
        if (!samePartitionAttributes(key.partitionKey(), pattern.partition())) {
            if (differences.add(() -> "has partition key " + String.join(", ", partitionNames(key)) + ", not "
                    + String.join(", ", partitionNames(pattern)))) {
                return;
            }
        } else {
            for (KeyAttributeCondition condition : pattern.partition()) {
                AttributeValue value = conditionOn(key.partitionKey(), condition.attribute().name()).orElseThrow()
                        .operand();
                if (!condition.value().matches(value)
                        && differences.add(() -> "has " + (pattern.partition().size() > 1
                                ? condition.attribute().name() + " = " : "partition key value ")
                                + DynamoValues.text(value) + ", which " + condition.value().source()
                                + " does not produce")) {
                    return;
                }
            }
        }
        if (!sameSortConditions(key.sortKey(), pattern.sort())) {
            differences.add(() -> "has sort key condition " + describe(key.sortKey().stream()
                    .map(c -> describe(kindOf(c.operator()), c.attribute())).toList()) + ", not "
                    + describe(pattern.sort().stream().map(c -> describe(c.kind(), c.attribute().name())).toList()));
        }
    }

    /*
     * The comparisons below are loops over lists of one or two conditions, not streams: coverage makes them after
     * every test of a run, mostly before the JIT has compiled any of it, and only a difference needs the names.
     */

    /** Whether the request's partition key conditions name the attributes the pattern's do (as sets). */
    private static boolean samePartitionAttributes(List<AttributeCondition> request,
            List<KeyAttributeCondition> pattern) {
        for (AttributeCondition condition : request) {
            if (!declares(pattern, condition.attribute())) {
                return false;
            }
        }
        for (KeyAttributeCondition condition : pattern) {
            if (conditionOn(request, condition.attribute().name()).isEmpty()) {
                return false;
            }
        }
        return true;
    }

    private static boolean declares(List<KeyAttributeCondition> conditions, String attribute) {
        for (KeyAttributeCondition condition : conditions) {
            if (condition.attribute().name().equals(attribute)) {
                return true;
            }
        }
        return false;
    }

    /** Whether the request's sort key conditions are the pattern's: the same kinds on the same attributes, in order. */
    private static boolean sameSortConditions(List<AttributeCondition> request, List<KeyAttributeCondition> pattern) {
        if (request.size() != pattern.size()) {
            return false;
        }
        for (int i = 0; i < request.size(); i++) {
            if (kindOf(request.get(i).operator()) != pattern.get(i).kind()
                    || !request.get(i).attribute().equals(pattern.get(i).attribute().name())) {
                return false;
            }
        }
        return true;
    }

    private static List<String> partitionNames(KeyCondition key) {
        return key.partitionKey().stream().map(AttributeCondition::attribute).toList();
    }

    private static List<String> partitionNames(AccessPattern pattern) {
        return pattern.partition().stream().map(c -> c.attribute().name()).toList();
    }

    /**
     * Whether a request has the shape of a pattern, as coverage counts it: for a pattern the design declares as a
     * Scan, a Scan of the same table or index; for any other, a request without {@link #differences}.
     *
     * @param pattern an access pattern
     * @param request a logged request
     * @return whether the request serves the pattern
     */
    public static boolean matches(AccessPattern pattern, RequestLogEntry request) {
        if (pattern.scan()) {
            return request.isScan() && request.index().equals(pattern.indexName());
        }
        Differences differences = new Differences(false);
        compare(pattern, request, differences);
        return !differences.any;
    }

    /**
     * @param requests logged requests
     * @return the Queries, Scans (PartiQL SELECTs too) and key lookups among them: the reads an access pattern is
     *         about
     */
    public static List<RequestLogEntry> reads(List<RequestLogEntry> requests) {
        return requests.stream().filter(PatternShape::isRead).toList();
    }

    /** @return whether a request is one of the {@link #reads} */
    static boolean isRead(RequestLogEntry request) {
        return request.access().isPresent() || Verification.isQueryOrKeyLookup(request);
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
            for (KeyAttributeCondition declared : pattern.partition()) {
                conditionOn(key.partitionKey(), declared.attribute().name()).ifPresent(condition ->
                        read(declared, condition, parameters));
            }
            for (KeyAttributeCondition declared : pattern.sort()) {
                conditionOn(key.sortKey(), declared.attribute().name()).ifPresent(condition ->
                        read(declared, condition, parameters));
            }
        });
        return parameters;
    }

    private static Optional<AttributeCondition> conditionOn(List<AttributeCondition> conditions, String attribute) {
        for (AttributeCondition condition : conditions) {
            if (condition.attribute().equals(attribute)) {
                return Optional.of(condition);
            }
        }
        return Optional.empty();
    }

    /** The parameters a logged condition's operands give to the declared condition's templates. */
    private static void read(KeyAttributeCondition declared, AttributeCondition logged, Map<String, String> parameters) {
        if (logged.operands().size() != declared.values().size()) {
            return;
        }
        for (int i = 0; i < declared.values().size(); i++) {
            declared.values().get(i).parametersOf(DynamoValues.text(logged.operands().get(i)))
                    .ifPresent(parameters::putAll);
        }
    }

    private static SortConditionKind kindOf(KeyOperator operator) {
        return switch (operator) {
            case EQ -> SortConditionKind.EQUALS;
            case LT -> SortConditionKind.LT;
            case LE -> SortConditionKind.LTE;
            case GT -> SortConditionKind.GT;
            case GE -> SortConditionKind.GTE;
            case BETWEEN -> SortConditionKind.BETWEEN;
            case BEGINS_WITH -> SortConditionKind.BEGINS_WITH;
        };
    }

    /** Sort conditions as the differences name them: {@code none}, {@code SK =}, {@code status = AND priority >=}. */
    private static String describe(List<String> conditions) {
        return conditions.isEmpty() ? "none" : String.join(" AND ", conditions);
    }

    private static String describe(SortConditionKind kind, String sortKey) {
        return switch (kind) {
            case NONE -> throw new IllegalArgumentException("no condition to describe");
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
