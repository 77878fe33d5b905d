package dev.singletable.assertions.error;

import dev.singletable.assertions.internal.Describe;
import dev.singletable.engine.model.RequestLogEntry;
import java.util.List;
import org.assertj.core.error.BasicErrorMessageFactory;
import org.assertj.core.error.ErrorMessageFactory;

/**
 * Creates the messages about what a request log contains: Scans, Queries, other operations, requests on a table.
 */
public class ShouldHaveRequests extends BasicErrorMessageFactory {

    /**
     * @param requests every request
     * @param scans    the Scans among them
     * @return the message factory
     */
    public static ErrorMessageFactory shouldHaveNoScans(List<RequestLogEntry> requests, List<RequestLogEntry> scans) {
        return new ShouldHaveRequests("%nExpecting requests:%n  %s%nto contain no:%n  Scan%nbut found:%n  %s",
                unquotedString(Describe.requests(requests)), unquotedString(Describe.requests(scans)));
    }

    /**
     * @param requests every request
     * @param queries  the Queries among them (none, or more than one)
     * @return the message factory
     */
    public static ErrorMessageFactory shouldHaveSingleQuery(List<RequestLogEntry> requests,
            List<RequestLogEntry> queries) {
        return new ShouldHaveRequests("%nExpecting requests:%n  %s%nto contain:%n  exactly one Query%nbut found:%n  %s",
                unquotedString(Describe.requests(requests)),
                unquotedString(queries.isEmpty() ? "no Query" : Describe.requests(queries)));
    }

    /**
     * @param requests every request, none of them a Query
     * @return the message factory
     */
    public static ErrorMessageFactory shouldHaveQueries(List<RequestLogEntry> requests) {
        return new ShouldHaveRequests("%nExpecting requests:%n  %s%nto contain:%n  at least one Query%nbut found:%n"
                + "  no Query", unquotedString(Describe.requests(requests)));
    }

    /**
     * @param requests  every request
     * @param offending the requests that are neither Queries nor reads by key
     * @return the message factory
     */
    public static ErrorMessageFactory shouldOnlyQueryAndGet(List<RequestLogEntry> requests,
            List<RequestLogEntry> offending) {
        return new ShouldHaveRequests("%nExpecting requests:%n  %s%nto contain only:%n"
                + "  Query, GetItem, BatchGetItem, TransactGetItems%nbut found:%n  %s",
                unquotedString(Describe.requests(requests)), unquotedString(Describe.requests(offending)));
    }

    /**
     * @param requests  every request
     * @param operation the operation counted, e.g. {@code Query}
     * @param expected  how many were expected
     * @param actual    how many there are
     * @return the message factory
     */
    public static ErrorMessageFactory shouldHaveOperationCount(List<RequestLogEntry> requests, String operation,
            int expected, int actual) {
        return new ShouldHaveRequests("%nExpecting requests:%n  %s%nto contain:%n  %s %s requests%nbut found:%n  %s",
                unquotedString(Describe.requests(requests)), expected, unquotedString(operation), actual);
    }

    /**
     * @param requests  every request
     * @param table     the table that must not be touched
     * @param offending the requests on it
     * @return the message factory
     */
    public static ErrorMessageFactory shouldHaveNoRequestOn(List<RequestLogEntry> requests, String table,
            List<RequestLogEntry> offending) {
        return new ShouldHaveRequests("%nExpecting requests:%n  %s%nto contain no request on:%n  %s%nbut found:%n  %s",
                unquotedString(Describe.requests(requests)), unquotedString(table),
                unquotedString(Describe.requests(offending)));
    }

    private ShouldHaveRequests(String format, Object... arguments) {
        super(format, arguments);
    }
}
