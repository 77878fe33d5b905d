package dev.singletable.assertions.error;

import dev.singletable.assertions.internal.Describe;
import dev.singletable.assertions.internal.KeyDiff;
import dev.singletable.core.KeyDifference;
import dev.singletable.engine.model.RequestLogEntry;
import dev.singletable.fixtures.TableKey;
import java.util.List;
import org.assertj.core.error.BasicErrorMessageFactory;
import org.assertj.core.error.ErrorMessageFactory;

/**
 * Creates the message when application code returns other items than the access pattern it implements.
 */
public class ShouldBeServedBy extends BasicErrorMessageFactory {

    /**
     * @param code     the requests the application code made
     * @param call     the access pattern call it is compared with, as {@code name(parameter=value, …)}
     * @param expected the keys the access pattern returns
     * @param actual   the keys of the items the code returned
     * @return the message factory
     */
    public static ErrorMessageFactory shouldBeServedBy(List<RequestLogEntry> code, String call, List<TableKey> expected,
            List<TableKey> actual) {
        String diff = String.join("", KeyDiff.of(new KeyDifference(expected, actual), true).stream()
                .map(l -> Describe.NL + l).toList());
        return new ShouldBeServedBy("%nExpecting the result of application code, which ran:%n  %s%n"
                + "to be the items access pattern %s returns:%n  %s%nbut it was:%n  %s%s",
                unquotedString(Describe.requests(code)), unquotedString(call), unquotedString(KeyDiff.join(expected)),
                unquotedString(KeyDiff.join(actual)), unquotedString(diff));
    }

    private ShouldBeServedBy(String format, Object... arguments) {
        super(format, arguments);
    }
}
