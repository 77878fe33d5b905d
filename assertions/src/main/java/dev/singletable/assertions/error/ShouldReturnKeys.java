package dev.singletable.assertions.error;

import dev.singletable.assertions.internal.Describe;
import dev.singletable.assertions.internal.KeyDiff;
import dev.singletable.core.KeyDifference;
import dev.singletable.fixtures.TableKey;
import java.util.List;
import org.assertj.core.error.BasicErrorMessageFactory;
import org.assertj.core.error.ErrorMessageFactory;

/**
 * Creates the message when an access pattern returns other keys than expected, with what differs: keys missing,
 * unexpected, or out of order.
 */
public class ShouldReturnKeys extends BasicErrorMessageFactory {

    /**
     * @param run      the access pattern call and its requests
     * @param expected the keys expected
     * @param actual   the keys returned
     * @param ordered  whether the order matters
     * @return the message factory
     */
    public static ErrorMessageFactory shouldReturnKeys(String run, List<TableKey> expected, List<TableKey> actual,
            boolean ordered) {
        String diff = String.join("", KeyDiff.of(new KeyDifference(expected, actual), ordered).stream()
                .map(l -> Describe.NL + l).toList());
        return new ShouldReturnKeys("%nExpecting access pattern:%n  %s%nto return the keys" + (ordered
                ? " in this order" : "") + ":%n  %s%nbut it returned:%n  %s%s", unquotedString(run),
                unquotedString(KeyDiff.join(expected)), unquotedString(KeyDiff.join(actual)), unquotedString(diff));
    }

    /**
     * @param run    the access pattern call and its requests
     * @param actual the keys returned
     * @return the message factory
     */
    public static ErrorMessageFactory shouldReturnNothing(String run, List<TableKey> actual) {
        return new ShouldReturnKeys("%nExpecting access pattern:%n  %s%nto return:%n  nothing%nbut it returned:%n  %s",
                unquotedString(run), unquotedString(KeyDiff.join(actual)));
    }

    private ShouldReturnKeys(String format, Object... arguments) {
        super(format, arguments);
    }
}
