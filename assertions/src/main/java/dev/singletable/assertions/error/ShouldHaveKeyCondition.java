package dev.singletable.assertions.error;


import org.assertj.core.error.BasicErrorMessageFactory;
import org.assertj.core.error.ErrorMessageFactory;

/**
 * Creates the message when a request has another key condition, or partition key value, than expected.
 */
public class ShouldHaveKeyCondition extends BasicErrorMessageFactory {

    /**
     * @param request  the request, as text
     * @param expected the key condition expected, as the request log shows it
     * @param actual   the request's key condition
     * @return the message factory
     */
    public static ErrorMessageFactory shouldHaveKeyCondition(String request, String expected, String actual) {
        return new ShouldHaveKeyCondition("%nExpecting request:%n  %s%nto have key condition:%n  %s%nbut had:%n  %s",
                unquotedString(request), unquotedString(expected), unquotedString(actual));
    }

    /**
     * @param request  the request, as text
     * @param expected the partition key value expected, as text
     * @param actual   the request's partition key value
     * @return the message factory
     */
    public static ErrorMessageFactory shouldHavePartitionKey(String request, String expected, String actual) {
        return new ShouldHaveKeyCondition("%nExpecting request:%n  %s%nto have partition key value:%n  %s%n"
                + "but had:%n  %s", unquotedString(request), unquotedString(expected), unquotedString(actual));
    }

    private ShouldHaveKeyCondition(String format, Object... arguments) {
        super(format, arguments);
    }
}
