package dev.singletable.engine.internal.value;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * An item read back from its compact form is the item written: every value, in the order written, and the JSON
 * written from the compact form is the JSON of the item.
 */
class ItemCodecTest {

    @Property
    void should_read_back_every_attribute_in_the_order_written(@ForAll("items") Map<String, Value> item) {
        ItemCodec.Encoded encoded = ItemCodec.encode(item);
        Map<String, Value> read = ItemCodec.view(encoded.bytes());

        assertThat(encoded.size()).as("DynamoDB size").isEqualTo(Sizes.itemSize(item));

        assertThat(read).isEqualTo(item).hasSameSizeAs(item);
        assertThat(new ArrayList<>(read.keySet())).containsExactlyElementsOf(item.keySet());
        item.forEach((name, value) -> {
            assertThat(read.get(name)).isEqualTo(value);
            assertThat(read.containsKey(name)).isTrue();
        });
        assertThat(ValueJson.writeItem(read).toString()).as("JSON written from the encoding, as text")
                .isEqualTo(ValueJson.writeItem(new LinkedHashMap<>(item)).toString());
        assertThat(json(ValueJson.writeItem(read))).as("JSON written from the encoding, as bytes")
                .isEqualTo(json(ValueJson.writeItem(new LinkedHashMap<>(item))));
        assertThat(read.get("absent")).isNull();
        assertThat(read.containsKey("absent")).isFalse();
        assertThat(ItemCodec.sameAttributes(encoded.bytes(), ItemCodec.encode(reversed(item)).bytes())).isTrue();
        boolean plain = ItemCodec.hasPlainStrings(encoded.bytes());
        assertThat(plain).as("plain strings").isEqualTo(strings(item).allMatch(ItemCodecTest::plain));
        if (plain) {
            assertThat(json(ValueJson.writeItem(ItemCodec.viewOfPlainStrings(encoded.bytes()))))
                    .as("JSON copied from plain strings").isEqualTo(json(ValueJson.writeItem(read)));
        }
    }

    @Test
    void should_find_strings_plain_only_when_none_needs_an_escape() {
        assertThat(ItemCodec.hasPlainStrings(ItemCodec.encode(Map.of("a", new Value.L(List.of(new Value.M(Map.of(
                "b", new Value.SS(Set.of("c", "d")))), new Value.N(new BigDecimal("1.5")), new Value.B(new byte[] {'"', 0, -1}))))).bytes()))
                .isTrue();
        for (String special : List.of("\"", "\\", "\n", "\u0000", "\u001f", "\u0080", "\u00e9", "\ud83d\ude00",
                "\ud800")) {
            for (Map<String, Value> item : List.of(Map.of(special, (Value) new Value.S("x")),
                    Map.of("a", (Value) new Value.S("long plain text " + special)),
                    Map.of("a", (Value) new Value.M(Map.of("b", new Value.SS(Set.of("x", special))))),
                    Map.of("a", (Value) new Value.L(List.of(new Value.S("x"), new Value.S(special)))))) {
                assertThat(ItemCodec.hasPlainStrings(ItemCodec.encode(item).bytes())).as("%s", item).isFalse();
            }
        }
    }

    /** Whether a string is one JSON holds as it is, ASCII: no quote, backslash, control or non-ASCII character. */
    private static boolean plain(String s) {
        return s.chars().allMatch(c -> c >= 0x20 && c < 0x80 && c != '"' && c != '\\');
    }

    /** Every name and string of an item, at any depth (numbers are always plain). */
    private static Stream<String> strings(Map<String, Value> item) {
        return item.entrySet().stream().flatMap(e -> Stream.concat(Stream.of(e.getKey()),
                strings(e.getValue())));
    }

    private static Stream<String> strings(Value value) {
        if (value instanceof Value.S s) {
            return Stream.of(s.value());
        } else if (value instanceof Value.SS ss) {
            return ss.values().stream();
        } else if (value instanceof Value.L l) {
            return l.values().stream().flatMap(ItemCodecTest::strings);
        } else if (value instanceof Value.M m) {
            return strings(m.values());
        }
        return Stream.empty();
    }

