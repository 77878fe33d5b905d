package dev.singletable.assertions.error;

import dev.singletable.assertions.internal.Describe;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import org.assertj.core.error.BasicErrorMessageFactory;
import org.assertj.core.error.ErrorMessageFactory;

/**
 * Creates the message when requests read more items, consume more capacity or take more pages than allowed, or
 * discard items with a filter; or when a design, at its rates, needs more capacity or money than its budget.
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

    /**
     * @param design    the design and the rates it was judged at
     * @param readMax   the most read units a second allowed
     * @param writeMax  the most write units a second allowed
     * @param read      the read units a second it consumes
     * @param write     the write units a second it consumes
     * @param breakdown per index, what it consumes
     * @return the message factory
     */
    public static ErrorMessageFactory shouldConsumeAtMostPerSecond(String design, double readMax, double writeMax,
            double read, double write, List<String> breakdown) {
        return new ShouldStayWithinBudget("%nExpecting design:%n  %s%nto consume at most:%n  %s%n"
                + "but it consumes:%n  %s", unquotedString(design), unquotedString(units(readMax, writeMax)),
                unquotedString(units(read, write) + indented(breakdown)));
    }

    /**
     * @param design    the design and the rates it was judged at
     * @param max       the most a month on demand may cost
     * @param cost      what it costs a month on demand
     * @param breakdown per index, what it costs
     * @return the message factory
     */
    public static ErrorMessageFactory shouldCostAtMost(String design, double max, double cost,
            List<String> breakdown) {
        return new ShouldStayWithinBudget("%nExpecting design:%n  %s%nto cost at most, a month on demand:%n  %s%n"
                + "but it costs:%n  %s", unquotedString(design), unquotedString(money(max)),
                unquotedString(money(cost) + indented(breakdown)));
    }

    /** Each line on a line of its own, under the value it explains. */
    private static String indented(List<String> lines) {
        return lines.stream().map(line -> Describe.NEXT_LINE + "  " + line).collect(Collectors.joining());
    }

    private static String units(double read, double write) {
        return String.format(Locale.ROOT, "%.1f read and %.1f write capacity units a second", read, write);
    }

    /**
     * @param amount an amount of money
     * @return it as the budget messages show it, e.g. {@code 1,234.50}
     */
    public static String money(double amount) {
        return String.format(Locale.ROOT, "%,.2f", amount);
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
