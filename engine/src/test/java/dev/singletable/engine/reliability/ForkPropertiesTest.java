package dev.singletable.engine.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import dev.singletable.engine.DynamoDbEngine;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A fork equals its source when made, and after any sequence of writes to either of them (or to a fork of the
 * fork) each table, its three sparse indexes and its metadata are exactly what its own model says: writes to a
 * fork never reach its source, nor the other way round. Each try is a whole model run (up to 55 writes, up to
 * three tables checked in full), so it runs 50 tries rather than jqwik's default.
 */
class ForkPropertiesTest {
    /** The table a write goes to. */
    enum Side { SOURCE, FORK, FORK_OF_FORK }

    @Property(tries = 50)
    void should_keep_forks_and_their_source_apart_whichever_is_written(@ForAll long seed,
                                                                        @ForAll("writes") List<Side> writes) {
        try (DynamoDbEngine engine = DynamoDbEngine.create()) {
            DynamoDbClient client = engine.client();
            Random random = new Random(seed);
            IndexedTable.create(client, "source");
            Tables tables = new Tables(client, random);
            tables.add(Side.SOURCE, "source", new HashMap<>());
            for (int i = 0; i < 15; i++) {
                tables.writer(Side.SOURCE).next();
            }

            engine.fork("source", "fork");
            tables.add(Side.FORK, "fork", new HashMap<>(tables.model(Side.SOURCE)));
            assertThat(IndexedTable.scan(client, "fork", null)).isEqualTo(IndexedTable.scan(client, "source", null));
            IndexedTable.assertHolds(client, "fork", tables.model(Side.FORK));

            for (int i = 0; i < writes.size(); i++) {
                if (i == writes.size() / 2) {
                    engine.fork("fork", "fork-of-fork");
                    tables.add(Side.FORK_OF_FORK, "fork-of-fork", new HashMap<>(tables.model(Side.FORK)));
                }
                Side side = writes.get(i) == Side.FORK_OF_FORK && i < writes.size() / 2 ? Side.FORK : writes.get(i);
                tables.writer(side).next();
            }

            for (Side side : tables.sides()) {
                IndexedTable.assertHolds(client, tables.name(side), tables.model(side));
            }
        }
    }

    @Provide
    Arbitrary<List<Side>> writes() {
        return Arbitraries.of(Side.class).list().ofMinSize(2).ofMaxSize(40);
    }

    /** The tables written, each with its model and its writer. */
    private static final class Tables {
        private final DynamoDbClient client;
        private final Random random;
        private final Map<Side, String> names = new HashMap<>();
        private final Map<Side, Map<String, Map<String, AttributeValue>>> models = new HashMap<>();
        private final Map<Side, RandomWrites> writers = new HashMap<>();

        Tables(DynamoDbClient client, Random random) {
            this.client = client;
            this.random = random;
        }

        void add(Side side, String name, Map<String, Map<String, AttributeValue>> model) {
            names.put(side, name);
            models.put(side, model);
            writers.put(side, new RandomWrites(client, name, model, random));
        }

        RandomWrites writer(Side side) {
            return writers.get(side);
        }

        Map<String, Map<String, AttributeValue>> model(Side side) {
            return models.get(side);
        }

        String name(Side side) {
            return names.get(side);
        }

        List<Side> sides() {
            return List.copyOf(names.keySet());
        }
    }
}
