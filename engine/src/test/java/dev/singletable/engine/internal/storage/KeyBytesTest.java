package dev.singletable.engine.internal.storage;

import static org.assertj.core.api.Assertions.assertThat;

import dev.singletable.engine.internal.value.Value;
import dev.singletable.engine.internal.value.ValueOrder;
import java.math.BigDecimal;
import java.util.Arrays;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;

/**
 * Key bytes order as DynamoDB orders keys (S by UTF-8 bytes, N numerically, B as unsigned bytes), also when
 * components follow each other, and a prefix's end bounds every key that begins with it.
 */
class KeyBytesTest {

    @Property
    void should_order_strings_as_their_utf8_bytes(@ForAll("strings") Value a, @ForAll("strings") Value b,
                                                  @ForAll("strings") Value c, @ForAll("strings") Value d) {
        assertSameOrder(a, b, c, d);
    }

    @Property
    void should_order_numbers_numerically(@ForAll("numbers") Value a, @ForAll("numbers") Value b,
                                          @ForAll("numbers") Value c, @ForAll("numbers") Value d) {
        assertSameOrder(a, b, c, d);
    }

    @Property
    void should_order_binary_as_unsigned_bytes(@ForAll("binaries") Value a, @ForAll("binaries") Value b,
                                               @ForAll("binaries") Value c, @ForAll("binaries") Value d) {
        assertSameOrder(a, b, c, d);
    }

    @Property
    void should_bound_every_key_that_begins_with_a_prefix(@ForAll("strings") Value prefix,
                                                           @ForAll("numbers") Value next, @ForAll("strings") Value other) {
        byte[] start = new KeyBytes().value(prefix).toArray();
        byte[] end = KeyBytes.prefixEnd(start);
        byte[] longer = new KeyBytes().value(prefix).value(next).toArray();
        byte[] unrelated = new KeyBytes().value(other).toArray();

        assertThat(KeyBytes.compare(longer, end)).isNegative();
        assertThat(KeyBytes.compare(longer, start)).isPositive();
        boolean begins = Arrays.equals(Arrays.copyOf(unrelated, start.length), start);
        assertThat(KeyBytes.compare(unrelated, start) >= 0 && KeyBytes.compare(unrelated, end) < 0).isEqualTo(begins);
    }

    /** Pairs (a, c) and (b, d) compare as keys of two components as DynamoDB orders them, a against b first. */
    private static void assertSameOrder(Value a, Value b, Value c, Value d) {
        byte[] ka = new KeyBytes().value(a).toArray();
        byte[] kb = new KeyBytes().value(b).toArray();
        assertThat(Integer.signum(KeyBytes.compare(ka, kb))).as("%s vs %s", a, b)
                .isEqualTo(Integer.signum(ValueOrder.compare(a, b)));
        byte[] kac = new KeyBytes().value(a).value(c).toArray();
        byte[] kbd = new KeyBytes().value(b).value(d).toArray();
        int expected = ValueOrder.compare(a, b) != 0 ? ValueOrder.compare(a, b) : ValueOrder.compare(c, d);
        assertThat(Integer.signum(KeyBytes.compare(kac, kbd))).as("%s,%s vs %s,%s", a, c, b, d)
                .isEqualTo(Integer.signum(expected));
    }

    @Provide
    Arbitrary<Value> strings() {
        // NUL and 0xFF-bearing characters, ASCII, BMP above the surrogates and supplementary characters, which
        // UTF-16 and UTF-8 order differently
        Arbitrary<Character> chars = Arbitraries.frequencyOf(
                Tuple.of(3, Arbitraries.of('\0', '\u0001', 'a', 'b', '\u00ff')),
                Tuple.of(1, Arbitraries.chars().range('\ue000', '\uffff')));
        Arbitrary<String> bmp = chars.list().ofMaxSize(5).map(list -> {
            StringBuilder text = new StringBuilder();
            list.forEach(text::append);
            return text.toString();
        });
        Arbitrary<String> withSupplementary = Combinators.combine(bmp, Arbitraries.integers().between(0x10000, 0x10FFFF))
                .as((text, codePoint) -> text + new String(Character.toChars(codePoint)));
        return Arbitraries.oneOf(bmp, bmp, withSupplementary).map(Value.S::new);
    }

    @Provide
    Arbitrary<Value> numbers() {
        Arbitrary<String> digits = Arbitraries.strings().numeric().ofMinLength(1).ofMaxLength(38)
                .filter(text -> text.charAt(0) != '0');
        Arbitrary<Value> nonZero = Combinators.combine(Arbitraries.of("", "-"), digits,
                        Arbitraries.integers().between(-129, 126))
                .as((sign, text, exponent) -> new Value.N(new BigDecimal(sign + "0." + text + "E" + exponent)));
        Arbitrary<Value> small = Arbitraries.integers().between(-3, 3).map(Value.N::of);
        return Arbitraries.oneOf(nonZero, small);
    }

    @Provide
    Arbitrary<Value> binaries() {
        return Arbitraries.of((byte) 0, (byte) 1, (byte) 0x7F, (byte) 0x80, (byte) 0xFF).list().ofMaxSize(5)
                .map(list -> {
                    byte[] bytes = new byte[list.size()];
                    for (int i = 0; i < bytes.length; i++) {
                        bytes[i] = list.get(i);
                    }
                    return new Value.B(bytes);
                });
    }
}
