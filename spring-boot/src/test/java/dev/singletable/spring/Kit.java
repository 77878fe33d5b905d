package dev.singletable.spring;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Map;
import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;

/** Runs test-case classes through the Jupiter engine in a launcher of their own, and returns what happened. */
final class Kit {
    private Kit() {
    }

    static EngineExecutionResults run(Class<?>... testClasses) {
        return run(Map.of(), testClasses);
    }

    static EngineExecutionResults run(Map<String, String> configuration, Class<?>... testClasses) {
        return EngineTestKit.engine("junit-jupiter")
                .configurationParameters(configuration)
                .selectors(Arrays.stream(testClasses).map(DiscoverySelectors::selectClass)
                        .toArray(DiscoverySelector[]::new))
                .execute();
    }

    /** Fails with every failure's test and exception when a test or container of the run failed. */
    static EngineExecutionResults assertSucceeded(EngineExecutionResults results) {
        assertThat(results.allEvents().failed().stream().map(e -> e.getTestDescriptor().getDisplayName() + ": "
                + e.getRequiredPayload(TestExecutionResult.class).getThrowable().map(Throwable::toString).orElse("?"))
                .toList()).isEmpty();
        assertThat(results.testEvents().succeeded().count()).isPositive();
        return results;
    }
}
