package dev.singletable.engine.reliability;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/** Runs a fuzzer's workers in parallel, each with random numbers of its own from the run's seed, until all stop. */
final class FuzzWorkers {
    private FuzzWorkers() {
    }

    /** One worker's loop; it stops by itself (a count or a deadline). */
    interface Worker {
        void fuzz(Random random) throws Exception;
    }

    static void run(int workers, long seed, Worker worker) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(workers);
        try {
            List<Future<Void>> running = new ArrayList<>();
            for (int w = 0; w < workers; w++) {
                Random random = new Random(seed + w);
                running.add(pool.submit(() -> {
                    worker.fuzz(random);
                    return null;
                }));
            }
            for (Future<Void> done : running) {
                done.get();
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
