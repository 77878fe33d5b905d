package dev.singletable.assertions.internal;

import dev.singletable.core.PatternShape;
import dev.singletable.engine.model.ExpressionKind;
import dev.singletable.engine.model.RequestLogEntry;
import dev.singletable.fixtures.AccessPattern;
import dev.singletable.fixtures.DynamoValues;
import dev.singletable.fixtures.KeyAttributeCondition;
import dev.singletable.fixtures.SortConditionKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.assertj.core.description.Description;
import org.assertj.core.description.TextDescription;
import software.amazon.awssdk.awscore.exception.AwsServiceException;

/** The text failure messages show for requests and access pattern calls. */
public final class Describe {

    /** The platform's line separator, as AssertJ's {@code %n} writes it. */
    public static final String NL = System.lineSeparator();
    /** No description: the assertion's own is added by the failure, once. */
    public static final Description NO_DESCRIPTION = new TextDescription("");
    /** A line separator followed by the two-space indent of a message block. */
    public static final String NEXT_LINE = NL + "  ";

    private Describe() {
    }

    /**
     * @param entry a logged request
     * @return e.g. {@code Query on app index GSI1 where GSI1PK = "STATUS#OPEN" filter total > 10}, then
     *         {@code failed with <type>: <message>} for a failed request and {@code issued at <frame>} for a
     *         request whose caller is known
     */
    public static String request(RequestLogEntry entry) {
        StringBuilder text = new StringBuilder(entry.operationName());
        entry.table().ifPresent(t -> text.append(" on ").append(t));
        entry.index().ifPresent(i -> text.append(" index ").append(i));
        entry.expression(ExpressionKind.KEY_CONDITION).ifPresent(e -> text.append(" where ").append(e));
        entry.expression(ExpressionKind.FILTER).ifPresent(e -> text.append(" filter ").append(e));
        entry.errorType().ifPresent(type -> text.append(" failed with ").append(type)
                .append(entry.errorMessage().map(m -> ": " + m).orElse("")));
        entry.caller().ifPresent(frame -> text.append(NEXT_LINE).append("  issued at ").append(frame));
        return text.toString();
    }

    /**
     * @param entries logged requests
     * @return one request per line (block-indented), or {@code no request} when there is none
     */
    public static String requests(List<RequestLogEntry> entries) {
        if (entries.isEmpty()) {
            return "no request";
        }
        return entries.stream().map(Describe::request).collect(Collectors.joining(NEXT_LINE));
    }

    /**
     * @param name       an access pattern name
     * @param parameters its parameter values
     * @return the call as {@link DynamoValues#displayCall} shows it everywhere:
     *         {@code openOrdersByDate(from: 2026-01-01, to: 2026-02-01)}
     */
    public static String call(String name, Map<String, ?> parameters) {
        return DynamoValues.displayCall(name, parameters);
    }

    /**
     * @param name       an access pattern name
     * @param parameters its parameter values
     * @param requests   the requests it made
     * @return the call, then its requests, one per line of a message block
     */
    public static String run(String name, Map<String, ?> parameters, List<RequestLogEntry> requests) {
        return call(name, parameters) + NEXT_LINE + requests(requests);
    }

    /**
     * @param error what a request threw
     * @return {@code <error code>: <message>} for a DynamoDB error, {@code <exception>: <message>} otherwise
     */
    public static String error(RuntimeException error) {
        if (error instanceof AwsServiceException service
                && service.awsErrorDetails() != null) {
            return service.awsErrorDetails().errorCode() + ": " + service.awsErrorDetails().errorMessage();
        }
        return error.getClass().getSimpleName() + ": " + error.getMessage();
    }

    /**
     * @param pattern an access pattern
     * @return its declared shape: {@code Query on index GSI1 where GSI1PK = STATUS#OPEN AND GSI1SK BETWEEN
     *         {from} AND {to}}
     */
    public static String shape(AccessPattern pattern) {
        if (pattern.scan()) {
            return pattern.name() + ": Scan of " + pattern.indexName().map(i -> "index " + i).orElse("the table")
                    + pattern.filter().map(f -> " filter " + f.expression()).orElse("") + " (declared as a Scan)";
        }
        List<String> conditions = new ArrayList<>();
        Stream.concat(pattern.partition().stream(), pattern.sort().stream())
                .forEach(condition -> conditions.add(condition(condition)));
        return pattern.name() + ": Query on " + pattern.indexName().map(i -> "index " + i).orElse("the table")
                + " where " + String.join(" AND ", conditions);
    }

    /** {@code GSI1SK BETWEEN {from} AND {to}}, {@code begins_with(SK, ORDER#)}, {@code status = OPEN} */
    private static String condition(KeyAttributeCondition condition) {
        String attribute = condition.attribute().name();
        String value = condition.value().source();
        return switch (condition.kind()) {
            case BETWEEN -> attribute + " BETWEEN " + value + " AND " + condition.values().get(1).source();
            case BEGINS_WITH -> "begins_with(" + attribute + ", " + value + ")";
            default -> attribute + " " + operator(condition.kind()) + " " + value;
        };
    }

    private static String operator(SortConditionKind kind) {
        return switch (kind) {
            case LT -> "<";
            case LTE -> "<=";
            case GT -> ">";
            case GTE -> ">=";
            default -> "=";
        };
    }

    /**
     * @param lines lines of a block
     * @return the lines joined so that each starts on its own indented line of a message block
     */
    public static String block(List<String> lines) {
        return String.join(NEXT_LINE, lines);
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
            List<String> differs = PatternShape.differences(pattern, read);
            if (!differs.isEmpty()) {
                mismatches.add(request(read) + NEXT_LINE + "  " + String.join("; ", differs));
            }
        }
        return mismatches;
    }
}
