package dev.singletable.engine.internal.value;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.singletable.engine.internal.DynamoException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * An SDK item encoded straight into the store's form is what encoding the item read into values gives: the same
 * bytes, and the size measured while encoding is DynamoDB's size of the item.
 */
class SdkItemEncoderTest {
    private final SdkItemEncoder encoder = new SdkItemEncoder(List.of());

    @Property
    void should_encode_as_the_values_are_encoded(@ForAll("items") Map<String, Value> item) {
        assertEncodedAsValues(SdkValues.item(item));
    }

    @Test
    void should_measure_and_keep_awkward_strings() {
        Map<String, AttributeValue> item = new LinkedHashMap<>();
        String longAscii = "plain ascii, long enough to be copied in bulk";
        item.put("ascii", AttributeValue.fromS(longAscii));
        item.put("question marks", AttributeValue.fromS("what? why? " + longAscii + "?"));
        item.put("latin-1", AttributeValue.fromS("caf\u00e9 " + longAscii));
        item.put("three bytes", AttributeValue.fromS("\u20ac" + longAscii + "\u20ac"));
        item.put("surrogate pair", AttributeValue.fromS(longAscii + "\ud83d\ude00"));
        item.put("lone surrogates", AttributeValue.fromS("\ud800" + longAscii + "\udc00"));
        item.put("short lone surrogate", AttributeValue.fromS("a\udfff"));
        item.put("n\u00e4me \ud83d\ude00 " + longAscii, AttributeValue.fromS("\u00e9"));
        item.put("", AttributeValue.fromS(""));

        assertEncodedAsValues(item);
    }

    @Test
    void should_encode_numbers_by_their_canonical_text_and_size() {
        Map<String, AttributeValue> item = new LinkedHashMap<>();
        List<String> numbers = List.of("0", "-0.0", "1.50", "+5", "00012", "1E+2", "-1.23e-5", "123456789012345678",
                "-123456789012345678", "12345678901234567890123456789012345678", "9.9E125", "1E-130", "-0", "00",
                "7", "-7", "10", "-100", "1000", "1001", "990", "999999999999999999", "-100000000000000000",
                "1234567890123456789");
        for (int i = 0; i < numbers.size(); i++) {
            item.put("n" + i, AttributeValue.fromN(numbers.get(i)));
        }

        assertEncodedAsValues(item);
    }

    @Test
    void should_refuse_what_is_not_a_number_as_reading_it_does() {
        for (String text : List.of("", "-", "+", "1 ", "12a", "--1", "\u0661", "1.2.3")) {
            Map<String, AttributeValue> item = Map.of("n", AttributeValue.fromN(text));

            assertThatThrownBy(() -> encoder.read(item)).as(text)
                    .isInstanceOf(DynamoException.class)
                    .hasMessage("The parameter cannot be converted to a numeric value: " + text);
        }
    }

    @Property
    void should_encode_integers_as_their_values_are(@ForAll long n) {
        assertEncodedAsValues(Map.of("n", AttributeValue.fromN(Long.toString(n))));
    }

    @Test
    void should_encode_binaries_containers_and_sets_as_values() {
        Map<String, AttributeValue> item = new LinkedHashMap<>();
        item.put("empty binary", AttributeValue.fromB(SdkBytes.fromByteArray(new byte[0])));
        item.put("binary", AttributeValue.fromB(SdkBytes.fromByteArray(new byte[300])));
        item.put("true", AttributeValue.fromBool(true));
        item.put("false", AttributeValue.fromBool(false));
        item.put("null", AttributeValue.fromNul(true));
        item.put("list", AttributeValue.fromL(List.of(AttributeValue.fromS("\u00e9"), AttributeValue.fromN("1.0"),
                AttributeValue.fromM(Map.of("inner", AttributeValue.fromL(List.of()))))));
        item.put("map", AttributeValue.fromM(Map.of("k\ud83d\ude00", AttributeValue.fromSs(List.of("a", "\u20ac")))));
        item.put("numbers", AttributeValue.fromNs(List.of("1.50", "-2", "3E+3")));
        item.put("binaries", AttributeValue.fromBs(List.of(SdkBytes.fromUtf8String("a"),
                SdkBytes.fromUtf8String("b"))));

        assertEncodedAsValues(item);
    }

