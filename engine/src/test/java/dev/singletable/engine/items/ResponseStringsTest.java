package dev.singletable.engine.items;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.Parameter;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Items come back with every string as written, whether it is plain ASCII (which a stored item, once read,
 * answers with copied as it is) or needs escaping: quotes, backslashes, control characters, non-ASCII, surrogate
 * pairs, in names and in values at any depth; read more than once, by GetItem and by Query of the table and of an
 * index.
 */
class ResponseStringsTest extends ItemsTestBase {
    private static final List<String> AWKWARD = List.of("say \"hi\"", "back\\slash", "tab\tnew\nline\u0001\u001f",
            "del\u007f", "caf\u00e9 \u20ac", "smile \ud83d\ude00", "/slash/");

    @Test
    void should_answer_plain_and_escaped_strings_as_written_on_every_read() {
        Map<String, AttributeValue> plain = item("C#1", "ORDER#1", "plain text");
        plain.put("nested", AttributeValue.fromM(Map.of("inner", AttributeValue.fromL(List.of(
                AttributeValue.fromS("a"), AttributeValue.fromN("1.5"), AttributeValue.fromSs(List.of("x", "y")))))));
        plain.put("bytes", AttributeValue.fromB(SdkBytes.fromByteArray(new byte[] {0, '"', '\\', -1})));
        put(APP, plain);
        for (int i = 0; i < AWKWARD.size(); i++) {
            String text = AWKWARD.get(i);
            Map<String, AttributeValue> awkward = item("C#1", "ORDER#" + (i + 2), text);
            awkward.put(text, AttributeValue.fromS("as a name")); // the awkward string as an attribute name
            awkward.put("deep", AttributeValue.fromL(List.of(AttributeValue.fromM(Map.of("s", AttributeValue.fromS(text),
                    "ss", AttributeValue.fromSs(List.of("plain", text)))))));
            put(APP, awkward);
        }
        List<Map<String, AttributeValue>> written = client.scan(b -> b.tableName(APP)).items();
        assertThat(written).hasSize(AWKWARD.size() + 1);

        for (int read = 0; read < 3; read++) {
            for (Map<String, AttributeValue> item : written) {
                assertThat(client.getItem(b -> b.tableName(APP).key(key(item.get("PK").s(), item.get("SK").s())))
                        .item()).isEqualTo(item);
            }
            assertThat(client.query(b -> b.tableName(APP).keyConditionExpression("PK = :pk")
                    .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS("C#1")))).items())
                    .containsExactlyInAnyOrderElementsOf(written);
            assertThat(client.query(b -> b.tableName(APP).indexName("GSI1").keyConditionExpression("GSI1PK = :pk")
                    .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS("STATUS#open")))).items())
                    .containsExactlyInAnyOrderElementsOf(written);
        }
        assertThat(written).anySatisfy(item -> assertThat(item.get("note").s()).isEqualTo("smile \ud83d\ude00"));
    }

    @Test
    void should_answer_an_item_replaced_by_one_with_escapes_as_written() {
        put(APP, item("C#1", "ORDER#1", "plain"));
        client.getItem(b -> b.tableName(APP).key(key("C#1", "ORDER#1"))); // read once: found plain
        put(APP, item("C#1", "ORDER#1", "now \"quoted\" \ud83d\ude00"));

        assertThat(client.getItem(b -> b.tableName(APP).key(key("C#1", "ORDER#1"))).item().get("note").s())
                .isEqualTo("now \"quoted\" \ud83d\ude00");
        client.updateItem(b -> b.tableName(APP).key(key("C#1", "ORDER#1")).updateExpression("SET note = :n")
                .expressionAttributeValues(Map.of(":n", AttributeValue.fromS("plain again"))));
        assertThat(client.getItem(b -> b.tableName(APP).key(key("C#1", "ORDER#1"))).item().get("note").s())
                .isEqualTo("plain again");
        client.updateItem(b -> b.tableName(APP).key(key("C#1", "ORDER#1")).updateExpression("SET note = :n")
                .expressionAttributeValues(Map.of(":n", AttributeValue.fromS("back\\slash"))));
        assertThat(client.getItem(b -> b.tableName(APP).key(key("C#1", "ORDER#1"))).item().get("note").s())
                .isEqualTo("back\\slash");
    }

    private static Map<String, AttributeValue> item(String pk, String sk, String note) {
        Map<String, AttributeValue> item = new LinkedHashMap<>();
        item.put("PK", AttributeValue.fromS(pk));
        item.put("SK", AttributeValue.fromS(sk));
        item.put("GSI1PK", AttributeValue.fromS("STATUS#open"));
        item.put("GSI1SK", AttributeValue.fromS(sk));
        item.put("note", AttributeValue.fromS(note));
        return item;
    }
}
