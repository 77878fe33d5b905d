package dev.singletable.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.singletable.engine.DynamoDbEngine;
import dev.singletable.engine.RequestLog;
import dev.singletable.engine.model.RequestLogEntry;
import dev.singletable.fixtures.TableDesign;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** A handle on a backend's table, made before the backend's client is needed. */
class SingleTableTest {
    private static final Map<String, AttributeValue> ITEM = Map.of("PK", AttributeValue.fromS("CUSTOMER#1"),
            "SK", AttributeValue.fromS("PROFILE"));

    @Test
    void should_take_the_backends_client_when_first_asked_and_log_from_its_making_on() {
        TableDesign design = Resources.ordersDesign();
        try (Backend embedded = Backend.embedded()) {
            ClientCounting backend = new ClientCounting(embedded);
            embedded.provision(design, "app", List.of());
            embedded.client().putItem(r -> r.tableName("app").item(ITEM));

            SingleTable table = SingleTable.of(backend, design, "app", Resources.fixtures(design));
            assertThat(backend.clientsAsked).hasValue(0);
            table.client().getItem(r -> r.tableName("app").key(ITEM));

            assertThat(backend.clientsAsked).hasValue(1);
            assertThat(table.client()).isSameAs(embedded.client());
            assertThat(table.requestLog().entries()).extracting(RequestLogEntry::operationName)
                    .containsExactly("GetItem");
        }
    }

    /** The embedded backend, counting how often its client is asked for. */
    private static final class ClientCounting implements Backend {
        private final Backend backend;
        private final AtomicInteger clientsAsked = new AtomicInteger();

        ClientCounting(Backend backend) {
            this.backend = backend;
        }

        @Override
        public DynamoDbClient client() {
            clientsAsked.incrementAndGet();
            return backend.client();
        }

        @Override
        public DynamoDbAsyncClient asyncClient() {
            return backend.asyncClient();
        }

        @Override
        public RequestLog requestLog() {
            return backend.requestLog();
        }

        @Override
        public URI endpoint() {
            return backend.endpoint();
        }

        @Override
        public Optional<DynamoDbEngine> engine() {
            return backend.engine();
        }

        @Override
        public String region() {
            return backend.region();
        }

        @Override
        public ProvisionedTable provision(TableDesign design, String name, List<Map<String, AttributeValue>> items) {
            return backend.provision(design, name, items);
        }

        @Override
        public Map<String, TablePrefix> dropLeftovers(TablePrefix current) {
            return backend.dropLeftovers(current);
        }

        @Override
        public void close() {
            backend.close();
        }
    }
}