    @Test
    void should_reuse_its_buffer_for_items_of_any_size() {
        Map<String, AttributeValue> large = Map.of("big", AttributeValue.fromS("\u20ac".repeat(100_000)));
        Map<String, AttributeValue> small = Map.of("PK", AttributeValue.fromS("a"));

        assertEncodedAsValues(small);
        assertEncodedAsValues(large);
        assertEncodedAsValues(small);
    }

    @Test
    void should_answer_the_kept_attributes_of_an_item_as_its_encoding_does() {
        SdkItemEncoder keeping = new SdkItemEncoder(List.of("PK", "SK", "GSI1PK", "count", "flag", "none", "tags", ""));
        Map<String, AttributeValue> item = new LinkedHashMap<>();
        item.put("PK", AttributeValue.fromS("caf\u00e9 \ud800"));
        item.put("SK", AttributeValue.fromB(SdkBytes.fromByteArray(new byte[] {0, 1})));
        item.put("count", AttributeValue.fromN("120"));
        item.put("flag", AttributeValue.fromBool(true));
        item.put("none", AttributeValue.fromNul(true));
        item.put("tags", AttributeValue.fromSs(List.of("a", "b")));
        item.put("other", AttributeValue.fromS("x"));

        ItemCodec.Encoded encoded = encode(keeping, item);
        Map<String, Value> attributes = keeping.attributes();
        encode(keeping, Map.of("PK", AttributeValue.fromS("the next item"))); // read after: its own values stay

        Map<String, Value> decoded = ItemCodec.view(encoded.bytes());
        assertThat(attributes).isEqualTo(decoded);
        for (String name : List.of("PK", "SK", "GSI1PK", "count", "flag", "none", "tags", "", "other", "absent")) {
            assertThat(attributes.get(name)).as(name).isEqualTo(decoded.get(name));
            assertThat(attributes.containsKey(name)).as(name).isEqualTo(decoded.containsKey(name));
        }
        encode(keeping, Map.of("", AttributeValue.fromS("empty name")));
        assertThat(keeping.attributes()).containsKey("");
    }

    @Test
    void should_write_an_item_out_with_bytes_after_it_that_readers_of_the_encoding_never_reach() {
        SdkItemEncoder keeping = new SdkItemEncoder(List.of("PK"));
        Map<String, AttributeValue> item = new LinkedHashMap<>();
        item.put("PK", AttributeValue.fromS("C#1"));
        item.put("note", AttributeValue.fromS("x".repeat(40)));
        ItemCodec.Encoded alone = encode(keeping, item);
        byte[] suffix = {0, 1, 2, (byte) 0xFF, 0, 0};

        keeping.read(item);
        byte[] written = keeping.written(suffix);

        assertThat(written).startsWith(alone.bytes()).endsWith(suffix).hasSize(alone.bytes().length + suffix.length);
        assertThat(ItemCodec.view(written)).isEqualTo(ItemCodec.view(alone.bytes()))
                .containsOnlyKeys("PK", "note").containsEntry("note", new Value.S("x".repeat(40)));
        assertThat(keeping.attributes()).isEqualTo(ItemCodec.view(alone.bytes()));
        assertThat(ItemCodec.get(written, "absent")).isNull();
    }

    /** An item read and written out with nothing after it. */
    private static ItemCodec.Encoded encode(SdkItemEncoder encoder, Map<String, AttributeValue> item) {
        long size = encoder.read(item);
        return new ItemCodec.Encoded(encoder.written(new byte[0]), size);
    }

    private void assertEncodedAsValues(Map<String, AttributeValue> item) {
        Map<String, Value> values = new LinkedHashMap<>();
        item.forEach((name, value) -> values.put(name, SdkValues.read(value)));
        ItemCodec.Encoded expected = ItemCodec.encode(values);

        ItemCodec.Encoded encoded = encode(encoder, item);

        assertThat(encoded.bytes()).isEqualTo(expected.bytes());
        assertThat(encoded.size()).as("DynamoDB size").isEqualTo(Sizes.itemSize(values)).isEqualTo(expected.size());
        assertThat(ItemCodec.view(encoded.bytes())).isEqualTo(values);
    }

    @Provide
    Arbitrary<Map<String, Value>> items() {
        return ItemCodecTest.anyItems();
    }
}
