package dev.singletable.engine.internal.value;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.JsonSerializable;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.jsontype.TypeSerializer;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The engine reads request bodies and writes responses without the mapper's per-call machinery; what it reads and
 * writes must be exactly what the mapper would: the same tree, of the same node types, or the same error.
 */
class WireJsonTest {

    static List<String> bodies() {
        return List.of(
                "{}",
                "{\"TableName\":\"app\",\"Key\":{\"PK\":{\"S\":\"a\"},\"SK\":{\"S\":\"b\"}}}",
                "{\"TableName\":\"app\",\"Unknown\":{\"deep\":[1,{\"x\":[]}]},\"Other\":[[],[[]]]}", // unknown members
                "{\"TableName\":\"app\",\"TableName\":\"other\"}", // a member given twice: the last one wins
                "{\"Key\":{\"PK\":{\"S\":\"a\"},\"PK\":{\"S\":\"b\"}}}", // a duplicate inside a nested object
                "{\"TableName\":null,\"Key\":{\"PK\":{\"S\":null,\"N\":\"1\"}},\"L\":[null,true,false]}", // nulls
                "{\"Limit\":\"ten\",\"ConsistentRead\":\"yes\",\"Key\":[],\"TableName\":7}", // wrong types
                "{\"Limit\":20,\"Negative\":-2147483648,\"Max\":2147483647}", // int-sized numbers
                "{\"Limit\":2147483648}", // a long
                "{\"Limit\":123456789012345678901234567890}", // a huge integer
                "{\"Limit\":1.5,\"Exp\":1e400,\"Tiny\":-0.0,\"E\":2E+3}", // fractions and exponents
                "{\"S\":\"\\u00e9t\\u00e9 \\ud83d\\ude00 \\\"quoted\\\" \\n\"}", // escapes
                "{\"\":\"empty name\"}",
                "{\"TableName\":\"app\"} trailing", // the mapper stops after the root value
                "{\"TableName\":\"app\"}{\"second\":1}",
                " \n{\"TableName\":\"app\"}\n ",
                "[]", "[1,2]", "\"text\"", "7", "null", "true", "   ", // other roots
                "{\"Limit\":", "{\"TableName\":\"app\"", "{\"a\":[1,2}", "{\"a\" 1}", "{'a':1}", "{\"a\":tru}", // malformed
                "{\"a\":01}", "{\"a\":NaN}", "{\"a\":\"\\x\"}", "{,}", "{\"a\":1,}",
                "{\"deep\":" + "[".repeat(200) + "]".repeat(200) + "}",
                "{\"deep\":" + "{\"a\":".repeat(120) + "1" + "}".repeat(120) + "}",
                "{\"tooDeep\":" + "[".repeat(3000) + "]".repeat(3000) + "}");
    }

    @ParameterizedTest
    @MethodSource("bodies")
    void should_read_a_body_into_the_tree_the_mapper_reads_or_fail_as_it_fails(String text) throws Exception {
        byte[] body = text.getBytes(StandardCharsets.UTF_8);
        Throwable expectedFailure = catchThrowable(() -> WireJson.mapper().readTree(body));
        Throwable failure = catchThrowable(() -> WireJson.readTree(body));

        if (expectedFailure != null) {
            assertThat(failure).isInstanceOf(expectedFailure.getClass()).hasMessage(expectedFailure.getMessage());
            return;
        }
        assertThat(failure).isNull();
        JsonNode expected = WireJson.mapper().readTree(body);
        JsonNode read = WireJson.readTree(body);
        assertThat(read).isEqualTo(expected);
        assertThat(nodeTypes(read)).isEqualTo(nodeTypes(expected));
    }

    @Test
    void should_read_invalid_utf8_as_the_mapper_does() {
        byte[] body = {'{', '"', 'S', '"', ':', '"', (byte) 0xC3, (byte) 0x28, '"', '}'};
        Throwable expectedFailure = catchThrowable(() -> WireJson.mapper().readTree(body));
        Throwable failure = catchThrowable(() -> WireJson.readTree(body));

        assertThat(expectedFailure).isNotNull();
        assertThat(failure).isInstanceOf(expectedFailure.getClass()).hasMessage(expectedFailure.getMessage());
    }

