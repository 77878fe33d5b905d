package dev.singletable.benchmarks.workload;

import java.util.Arrays;

/** Latencies of one phase on one target: throughput and percentiles. */
final class Stats {
    private long[] nanos = new long[1024];
    private int count;
    private long totalNanos;

    void add(long elapsed) {
        if (count == nanos.length) {
            nanos = Arrays.copyOf(nanos, count * 2);
        }
        nanos[count++] = elapsed;
        totalNanos += elapsed;
    }

    int count() {
        return count;
    }

    double opsPerSecond() {
        return totalNanos == 0 ? 0 : count / (totalNanos / 1e9);
    }

    double percentileMicros(double p) {
        long[] sorted = Arrays.copyOf(nanos, count);
        Arrays.sort(sorted);
        int index = (int) Math.min(count - 1, Math.ceil(p / 100 * count) - 1);
        return sorted[Math.max(0, index)] / 1000.0;
    }
}
