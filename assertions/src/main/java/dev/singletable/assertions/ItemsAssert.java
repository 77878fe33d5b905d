package dev.singletable.assertions;

import static dev.singletable.assertions.error.ShouldHaveItemContent.shouldContainKey;

import dev.singletable.fixtures.TableDesign;
import dev.singletable.fixtures.TableKey;
import java.util.List;
import java.util.Map;
import org.assertj.core.api.AbstractAssert;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Assertions on a list of DynamoDB items, such as a Query's result.
 *
 * <pre>{@code
 * QueryResponse response = client.query(request);
 * assertThat(response).hasKey("CUSTOMER#42", "ORDER#00001001");
 * }</pre>
 */
public class ItemsAssert extends AbstractAssert<ItemsAssert, List<Map<String, AttributeValue>>> {

    private List<String> keyNames = List.of("PK", "SK");

    /**
     * @param items the items to check
     */
    public ItemsAssert(List<Map<String, AttributeValue>> items) {
        super(items, ItemsAssert.class);
    }

    /**
     * Takes the names of the table's key attributes from the design, for {@link #hasKey}; without a design they
     * are {@code PK} and {@code SK}, the usual names of a single-table design.
     *
     * <pre>{@code
     * assertThatItems(items).usingDesign(table.design()).hasKey("CUSTOMER#42", "PROFILE");
     * }</pre>
     *
     * @param design the items' table design
     * @return this assertion object
     */
    public ItemsAssert usingDesign(TableDesign design) {
        keyNames = design.primaryKey().stream().map(k -> k.name()).toList();
        return myself;
    }

    /**
     * Verifies that one of the items has this partition and sort key.
     *
     * <pre>{@code
     * assertThat(response).hasKey("CUSTOMER#42", "ORDER#00001001");
     * }</pre>
     *
     * @param partitionKey the partition key value
     * @param sortKey      the sort key value
     * @return this assertion object
     * @throws AssertionError listing the items' keys
     */
    public ItemsAssert hasKey(Object partitionKey, Object sortKey) {
        return hasKey(TableKey.of(partitionKey, sortKey));
    }

    /**
     * Verifies that one of the items has this partition key, for a table without sort key.
     *
     * <pre>{@code
     * assertThatItems(sessions).usingDesign(sessionDesign).hasKey("SESSION#1");
     * }</pre>
     *
     * @param partitionKey the partition key value
     * @return this assertion object
     * @throws AssertionError listing the items' keys
     */
    public ItemsAssert hasKey(Object partitionKey) {
        return hasKey(TableKey.of(partitionKey));
    }

    private ItemsAssert hasKey(TableKey expected) {
        isNotNull();
        List<TableKey> keys = actual.stream().map(item -> TableKey.ofItem(item, keyNames)).toList();
        if (!keys.contains(expected)) {
            throw assertionError(shouldContainKey(keys, expected));
        }
        return myself;
    }
}
