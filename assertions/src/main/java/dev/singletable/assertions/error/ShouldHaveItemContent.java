package dev.singletable.assertions.error;

import dev.singletable.fixtures.TableKey;
import dev.singletable.assertions.internal.KeyDiff;
import dev.singletable.fixtures.DynamoValues;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import org.assertj.core.error.BasicErrorMessageFactory;
import org.assertj.core.error.ErrorMessageFactory;

/**
 * Creates the messages about an item: its key, its attributes, its entity; and about a list of items: the keys it
 * holds.
 */
public class ShouldHaveItemContent extends BasicErrorMessageFactory {

    /**
     * @param item     the item
     * @param expected the key expected
     * @param actual   the item's key
     * @return the message factory
     */
    public static ErrorMessageFactory shouldHaveKey(Map<String, AttributeValue> item, TableKey expected,
            TableKey actual) {
        return new ShouldHaveItemContent("%nExpecting item:%n  %s%nto have key:%n  %s%nbut had:%n  %s",
                unquotedString(DynamoValues.display(item)), unquotedString(expected.toString()),
                unquotedString(actual.toString()));
    }

    /**
     * @param keys     the keys of the items
     * @param expected the key of an item expected among them
     * @return the message factory
     */
    public static ErrorMessageFactory shouldContainKey(List<TableKey> keys, TableKey expected) {
        return new ShouldHaveItemContent("%nExpecting items with keys:%n  %s%nto contain an item with key:%n  %s%n"
                + "but found:%n  none", unquotedString(KeyDiff.join(keys)), unquotedString(expected.toString()));
    }

    /**
     * @param item      the item
     * @param attribute the attribute name
     * @param expected  the value expected
     * @param actual    the item's value, or {@code null} when it has none
     * @return the message factory
     */
    public static ErrorMessageFactory shouldHaveAttribute(Map<String, AttributeValue> item, String attribute,
            AttributeValue expected, AttributeValue actual) {
        return new ShouldHaveItemContent("%nExpecting item:%n  %s%nto have attribute:%n  %s: %s%nbut %s:%n  %s",
                unquotedString(DynamoValues.display(item)), unquotedString(attribute),
                unquotedString(DynamoValues.display(expected) + " (" + DynamoValues.typeName(expected) + ")"),
                unquotedString(actual == null ? "it has no such attribute" : "had"),
                unquotedString(actual == null ? attribute + ": (absent)"
                        : attribute + ": " + DynamoValues.display(actual) + " (" + DynamoValues.typeName(actual) + ")"));
    }

    /**
     * @param item      the item
     * @param attribute the attribute name
     * @param actual    the item's value of it
     * @return the message factory
     */
    public static ErrorMessageFactory shouldNotHaveAttribute(Map<String, AttributeValue> item, String attribute,
            AttributeValue actual) {
        return new ShouldHaveItemContent("%nExpecting item:%n  %s%nto have no attribute:%n  %s%nbut had:%n  %s: %s",
                unquotedString(DynamoValues.display(item)), unquotedString(attribute), unquotedString(attribute),
                unquotedString(DynamoValues.display(actual)));
    }

    /**
     * @param item     the item
     * @param design   the design's table name
     * @param expected the entity expected
     * @param actual   the entity whose key templates match the item's keys, or {@code null} for none
     * @return the message factory
     */
    public static ErrorMessageFactory shouldBeOfEntity(Map<String, AttributeValue> item, String design,
            String expected, String actual) {
        return new ShouldHaveItemContent("%nExpecting item:%n  %s%nto be an item of entity:%n  %s%n"
                + "but its keys match:%n  %s", unquotedString(DynamoValues.display(item)), unquotedString(expected),
                unquotedString(actual == null ? "no entity of design " + design : actual));
    }

    private ShouldHaveItemContent(String format, Object... arguments) {
        super(format, arguments);
    }
}