    @Test
    void should_keep_strings_java_can_hold_and_utf8_cannot() {
        Map<String, Value> item = Map.of("lone \ud800", new Value.S("x\udc00y\ud83d\ude00\u00e9"));

        assertThat(ItemCodec.view(ItemCodec.encode(item).bytes())).isEqualTo(item);
    }

    @Test
    void should_write_the_json_of_strings_that_need_escaping_as_the_generator_writes_it() {
        Map<String, Value> item = new LinkedHashMap<>();
        item.put("q\"b\\\n", new Value.S("\u0000\u0001\t\u001f\u007f\"\\/\u00e9\u20ac"));
        item.put("pair", new Value.SS(new LinkedHashSet<>(List.of("\ud83d\ude00", "lone \ud800 \udc00"))));
        item.put("nested", new Value.L(List.of(new Value.M(Map.of("\ud83d\ude00", new Value.B(new byte[] {0, -1}))))));
        Map<String, Value> read = ItemCodec.view(ItemCodec.encode(item).bytes());

        assertThat(json(ValueJson.writeItem(read))).isEqualTo(json(ValueJson.writeItem(item)))
                .contains("\\uD83D\\uDE00", "\\u0001", "\\n", "\u00e9");
        assertThat(ValueJson.writeItem(read).toString()).isEqualTo(ValueJson.writeItem(item).toString())
                .contains("\ud83d\ude00");
    }

    @Test
    void should_escape_a_character_wherever_it_stands_in_a_long_string() {
        for (char special : new char[] {'\u0000', '\u001f', ' ', '"', '\\', '\u007f', '\u00e9', '\ud800'}) {
            for (int at = 0; at < 17; at++) {
                StringBuilder text = new StringBuilder("x".repeat(17));
                text.setCharAt(at, special);
                Map<String, Value> item = Map.of(text.toString(), new Value.S(text.toString()));

                assertThat(json(ValueJson.writeItem(ItemCodec.view(ItemCodec.encode(item).bytes()))))
                        .as("%s at %d", (int) special, at).isEqualTo(json(ValueJson.writeItem(item)));
            }
        }
    }

    @Test
    void should_find_items_the_same_whose_sets_and_maps_were_written_in_another_order() {
        Map<String, Value> nested = new LinkedHashMap<>();
        nested.put("a", new Value.S("1"));
        nested.put("b", new Value.S("2"));
        Map<String, Value> reversedNested = new LinkedHashMap<>();
        reversedNested.put("b", new Value.S("2"));
        reversedNested.put("a", new Value.S("1"));
        byte[] a = ItemCodec.encode(item("PK", new Value.S("a"), "tags", new Value.SS(new LinkedHashSet<>(List.of("x", "y"))),
                "m", new Value.M(nested))).bytes();
        byte[] b = ItemCodec.encode(item("PK", new Value.S("a"), "tags", new Value.SS(new LinkedHashSet<>(List.of("y", "x"))),
                "m", new Value.M(reversedNested))).bytes();
        byte[] renamed = ItemCodec.encode(item("PK", new Value.S("a"), "tagz", new Value.SS(Set.of("x", "y")),
                "m", new Value.M(nested))).bytes();

        assertThat(a).isNotEqualTo(b);
        assertThat(ItemCodec.sameAttributes(a, b)).isTrue();
        assertThat(ItemCodec.sameAttributes(a, renamed)).isFalse();
    }

    private static String json(JsonNode node) {
        try {
            return new String(WireJson.mapper().writeValueAsBytes(node), StandardCharsets.UTF_8);
        } catch (JsonProcessingException e) {
            throw new AssertionError(e);
        }
    }