    @Test
    void should_write_a_response_tree_as_the_mapper_writes_it() throws Exception {
        JsonNodeFactory nodes = JsonNodeFactory.instance;
        Map<String, Value> item = new LinkedHashMap<>();
        item.put("PK", new Value.S("CUSTOMER#1 \"é\""));
        item.put("n", Value.N.of("1.50"));
        item.put("l", new Value.L(List.of(Value.Null.INSTANCE, new Value.Bool(false))));
        ObjectNode response = nodes.objectNode();
        response.set("Item", ValueJson.writeItem(ItemCodec.view(ItemCodec.encode(item).bytes())));
        response.set("Plain", ValueJson.writeItem(item));
        response.set("One", ValueJson.write(new Value.S("x")));
        response.putArray("Items").add(ValueJson.writeItem(Map.of())).addNull().add(7).add(7L).add(1.5)
                .add(new BigDecimal("1234567.890")).add(BigInteger.TEN.pow(30)).add(true).add("text")
                .add(nodes.binaryNode(new byte[] {1, 2, 3})).add(nodes.pojoNode(List.of("a", 1)));
        response.put("Count", 20).put("CapacityUnits", 0.5).putNull("Nothing");
        response.putObject("Empty");
        response.set("EmptyList", nodes.arrayNode());
        ObjectNode deep = response.putArray("Nested").addObject();
        deep.putArray("a").addArray().add(1).addObject().put("b", "c").putArray("d");
        deep.put("after", "the nested containers");

        assertThat(new String(WireJson.bytes(response), StandardCharsets.UTF_8))
                .isEqualTo(WireJson.mapper().writeValueAsString(response));
        assertThat(new String(WireJson.bytes(nodes.objectNode()), StandardCharsets.UTF_8)).isEqualTo("{}");
    }

    @Test
    void should_write_each_tree_alone_however_many_a_thread_writes_and_whatever_failed_before() throws Exception {
        JsonNodeFactory nodes = JsonNodeFactory.instance;
        ObjectNode small = nodes.objectNode().put("Count", 1);
        ObjectNode large = nodes.objectNode();
        large.putArray("Items").add("x".repeat(20_000)).add("y".repeat(5_000)); // past the generator's buffer
        ObjectNode failing = nodes.objectNode();
        failing.putArray("Items").add(nodes.pojoNode(new JsonSerializable.Base() {
            @Override
            public void serialize(JsonGenerator out, SerializerProvider provider) throws IOException {
                out.writeStartObject();
                throw new IllegalStateException("failed inside an object");
            }

            @Override
            public void serializeWithType(JsonGenerator out, SerializerProvider provider, TypeSerializer types)
                    throws IOException {
                serialize(out, provider);
            }
        }));
        ObjectNode nested = nodes.objectNode();
        nested.put("Before", 1).set("Inner", nodes.pojoNode(new JsonSerializable.Base() { // writes a tree meanwhile
            @Override
            public void serialize(JsonGenerator out, SerializerProvider provider) throws IOException {
                out.writeString(new String(WireJson.bytes(large), StandardCharsets.UTF_8));
            }

            @Override
            public void serializeWithType(JsonGenerator out, SerializerProvider provider, TypeSerializer types)
                    throws IOException {
                serialize(out, provider);
            }
        }));
        nested.put("After", 2);

        for (ObjectNode tree : List.of(small, large, small, nested, small)) {
            assertThat(new String(WireJson.bytes(tree), StandardCharsets.UTF_8))
                    .isEqualTo(WireJson.mapper().writeValueAsString(tree));
        }
        assertThat(catchThrowable(() -> WireJson.bytes(failing))).hasRootCauseMessage("failed inside an object");
        assertThat(new String(WireJson.bytes(small), StandardCharsets.UTF_8)).isEqualTo("{\"Count\":1}");
    }

    /** The node type of every node, depth first: equal trees of other node types would write other JSON. */
    private static String nodeTypes(JsonNode node) {
        StringBuilder types = new StringBuilder(node.getClass().getSimpleName());
        if (node.isContainerNode()) {
            types.append('(');
            node.forEach(child -> types.append(nodeTypes(child)).append(' '));
            types.append(')');
        }
        return types.toString();
    }
}
