package dev.singletable.assertions.error;

import dev.singletable.assertions.internal.Describe;
import dev.singletable.core.DesignWarning;
import java.util.List;
import org.assertj.core.error.BasicErrorMessageFactory;
import org.assertj.core.error.ErrorMessageFactory;

/** Creates the message listing the design lint's warnings on a design, each with where it comes from. */
public class ShouldHaveNoDesignWarnings extends BasicErrorMessageFactory {

    /**
     * @param table    the design's table name
     * @param kinds    the kinds asked about; empty for every kind
     * @param warnings the warnings of those kinds
     * @return the message factory
     */
    public static ErrorMessageFactory shouldHaveNoDesignWarnings(String table, List<DesignWarning.Kind> kinds,
            List<DesignWarning> warnings) {
        return new ShouldHaveNoDesignWarnings("%nExpecting design:%n  %s%nto have no warnings of the design lint"
                + " of:%n  %s%nbut it has %s:%n  %s", unquotedString(table), unquotedString(kinds.isEmpty()
                        ? "any kind" : String.join(", ", kinds.stream().map(DesignWarning.Kind::label).toList())),
                warnings.size(), unquotedString(Describe.block(warnings.stream().map(DesignWarning::toString)
                        .toList())));
    }

    private ShouldHaveNoDesignWarnings(String format, Object... arguments) {
        super(format, arguments);
    }
}
