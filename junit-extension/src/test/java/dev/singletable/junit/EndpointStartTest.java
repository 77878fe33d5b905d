package dev.singletable.junit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.Socket;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The engine's HTTP endpoint starts off the test's thread while the class's table is made, for a class that points
 * the SDK's system properties at it, and for no other; it is serving when the first test runs and stops with the run.
 */
class EndpointStartTest {
    static final List<String> seen = new CopyOnWriteArrayList<>();

    @BeforeEach
    void forget() {
        seen.clear();
    }

    @Test
    void the_endpoint_the_properties_name_serves_from_the_first_test_and_stops_with_the_run()
            throws InterruptedException {
        Kit.assertSucceeded(Kit.run(PointedByProperties.class));

        assertThat(seen).containsExactly("property names the endpoint, which accepts a connection");
        assertThat(endpointThreadsOnceSettled()).isEmpty();
    }

    @Test
    void a_class_that_sets_no_system_properties_starts_no_endpoint() throws InterruptedException {
        endpointThreadsOnceSettled();
        Kit.assertSucceeded(Kit.run(Map.of(SingleTableTest.SYSTEM_PROPERTIES_PROPERTY_NAME, "false"),
                WithoutProperties.class));

        assertThat(seen).containsExactly("no endpoint property, no endpoint thread");
    }

    @Tag("test-case")
    @SingleTableTest(design = "orders.table.yaml", fixtures = "customers.yaml")
    static class PointedByProperties {
        @Test
        void first(URI uri) throws IOException {
            try (Socket socket = new Socket(uri.getHost(), uri.getPort())) {
                seen.add((uri.toString().equals(System.getProperty("aws.endpointUrlDynamoDb"))
                        ? "property names the endpoint" : "property " + System.getProperty("aws.endpointUrlDynamoDb"))
                        + ", which accepts a connection");
            }
        }
    }

    @Tag("test-case")
    @SingleTableTest(design = "orders.table.yaml", fixtures = "customers.yaml")
    static class WithoutProperties {
        @Test
        void first() {
            List<String> threads = endpointThreads();
            seen.add((System.getProperty("aws.endpointUrlDynamoDb") == null ? "no endpoint property"
                    : "endpoint property " + System.getProperty("aws.endpointUrlDynamoDb"))
                    + (threads.isEmpty() ? ", no endpoint thread" : ", " + threads));
        }
    }

    /** The endpoint threads left after waiting up to 5 s: a closed endpoint's acceptor ends a moment later. */
    static List<String> endpointThreadsOnceSettled() throws InterruptedException {
        for (int i = 0; i < 100 && !endpointThreads().isEmpty(); i++) {
            Thread.sleep(50);
        }
        return endpointThreads();
    }

    /** The threads that start an endpoint or accept its connections. */
    static List<String> endpointThreads() {
        return Thread.getAllStackTraces().keySet().stream().map(Thread::getName)
                .filter(name -> name.equals("singletable-endpoint-start") || name.equals("singletable-http-accept"))
                .toList();
    }
}
