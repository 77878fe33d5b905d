package dev.singletable.assertions;

import static dev.singletable.assertions.error.ShouldHaveItemContent.shouldBeOfEntity;
import static dev.singletable.assertions.error.ShouldHaveItemContent.shouldHaveAttribute;
import static dev.singletable.assertions.error.ShouldHaveItemContent.shouldHaveKey;
import static dev.singletable.assertions.error.ShouldHaveItemContent.shouldNotHaveAttribute;

import dev.singletable.assertions.internal.Describe;
import dev.singletable.fixtures.DynamoValues;
import dev.singletable.fixtures.TableDesign;
import dev.singletable.fixtures.TableKey;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.assertj.core.api.AbstractAssert;
import org.assertj.core.error.ErrorMessageFactory;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Assertions on one DynamoDB item. Java values compare with DynamoDB's typed values: String with S, Number with
 * N by value ({@code 1.0} equals {@code 1}), Boolean with BOOL, {@code null} with NULL, {@code byte[]} and
 * {@code SdkBytes} with B, a {@code Set} of strings, numbers or binaries with SS, NS or BS, List with L and Map
 * with M.
 *
 * <pre>{@code
 * assertThatItem(item)
 *     .hasKey("CUSTOMER#42", "ORDER#00001001")
 *     .hasAttribute("status", "OPEN")
 *     .hasAttribute("total", 39.9)
 *     .isOfEntity(design, "Order");
 * }</pre>
 */
public class ItemAssert extends AbstractAssert<ItemAssert, Map<String, AttributeValue>> {

    private List<String> keyNames = List.of("PK", "SK");

    /**
     * @param item the item to check
     */
    public ItemAssert(Map<String, AttributeValue> item) {
        super(item, ItemAssert.class);
    }

    /**
     * Takes the names of the table's key attributes from the design, for {@link #hasKey}; without a design they
     * are {@code PK} and {@code SK}, the usual names of a single-table design.
     *
     * <pre>{@code
     * assertThatItem(item).usingDesign(table.design()).hasKey("CUSTOMER#42", "ORDER#00001001");
     * }</pre>
     *
     * @param design the item's table design
     * @return this assertion object
     */
    public ItemAssert usingDesign(TableDesign design) {
        keyNames = design.primaryKey().stream().map(k -> k.name()).toList();
        return myself;
    }

    /**
     * Verifies the item's partition and sort key values.
     *
     * <pre>{@code
     * assertThatItem(item).hasKey("CUSTOMER#42", "ORDER#00001001");
     * }</pre>
     *
     * @param partitionKey the partition key value expected
     * @param sortKey      the sort key value expected
     * @return this assertion object
     * @throws AssertionError showing the item's key
     */
    public ItemAssert hasKey(Object partitionKey, Object sortKey) {
        return hasKey(TableKey.of(partitionKey, sortKey));
    }

    /**
     * Verifies the item's partition key value, for a table without sort key.
     *
     * <pre>{@code
     * assertThatItem(session).usingDesign(sessions).hasKey("SESSION#1");
     * }</pre>
     *
     * @param partitionKey the partition key value expected
     * @return this assertion object
     * @throws AssertionError showing the item's key
     */
    public ItemAssert hasKey(Object partitionKey) {
        return hasKey(TableKey.of(partitionKey));
    }

    private ItemAssert hasKey(TableKey expected) {
        isNotNull();
        TableKey key = TableKey.ofItem(actual, keyNames);
        if (!key.equals(expected)) {
            throw failure(shouldHaveKey(actual, expected, key), key, expected);
        }
        return myself;
    }

    /**
     * Verifies that the item has the attribute with this value.
     *
     * <pre>{@code
     * assertThatItem(item).hasAttribute("status", "OPEN").hasAttribute("total", 39.90);
     * }</pre>
     *
     * @param name  the attribute name
     * @param value the value expected, as a Java value (see the class description) or an {@link AttributeValue}
     * @return this assertion object
     * @throws AssertionError showing the item's value and its type, or that it has none
     */
    public ItemAssert hasAttribute(String name, Object value) {
        isNotNull();
        AttributeValue expected = DynamoValues.of(value);
        AttributeValue found = actual.get(name);
        if (found == null || !DynamoValues.same(found, expected)) {
            throw failure(shouldHaveAttribute(actual, name, expected, found), found, expected);
        }
        return myself;
    }

    /**
     * Verifies that the item has the string set attribute with exactly these elements, in any order.
     *
     * <pre>{@code
     * assertThatItem(address).hasStringSet("tags", "billing", "shipping");
     * }</pre>
     *
     * @param name     the attribute name
     * @param elements the elements expected
     * @return this assertion object
     * @throws AssertionError showing the item's value and its type, or that it has none
     */
    public ItemAssert hasStringSet(String name, String... elements) {
        return hasAttribute(name, new LinkedHashSet<>(List.of(elements)));
    }

    /**
     * Verifies that the item has no attribute of this name.
     *
     * <pre>{@code
     * assertThatItem(item).doesNotHaveAttribute("deletedAt");
     * }</pre>
     *
     * @param name the attribute name
     * @return this assertion object
     * @throws AssertionError showing the attribute's value
     */
    public ItemAssert doesNotHaveAttribute(String name) {
        isNotNull();
        AttributeValue found = actual.get(name);
        if (found != null) {
            throw assertionError(shouldNotHaveAttribute(actual, name, found));
        }
        return myself;
    }

    /**
     * Verifies that the item's table keys match the key templates of the entity (the most specific match wins,
     * as in {@link TableDesign#entityOf(Map)}).
     *
     * <pre>{@code
     * assertThatItem(item).isOfEntity(table.design(), "Order");
     * }</pre>
     *
     * @param design the design
     * @param entity the entity name expected
     * @return this assertion object
     * @throws AssertionError naming the entity the keys match, if any
     * @throws IllegalArgumentException when the design has no such entity
     */
    public ItemAssert isOfEntity(TableDesign design, String entity) {
        isNotNull();
        design.entity(Objects.requireNonNull(entity, "entity"));
        String found = design.entityOf(actual).orElse(null);
        if (!entity.equals(found)) {
            throw failure(shouldBeOfEntity(actual, design.tableName(), entity, found),
                    found, entity);
        }
        return myself;
    }

    /** A failure with the values an IDE shows side by side, built from the public error factory. */
    private AssertionError failure(ErrorMessageFactory message, Object actualValue, Object expectedValue) {
        return failureWithActualExpected(actualValue, expectedValue, "%s",
                message.create(Describe.NO_DESCRIPTION, info.representation()));
    }
}
