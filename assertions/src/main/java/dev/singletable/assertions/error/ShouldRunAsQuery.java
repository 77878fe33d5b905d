package dev.singletable.assertions.error;

import dev.singletable.assertions.internal.Describe;
import dev.singletable.engine.model.RequestLogEntry;
import java.util.List;
import org.assertj.core.error.BasicErrorMessageFactory;
import org.assertj.core.error.ErrorMessageFactory;

/**
 * Creates the message when an access pattern does not run as a Query: what it ran, or how it failed.
 */
public class ShouldRunAsQuery extends BasicErrorMessageFactory {

    /**
     * @param call     the access pattern call, as {@code name(parameter=value, …)}
     * @param requests what it ran
     * @return the message factory
     */
    public static ErrorMessageFactory shouldRunAsQuery(String call, List<RequestLogEntry> requests) {
        return new ShouldRunAsQuery("%nExpecting access pattern:%n  %s%nto run as:%n  Query%nbut it ran:%n  %s",
                unquotedString(call), unquotedString(Describe.requests(requests)));
    }

    /**
     * @param call  the access pattern call, as {@code name(parameter=value, …)}
     * @param error what running it threw
     * @return the message factory
     */
    public static ErrorMessageFactory shouldRunAsQuery(String call, RuntimeException error) {
        return new ShouldRunAsQuery("%nExpecting access pattern:%n  %s%nto run as:%n  Query%nbut it failed:%n  %s",
                unquotedString(call), unquotedString(Describe.error(error)));
    }

    private ShouldRunAsQuery(String format, Object... arguments) {
        super(format, arguments);
    }
}
