package dev.singletable.assertions;

import static dev.singletable.assertions.error.ShouldContainChange.shouldContainChange;

import dev.singletable.engine.Change;
import dev.singletable.fixtures.KeyAttribute;
import dev.singletable.fixtures.TableDesign;
import dev.singletable.fixtures.TableKey;
import java.util.List;
import java.util.Map;
import org.assertj.core.api.AbstractAssert;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Assertions on the change records of a table ({@code engine.changes(table.name())}): what was inserted,
 * modified and removed, in commit order, as DynamoDB Streams would carry it.
 *
 * <pre>{@code
 * assertThatChanges(engine.changes(table.name())).containsInsertOf(key("CUSTOMER#42", "ORDER#1001"));
 * }</pre>
 *
 * <p>A key is given as {@code key(…)}, as elsewhere, or as the attribute map of the key. The names of the key
 * attributes come from the design ({@link #usingDesign}); without one they are {@code PK} and {@code SK}.
 */
public class ChangesAssert extends AbstractAssert<ChangesAssert, List<Change>> {

    private List<String> keyNames = List.of("PK", "SK");

    /**
     * @param changes the change records to check
     */
    protected ChangesAssert(List<Change> changes) {
        super(changes, ChangesAssert.class);
    }

    /**
     * Takes the names of the table's key attributes from the design, for the {@code key(…)} forms.
     *
     * <pre>{@code
     * assertThatChanges(engine.changes(table.name())).usingDesign(table.design()).containsInsertOf(key("USER#ada"));
     * }</pre>
     *
     * @param design the table's design
     * @return this assert
     */
    public ChangesAssert usingDesign(TableDesign design) {
        keyNames = design.primaryKey().stream().map(KeyAttribute::name).toList();
        return myself;
    }

    /**
     * <pre>{@code
     * assertThatChanges(engine.changes("orders")).containsInsertOf(key("CUSTOMER#42", "ORDER#1001"));
     * }</pre>
     *
     * @param key the item's primary key, as {@code key(…)} makes it
     * @return this assert
     * @throws AssertionError when no INSERT of that key was recorded
     */
    public ChangesAssert containsInsertOf(TableKey key) {
        return contains("INSERT", key);
    }

    /**
     * <pre>{@code
     * assertThatChanges(engine.changes("orders")).containsModifyOf(key("CUSTOMER#42", "ORDER#1001"));
     * }</pre>
     *
     * @param key the item's primary key, as {@code key(…)} makes it
     * @return this assert
     * @throws AssertionError when no MODIFY of that key was recorded
     */
    public ChangesAssert containsModifyOf(TableKey key) {
        return contains("MODIFY", key);
    }

    /**
     * <pre>{@code
     * assertThatChanges(engine.changes("orders")).containsRemoveOf(key("CUSTOMER#42", "ORDER#1001"));
     * }</pre>
     *
     * @param key the item's primary key, as {@code key(…)} makes it
     * @return this assert
     * @throws AssertionError when no REMOVE of that key was recorded
     */
    public ChangesAssert containsRemoveOf(TableKey key) {
        return contains("REMOVE", key);
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

    private ChangesAssert contains(String eventName, TableKey key) {
        isNotNull();
        List<String> names = keyNames.subList(0, Math.min(keyNames.size(), key.values().size()));
        if (actual.stream().noneMatch(c -> c.eventName().equals(eventName)
                && TableKey.ofItem(c.keys(), names).equals(key) && c.keys().size() == names.size())) {
            throw assertionError(shouldContainChange(actual, eventName, key));
        }
        return myself;
    }

    private ChangesAssert contains(String eventName, Map<String, AttributeValue> key) {
        isNotNull();
        if (actual.stream().noneMatch(c -> c.eventName().equals(eventName) && c.keys().equals(key))) {
            throw assertionError(shouldContainChange(actual, eventName, key));
        }
        return myself;
    }
}
