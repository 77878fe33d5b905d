package dev.singletable.assertions.error;

import dev.singletable.assertions.internal.Describe;
import dev.singletable.engine.model.RequestLogEntry;
import dev.singletable.fixtures.AccessPattern;
import java.util.List;
import org.assertj.core.error.BasicErrorMessageFactory;
import org.assertj.core.error.ErrorMessageFactory;

/**
 * Creates the message when requests do not have the shape an access pattern declares: its index, partition key
 * template and kind of sort key condition.
 */
public class ShouldServeAccessPattern extends BasicErrorMessageFactory {

    /**
     * @param requests    the requests checked
     * @param pattern     the access pattern
     * @param differences for each read that differs, the read and what differs; empty when there was no read
     * @return the message factory
     */
    public static ErrorMessageFactory shouldServeAccessPattern(List<RequestLogEntry> requests, AccessPattern pattern,
            List<String> differences) {
        return new ShouldServeAccessPattern("%nExpecting requests:%n  %s%nto have the shape of access pattern:%n  %s%n"
                + "but " + (differences.isEmpty() ? "found" : "these differ") + ":%n  %s",
                unquotedString(Describe.requests(requests)),
                unquotedString(Describe.shape(pattern)),
                unquotedString(differences.isEmpty() ? "no Query, Scan or key lookup" : Describe.block(differences)));
    }

    private ShouldServeAccessPattern(String format, Object... arguments) {
        super(format, arguments);
    }
}
