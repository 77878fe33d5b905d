package dev.singletable.cli;

import dev.singletable.engine.model.ExpressionKind;
import dev.singletable.engine.model.Operation;
import dev.singletable.engine.model.RequestLogEntry;
import dev.singletable.fixtures.AccessPattern;
import dev.singletable.fixtures.Expectation;
import dev.singletable.fixtures.KeyAttribute;
import dev.singletable.junit.AccessPatternRun;
import dev.singletable.junit.SingleTable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;

/**
 * Runs every access pattern of a table once per {@code expect} entry (once without parameters when it takes
 * none and has no entry) and checks that it is a Query, or a Get, and returns the expected keys in order.
 */
final class Verification {
    private Verification() {
    }

    static List<PatternResult> run(SingleTable table) {
        List<PatternResult> results = new ArrayList<>();
        for (AccessPattern pattern : table.design().accessPatterns()) {
            List<Expectation> expectations = table.fixtures().expectations().stream()
                    .filter(e -> e.accessPattern().equals(pattern.name())).toList();
            if (!expectations.isEmpty()) {
                expectations.forEach(e -> results.add(run(table, pattern, e.parameters(), Optional.of(e))));
            } else if (pattern.parameters().isEmpty()) {
                results.add(run(table, pattern, Map.of(), Optional.empty()));
            } else {
                results.add(new PatternResult(pattern.name(), Map.of(), "-", indexOf(pattern), "", 0, 0, 0, 0,
                        Optional.empty(), Optional.empty(), List.of("not run: it takes " + pattern.parameters()
                                + " and the fixtures have no expect entry for it")));
            }
        }
        return results;
    }

    private static PatternResult run(SingleTable table, AccessPattern pattern, Map<String, AttributeValue> params,
            Optional<Expectation> expectation) {
        AccessPatternRun run;
        try {
            run = table.accessPattern(pattern.name()).with(params).run();
        } catch (SdkException e) {
            String message = e instanceof DynamoDbException dynamo ? dynamo.awsErrorDetails().errorCode() + ": "
                    + dynamo.awsErrorDetails().errorMessage() : e.getMessage();
            return new PatternResult(pattern.name(), params, "-", indexOf(pattern), "", 0, 0, 0, 0,
                    expectation.map(failed -> false), expectation.map(Expectation::location),
                    List.of("failed: " + message));
        }
        List<String> problems = new ArrayList<>();
        String operation = operation(run.requests());
        if (!allQueriesOrAllGets(run.requests())) {
            problems.add("runs as " + operation + ", not as a Query: it reads " + run.itemsRead()
                    + " items to return " + run.items().size());
        }
        Optional<Boolean> expected = expectation.map(expect -> {
            List<String> keyNames = table.design().primaryKey().stream().map(KeyAttribute::name).toList();
            List<Map<String, AttributeValue>> returned = run.items().stream()
                    .map(item -> Values.project(item, keyNames)).toList();
            if (returned.equals(expect.keys())) {
                return true;
            }
            problems.add("expected (" + expect.location() + ") " + keys(expect.keys()) + " but it returned "
                    + keys(returned));
            return false;
        });
        String index = run.requests().stream().map(RequestLogEntry::index).flatMap(Optional::stream).findFirst()
                .orElse(indexOf(pattern));
        String keyCondition = run.requests().stream().map(r -> r.expression(ExpressionKind.KEY_CONDITION))
                .flatMap(Optional::stream).findFirst().orElse("");
        return new PatternResult(pattern.name(), params, operation, index, keyCondition, run.itemsRead(),
                run.items().size(), run.pages(), run.consumedCapacity(), expected,
                expectation.map(Expectation::location), problems);
    }

    /** Whether there are requests and they are all Queries, or all reads by key. */
    private static boolean allQueriesOrAllGets(List<RequestLogEntry> requests) {
        return !requests.isEmpty() && (requests.stream().allMatch(r -> r.operation() == Operation.QUERY)
                || requests.stream().allMatch(Verification::isGet));
    }

    private static boolean isGet(RequestLogEntry request) {
        return request.operation() == Operation.GET_ITEM || request.operation() == Operation.BATCH_GET_ITEM;
    }

    /** Query, Scan or Get (for GetItem and BatchGetItem); several kinds are joined with {@code +}. */
    private static String operation(List<RequestLogEntry> requests) {
        String operations = requests.stream().map(r -> isGet(r) ? "Get" : r.operationName())
                .distinct().collect(Collectors.joining("+"));
        return operations.isEmpty() ? "-" : operations;
    }

    private static String indexOf(AccessPattern pattern) {
        return pattern.indexName().orElse("table");
    }

    private static String keys(List<Map<String, AttributeValue>> keys) {
        return keys.stream().map(Values::keyText).collect(Collectors.joining(", ", "[", "]"));
    }
}
