package dev.singletable.engine.internal.storage;

import static org.assertj.core.api.Assertions.assertThat;

import dev.singletable.engine.internal.value.Value;
import dev.singletable.engine.internal.value.ValueOrder;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The byte order of composite keys is the order of their values, the first deciding, each by its type's rules;
 * and the bytes of leading values are a prefix of every key that has them (what a Query's range relies on).
 */
class CompositeKeyTest {
    private static final String[] STRINGS = {"", "a", "a\0", "a\0b", "ab", "b", "\uffff", "\ud83d\ude00", "é", "ab\0"};

    private final Random random = new Random(15);

    private Value randomValue(char type) {
        return switch (type) {
            case 'S' -> new Value.S(STRINGS[random.nextInt(STRINGS.length)] + (random.nextBoolean() ? "" : "x"));
            case 'N' -> new Value.N(new BigDecimal(random.nextInt(2001) - 1000).scaleByPowerOfTen(random.nextInt(9) - 4));
            default -> {
                byte[] bytes = new byte[random.nextInt(3)];
                for (int i = 0; i < bytes.length; i++) {
                    bytes[i] = (byte) new int[] {0x00, 0x01, 0x7F, 0x80, 0xFF}[random.nextInt(5)];
                }
                yield new Value.B(bytes);
            }
        };
    }

    private List<Value> randomKey(String types) {
        List<Value> key = new ArrayList<>();
        for (char type : types.toCharArray()) {
            key.add(randomValue(type));
        }
        return key;
    }

    private static int compareTuples(List<Value> a, List<Value> b) {
        for (int i = 0; i < a.size(); i++) {
            int order = ValueOrder.compare(a.get(i), b.get(i));
            if (order != 0) {
                return order;
            }
        }
        return 0;
    }

    @Test
    void should_order_keys_as_their_values_in_order() {
        for (String types : List.of("SN", "NB", "BS", "SSN", "NNNN")) {
            for (int i = 0; i < 2000; i++) {
                List<Value> a = randomKey(types);
                List<Value> b = randomKey(types);
                assertThat(Integer.signum(Arrays.compareUnsigned(CompositeKey.bytes(a), CompositeKey.bytes(b))))
                        .as("%s vs %s", a, b).isEqualTo(Integer.signum(compareTuples(a, b)));
            }
        }
    }

    @Test
    void should_begin_every_key_with_the_bytes_of_its_leading_values_and_of_a_prefix_of_the_next() {
        for (int i = 0; i < 2000; i++) {
            List<Value> key = randomKey("NSS");
            byte[] bytes = CompositeKey.bytes(key);
            assertThat(bytes).startsWith(CompositeKey.bytes(key.subList(0, 2)));
            String next = ((Value.S) key.get(2)).value();
            String prefix = next.substring(0, next.offsetByCodePoints(0,
                    random.nextInt(next.codePointCount(0, next.length()) + 1)));
            assertThat(bytes).startsWith(CompositeKey.beginningWith(key.subList(0, 2), new Value.S(prefix)));
        }
    }

    @Test
    void should_admit_no_key_whose_next_value_does_not_begin_with_the_prefix() {
        for (int i = 0; i < 2000; i++) {
            List<Value> key = randomKey("SS");
            Value prefix = randomValue('S');
            boolean begins = ((Value.S) key.get(1)).value().startsWith(((Value.S) prefix).value());
            byte[] bytes = CompositeKey.bytes(key);
            byte[] start = CompositeKey.beginningWith(key.subList(0, 1), prefix);
            boolean admitted = bytes.length >= start.length
                    && Arrays.equals(Arrays.copyOf(bytes, start.length), start);
            assertThat(admitted).as("%s begins with %s", key, prefix).isEqualTo(begins);
        }
    }
}
