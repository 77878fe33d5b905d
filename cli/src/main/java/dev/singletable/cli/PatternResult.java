package dev.singletable.cli;

import dev.singletable.fixtures.SourceLocation;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * What one access pattern did for one set of parameters: a row of {@code verify}'s table.
 *
 * @param pattern       the access pattern's name
 * @param parameters    the parameters it ran with (from an {@code expect} entry)
 * @param operation     {@code Query}, {@code Scan}, {@code Get}, several joined by {@code +}, or {@code -} when
 *                      it did not run
 * @param index         the index it read, or {@code table}
 * @param keyCondition  the key condition of its first request, values filled in; empty when it did not run
 * @param itemsRead     items the requests read (DynamoDB's ScannedCount)
 * @param itemsReturned items it returned
 * @param pages         requests it took
 * @param readUnits     read capacity units consumed
 * @param expected      whether it returned the expected keys in order; empty without an expectation
 * @param expectation   where the expectation is written, if any
 * @param problems      why the row fails; empty when it passes
 */
record PatternResult(String pattern, Map<String, AttributeValue> parameters, String operation, String index,
        String keyCondition, int itemsRead, int itemsReturned, int pages, double readUnits, Optional<Boolean> expected,
        Optional<SourceLocation> expectation, List<String> problems) {

    boolean passed() {
        return problems.isEmpty();
    }

    /** The pattern with its parameters, e.g. {@code ordersOfCustomer(customerId: 42)}. */
    String label() {
        return parameters.isEmpty() ? pattern : parameters.entrySet().stream()
                .map(e -> e.getKey() + ": " + Values.display(e.getValue()))
                .collect(Collectors.joining(", ", pattern + "(", ")"));
    }

    /** ✓, ✗, or – without an expectation. */
    String expectedMark() {
        return expected.map(ok -> ok ? "✓" : "✗").orElse("–");
    }
}
