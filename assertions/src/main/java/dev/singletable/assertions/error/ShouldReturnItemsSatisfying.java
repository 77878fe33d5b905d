package dev.singletable.assertions.error;

import dev.singletable.assertions.internal.Describe;
import java.util.List;
import org.assertj.core.error.BasicErrorMessageFactory;
import org.assertj.core.error.ErrorMessageFactory;

/**
 * Creates the message when items an access pattern returns do not satisfy the given requirements.
 */
public class ShouldReturnItemsSatisfying extends BasicErrorMessageFactory {

    /**
     * @param run      the access pattern call and its requests
     * @param returned how many items it returned
     * @param failures for each item that falls short, the item and the requirement's failure message
     * @return the message factory
     */
    public static ErrorMessageFactory shouldReturnItemsSatisfying(String run, int returned, List<String> failures) {
        String finding = returned == 0 ? "it returned no item" : failures.size() + " of " + returned
                + " items do not";
        return new ShouldReturnItemsSatisfying("%nExpecting access pattern:%n  %s%nto return items that all satisfy:%n"
                + "  the given requirements%nbut " + finding + ":%n  %s", unquotedString(run),
                unquotedString(returned == 0 ? "no item" : Describe.block(failures)));
    }

    private ShouldReturnItemsSatisfying(String format, Object... arguments) {
        super(format, arguments);
    }
}
