package dev.singletable.engine.internal.storage;

import static dev.singletable.engine.AttributeValues.b;
import static dev.singletable.engine.AttributeValues.n;
import static dev.singletable.engine.AttributeValues.s;
import static org.assertj.core.api.Assertions.assertThat;

import dev.singletable.engine.internal.value.SdkItemEncoder;
import dev.singletable.engine.internal.value.SdkValues;
import dev.singletable.engine.internal.value.Value;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * An item engine.load reads holds its table key after its encoding ({@link Item#read}): the key read back from there
 * is the key's bytes for every key type, and a table filing items by the keys they hold orders, finds and indexes
 * them exactly as a table filing the same items under keys of their own.
 */
class HeldKeyTest {
    /** A global index whose partition and sort keys are each made of two attributes. */
    private static final IndexDef BY_PLACE = new IndexDef("ByPlace", true,
            List.of(new KeyDef("region", "S"), new KeyDef("city", "S")),
            List.of(new KeyDef("rank", "N"), new KeyDef("tag", "B")), "ALL", List.of());

    @Test
    void should_hold_the_key_of_a_string_partition_alone() {
        assertFiledAlike(new KeyDef("PK", "S"), null,
                List.of(s("C#1"), s(""), s("caf\u00e9 \ud83d\ude00"), s("a\u0000b"), s("a"), s("a\u0000")), List.of());
    }

    @Test
    void should_hold_the_key_of_a_number_partition_and_a_binary_sort_key() {
        assertFiledAlike(new KeyDef("PK", "N"), new KeyDef("SK", "B"),
                List.of(n("-12.5"), n("0"), n("1E+10"), n("7"), n("-0.001")),
                List.of(b(), b(0), b(0, 0xFF), b(1, 2), b(0xFF), b(0, 0)));
    }

    @Test
    void should_hold_the_key_of_a_binary_partition_and_a_number_sort_key() {
        assertFiledAlike(new KeyDef("PK", "B"), new KeyDef("SK", "N"),
                List.of(b(0), b(1, 0), b(0xFE, 0xFF)), List.of(n("3"), n("-3"), n("0"), n("123456789012345678")));
    }

    @Test
    void should_hold_the_key_of_string_keys_beside_an_index_of_multi_attribute_keys() {
        List<AttributeValue> sorts = new ArrayList<>(List.of(s("O#1"), s("O#10"), s("O#2"), s("")));
        for (int i = 0; i < 40; i++) { // enough items for the table's nodes to split
            sorts.add(s("R#" + i * 7919 % 1000));
        }
        assertFiledAlike(new KeyDef("PK", "S"), new KeyDef("SK", "S"), List.of(s("C#1"), s("C#2"), s("\u00e9")),
                sorts);
    }

    @Test
    void should_file_an_item_under_the_key_it_is_put_with_when_it_holds_another() {
        Table table = new Table(Orders.metadata("app"));
        SdkItemEncoder reader = new SdkItemEncoder(List.of("PK", "SK"));
        long size = reader.read(Map.of("PK", AttributeValue.fromS("C#1"), "SK", AttributeValue.fromS("O#1")));
        Item item = Item.read(reader, size, new PrimaryKey(new Value.S("other"), new Value.S("key")));
        PrimaryKey key = new PrimaryKey(new Value.S("C#1"), new Value.S("O#1"));

        table.put(key, item, reader.attributes());

        assertThat(item.holdsKey(key)).isFalse();
        assertThat(table.get(new PrimaryKey(new Value.S("C#1"), new Value.S("O#1")))).isSameAs(item);
        assertThat(table.get(new PrimaryKey(new Value.S("other"), new Value.S("key")))).isNull();
    }

    /**
     * Items of every partition and sort value given (and index attributes), loaded into one table by the keys they
     * hold and into another under keys of their own: each held key is the key's bytes, and the two tables find,
     * scan, query and index the items alike, also after some are replaced and deleted.
     */
    private static void assertFiledAlike(KeyDef partitionKey, KeyDef sortKey, List<AttributeValue> partitions,
                                         List<AttributeValue> sorts) {
        Table held = new Table(Orders.metadata("held", partitionKey, sortKey, BY_PLACE));
        Table plain = new Table(Orders.metadata("plain", partitionKey, sortKey, BY_PLACE));
        List<String> keyNames = sortKey == null ? List.of(partitionKey.name())
                : List.of(partitionKey.name(), sortKey.name());
        SdkItemEncoder reader = new SdkItemEncoder(keyNames);
        List<PrimaryKey> keys = new ArrayList<>();
        for (int version = 0; version < 2; version++) { // the second round replaces every item
            int n = 0;
            for (AttributeValue partition : partitions) {
                for (AttributeValue sort : sortKey == null ? List.of(s("unused")) : sorts) {
                    Map<String, AttributeValue> attributes = new LinkedHashMap<>();
                    attributes.put(partitionKey.name(), partition);
                    if (sortKey != null) {
                        attributes.put(sortKey.name(), sort);
                    }
                    attributes.put("region", s(n % 2 == 0 ? "EU" : "US"));
                    attributes.put("city", s("C" + n % 3));
                    attributes.put("rank", n(Integer.toString(n % 4 - 2)));
                    attributes.put("tag", b(n % 5, version));
                    n++;

                    long size = reader.read(attributes);
                    PrimaryKey key = new PrimaryKey(reader.kept(0), sortKey == null ? null : reader.kept(1));
                    Item item = Item.read(reader, size, key);
                    assertThat(Arrays.copyOfRange(item.encoded, item.keyStart, item.encoded.length))
                            .as("the key read back from the item").isEqualTo(key.bytes());
                    assertThat(item.holdsKey(key)).isTrue();
                    held.put(key, item, reader.attributes());
                    plain.put(values(attributes));
                    keys.add(key);
                }
            }
        }
        for (int i = 0; i < keys.size(); i += 3) {
            held.delete(keys.get(i));
            plain.delete(keys.get(i));
        }

        for (PrimaryKey key : keys) {
            PrimaryKey fresh = new PrimaryKey(key.partition(), key.sort());
            Item found = held.get(fresh);
            assertThat(found == null ? null : found.attributes()).as("%s", key)
                    .isEqualTo(plain.get(fresh) == null ? null : plain.get(fresh).attributes());
        }
        assertThat(attributes(held.items().all())).isEqualTo(attributes(plain.items().all()))
                .hasSize((int) plain.itemCount());
        for (AttributeValue partition : partitions) {
            Value value = SdkValues.read(partition);
            assertThat(attributes(() -> held.items().partition(value)))
                    .isEqualTo(attributes(() -> plain.items().partition(value)));
        }
        assertThat(attributes(held.index("ByPlace").orElseThrow().entries().all()))
                .isEqualTo(attributes(plain.index("ByPlace").orElseThrow().entries().all()))
                .isNotEmpty();
        assertThat(held.sizeBytes()).isEqualTo(plain.sizeBytes());
    }

    private static List<Map<String, Value>> attributes(Iterable<Item> items) {
        List<Map<String, Value>> all = new ArrayList<>();
        items.forEach(item -> all.add(Map.copyOf(item.attributes())));
        return all;
    }

    private static Map<String, Value> values(Map<String, AttributeValue> attributes) {
        Map<String, Value> values = new LinkedHashMap<>();
        attributes.forEach((name, value) -> values.put(name, SdkValues.read(value)));
        return values;
    }
}
