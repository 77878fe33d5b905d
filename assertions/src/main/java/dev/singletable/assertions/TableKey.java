package dev.singletable.assertions;

import dev.singletable.assertions.internal.Values;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The primary key of an item as values only: partition key, then sort key. Which attributes hold them comes from
 * the design, so the same {@code key("CUSTOMER#42", "ORDER#1001")} reads for any naming of the key attributes.
 * Values compare the way DynamoDB compares them ({@code 1.0} equals {@code 1}).
 *
 * <pre>{@code
 * assertThat(table.accessPattern("ordersOfCustomer").with("customerId", 42))
 *     .returnsKeys(key("CUSTOMER#42", "ORDER#00001001"), key("CUSTOMER#42", "ORDER#00001002"));
 * }</pre>
 *
 * @see SingleTableAssertions#key(Object, Object)
 */
public final class TableKey {

    /** Stands for a key attribute the item lacks; compared by identity. */
    private static final AttributeValue ABSENT = AttributeValue.builder().build();

    private final List<AttributeValue> values;

    private TableKey(List<AttributeValue> values) {
        this.values = List.copyOf(values);
    }

    static TableKey of(Object... values) {
        List<AttributeValue> converted = new ArrayList<>();
        for (Object value : values) {
            converted.add(Values.of(value));
        }
        return new TableKey(converted);
    }

    /** The key of an item; an absent attribute shows as absent and matches no expected key. */
    static TableKey ofItem(Map<String, AttributeValue> item, List<String> keyNames) {
        return new TableKey(keyNames.stream().map(name -> item.getOrDefault(name, ABSENT)).toList());
    }

    /** Two keys are equal when their values are, as DynamoDB compares them. */
    @Override
    public boolean equals(Object other) {
        return other instanceof TableKey that && canonical().equals(that.canonical());
    }

    @Override
    public int hashCode() {
        return canonical().hashCode();
    }

    private List<String> canonical() {
        return values.stream().map(v -> v == ABSENT ? "(absent)" : Values.canonical(v)).toList();
    }

    /** @return the values in parentheses, strings quoted: {@code ("CUSTOMER#42", "ORDER#1001")} */
    @Override
    public String toString() {
        return values.stream().map(v -> v == ABSENT ? "(absent)" : Values.display(v))
                .collect(Collectors.joining(", ", "(", ")"));
    }
}