    private static Map<String, Value> item(Object... namesAndValues) {
        Map<String, Value> item = new LinkedHashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            item.put((String) namesAndValues[i], (Value) namesAndValues[i + 1]);
        }
        return item;
    }

    @Test
    void should_tell_items_that_differ_in_one_value_apart() {
        byte[] a = ItemCodec.encode(Map.of("PK", new Value.S("a"), "tags", new Value.SS(Set.of("x", "y")))).bytes();
        byte[] b = ItemCodec.encode(Map.of("PK", new Value.S("a"), "tags", new Value.SS(Set.of("x", "z")))).bytes();

        assertThat(ItemCodec.sameAttributes(a, b)).isFalse();
    }

    @Property
    void should_find_items_the_same_exactly_when_their_values_are_equal(@ForAll("items") Map<String, Value> item,
                                                                         @ForAll("values") Value other) {
        Assume.that(!item.isEmpty());
        Map<String, Value> changed = new LinkedHashMap<>(item);
        changed.put(item.keySet().iterator().next(), other);

        assertThat(ItemCodec.sameAttributes(ItemCodec.encode(item).bytes(), ItemCodec.encode(changed).bytes()))
                .isEqualTo(changed.equals(item));
    }

    @Test
    void should_compare_numbers_by_value_however_they_were_written() {
        byte[] fifteen = ItemCodec.encode(Map.of("PK", new Value.S("a"), "n", Value.N.of("15"))).bytes();

        assertThat(ItemCodec.sameAttributes(fifteen,
                ItemCodec.encode(Map.of("PK", new Value.S("a"), "n", Value.N.of("1.50E1"))).bytes())).isTrue();
        assertThat(ItemCodec.sameAttributes(fifteen,
                ItemCodec.encode(Map.of("PK", new Value.S("a"), "n", Value.N.of("16"))).bytes())).isFalse();
        assertThat(ItemCodec.sameAttributes(fifteen,
                ItemCodec.encode(Map.of("PK", new Value.S("a"), "n", new Value.S("15"))).bytes())).isFalse();
    }

    @Provide
    Arbitrary<Map<String, Value>> items() {
        return anyItems();
    }

    @Provide
    Arbitrary<Value> values() {
        return values(2);
    }

    /** Items of every kind of value, strings Java can hold that UTF-8 cannot among them. */
    static Arbitrary<Map<String, Value>> anyItems() {
        return Arbitraries.maps(names(), values(3)).ofMaxSize(12).map(LinkedHashMap::new);
    }

    private static Arbitrary<String> names() {
        return Arbitraries.oneOf(Arbitraries.strings().alpha().ofMinLength(1).ofMaxLength(8),
                Arbitraries.strings().all().ofMinLength(1).ofMaxLength(60));
    }

    private static Arbitrary<Value> values(int depth) {
        Arbitrary<String> text = Arbitraries.oneOf(Arbitraries.strings().all().ofMaxLength(70),
                Arbitraries.strings().ascii().ofMaxLength(300));
        Arbitrary<Value.N> number = Combinators.combine(Arbitraries.bigIntegers().between(
                        new BigDecimal("-1E38").toBigInteger().add(java.math.BigInteger.ONE),
                        new BigDecimal("1E38").toBigInteger().subtract(java.math.BigInteger.ONE)),
                        Arbitraries.integers().between(-80, 80))
                .as((unscaled, scale) -> new Value.N(new BigDecimal(unscaled, scale)));
        Arbitrary<Value.B> binary = Arbitraries.bytes().array(byte[].class).ofMaxSize(40).map(Value.B::new);
        List<Arbitrary<? extends Value>> choices = new ArrayList<>(List.of(text.map(Value.S::new), number, binary,
                Arbitraries.of(true, false).map(Value.Bool::new), Arbitraries.just(Value.Null.INSTANCE),
                text.set().ofMinSize(1).ofMaxSize(5).map(set -> new Value.SS(new LinkedHashSet<>(set))),
                number.set().ofMinSize(1).ofMaxSize(5).map(set -> new Value.NS(new LinkedHashSet<>(set))),
                binary.set().ofMinSize(1).ofMaxSize(5).map(set -> new Value.BS(new LinkedHashSet<>(set)))));
        if (depth > 0) {
            choices.add(Arbitraries.lazy(() -> values(depth - 1)).list().ofMaxSize(4).map(Value.L::new));
            choices.add(Arbitraries.maps(names(), Arbitraries.lazy(() -> values(depth - 1))).ofMaxSize(4)
                    .map(Value.M::new));
        }
        return Arbitraries.oneOf(choices);
    }

    private static Map<String, Value> reversed(Map<String, Value> item) {
        List<String> names = new ArrayList<>(item.keySet());
        Map<String, Value> reversed = new LinkedHashMap<>();
        for (int i = names.size() - 1; i >= 0; i--) {
            reversed.put(names.get(i), item.get(names.get(i)));
        }
        return reversed;
    }
}
