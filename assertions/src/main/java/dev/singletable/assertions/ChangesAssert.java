package dev.singletable.assertions;

import static dev.singletable.assertions.error.ShouldContainChange.shouldContainChange;

import dev.singletable.engine.Change;
import java.util.List;
import java.util.Map;
import org.assertj.core.api.AbstractAssert;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Assertions on the change records of a table ({@code engine.changes(table.name())}): what was inserted,
 * modified and removed, in commit order, as DynamoDB Streams would carry it.
 *
 * <pre>{@code
 * assertThatChanges(engine.changes(table.name())).containsInsertOf(Map.of("PK", s("ORDER#9"), "SK", s("A")));
 * }</pre>
 */
public class ChangesAssert extends AbstractAssert<ChangesAssert, List<Change>> {

    /**
     * @param changes the change records to check
     */
    protected ChangesAssert(List<Change> changes) {
        super(changes, ChangesAssert.class);
    }

    /**
     * <pre>{@code
     * assertThatChanges(engine.changes("orders")).containsInsertOf(key);
     * }</pre>
     *
     * @param key the item's primary key
     * @return this assert
     * @throws AssertionError when no INSERT of that key was recorded
     */
    public ChangesAssert containsInsertOf(Map<String, AttributeValue> key) {
        return contains("INSERT", key);
    }

    /**
     * <pre>{@code
     * assertThatChanges(engine.changes("orders")).containsModifyOf(key);
     * }</pre>
     *
     * @param key the item's primary key
     * @return this assert
     * @throws AssertionError when no MODIFY of that key was recorded
     */
    public ChangesAssert containsModifyOf(Map<String, AttributeValue> key) {
        return contains("MODIFY", key);
    }

    /**
     * <pre>{@code
     * assertThatChanges(engine.changes("orders")).containsRemoveOf(key);
     * }</pre>
     *
     * @param key the item's primary key
     * @return this assert
     * @throws AssertionError when no REMOVE of that key was recorded
     */
    public ChangesAssert containsRemoveOf(Map<String, AttributeValue> key) {
        return contains("REMOVE", key);
    }

    private ChangesAssert contains(String eventName, Map<String, AttributeValue> key) {
        isNotNull();
        if (actual.stream().noneMatch(c -> c.eventName().equals(eventName) && c.keys().equals(key))) {
            throw assertionError(shouldContainChange(actual, eventName, key));
        }
        return myself;
    }
}
