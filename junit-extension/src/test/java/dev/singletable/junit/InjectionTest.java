package dev.singletable.junit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.singletable.core.SingleTable;
import dev.singletable.engine.Change;
import dev.singletable.engine.DynamoDbEngine;
import dev.singletable.engine.EngineClock;
import dev.singletable.engine.FaultInjector;
import dev.singletable.engine.RequestLog;
import dev.singletable.engine.model.Fault;
import dev.singletable.engine.model.RequestLogEntry;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import software.amazon.awssdk.enhanced.dynamodb.AttributeConverterProvider;
import software.amazon.awssdk.enhanced.dynamodb.AttributeValueType;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.enhanced.dynamodb.Key;
import software.amazon.awssdk.enhanced.dynamodb.TableMetadata;
import software.amazon.awssdk.enhanced.dynamodb.TableSchema;
import software.amazon.awssdk.enhanced.dynamodb.document.EnhancedDocument;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Every injectable type, as a parameter and as a field; the request log holds the current test's requests only. */
class InjectionTest {
    static final List<String> seen = new CopyOnWriteArrayList<>();
    static final Map<String, AttributeValue> ADA = Map.of("PK", AttributeValue.fromS("CUSTOMER#42"),
            "SK", AttributeValue.fromS("PROFILE"));

    @BeforeEach
    void forget() {
        seen.clear();
    }

    @Test
    void parameters_of_every_injectable_type_reach_the_table() {
        Kit.assertSucceeded(Kit.run(Parameters.class));

        assertThat(seen).containsExactly(
                "table app of design app, 2 fixture items",
                "client: Ada Lovelace",
                "async client: Ada Lovelace",
                "enhanced client: Ada Lovelace",
                "log: [GetItem on app, GetItem on app, GetItem on app]",
                "endpoint over HTTP: Ada Lovelace");
    }

    @Test
    void the_request_log_of_a_test_holds_its_own_requests_only() {
        Kit.assertSucceeded(Kit.run(LogPerTest.class));

        assertThat(seen).containsExactly("first: [GetItem, PutItem]", "second: [Query]");
    }

    @Test
    void fields_of_every_injectable_type_are_assigned_static_ones_before_all_tests() {
        Kit.assertSucceeded(Kit.run(Fields.class));

        assertThat(seen).containsExactly("@BeforeAll: static client Ada Lovelace",
                "fields: table app, client, async client, enhanced client, log [], endpoint http");
    }

    @Test
    void fields_without_the_annotation_are_never_touched_whatever_their_type() {
        Kit.assertSucceeded(Kit.run(UnannotatedFields.class));

        assertThat(seen).containsExactly("client kept, autowired kept, endpoint kept, log null");
    }

    @Test
    void parameters_of_other_types_are_left_to_other_resolvers() {
        Kit.assertSucceeded(Kit.run(OtherResolver.class));

        assertThat(seen).containsExactly("key from the other resolver, client from the extension");
    }

    @Test
    void application_code_that_builds_its_own_client_finds_the_engine_through_system_properties_while_a_class_runs() {
        String before = System.getProperty("aws.endpointUrlDynamoDb");

        Kit.assertSucceeded(Kit.run(SystemProperties.class));

        assertThat(seen).containsExactly("application client: Ada Lovelace, endpoint property is the URI");
        assertThat(System.getProperty("aws.endpointUrlDynamoDb")).isEqualTo(before);
    }

    @Test
    void the_engine_its_faults_and_clock_are_injected_and_a_fault_rule_ends_with_its_test() {
        Kit.assertSucceeded(Kit.run(EngineParts.class));

        assertThat(seen).containsExactly("throttled twice, then served; clock moved 1 day; changes [INSERT]",
                "second test: no fault left, GetItem served first time");
    }

    @Tag("test-case")
    @SingleTableTest(design = "orders.table.yaml", fixtures = "customers.yaml")
    @TestMethodOrder(MethodOrderer.OrderAnnotation.class)
    static class EngineParts {
        @Test
        @Order(1)
        void first(DynamoDbEngine engine, FaultInjector faults, EngineClock clock, SingleTable table,
                   DynamoDbClient client, RequestLog log) {
            faults.on("PutItem").onTable(table.name()).times(2).respondWith(Fault.THROTTLING);
            java.time.Instant before = clock.instant();
            int changesBefore = engine.changes(table.name()).size();
            client.putItem(r -> r.tableName(table.name()).item(Map.of("PK", AttributeValue.fromS("CUSTOMER#7"),
                    "SK", AttributeValue.fromS("PROFILE"))));
            clock.advance(java.time.Duration.ofDays(1));
            long throttled = log.entries().stream().filter(e -> e.errorType().isPresent()).count();
            seen.add("throttled " + (throttled == 2 ? "twice" : throttled + " times") + ", then served; clock moved "
                    + java.time.Duration.between(before, clock.instant()).toDays() + " day; changes "
                    + engine.changes(table.name()).stream().skip(changesBefore).map(Change::eventName).toList());
            faults.on("GetItem").respondWith(Fault.INTERNAL_ERROR);
        }

        @Test
        @Order(2)
        void second(DynamoDbClient client, RequestLog log) {
            name(client, "app");
            seen.add("second test: " + (log.entries().stream().allMatch(RequestLogEntry::succeeded)
                    ? "no fault left, GetItem served first time" : "a fault leaked: " + log.entries()));
        }
    }

    static String name(DynamoDbClient client, String table) {
        return client.getItem(r -> r.tableName(table).key(ADA)).item().get("name").s();
    }

