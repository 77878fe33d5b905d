package dev.singletable.assertions.error;

import dev.singletable.engine.Change;
import dev.singletable.fixtures.DynamoValues;
import dev.singletable.fixtures.TableKey;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.assertj.core.error.BasicErrorMessageFactory;
import org.assertj.core.error.ErrorMessageFactory;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Creates the message of a change record (INSERT, MODIFY, REMOVE of a key) that is not among the changes. */
public class ShouldContainChange extends BasicErrorMessageFactory {

    /**
     * @param changes   the change records
     * @param eventName INSERT, MODIFY or REMOVE
     * @param key       the item's key
     * @return the message factory
     */
    public static ErrorMessageFactory shouldContainChange(List<Change> changes, String eventName,
            Map<String, AttributeValue> key) {
        return new ShouldContainChange("%nExpecting changes:%n  %s%nto contain:%n  %s %s%nbut found:%n  none",
                unquotedString(describe(changes)), unquotedString(eventName), key);
    }

    /**
     * @param changes   the change records
     * @param eventName INSERT, MODIFY or REMOVE
     * @param key       the item's key, as {@code key(…)} makes it
     * @return the message factory
     */
    public static ErrorMessageFactory shouldContainChange(List<Change> changes, String eventName, TableKey key) {
        return new ShouldContainChange("%nExpecting changes:%n  %s%nto contain:%n  %s %s%nbut found:%n  none",
                unquotedString(describe(changes)), unquotedString(eventName), unquotedString(key.toString()));
    }

    private static String describe(List<Change> changes) {
        if (changes.isEmpty()) {
            return "(none)";
        }
        return changes.stream().map(c -> c.eventName() + " " + DynamoValues.display(c.keys())
                + (c.byTimeToLive() ? " (by TTL)" : "")).collect(Collectors.joining("\n  "));
    }

    private ShouldContainChange(String format, Object... arguments) {
        super(format, arguments);
    }
}
