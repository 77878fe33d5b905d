package dev.singletable.assertions;

import dev.singletable.fixtures.DynamoValues;
import dev.singletable.fixtures.TableKey;
import java.util.LinkedHashMap;
import java.util.Map;
import org.assertj.core.presentation.Representation;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * How failure messages show DynamoDB values: an {@link AttributeValue} as {@code "CUSTOMER#42"} or {@code 39.90},
 * an item as {@code {PK: "CUSTOMER#42", total: 39.90}}, a {@link TableKey} as {@code ("CUSTOMER#42", "PROFILE")}
 * (see {@link DynamoValues#display(AttributeValue)}). It answers for these types only and leaves every other value
 * to the next representation.
 *
 * <p>AssertJ finds it through the {@code ServiceLoader} (it is registered in this jar) and composes it with the
 * representations you register, highest {@link #getPriority() priority} first; a representation you set with
 * {@code Assertions.useRepresentation(...)} or {@code withRepresentation(...)} replaces it, so DynamoDB values
 * in the single-table assertions' messages are then shown by yours.
 */
public class SingleTableRepresentation implements Representation {

    @Override
    public String toStringOf(Object object) {
        if (object instanceof AttributeValue value) {
            return DynamoValues.display(value);
        }
        if (object instanceof TableKey key) {
            return key.toString();
        }
        if (object instanceof Map<?, ?> map && isItem(map)) {
            Map<String, AttributeValue> item = new LinkedHashMap<>();
            map.forEach((name, value) -> item.put((String) name, (AttributeValue) value));
            return DynamoValues.display(item);
        }
        return null;
    }

    private static boolean isItem(Map<?, ?> map) {
        return !map.isEmpty() && map.entrySet().stream()
                .allMatch(e -> e.getKey() instanceof String && e.getValue() instanceof AttributeValue);
    }

    @Override
    public String toString() {
        return "SingleTableRepresentation";
    }
}