    static String name(DynamoDbEnhancedClient enhanced, String table) {
        TableSchema<EnhancedDocument> schema = TableSchema.documentSchemaBuilder()
                .addIndexPartitionKey(TableMetadata.primaryIndexName(), "PK", AttributeValueType.S)
                .addIndexSortKey(TableMetadata.primaryIndexName(), "SK", AttributeValueType.S)
                .attributeConverterProviders(AttributeConverterProvider.defaultProvider())
                .build();
        return enhanced.table(table, schema)
                .getItem(Key.builder().partitionValue("CUSTOMER#42").sortValue("PROFILE").build()).getString("name");
    }

    @Tag("test-case")
    @SingleTableTest(design = "orders.table.yaml", fixtures = "customers.yaml")
    static class Parameters {
        @Test
        void everything(SingleTable table, DynamoDbClient client, DynamoDbAsyncClient async,
                DynamoDbEnhancedClient enhanced, RequestLog log, URI endpoint) {
            seen.add("table " + table.name() + " of design " + table.design().tableName() + ", "
                    + table.fixtures().items().size() + " fixture items");
            seen.add("client: " + name(client, table.name()));
            seen.add("async client: " + async.getItem(r -> r.tableName(table.name()).key(ADA)).join().item()
                    .get("name").s());
            seen.add("enhanced client: " + name(enhanced, table.name()));
            seen.add("log: " + log.entries());
            try (DynamoDbClient http = DynamoDbClient.builder().endpointOverride(endpoint)
                    .httpClient(UrlConnectionHttpClient.create()).build()) {
                seen.add("endpoint over HTTP: " + name(http, table.name()));
            }
        }
    }

    @Tag("test-case")
    @SingleTableTest(design = "orders.table.yaml", fixtures = "customers.yaml")
    @TestMethodOrder(MethodOrderer.OrderAnnotation.class)
    static class LogPerTest {
        @Test
        @Order(1)
        void first(DynamoDbClient client, RequestLog log) {
            name(client, "app");
            client.putItem(r -> r.tableName("app").item(ADA));
            seen.add("first: " + log.entries().stream().map(RequestLogEntry::operationName).toList());
        }

        @Test
        @Order(2)
        void second(SingleTable table, RequestLog log) {
            table.accessPattern("customerWithOrders").with("customerId", 42).run();
            seen.add("second: " + log.entries().stream().map(RequestLogEntry::operationName).toList());
        }
    }

    @Tag("test-case")
    @SingleTableTest(design = "orders.table.yaml", fixtures = "customers.yaml")
    static class Fields {
        @SingleTableResource
        static DynamoDbClient staticClient;
        @SingleTableResource
        SingleTable table;
        @SingleTableResource
        DynamoDbClient client;
        @SingleTableResource
        DynamoDbAsyncClient async;
        @SingleTableResource
        DynamoDbEnhancedClient enhanced;
        @SingleTableResource
        RequestLog log;
        @SingleTableResource
        URI endpoint;

        @BeforeAll
        static void beforeAll() {
            seen.add("@BeforeAll: static client " + name(staticClient, "app"));
        }

        @Test
        void assigned() {
            seen.add("fields: table " + table.name() + ", client, async client, enhanced client, log "
                    + log.entries() + ", endpoint " + endpoint.getScheme()
                    + (client != null && async != null && enhanced != null ? "" : " (a client is missing)"));
        }
    }

    /** Stands for another framework's injection annotation, such as Spring's {@code @Autowired}. */
    @Retention(RetentionPolicy.RUNTIME)
    @interface Autowired {
    }

    @Tag("test-case")
    @SingleTableTest(design = "orders.table.yaml", fixtures = "customers.yaml")
    static class UnannotatedFields {
        static final DynamoDbClient MINE = DynamoDbClient.builder().region(Region.EU_WEST_1)
                .endpointOverride(URI.create("http://mine.invalid")).build();
        DynamoDbClient client = MINE;
        @Autowired
        DynamoDbClient autowired = MINE;
        URI endpoint = URI.create("http://mine.invalid");
        RequestLog log;

        @Test
        void untouched() {
            seen.add((client == MINE ? "client kept" : "client overwritten") + ", "
                    + (autowired == MINE ? "autowired kept" : "autowired overwritten") + ", "
                    + (endpoint.getHost().equals("mine.invalid") ? "endpoint kept" : "endpoint overwritten")
                    + ", log " + log);
        }
    }

    /** Another extension that resolves a type of the SDK's DynamoDB package, which this extension leaves alone. */
    static class KeyResolver implements ParameterResolver {
        @Override
        public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
            return parameter.getParameter().getType() == AttributeValue.class;
        }

        @Override
        public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
            return AttributeValue.fromS("from the other resolver");
        }
    }

    @Tag("test-case")
    @SingleTableTest(design = "orders.table.yaml", fixtures = "customers.yaml")
    @ExtendWith(KeyResolver.class)
    static class OtherResolver {
        @Test
        void both(AttributeValue key, DynamoDbClient client) {
            seen.add("key " + key.s() + ", client " + (client.listTables().tableNames().isEmpty() ? "empty"
                    : "from the extension"));
        }
    }

    @Tag("test-case")
    @SingleTableTest(design = "orders.table.yaml", fixtures = "customers.yaml")
    static class SystemProperties {
        @Test
        void applicationClient(URI endpoint) {
            try (DynamoDbClient application = DynamoDbClient.builder().httpClient(UrlConnectionHttpClient.create())
                    .build()) {
                seen.add("application client: " + name(application, "app") + ", endpoint property is "
                        + (endpoint.toString().equals(System.getProperty("aws.endpointUrlDynamoDb")) ? "the URI"
                                : System.getProperty("aws.endpointUrlDynamoDb")));
            }
        }
    }
}
