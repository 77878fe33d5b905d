package dev.singletable.core;

import dev.singletable.engine.model.ExpressionKind;
import dev.singletable.engine.model.KeyCondition;
import dev.singletable.engine.model.Operation;
import dev.singletable.engine.model.RequestLogEntry;
import dev.singletable.fixtures.AccessPattern;
import dev.singletable.fixtures.DynamoValues;
import dev.singletable.fixtures.Expectation;
import dev.singletable.fixtures.TableKey;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The verdict on one access pattern call: what ran, what it read and returned, what it cost, and each way it falls
 * short. Made by {@link Verification}; front ends render it and judge nothing again.
 *
 * @param pattern      the access pattern
 * @param parameters   the parameters it ran with (from an {@code expect} entry), in order
 * @param expectation  the expectation it was checked against, if any
 * @param requests     the requests it sent, one per page, oldest first; empty when it did not run
 * @param expectedKeys the table keys the expectation names, in order; empty without an expectation
 * @param returnedKeys the table keys of the items it returned, in order
 * @param shortfalls   why it falls short; empty when it passes
 */
public record PatternCheck(AccessPattern pattern, Map<String, AttributeValue> parameters,
        Optional<Expectation> expectation, List<RequestLogEntry> requests, List<TableKey> expectedKeys,
        List<TableKey> returnedKeys, List<Shortfall> shortfalls) {

    /** Validates and copies. */
    public PatternCheck {
        Objects.requireNonNull(pattern, "pattern");
        parameters = Collections.unmodifiableMap(new LinkedHashMap<>(parameters));
        Objects.requireNonNull(expectation, "expectation");
        requests = List.copyOf(requests);
        expectedKeys = List.copyOf(expectedKeys);
        returnedKeys = List.copyOf(returnedKeys);
        shortfalls = List.copyOf(shortfalls);
    }

    /** @return {@code true} when the call falls short in no way */
    public boolean passed() {
        return shortfalls.isEmpty();
    }

    /**
     * @return {@code true} when the call ran and the endpoint answered it: {@code false} when it was not
     *         exercised or failed
     */
    public boolean ran() {
        return shortfalls.stream().noneMatch(s -> s instanceof Shortfall.NotExercised
                || s instanceof Shortfall.EndpointError);
    }

    /** @return the call as {@link DynamoValues#displayCall} shows it, e.g. {@code ordersOfCustomer(customerId: 42)} */
    public String label() {
        return DynamoValues.displayCall(pattern.name(), parameters);
    }

    /**
     * @return the operations that ran, each once, in order, e.g. {@code [QUERY]}; empty when the call did not
     *         run
     */
    public List<Operation> operations() {
        return ran() ? requests.stream().map(RequestLogEntry::operation).distinct().toList() : List.of();
    }

    /** @return the index the requests read (else the one the pattern declares); empty for the table */
    public Optional<String> index() {
        return requests.stream().map(RequestLogEntry::index).flatMap(Optional::stream).findFirst()
                .or(pattern::indexName);
    }

    /** @return what the key condition of the first request asks, typed; empty for a Scan */
    public Optional<KeyCondition> keyCondition() {
        return requests.stream().map(RequestLogEntry::keyCondition).flatMap(Optional::stream).findFirst();
    }

    /**
     * @return the key condition of the first request as the request log shows it, names and values filled in:
     *         {@code PK = "CUSTOMER#42" AND begins_with(SK, "ORDER#")}; empty for a Scan
     */
    public Optional<String> keyConditionText() {
        return requests.stream().map(r -> r.expression(ExpressionKind.KEY_CONDITION)).flatMap(Optional::stream)
                .findFirst();
    }

    /** @return the pages it took: one request each */
    public int pages() {
        return ran() ? requests.size() : 0;
    }

    /** @return the items its requests read (DynamoDB's {@code ScannedCount}, summed) */
    public int itemsRead() {
        return ran() ? requests.stream().mapToInt(r -> Math.max(0, r.scannedCount())).sum() : 0;
    }

    /** @return the items it returned */
    public int itemsReturned() {
        return returnedKeys.size();
    }

    /** @return the read capacity units its requests consumed, summed */
    public double readUnits() {
        return ran() ? requests.stream().mapToDouble(r -> r.consumedCapacity().orElse(0)).sum() : 0;
    }

    /**
     * @return whether it returned what the expectation names, in order: empty without an expectation, false when
     *         it returned something else or could not run
     */
    public Optional<Boolean> expectationMet() {
        return expectation.map(e -> ran()
                && shortfalls.stream().noneMatch(Shortfall.UnexpectedKeys.class::isInstance));
    }
}
