package dev.singletable.assertions;

import static dev.singletable.assertions.error.ShouldHaveKeyCondition.shouldHaveKeyCondition;
import static dev.singletable.assertions.error.ShouldHaveKeyCondition.shouldHavePartitionKey;
import static dev.singletable.assertions.error.ShouldReadIndex.shouldReadIndex;

import dev.singletable.assertions.internal.Describe;
import dev.singletable.engine.model.ExpressionKind;
import dev.singletable.engine.model.AttributeCondition;
import dev.singletable.engine.model.RequestLogEntry;
import dev.singletable.fixtures.DynamoValues;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;
import org.assertj.core.api.AbstractAssert;
import org.assertj.core.error.ErrorMessageFactory;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Assertions on one request, or on each of several (the Queries of a request log): which index they read and
 * their key condition.
 *
 * <pre>{@code
 * assertThat(log).singleQuery()
 *     .onIndex("GSI1")
 *     .withKeyCondition("GSI1PK = \"STATUS#OPEN\" AND GSI1SK BETWEEN \"2026-01-01\" AND \"2026-02-01\"");
 * }</pre>
 */
public class RequestsAssert extends AbstractAssert<RequestsAssert, List<RequestLogEntry>> {

    /**
     * @param requests the requests to check; each assertion must hold for every one of them
     */
    public RequestsAssert(List<RequestLogEntry> requests) {
        super(requests, RequestsAssert.class);
    }

    /**
     * Verifies that the requests read the given secondary index.
     *
     * <pre>{@code
     * assertThat(log).singleQuery().onIndex("GSI1");
     * }</pre>
     *
     * @param indexName the index expected
     * @return this assertion object
     * @throws AssertionError listing the requests that read another index or the table
     */
    public RequestsAssert onIndex(String indexName) {
        return reads("index " + Objects.requireNonNull(indexName, "indexName"));
    }

    /**
     * Verifies that the requests read the table, not a secondary index.
     *
     * <pre>{@code
     * assertThat(log).singleQuery().onTable();
     * }</pre>
     *
     * @return this assertion object
     * @throws AssertionError listing the requests that read an index
     */
    public RequestsAssert onTable() {
        return reads("the table");
    }

    private RequestsAssert reads(String expected) {
        isNotNull();
        List<RequestLogEntry> offending = actual.stream()
                .filter(r -> !AccessPatternAssert.readText(r).equals(expected)).toList();
        if (!offending.isEmpty()) {
            throw failure(shouldReadIndex(subject(), Describe.requests(actual), expected,
                    offending), AccessPatternAssert.readText(offending.get(0)), expected);
        }
        return myself;
    }

    /**
     * Verifies the key condition as the request log shows it: attribute names and values substituted, strings
     * in double quotes.
     *
     * <pre>{@code
     * assertThat(log).singleQuery().withKeyCondition("PK = \"CUSTOMER#42\" AND begins_with(SK, \"ORDER#\")");
     * }</pre>
     *
     * @param expected the key condition expected
     * @return this assertion object
     * @throws AssertionError showing the key condition of the first request that differs
     */
    public RequestsAssert withKeyCondition(String expected) {
        isNotNull();
        for (RequestLogEntry request : actual) {
            String condition = request.expression(ExpressionKind.KEY_CONDITION).orElse("(none)");
            if (!condition.equals(expected)) {
                throw failure(shouldHaveKeyCondition(Describe.request(request), expected,
                        condition), condition, expected);
            }
        }
        return myself;
    }

    /**
     * Verifies the partition key value of the key condition; Java values compare with DynamoDB's as in
     * {@link ItemAssert#hasAttribute(String, Object)}. On an index keyed on several attributes, give the value of
     * each, in key order.
     *
     * <pre>{@code
     * assertThat(log).singleQuery().withPartitionKey("STATUS#OPEN");
     * assertThat(log).singleQuery().withPartitionKey("acme", "eu-west");   // tenantId, region
     * }</pre>
     *
     * @param values the partition key value expected, or the values of its attributes in key order
     * @return this assertion object
     * @throws AssertionError showing the partition key value of the first request that differs
     */
    public RequestsAssert withPartitionKey(Object... values) {
        isNotNull();
        List<AttributeValue> expectedValues = Arrays.stream(values).map(DynamoValues::of).toList();
        String expected = expectedValues.stream().map(DynamoValues::display).collect(Collectors.joining(", "));
        for (RequestLogEntry request : actual) {
            Optional<List<AttributeValue>> logged = request.keyCondition()
                    .map(key -> key.partitionKey().stream().map(AttributeCondition::operand).toList());
            if (logged.filter(partition -> same(partition, expectedValues)).isEmpty()) {
                String partition = logged.map(p -> p.stream().map(DynamoValues::text)
                        .collect(Collectors.joining(", "))).orElse("(none)");
                throw failure(shouldHavePartitionKey(Describe.request(request), expected, partition), partition,
                        expected);
            }
        }
        return myself;
    }

    private static boolean same(List<AttributeValue> logged, List<AttributeValue> expected) {
        if (logged.size() != expected.size()) {
            return false;
        }
        for (int i = 0; i < logged.size(); i++) {
            if (!DynamoValues.same(logged.get(i), expected.get(i))) {
                return false;
            }
        }
        return true;
    }

    private String subject() {
        return actual.size() == 1 ? "request" : "requests";
    }

    /** A failure with the values an IDE shows side by side, built from the public error factory. */
    private AssertionError failure(ErrorMessageFactory message, Object actualValue, Object expectedValue) {
        return failureWithActualExpected(actualValue, expectedValue, "%s",
                message.create(Describe.NO_DESCRIPTION, info.representation()));
    }
}
