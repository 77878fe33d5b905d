package dev.singletable.assertions.error;

import dev.singletable.assertions.internal.KeyDiff;
import dev.singletable.fixtures.DynamoValues;
import dev.singletable.fixtures.TableKey;
import java.util.List;
import java.util.Map;
import org.assertj.core.error.BasicErrorMessageFactory;
import org.assertj.core.error.ErrorMessageFactory;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

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
        return new ShouldHaveItemContent("%nExpecting item:%n  %s%nto have key:%n  %s%nbut had:%n  %s", item,
                expected, actual);
    }

    /**
     * @param keys     the keys of the items
     * @param expected the key of an item expected among them
     * @return the message factory
     */
    public static ErrorMessageFactory shouldContainKey(List<TableKey> keys, TableKey expected) {
        return new ShouldHaveItemContent("%nExpecting items with keys:%n  %s%nto contain an item with key:%n  %s%n"
                + "but found:%n  none", unquotedString(KeyDiff.join(keys)), expected);
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
        if (actual == null) {
            return new ShouldHaveItemContent("%nExpecting item:%n  %s%nto have attribute:%n  %s: %s (%s)%n"
                    + "but it has no such attribute:%n  %s: (absent)", item, unquotedString(attribute), expected,
                    unquotedString(DynamoValues.typeName(expected)), unquotedString(attribute));
        }
        return new ShouldHaveItemContent("%nExpecting item:%n  %s%nto have attribute:%n  %s: %s (%s)%nbut had:%n"
                + "  %s: %s (%s)", item, unquotedString(attribute), expected,
                unquotedString(DynamoValues.typeName(expected)), unquotedString(attribute), actual,
                unquotedString(DynamoValues.typeName(actual)));
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
                item, unquotedString(attribute), unquotedString(attribute), actual);
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
                + "but its keys match:%n  %s", item, unquotedString(expected),
                unquotedString(actual == null ? "no entity of design " + design : actual));
    }

    private ShouldHaveItemContent(String format, Object... arguments) {
        super(format, arguments);
    }
}
