package dev.singletable.engine.internal.kernel;

import dev.singletable.engine.internal.storage.Item;
import dev.singletable.engine.internal.storage.Table;
import dev.singletable.engine.internal.value.Value;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * DynamoDB's TTL: an item whose TTL attribute is a number of epoch seconds in the past is deleted. Values that
 * are not numbers, or lie more than five years in the past, never expire.
 */
public final class TimeToLive {
    private static final Duration IGNORED_AFTER = Duration.ofDays(5 * 365);

    private TimeToLive() {
    }

    /**
     * Deletes, in every table with TTL enabled, the items that expired at least {@code delay} before
     * {@code now}; returns how many were deleted.
     */
    public static int expire(Database database, Instant now, Duration delay) {
        return database.write(() -> {
            int deleted = 0;
            for (Table table : database.tables()) {
                String attribute = table.metadata().ttlAttribute();
                if (attribute == null) {
                    continue;
                }
                List<Item> expired = new ArrayList<>();
                for (Item item : table.items().all()) {
                    if (isExpired(item.get(attribute), now, delay)) {
                        expired.add(item);
                    }
                }
                for (Item item : expired) {
                    table.expire(table.keyOf(item.attributes()));
                }
                deleted += expired.size();
            }
            return deleted;
        });
    }

    static boolean isExpired(Value ttl, Instant now, Duration delay) {
        if (!(ttl instanceof Value.N n)) {
            return false;
        }
        BigDecimal seconds = n.value();
        BigDecimal nowSeconds = BigDecimal.valueOf(now.getEpochSecond());
        BigDecimal oldestHonoured = nowSeconds.subtract(BigDecimal.valueOf(IGNORED_AFTER.getSeconds()));
        return seconds.compareTo(oldestHonoured) >= 0
                && seconds.add(BigDecimal.valueOf(delay.getSeconds())).compareTo(nowSeconds) <= 0;
    }
}
