package dev.singletable.assertions.error;


import org.assertj.core.error.BasicErrorMessageFactory;
import org.assertj.core.error.ErrorMessageFactory;

/**
 * Creates the message when requests read more items, consume more capacity or take more pages than allowed, or
 * discard items with a filter.
 */
public class ShouldStayWithinBudget extends BasicErrorMessageFactory {

    /**
     * @param run  the access pattern call and its requests
     * @param max  the most items it may read
     * @param read the items it read
     * @return the message factory
     */
    public static ErrorMessageFactory shouldReadAtMost(String run, int max, int read) {
        return new ShouldStayWithinBudget("%nExpecting access pattern:%n  %s%nto read at most:%n  %s%n"
                + "but it read:%n  %s", unquotedString(run), unquotedString(items(max)), unquotedString(items(read)));
    }

    /**
     * @param subject   {@code access pattern} or {@code requests}
     * @param described the subject as text
     * @param max       the most read capacity units allowed
     * @param consumed  the units consumed
     * @return the message factory
     */
    public static ErrorMessageFactory shouldConsumeAtMost(String subject, String described, double max,
            double consumed) {
        return new ShouldStayWithinBudget("%nExpecting " + subject + ":%n  %s%nto consume at most:%n"
                + "  %s read capacity units%nbut it consumed:%n  %s read capacity units", unquotedString(described),
                max, consumed);
    }

    /**
     * @param run      the access pattern call and its requests
     * @param expected the pages expected
     * @param actual   the pages it took
     * @return the message factory
     */
    public static ErrorMessageFactory shouldTakePages(String run, int expected, int actual) {
        return new ShouldStayWithinBudget("%nExpecting access pattern:%n  %s%nto take:%n  %s%nbut it took:%n  %s",
                unquotedString(run), unquotedString(pages(expected)), unquotedString(pages(actual)));
    }

    /**
     * @param run      the access pattern call and its requests
     * @param read     the items it read
     * @param returned the items it returned
     * @return the message factory
     */
    public static ErrorMessageFactory shouldHaveNoFilterWaste(String run, int read, int returned) {
        return new ShouldStayWithinBudget("%nExpecting access pattern:%n  %s%nto return every item it reads:%n"
                + "  %s%nbut it returned:%n  %s (%s read and discarded by the filter)", unquotedString(run),
                unquotedString(items(read)), unquotedString(items(returned)), read - returned);
    }

    private static String items(int count) {
        return count == 1 ? "1 item" : count + " items";
    }

    private static String pages(int count) {
        return count == 1 ? "1 page" : count + " pages";
    }

    private ShouldStayWithinBudget(String format, Object... arguments) {
        super(format, arguments);
    }
}
