package dev.singletable.assertions.error;

import dev.singletable.assertions.internal.Describe;
import dev.singletable.fixtures.TableDesign;
import java.util.List;
import org.assertj.core.error.BasicErrorMessageFactory;
import org.assertj.core.error.ErrorMessageFactory;

/**
 * Creates the message listing every access pattern of a design that does not run as a Query or does not return the
 * items its fixtures expect.
 */
public class ShouldSatisfyEveryAccessPattern extends BasicErrorMessageFactory {

    /**
     * @param design     the design
     * @param shortfalls for each access pattern that falls short, what happened
     * @return the message factory
     */
    public static ErrorMessageFactory shouldSatisfyEveryAccessPattern(TableDesign design, List<String> shortfalls) {
        return new ShouldSatisfyEveryAccessPattern("%nExpecting every access pattern of design:%n  %s (%s)%n"
                + "to run as a Query and return the items the fixtures expect:%n  %s%nbut %s fall short:%n  %s",
                unquotedString(design.tableName()), unquotedString(design.accessPatterns().size() == 1
                        ? "1 access pattern" : design.accessPatterns().size() + " access patterns"),
                unquotedString(String.join(", ", design.accessPatterns().stream().map(p -> p.name()).toList())),
                shortfalls.size(), unquotedString(Describe.block(shortfalls)));
    }

    /**
     * @param design a design that declares no access pattern
     * @return the message factory: nothing was checked, which is not a pass
     */
    public static ErrorMessageFactory shouldDeclareAccessPatterns(TableDesign design) {
        return new ShouldSatisfyEveryAccessPattern("%nExpecting every access pattern of design:%n  %s%n"
                + "to run as a Query and return the items the fixtures expect%nbut it declares none, so nothing was"
                + " checked: add them under accessPatterns", unquotedString(design.tableName()));
    }

    private ShouldSatisfyEveryAccessPattern(String format, Object... arguments) {
        super(format, arguments);
    }
}
