package dev.singletable.engine.internal.value;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * An item changed by an update reads, iterates and encodes exactly as a {@code LinkedHashMap} copy of the item with
 * the same puts and removals, which is how an update's item was made before: same attributes in the same order,
 * same bytes, same size.
 */
class ChangedItemTest {

    /** One change: the attribute at {@code pick} among the item's names (past the end: {@code fresh}); null removes. */
    record Change(int pick, String fresh, Value value) {
    }

    @Property
    void should_read_iterate_and_encode_as_a_copy_with_the_same_changes(
            @ForAll("items") Map<String, Value> item, @ForAll("changes") List<Change> changes) {
        ItemCodec.Encoded stored = ItemCodec.encode(item);
        Map<String, Value> base = ItemCodec.view(stored.bytes());
        List<String> names = new ArrayList<>(base.keySet());
        ChangedItem changed = new ChangedItem(base);
        Map<String, Value> copy = new LinkedHashMap<>(base);
        Set<String> removed = new HashSet<>();
        for (Change change : changes) {
            String name = change.pick() < names.size() ? names.get(change.pick()) : change.fresh();
            if (removed.contains(name)) {
                continue; // an update sets no attribute it removes (its paths would overlap)
            }
            if (change.value() == null) {
                removed.add(name);
                changed.unset(name);
                copy.remove(name);
            } else {
                changed.set(name, change.value());
                copy.put(name, change.value());
            }
        }

        assertThat(changed).isEqualTo(copy).hasSameSizeAs(copy);
        assertThat(new ArrayList<>(changed.entrySet())).containsExactlyElementsOf(copy.entrySet());
        for (String name : names) {
            assertThat(changed.get(name)).isEqualTo(copy.get(name));
            assertThat(changed.containsKey(name)).isEqualTo(copy.containsKey(name));
        }
        ItemCodec.Encoded expected = ItemCodec.encode(copy);
        ItemCodec.Encoded spliced = changed.encode(stored.size());
        assertThat(spliced.bytes()).as("spliced from the stored encoding").isEqualTo(expected.bytes());
        assertThat(spliced.size()).as("DynamoDB size").isEqualTo(expected.size()).isEqualTo(Sizes.itemSize(copy));
    }

    @Test
    void should_encode_a_base_that_is_no_view_as_any_map() {
        Map<String, Value> base = new LinkedHashMap<>(Map.of("a", new Value.S("x")));
        ChangedItem changed = new ChangedItem(base);
        changed.set("b", new Value.N(BigDecimal.ONE));
        changed.unset("a");

        ItemCodec.Encoded encoded = changed.encode(Sizes.itemSize(base));

        Map<String, Value> expected = Map.of("b", new Value.N(BigDecimal.ONE));
        assertThat(ItemCodec.view(encoded.bytes())).isEqualTo(expected);
        assertThat(encoded.size()).isEqualTo(Sizes.itemSize(expected));
    }

    @Provide
    Arbitrary<Map<String, Value>> items() {
        return ItemCodecTest.anyItems();
    }

    @Provide
    Arbitrary<List<Change>> changes() {
        Arbitrary<Value> value = ItemCodecTest.anyItems().filter(item -> !item.isEmpty())
                .map(item -> item.values().iterator().next()).injectNull(0.3);
        return Combinators.combine(Arbitraries.integers().between(0, 14),
                        Arbitraries.strings().alpha().ofMinLength(1).ofMaxLength(6), value)
                .as(Change::new).list().ofMaxSize(6);
    }
}
