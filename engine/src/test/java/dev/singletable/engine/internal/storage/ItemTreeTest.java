package dev.singletable.engine.internal.storage;

import static org.assertj.core.api.Assertions.assertThat;

import dev.singletable.engine.internal.value.Value;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The tree against a sorted map: after any sequence of puts and removes — of thousands of keys, in nodes of 8, so
 * that nodes split and merge over several levels, each key given alone or as the end of a longer array — it holds
 * what the map holds, and reads every range of it in both directions. Trees that share
 * nodes ({@link ItemTree#share()}, {@link ItemTree#restore}) never see each other's changes.
 */
class ItemTreeTest {
    /** Small nodes, so that a few thousand keys make a tree of five levels that splits and merges at each. */
    private static final int NODE_SIZE = 8;
    /** Keys end in bytes of a small alphabet, so that they collide, prefix each other and hit the 0x00 and 0xFF edges. */
    private static final byte[] ALPHABET = {0x00, 0x01, 0x41, 0x7F, (byte) 0x80, (byte) 0xFE, (byte) 0xFF};
    /**
     * What keys begin with: nothing, or a head longer than the four bytes of prefix a node keeps beside each key,
     * with and without a 0x00 after it, as a partition's keys share its bytes and a sort key's beginning: such keys
     * are told apart only by reading them.
     */
    private static final byte[][] HEADS = {{}, "AAAAAAAAA".getBytes(StandardCharsets.US_ASCII),
            "AAAAAAAAA\0".getBytes(StandardCharsets.US_ASCII)};

    /** A change to one of the trees: a put of a key with an item numbered {@code value}, or a remove. */
    record Step(int tree, boolean remove, byte[] key, int value) {
        @Override
        public String toString() {
            return (remove ? "remove " : "put ") + Arrays.toString(key) + " in tree " + tree;
        }
    }

    /** One tree and the map that says what it must hold. */
    private static final class Pair {
        final ItemTree tree;
        final NavigableMap<byte[], Item> model;

        Pair(ItemTree tree, NavigableMap<byte[], Item> model) {
            this.tree = tree;
            this.model = model;
        }

        void apply(Step step) {
            if (step.remove()) {
                assertThat(tree.remove(step.key())).isSameAs(model.remove(step.key()));
            } else {
                Item item = item(step.value());
                // odd values put the key as the end of a longer array, as an item holding its key is filed
                Item replaced = step.value() % 2 == 0 ? tree.put(step.key(), item)
                        : tree.put(held(step.key()), HELD_AFTER.length, item);
                assertThat(replaced).isSameAs(model.put(step.key(), item));
            }
        }
    }

    @Property
    void should_hold_what_a_sorted_map_holds_after_puts_and_removes(@ForAll("steps") List<Step> steps) {
        Pair pair = new Pair(new ItemTree(NODE_SIZE), emptyModel());
        steps.forEach(pair::apply);

        assertSame(pair);
    }

    @Property
    void should_keep_shared_trees_apart_whichever_side_writes(@ForAll("steps") List<Step> before,
                                                              @ForAll("steps") List<Step> after) {
        Pair source = new Pair(new ItemTree(NODE_SIZE), emptyModel());
        before.forEach(source::apply);
        Pair fork = new Pair(source.tree.share(), new TreeMap<>(source.model));
        Pair forkOfFork = new Pair(fork.tree.share(), new TreeMap<>(fork.model));
        List<Pair> pairs = List.of(source, fork, forkOfFork);

        after.forEach(step -> pairs.get(step.tree()).apply(step));

        pairs.forEach(ItemTreeTest::assertSame);
    }

    @Property
    void should_return_to_a_snapshot_however_often_it_is_restored(@ForAll("steps") List<Step> before,
                                                                  @ForAll("steps") List<Step> after) {
        Pair table = new Pair(new ItemTree(NODE_SIZE), emptyModel());
        before.forEach(table::apply);
        ItemTree snapshot = table.tree.share();
        NavigableMap<byte[], Item> then = new TreeMap<>(table.model);

        for (int round = 0; round < 2; round++) {
            after.forEach(table::apply);
            table.tree.restore(snapshot);
            table.model.clear();
            table.model.putAll(then);
            assertSame(table);
        }
    }

    @Property(tries = 20)
    void should_serve_again_once_every_key_was_removed(@ForAll("steps") List<Step> steps) {
        Pair pair = new Pair(new ItemTree(NODE_SIZE), emptyModel());
        steps.forEach(pair::apply);
        for (byte[] key : List.copyOf(pair.model.keySet())) {
            pair.apply(new Step(0, true, key, 0));
        }
        assertSame(pair);

        steps.forEach(pair::apply);

        assertSame(pair);
    }

    /** What comes before a key held at the end of an array: bytes that would sort it elsewhere if they counted. */
    private static final byte[] HELD_AFTER = {(byte) 0xFF, 0x00, 0x41};

    private static byte[] held(byte[] key) {
        byte[] array = Arrays.copyOf(HELD_AFTER, HELD_AFTER.length + key.length);
        System.arraycopy(key, 0, array, HELD_AFTER.length, key.length);
        return array;
    }

    @Provide
    Arbitrary<List<Step>> steps() {
        Arbitrary<byte[]> tails = Arbitraries.integers().between(0, ALPHABET.length - 1).map(i -> ALPHABET[i])
                .list().ofMaxSize(4)
                .map(list -> {
                    byte[] tail = new byte[list.size()];
                    for (int i = 0; i < tail.length; i++) {
                        tail[i] = list.get(i);
                    }
                    return tail;
                });
        Arbitrary<byte[]> keys = Combinators.combine(Arbitraries.of(HEADS), tails).as((head, tail) -> {
            byte[] key = Arrays.copyOf(head, head.length + tail.length);
            System.arraycopy(tail, 0, key, head.length, tail.length);
            return key;
        });
        Arbitrary<Step> step = Combinators.combine(Arbitraries.integers().between(0, 2),
                Arbitraries.integers().between(0, 3).map(n -> n == 0), keys, Arbitraries.integers().between(0, 9))
                .as(Step::new);
        return step.list().ofMaxSize(3000);
    }

    private static void assertSame(Pair pair) {
        assertThat(pair.tree.size()).isEqualTo(pair.model.size());
        pair.model.forEach((key, item) -> assertThat(pair.tree.get(key)).isSameAs(item));
        assertThat(items(pair.tree.range(null, true, null, true, false)))
                .containsExactlyElementsOf(pair.model.values());
        assertThat(items(pair.tree.range(null, true, null, true, true)))
                .containsExactlyElementsOf(pair.model.descendingMap().values());
        byte[][] bounds = {{}, {0x00}, {0x41, 0x00}, {(byte) 0x80}, {(byte) 0xFF}};
        for (byte[] from : bounds) {
            for (byte[] to : bounds) {
                if (Arrays.compareUnsigned(from, to) > 0) {
                    continue;
                }
                for (int inclusive = 0; inclusive < 4; inclusive++) {
                    boolean fromInclusive = (inclusive & 1) != 0;
                    boolean toInclusive = (inclusive & 2) != 0;
                    NavigableMap<byte[], Item> expected = pair.model.subMap(from, fromInclusive, to, toInclusive);
                    assertThat(items(pair.tree.range(from, fromInclusive, to, toInclusive, false)))
                            .containsExactlyElementsOf(expected.values());
                    assertThat(items(pair.tree.range(from, fromInclusive, to, toInclusive, true)))
                            .containsExactlyElementsOf(expected.descendingMap().values());
                }
            }
        }
    }

    private static List<Item> items(Iterator<Item> iterator) {
        List<Item> items = new ArrayList<>();
        iterator.forEachRemaining(items::add);
        return items;
    }

    private static NavigableMap<byte[], Item> emptyModel() {
        return new TreeMap<>(Arrays::compareUnsigned);
    }

    private static Item item(int value) {
        return Item.of(Map.of("v", Value.N.of(value)));
    }
}
