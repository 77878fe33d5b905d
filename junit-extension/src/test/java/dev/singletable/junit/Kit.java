package dev.singletable.junit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;
import org.junit.platform.testkit.engine.EventType;

/** Runs test-case classes through the Jupiter engine, as a launcher would, and returns what happened. */
final class Kit {
    private Kit() {
    }

    /** Fails with every failure's test and exception when a test or container of the run failed. */
    static EngineExecutionResults assertSucceeded(EngineExecutionResults results) {
        assertThat(results.allEvents().failed().stream().map(e -> e.getTestDescriptor().getDisplayName() + ": "
                + e.getRequiredPayload(TestExecutionResult.class).getThrowable().map(Throwable::toString).orElse("?"))
                .toList()).isEmpty();
        return results;
    }

    /** The report entries the run published, in order, each as its key-value pairs. */
    static List<Map<String, String>> reports(EngineExecutionResults results) {
        return results.allEvents().filter(e -> e.getType() == EventType.REPORTING_ENTRY_PUBLISHED)
                .map(Event::getPayload).map(p -> ((ReportEntry) p.orElseThrow()).getKeyValuePairs()).toList();
    }

    static EngineExecutionResults run(Class<?>... testClasses) {
        return run(Map.of(), testClasses);
    }

    /**
     * Runs the classes with the configuration given; coverage is off unless it says otherwise, so that runs of
     * test cases write no coverage files.
     */
    static EngineExecutionResults run(Map<String, String> configuration, Class<?>... testClasses) {
        Map<String, String> all = new HashMap<>(Map.of(SingleTableTest.COVERAGE_PROPERTY_NAME, "off"));
        all.putAll(configuration);
        return EngineTestKit.engine("junit-jupiter")
                .configurationParameters(all)
                .selectors(Arrays.stream(testClasses).map(DiscoverySelectors::selectClass)
                        .toArray(DiscoverySelector[]::new))
                .execute();
    }
}
