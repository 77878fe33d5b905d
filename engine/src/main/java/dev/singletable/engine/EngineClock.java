package dev.singletable.engine;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * The engine's time: the system clock, moved forward when a test says so. Moving it runs what time drives in
 * DynamoDB — items whose TTL has passed are deleted — so a test can check expiry without waiting.
 *
 * <pre>{@code
 * engine.clock().advance(Duration.ofDays(2));
 * }</pre>
 */
public final class EngineClock extends Clock {
    private final Clock base;
    private final Runnable afterMove;
    private volatile Duration offset = Duration.ZERO;

    EngineClock(Clock base, Runnable afterMove) {
        this.base = base;
        this.afterMove = afterMove;
    }

    /** Moves time forward (never back: DynamoDB's time does not go back either). */
    public void advance(Duration duration) {
        if (duration.isNegative()) {
            throw new IllegalArgumentException("time only moves forward; cannot advance by " + duration);
        }
        synchronized (this) {
            offset = offset.plus(duration);
        }
        afterMove.run();
    }

    /** Moves time forward to an instant. */
    public void advanceTo(Instant instant) {
        Duration gap = Duration.between(instant(), instant);
        advance(gap.isNegative() ? Duration.ZERO : gap);
    }

    @Override
    public Instant instant() {
        return base.instant().plus(offset);
    }

    /** {@link #instant()} in milliseconds, without making an Instant while time has not been moved. */
    @Override
    public long millis() {
        Duration moved = offset;
        return moved.isZero() ? base.millis() : base.instant().plus(moved).toEpochMilli();
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        return Clock.offset(base.withZone(zone), offset);
    }
}
