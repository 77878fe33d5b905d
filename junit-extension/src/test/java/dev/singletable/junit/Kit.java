package dev.singletable.junit;

import java.util.Arrays;
import java.util.Map;
import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;

/** Runs test-case classes through the Jupiter engine, as a launcher would, and returns what happened. */
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
}
