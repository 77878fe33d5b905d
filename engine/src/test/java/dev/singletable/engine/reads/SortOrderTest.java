package dev.singletable.engine.reads;

import static dev.singletable.engine.AttributeValues.b;
import static dev.singletable.engine.AttributeValues.item;
import static dev.singletable.engine.AttributeValues.n;
import static dev.singletable.engine.AttributeValues.s;
import static dev.singletable.engine.reads.Items.attribute;
import static dev.singletable.engine.reads.Items.gsi;
import static dev.singletable.engine.reads.Items.hash;
import static dev.singletable.engine.reads.Items.projection;
import static dev.singletable.engine.reads.Items.range;
import static org.assertj.core.api.Assertions.assertThat;

import dev.singletable.engine.EngineTest;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;

/** Sort keys order as DynamoDB orders them, on tables and indexes. */
class SortOrderTest extends EngineTest {

    private List<AttributeValue> sortKeys(String type, List<AttributeValue> written) {
        client.createTable(Items.onDemand("sorted").keySchema(hash("p"), range("k"))
                .attributeDefinitions(attribute("p", "S"), attribute("k", type), attribute("g", "S"))
                .globalSecondaryIndexes(gsi("ByG", "g", "k", projection(ProjectionType.KEYS_ONLY))).build());
        for (AttributeValue k : written) {
            client.putItem(b -> b.tableName("sorted").item(item("p", "x", "k", k, "g", "y")));
        }
        List<AttributeValue> table = client.query(b -> b.tableName("sorted").keyConditionExpression("p = :p")
                .expressionAttributeValues(Map.of(":p", s("x")))).items().stream().map(i -> i.get("k")).toList();
        List<AttributeValue> index = client.query(b -> b.tableName("sorted").indexName("ByG").keyConditionExpression("g = :g")
                .expressionAttributeValues(Map.of(":g", s("y")))).items().stream().map(i -> i.get("k")).toList();
        assertThat(index).isEqualTo(table);
        return table;
    }

    @Test
    void should_order_strings_by_their_UTF_8_bytes() {
        // UTF-16 puts the emoji (a surrogate pair) before U+FFFD; UTF-8 puts it after
        List<AttributeValue> order = sortKeys("S", List.of(s("😀"), s("\uFFFD"), s("é"), s("a"), s("Z")));

        assertThat(order).containsExactly(s("Z"), s("a"), s("é"), s("\uFFFD"), s("😀"));
    }

    @Test
    void should_order_numbers_numerically() {
        List<AttributeValue> order = sortKeys("N", List.of(n("10"), n("1e2"), n("-5"), n("0.5"), n("2")));

        assertThat(order).containsExactly(n("-5"), n("0.5"), n("2"), n("10"), n("100"));
    }

    @Test
    void should_order_binaries_as_unsigned_bytes() {
        List<AttributeValue> order = sortKeys("B", List.of(b(0xFF), b(0x80), b(0x7F), b(0x01, 0x00), b(0x01)));

        assertThat(order).containsExactly(b(0x01), b(0x01, 0x00), b(0x7F), b(0x80), b(0xFF));
    }

    @Test
    void should_select_a_binary_prefix_with_begins_with() {
        sortKeys("B", List.of(b(0x01, 0xFF), b(0x01, 0xFF, 0x00), b(0x02), b(0x01, 0xFE, 0xFF)));

        List<AttributeValue> found = client.query(b -> b.tableName("sorted").indexName("ByG")
                .keyConditionExpression("g = :g AND begins_with(k, :prefix)")
                .expressionAttributeValues(Map.of(":g", s("y"), ":prefix", b(0x01, 0xFF)))).items().stream()
                .map(i -> i.get("k")).toList();

        assertThat(found).containsExactly(b(0x01, 0xFF), b(0x01, 0xFF, 0x00));
    }

    @Test
    void should_select_a_string_prefix_with_begins_with_whatever_character_it_ends_in() {
        // a prefix's range ends past its last character: U+D7FF's successor is U+E000 (no surrogates between),
        // U+FFFF's is U+10000, and a prefix ending in a pair of surrogates ends past that code point
        sortKeys("S", List.of(s("a\uD7FF"), s("a\uD7FFz"), s("a\uE000"), s("a\uFFFF"), s("a\uFFFFb"), s("a😀"),
                s("a😀x"), s("a😁"), s("ab"), s("b")));

        assertThat(tableRange("begins_with(k, :v)", s("a\uD7FF"))).containsExactly(s("a\uD7FF"), s("a\uD7FFz"));
        assertThat(tableRange("begins_with(k, :v)", s("a\uFFFF"))).containsExactly(s("a\uFFFF"), s("a\uFFFFb"));
        assertThat(tableRange("begins_with(k, :v)", s("a😀"))).containsExactly(s("a😀"), s("a😀x"));
        assertThat(tableRange("begins_with(k, :v)", s("a"))).containsExactly(s("ab"), s("a\uD7FF"),
                s("a\uD7FFz"), s("a\uE000"), s("a\uFFFF"), s("a\uFFFFb"), s("a😀"), s("a😀x"), s("a😁"));
    }

    private List<AttributeValue> tableRange(String condition, AttributeValue value) {
        return client.query(b -> b.tableName("sorted").keyConditionExpression("p = :p AND " + condition)
                .expressionAttributeValues(Map.of(":p", s("x"), ":v", value))).items().stream()
                .map(i -> i.get("k")).toList();
    }

    @Test
    void should_select_number_ranges_on_an_index_exactly_at_their_bounds() {
        sortKeys("N", List.of(n("1"), n("2"), n("2.5"), n("3"), n("0.5")));

        assertThat(indexRange("k > :v", n("2"))).containsExactly(n("2.5"), n("3"));
        assertThat(indexRange("k <= :v", n("2"))).containsExactly(n("0.5"), n("1"), n("2"));
        assertThat(indexRange("k = :v", n("2.0"))).containsExactly(n("2"));
    }

    private List<AttributeValue> indexRange(String sortCondition, AttributeValue value) {
        return client.query(b -> b.tableName("sorted").indexName("ByG")
                .keyConditionExpression("g = :g AND " + sortCondition)
                .expressionAttributeValues(Map.of(":g", s("y"), ":v", value))).items().stream()
                .map(i -> i.get("k")).toList();
    }
}
