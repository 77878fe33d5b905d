package dev.singletable.assertions.error;

import dev.singletable.assertions.internal.Describe;
import dev.singletable.engine.model.RequestLogEntry;
import java.util.List;
import org.assertj.core.error.BasicErrorMessageFactory;
import org.assertj.core.error.ErrorMessageFactory;

/**
 * Creates the message when requests read another index (or the table) than the one expected.
 */
public class ShouldReadIndex extends BasicErrorMessageFactory {

    /**
     * @param subject   what is checked: {@code access pattern} or {@code request} or {@code queries}
     * @param described the subject as text
     * @param expected  {@code index <name>} or {@code the table}
     * @param offending the requests that read something else
     * @return the message factory
     */
    public static ErrorMessageFactory shouldReadIndex(String subject, String described, String expected,
            List<RequestLogEntry> offending) {
        return new ShouldReadIndex("%nExpecting " + subject + ":%n  %s%nto read:%n  %s%nbut it read:%n  %s",
                unquotedString(described), unquotedString(expected), unquotedString(Describe.requests(offending)));
    }

    private ShouldReadIndex(String format, Object... arguments) {
        super(format, arguments);
    }
}
