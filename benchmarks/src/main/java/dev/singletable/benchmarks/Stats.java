package dev.singletable.benchmarks;

import java.util.Arrays;

/** Latencies of one phase on one target: throughput and percentiles. */
public final class Stats {
    private long[] nanos = new long[1024];
    private int count;
    private long totalNanos;

    public void add(long elapsed) {
        if (count == nanos.length) {
            nanos = Arrays.copyOf(nanos, count * 2);
        }
        nanos[count++] = elapsed;
        totalNanos += elapsed;
    }

    /** Adds another's latencies to these (each thread of a concurrent run keeps its own, merged at the end). */
    public void addAll(Stats other) {
        for (int i = 0; i < other.count; i++) {
            add(other.nanos[i]);
        }
    }

    public int count() {
        return count;
    }

    public double opsPerSecond() {
        return totalNanos == 0 ? 0 : count / (totalNanos / 1e9);
    }

    public double percentileMicros(double p) {
        long[] sorted = Arrays.copyOf(nanos, count);
        Arrays.sort(sorted);
        int index = (int) Math.min(count - 1, Math.ceil(p / 100 * count) - 1);
        return sorted[Math.max(0, index)] / 1000.0;
    }
}
