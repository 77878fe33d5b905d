package dev.singletable.engine.items;

import static dev.singletable.engine.AttributeValues.item;
import static dev.singletable.engine.AttributeValues.n;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.Parameter;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/** Conditional writes and transactions are linearizable: concurrent clients never lose an update. */
class ConcurrencyTest extends ItemsTestBase {
    private static final int THREADS = 6;
    private static final int ROUNDS = 20;

    @Test
    void should_count_every_optimistic_increment_exactly_once() throws Exception {
        put(APP, item("PK", "C#1", "SK", "counter", "n", n("0")));
        runConcurrently(() -> {
            for (int i = 0; i < ROUNDS; i++) {
                while (!tryIncrement()) {
                    Thread.onSpinWait(); // someone else wrote in between: read again
                }
            }
            return null;
        });
        assertThat(get(APP, key("C#1", "counter")).get("n")).isEqualTo(n(String.valueOf(THREADS * ROUNDS)));
    }

    private boolean tryIncrement() {
        String current = get(APP, key("C#1", "counter")).get("n").n();
        try {
            client.updateItem(b -> b.tableName(APP).key(key("C#1", "counter")).updateExpression("SET n = :next")
                    .conditionExpression("n = :current").expressionAttributeValues(Map.of(
                            ":next", n(String.valueOf(Integer.parseInt(current) + 1)), ":current", n(current))));
            return true;
        } catch (ConditionalCheckFailedException e) {
            return false;
        }
    }

    @Test
    void should_keep_the_total_of_concurrent_transfers() throws Exception {
        for (String account : List.of("A", "B", "C")) {
            put(SIMPLE, item("id", account, "balance", n("100")));
        }
        runConcurrently(() -> {
            for (int i = 0; i < ROUNDS; i++) {
                String from = List.of("A", "B", "C").get(i % 3);
                String to = List.of("B", "C", "A").get(i % 3);
                try {
                    client.transactWriteItems(b -> b.transactItems(
                            move(from, "-", "balance >= :amount"), move(to, "+", null)));
                } catch (TransactionCanceledException e) {
                    // not enough money on the account: nothing moved
                }
            }
            return null;
        });
        long total = 0;
        for (String account : List.of("A", "B", "C")) {
            total += Long.parseLong(get(SIMPLE, item("id", account)).get("balance").n());
        }
        assertThat(total).isEqualTo(300);
    }

    private TransactWriteItem move(String account, String sign, String condition) {
        return TransactWriteItem.builder().update(u -> u.tableName(SIMPLE).key(item("id", account))
                .updateExpression("SET balance = balance " + sign + " :amount").conditionExpression(condition)
                .expressionAttributeValues(Map.of(":amount", n("7")))).build();
    }

    private void runConcurrently(Callable<Void> work) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        try {
            List<Future<Void>> futures = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                futures.add(pool.submit(work));
            }
            for (Future<Void> future : futures) {
                future.get();
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
