package dev.singletable.assertions;

import static dev.singletable.assertions.Expect.failureOf;
import static dev.singletable.assertions.SingleTableAssertions.assertThatItem;
import static org.assertj.core.api.BDDAssertions.then;

import dev.singletable.fixtures.TableKey;
import java.util.LinkedHashMap;
import java.util.Map;
import org.assertj.core.presentation.StandardRepresentation;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** DynamoDB values in messages go through AssertJ's Representation: ours by default, the user's when they set one. */
class SingleTableRepresentation_Test {

    private static final Map<String, AttributeValue> ITEM = new LinkedHashMap<>(Map.of("PK",
            AttributeValue.fromS("CUSTOMER#42")));

    static {
        ITEM.put("total", AttributeValue.fromN("39.90"));
    }

    @Test
    void should_show_values_items_and_keys_as_the_value_model_displays_them() {
        SingleTableRepresentation representation = new SingleTableRepresentation();

        then(representation.toStringOf(AttributeValue.fromS("CUSTOMER#42"))).isEqualTo("\"CUSTOMER#42\"");
        then(representation.toStringOf(ITEM)).isEqualTo("{PK: \"CUSTOMER#42\", total: 39.90}");
        then(representation.toStringOf(TableKey.of("CUSTOMER#42", "PROFILE")))
                .isEqualTo("(\"CUSTOMER#42\", \"PROFILE\")");
        then(representation.toStringOf("text")).as("other values are left to the next representation").isNull();
        then(representation.toStringOf(Map.of("a", 1))).isNull();
    }

    @Test
    void should_be_found_by_assertj_without_configuration() {
        AssertionError error = failureOf(() -> assertThatItem(ITEM).hasAttribute("total", 12));

        then(error).hasMessageContaining("total: 12 (N)").hasMessageContaining("total: 39.90 (N)")
                .hasMessageContaining("{PK: \"CUSTOMER#42\", total: 39.90}");
    }

    @Test
    void should_give_way_to_the_users_representation() {
        StandardRepresentation mine = new StandardRepresentation() {
            @Override
            public String toStringOf(Object object) {
                return object instanceof AttributeValue value ? "<" + value.type() + " " + value.n() + ">"
                        : super.toStringOf(object);
            }
        };

        AssertionError error = failureOf(() -> assertThatItem(ITEM).withRepresentation(mine).hasAttribute("total",
                12));

        then(error).hasMessageContaining("total: <N 12> (N)").hasMessageContaining("total: <N 39.90> (N)");
    }
}
