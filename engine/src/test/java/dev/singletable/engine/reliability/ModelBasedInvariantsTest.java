package dev.singletable.engine.reliability;

import static org.assertj.core.api.Assertions.fail;

import dev.singletable.engine.DynamoDbEngine;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Random write sequences applied to the engine and to a model (a map from key to item) must leave the table,
 * its three sparse indexes and its metadata exactly as the model says ({@link IndexedTable#assertHolds}), and a
 * refused write (failed condition, cancelled transaction, duplicate keys in a batch) must change nothing. Each
 * sequence is seeded; a failure names its seed, and {@code -Dreliability.seed=<seed>} replays it first.
 * Sizes: {@code reliability.model.sequences} × {@code reliability.model.steps} (engine/pom.xml).
 */
class ModelBasedInvariantsTest {
    private static final String TABLE = "model";
    private static final int SEQUENCES = Integer.getInteger("reliability.model.sequences", 12);
    private static final int STEPS = Integer.getInteger("reliability.model.steps", 120);

    private DynamoDbEngine engine;
    private DynamoDbClient client;

    @BeforeEach
    void start() {
        engine = DynamoDbEngine.create();
        client = engine.client();
    }

    @AfterEach
    void stop() {
        engine.close();
    }

    @Test
    void should_keep_table_indexes_and_metadata_equal_to_the_model_after_random_write_sequences() {
        long base = Long.getLong("reliability.seed", System.nanoTime());
        int failedWrites = 0;
        for (int i = 0; i < SEQUENCES; i++) {
            long seed = base + i;
            IndexedTable.create(client, TABLE);
            try {
                failedWrites += run(new Random(seed));
            } catch (AssertionError | RuntimeException e) {
                fail("model sequence with seed " + seed + " (replay: -Dreliability.seed=" + seed + "): "
                        + e.getMessage(), e);
            }
            client.deleteTable(b -> b.tableName(TABLE));
        }
        System.out.printf("model invariants: %d sequences x %d steps checked, %d refused writes changed nothing,"
                + " base seed %d%n", SEQUENCES, STEPS, failedWrites, base);
    }

    /** One random sequence against a fresh table; returns how many writes were refused. */
    private int run(Random random) {
        Map<String, Map<String, AttributeValue>> model = new HashMap<>();
        RandomWrites writes = new RandomWrites(client, TABLE, model, random);
        for (int step = 0; step < STEPS; step++) {
            writes.next();
            if (step % 50 == 49) {
                IndexedTable.assertHolds(client, TABLE, model);
            }
        }
        IndexedTable.assertHolds(client, TABLE, model);
        return writes.refused();
    }
}
