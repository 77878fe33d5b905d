package dev.singletable.engine.internal.storage;

import static org.assertj.core.api.Assertions.assertThat;

import dev.singletable.engine.internal.value.Value;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Forks and checkpoints of a table share its storage and never each other's changes. */
class TableTest {
    private static final IndexDef BY_STATUS = new IndexDef("ByStatus", true, List.of(new KeyDef("status", "S")),
            List.of(new KeyDef("created", "N")), "ALL", List.of());
    private static final IndexDef BY_OWNER = new IndexDef("ByOwner", true, List.of(new KeyDef("owner", "S")),
            List.of(), "INCLUDE", List.of("status"));

    @Test
    void should_keep_a_fork_and_its_source_apart_in_items_and_indexes() {
        Table source = table("source", BY_STATUS, BY_OWNER);
        for (int i = 0; i < 300; i++) {
            source.put(order(i, "OPEN"));
        }

        Table fork = source.fork(metadata("fork", BY_STATUS, BY_OWNER));
        fork.put(order(1, "SHIPPED"));
        fork.delete(new PrimaryKey(new Value.S("C#2"), new Value.S("O#2")));
        source.put(order(3, "CANCELLED"));

        assertThat(source.get(key(1)).get("status")).isEqualTo(new Value.S("OPEN"));
        assertThat(fork.get(key(1)).get("status")).isEqualTo(new Value.S("SHIPPED"));
        assertThat(source.get(key(2))).isNotNull();
        assertThat(fork.get(key(2))).isNull();
        assertThat(fork.get(key(3)).get("status")).isEqualTo(new Value.S("OPEN"));
        assertThat(statuses(source, "SHIPPED")).isEmpty();
        assertThat(statuses(fork, "SHIPPED")).hasSize(1);
        assertThat(statuses(source, "OPEN")).hasSize(299);
        assertThat(statuses(fork, "OPEN")).hasSize(298);
        assertThat(statuses(fork, "CANCELLED")).isEmpty();
        assertThat(fork.itemCount()).isEqualTo(299);
        assertThat(source.itemCount()).isEqualTo(300);
        assertThat(fork.index("ByOwner").orElseThrow().itemCount()).isEqualTo(299);
        assertThat(fork.sizeBytes()).isLessThan(source.sizeBytes());
    }

    @Test
    void should_share_the_source_items_themselves_not_copies() {
        Table source = table("source", BY_STATUS);
        source.put(order(1, "OPEN"));

        Table fork = source.fork(metadata("fork", BY_STATUS));

        assertThat(fork.get(key(1))).isSameAs(source.get(key(1)));
        assertThat(fork.index("ByStatus").orElseThrow().entries().partition(new Value.S("OPEN")).next())
                .as("an index projecting ALL holds the table's item").isSameAs(source.get(key(1)));
    }

    @Test
    void should_free_what_only_a_dropped_fork_held() {
        Table source = table("source", BY_STATUS);
        for (int i = 0; i < 1_000; i++) {
            source.put(order(i, "OPEN"));
        }
        Table fork = source.fork(metadata("fork", BY_STATUS));
        fork.put(order(5_000, "OPEN"));
        WeakReference<Item> written = new WeakReference<>(fork.get(key(5_000)));
        WeakReference<Table> dropped = new WeakReference<>(fork);

        fork = null;

        for (int i = 0; i < 50 && (written.get() != null || dropped.get() != null); i++) {
            System.gc();
        }
        assertThat(dropped.get()).as("the fork").isNull();
        assertThat(written.get()).as("an item only the fork held").isNull();
        assertThat(source.get(key(5_000))).isNull();
        assertThat(source.itemCount()).isEqualTo(1_000);
    }

    @Test
    void should_roll_back_to_the_checkpoint_again_and_again_and_fill_an_index_added_since() {
        Table table = table("app", BY_STATUS);
        table.put(order(1, "OPEN"));
        table.checkpoint();

        for (int round = 0; round < 3; round++) {
            table.put(order(2, "OPEN"));
            table.delete(key(1));
            if (round == 1) {
                table.addIndex(BY_OWNER);
            }
            table.rollback();

            assertThat(table.get(key(1))).isNotNull();
            assertThat(table.get(key(2))).isNull();
            assertThat(table.itemCount()).isEqualTo(1);
            assertThat(statuses(table, "OPEN")).hasSize(1);
        }
        assertThat(table.index("ByOwner").orElseThrow().itemCount()).isEqualTo(1);
    }

    @Test
    void should_tell_whether_items_changed_since_the_checkpoint_or_the_last_rollback() {
        Table table = table("app", BY_STATUS);
        assertThat(table.changedSinceCheckpoint()).as("no checkpoint yet").isTrue();
        table.put(order(1, "OPEN"));
        table.checkpoint();
        table.get(key(1));
        table.fork(metadata("fork", BY_STATUS)).put(order(2, "OPEN"));
        assertThat(table.changedSinceCheckpoint()).as("after reads and a fork's write").isFalse();

        table.put(order(1, "OPEN"));
        assertThat(table.changedSinceCheckpoint()).as("after writing what was there").isTrue();
        table.rollback();
        assertThat(table.changedSinceCheckpoint()).as("after the rollback").isFalse();
        table.delete(key(1));
        assertThat(table.changedSinceCheckpoint()).as("after a delete").isTrue();
        table.checkpoint();
        assertThat(table.changedSinceCheckpoint()).as("after a new checkpoint").isFalse();
    }

    @Test
    void should_not_change_a_fork_when_its_source_rolls_back() {
        Table source = table("source", BY_STATUS);
        source.checkpoint();
        source.put(order(1, "OPEN"));
        Table fork = source.fork(metadata("fork", BY_STATUS));

        source.rollback();

        assertThat(source.get(key(1))).isNull();
        assertThat(fork.get(key(1))).isNotNull();
        assertThat(statuses(fork, "OPEN")).hasSize(1);
    }

    private static List<Item> statuses(Table table, String status) {
        List<Item> entries = new ArrayList<>();
        Iterator<Item> it = table.index("ByStatus").orElseThrow().entries().partition(new Value.S(status));
        it.forEachRemaining(entries::add);
        return entries;
    }

    private static Map<String, Value> order(int n, String status) {
        Map<String, Value> item = new LinkedHashMap<>();
        item.put("PK", new Value.S("C#" + n));
        item.put("SK", new Value.S("O#" + n));
        item.put("status", new Value.S(status));
        item.put("created", Value.N.of(n));
        item.put("owner", new Value.S("U#" + n % 7));
        return item;
    }

    private static PrimaryKey key(int n) {
        return new PrimaryKey(new Value.S("C#" + n), new Value.S("O#" + n));
    }

    private static Table table(String name, IndexDef... indexes) {
        return new Table(metadata(name, indexes));
    }

    private static TableMetadata metadata(String name, IndexDef... indexes) {
        return Orders.metadata(name, indexes);
    }
}
